package sqlstore

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"
)

// CatalogueCommits counts the changes of the catalogue committed through this store.
func (d *DB) CatalogueCommits() uint64 { return d.watch.commits.Load() }

// Columns lists the tables of the database and the names of each table's columns, sorted.
func (d *DB) Columns(ctx context.Context) (map[string][]string, error) {
	query := `SELECT m.name, c.name FROM sqlite_master m JOIN pragma_table_info(m.name) c
		WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'
		AND m.name <> 'order_search' AND m.name NOT LIKE 'order\_search\_%' ESCAPE '\'`
	// The search index is a table on SQLite (FTS5's, with its shadow tables) and an index of
	// orders on PostgreSQL (migration 0056): not a table both have.
	if d.dialect == Postgres {
		query = `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()`
	}
	rows, err := d.db.QueryContext(ctx, query)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	tables := map[string][]string{}
	for rows.Next() {
		var table, column string
		if err := rows.Scan(&table, &column); err != nil {
			return nil, err
		}
		tables[table] = append(tables[table], column)
	}
	for _, columns := range tables {
		sort.Strings(columns)
	}
	return tables, rows.Err()
}

// SetEachBatch makes the store's EachSellerOrder read n orders at a time.
func (d *DB) SetEachBatch(n int) { d.eachBatch = n }

// Commits says how many transactions the store's writer has committed.
func (d *DB) Commits() int64 { return d.writer.commits.Load() }

// Write runs fn as one write operation of the store, as its own methods do.
func (d *DB) Write(ctx context.Context, fn func(tx *Tx) error) error {
	return d.inTx(ctx, fn)
}

// Send runs as one write operation the statements, each sent as the store sends the writes whose
// outcome it does not read (on PostgreSQL they run together at the operation's end), and then
// returns fail.
func (d *DB) Send(ctx context.Context, fail error, queries ...string) error {
	return d.inTx(ctx, func(tx *Tx) error {
		for _, q := range queries {
			if err := tx.send(ctx, q); err != nil {
				return err
			}
		}
		return fail
	})
}

// WaitForWriter waits until n operations wait for the writer (held by HoldWriter), or fails t.
func (d *DB) WaitForWriter(t testing.TB, n int) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); d.writer.waiting.Load() < int64(n); {
		if time.Now().After(deadline) {
			t.Fatalf("%d operations wait for the writer, want %d", d.writer.waiting.Load(), n)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// HoldWriter keeps the writer busy until the returned function is called, so that the
// operations sent meanwhile wait and are committed together.
func (d *DB) HoldWriter() (release func()) {
	held, done := make(chan struct{}), make(chan struct{})
	go func() {
		d.inTx(context.Background(), func(tx *Tx) error {
			close(held)
			<-done
			return nil
		})
	}()
	<-held
	return func() { close(done) }
}

// Backfill runs again the part of migration version of the store's dialect that fills existing
// rows: the statements after its "-- backfill:" line.
func (d *DB) Backfill(ctx context.Context, version int) error {
	known, err := dialectMigrations(d.dialect)
	if err != nil {
		return err
	}
	for _, m := range known {
		if m.version != version {
			continue
		}
		body, err := migrations.ReadFile(m.file)
		if err != nil {
			return err
		}
		_, fill, ok := strings.Cut(string(body), "-- backfill:")
		if !ok {
			return fmt.Errorf("migration %s has no backfill", m.name)
		}
		_, err = d.db.ExecContext(ctx, fill[strings.Index(fill, "\n"):])
		return err
	}
	return fmt.Errorf("no migration %d", version)
}

// SeeReads has fn told every query the store's reads run from now on, with its arguments.
func (d *DB) SeeReads(fn func(query string, args []any)) { d.seenReads = fn }

// Plan is how the database would run query with args: SQLite's EXPLAIN QUERY PLAN, or
// PostgreSQL's EXPLAIN with sequential scans avoided wherever an index can serve (at a test's
// size a scan is cheaper, and the plan would say nothing of which indexes there are).
func (d *DB) Plan(ctx context.Context, query string, args []any) (string, error) {
	tx, err := d.db.BeginTx(ctx, nil)
	if err != nil {
		return "", err
	}
	defer tx.Rollback()
	explain := `EXPLAIN QUERY PLAN `
	if d.dialect == Postgres {
		explain = `EXPLAIN `
		if _, err := tx.ExecContext(ctx, `SET LOCAL enable_seqscan = off`); err != nil {
			return "", err
		}
	}
	rows, err := tx.QueryContext(ctx, explain+query, args...)
	if err != nil {
		return "", err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return "", err
	}
	var plan strings.Builder
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return "", err
		}
		fmt.Fprintln(&plan, vals[len(vals)-1])
	}
	return plan.String(), rows.Err()
}

// SetSearchCap makes the store's order search read the orders its index names only when they
// are at most n (0: only when it names none, else it walks the orders).
func (d *DB) SetSearchCap(n int) { d.searchCap = n }
