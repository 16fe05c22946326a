package scale

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// table is a table the generator fills, with the columns it writes, in the order its rows give
// them.
type table struct {
	name    string
	columns []string
}

// sink writes many rows fast: on SQLite, multi-row INSERTs in large transactions; on PostgreSQL,
// COPY. Rows are buffered per table and written parents first, so that every row's references
// are written before it.
type sink struct {
	ctx    context.Context
	tables []*table
	rows   map[*table][][]any
	n      int
	lite   *sqliteSink
	pg     *pgx.Conn
}

// flushAt is how many rows the sink buffers before it writes them.
const flushAt = 20000

// add buffers a row of t.
func (s *sink) add(t *table, row ...any) error {
	if len(row) != len(t.columns) {
		return fmt.Errorf("scale: %s: %d values for %d columns", t.name, len(row), len(t.columns))
	}
	s.rows[t] = append(s.rows[t], row)
	s.n++
	if s.n >= flushAt {
		return s.flush()
	}
	return nil
}

// flush writes every buffered row, the tables in the order they were declared.
func (s *sink) flush() error {
	for _, t := range s.tables {
		rows := s.rows[t]
		if len(rows) == 0 {
			continue
		}
		var err error
		if s.pg != nil {
			_, err = s.pg.CopyFrom(s.ctx, pgx.Identifier{t.name}, t.columns, pgx.CopyFromRows(rows))
		} else {
			err = s.lite.insert(s.ctx, t, rows)
		}
		if err != nil {
			return fmt.Errorf("scale: write %s: %w", t.name, err)
		}
		s.rows[t] = rows[:0]
	}
	s.n = 0
	if s.lite != nil {
		return s.lite.commit(s.ctx)
	}
	return nil
}

// exec runs one statement, after the buffered rows are written.
func (s *sink) exec(q string, args ...any) error {
	if err := s.flush(); err != nil {
		return err
	}
	var err error
	if s.pg != nil {
		_, err = s.pg.Exec(s.ctx, q, args...)
	} else {
		_, err = s.lite.db.ExecContext(s.ctx, q, args...)
	}
	return err
}

// close writes what is left and closes the connection.
func (s *sink) close() error {
	err := s.flush()
	if s.pg != nil {
		s.pg.Close(context.Background())
	} else if s.lite != nil {
		if cerr := s.lite.db.Close(); err == nil {
			err = cerr
		}
	}
	return err
}

// openSink connects to the store at url (PostgreSQL) or path (SQLite) for bulk writes of tables.
func openSink(ctx context.Context, url, path string, tables ...*table) (*sink, error) {
	s := &sink{ctx: ctx, tables: tables, rows: map[*table][][]any{}}
	if url != "" {
		conn, err := pgx.Connect(ctx, url)
		if err != nil {
			return nil, err
		}
		// The rows are the generator's: losing them to a crash loses nothing anyone waits for.
		if _, err := conn.Exec(ctx, `SET synchronous_commit = off`); err != nil {
			conn.Close(ctx)
			return nil, err
		}
		s.pg = conn
		return s, nil
	}
	// The store is being made: nothing in it is worth the disk's wait until the end, where the
	// write-ahead log is folded into the database file.
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=journal_mode(WAL)&_pragma=synchronous(OFF)&_pragma=foreign_keys(0)"+
		"&_pragma=busy_timeout(10000)&_pragma=cache_size(-262144)&_txlock=immediate")
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	s.lite = &sqliteSink{db: db, stmts: map[string]*sql.Stmt{}}
	return s, nil
}

// sqliteSink writes rows to SQLite in multi-row INSERTs, one transaction a flush.
type sqliteSink struct {
	db    *sql.DB
	tx    *sql.Tx
	stmts map[string]*sql.Stmt
}

// maxVariables is how many parameters one SQLite statement may take.
const maxVariables = 32766

func (l *sqliteSink) insert(ctx context.Context, t *table, rows [][]any) error {
	if l.tx == nil {
		tx, err := l.db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		l.tx = tx
	}
	per := min(500, maxVariables/len(t.columns))
	args := make([]any, 0, per*len(t.columns))
	for len(rows) > 0 {
		n := min(per, len(rows))
		args = args[:0]
		for _, r := range rows[:n] {
			args = append(args, r...)
		}
		stmt, err := l.stmt(ctx, t, n)
		if err != nil {
			return err
		}
		if _, err := stmt.ExecContext(ctx, args...); err != nil {
			return err
		}
		rows = rows[n:]
	}
	return nil
}

// stmt is the INSERT of n rows of t, prepared in the transaction under way.
func (l *sqliteSink) stmt(ctx context.Context, t *table, n int) (*sql.Stmt, error) {
	key := fmt.Sprintf("%s/%d", t.name, n)
	if st, ok := l.stmts[key]; ok {
		return st, nil
	}
	row := "(" + strings.TrimSuffix(strings.Repeat("?, ", len(t.columns)), ", ") + ")"
	q := "INSERT INTO " + t.name + " (" + strings.Join(t.columns, ", ") + ") VALUES " +
		strings.TrimSuffix(strings.Repeat(row+", ", n), ", ")
	st, err := l.tx.PrepareContext(ctx, q)
	if err != nil {
		return nil, err
	}
	l.stmts[key] = st
	return st, nil
}

func (l *sqliteSink) commit(context.Context) error {
	if l.tx == nil {
		return nil
	}
	err := l.tx.Commit()
	l.tx = nil
	clear(l.stmts)
	return err
}
