package sqlstore

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"haat"
)

// Tx is the transaction of one operation. It carries the time the operation happens at, read
// from the store's clock once when the operation begins: every row the operation writes
// carries that one time.
//
// A write operation runs in the writer's shared transaction, in a savepoint of its own (see
// writer.go); on PostgreSQL the writer begins and commits that transaction on its connection
// itself, and the embedded *sql.Tx is nil. Its statements run under the writer's context, not the
// one they are given: a shopper who hangs up while their order is written must not interrupt the
// statements of the other orders in the same commit.
type Tx struct {
	*sql.Tx
	now     time.Time
	dialect string
	// searchCap is the store's (DB.searchCap).
	searchCap int
	// shared is set on the writer's transaction: the context statements run under, and the
	// statements it has prepared.
	shared *writeConn
	// after holds the functions to call once the operation is committed.
	after []func()
	// numbered are the orders the operation placed, to number just before the commit.
	numbered []*haat.Order
	// catalogue is the store's catalogue version, which a write of the products table counts up
	// after the commit (writeProducts); changesCatalogue says the operation made one.
	catalogue        *catalogueWatch
	changesCatalogue bool
	// mails says the operation writes the e-mails to shoppers its changes call for (see
	// DB.QueueMails).
	mails bool
	// failed is the first error of the statements sent (send) and run together (flush).
	failed error
	// seen, when set, is told every query of a read (DB.seenReads).
	seen func(query string, args []any)
	// stmts keeps SQLite's statements prepared for the transactions outside the writer (nil on
	// PostgreSQL, whose driver keeps them itself).
	stmts *stmtCache
}

// prepared is the statement of query kept prepared, bound to t, or nil when none is kept: a read
// runs the statements of the last read on its connection without parsing them again (parsing was
// a sixth of the time of placing an order, its reads included).
func (t *Tx) prepared(ctx context.Context, query string) *sql.Stmt {
	s := t.stmts.kept(query)
	if s == nil {
		return nil
	}
	return t.Tx.StmtContext(ctx, s)
}

// sawRead tells seen of a query of a read.
func (t *Tx) sawRead(query string, args []any) {
	if t.seen != nil {
		t.seen(query, args)
	}
}

// AfterCommit has fn called once the operation's changes are committed (on disk), after its
// transaction, and never when they are rolled back. fn runs on the goroutine of the caller of the
// service method, before that method returns.
func (t *Tx) AfterCommit(fn func()) { t.after = append(t.after, fn) }

// ExecContext runs a statement that returns no rows. On the writer's PostgreSQL connection it runs
// in one round trip with the statements sent before it.
func (t *Tx) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if c := t.pipeline(); c != nil {
		if len(args) == 0 {
			// It may hold several statements, which only run on their own (a migration's).
			if _, err := t.flush(); err != nil {
				return nil, err
			}
			return c.conn.ExecContext(c.ctx, query)
		}
		c.pending = append(c.pending, pendingStmt{query, args, c.current})
		tag, err := t.flush()
		if err != nil {
			return nil, err
		}
		return driver.RowsAffected(tag.RowsAffected()), nil
	}
	if t.shared == nil {
		if s := t.prepared(ctx, query); s != nil {
			return s.ExecContext(ctx, args...)
		}
		return t.Tx.ExecContext(ctx, query, args...)
	}
	if s := t.shared.stmt(t.Tx, query); s != nil {
		return s.ExecContext(t.shared.ctx, args...)
	}
	return t.Tx.ExecContext(t.shared.ctx, query, args...)
}

// QueryContext runs a statement that returns rows, after the statements sent before it.
func (t *Tx) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	t.sawRead(query, args)
	if c := t.pipeline(); c != nil {
		if _, err := t.flush(); err != nil {
			return nil, err
		}
		return c.conn.QueryContext(c.ctx, query, args...)
	}
	if t.shared == nil {
		if s := t.prepared(ctx, query); s != nil {
			return s.QueryContext(ctx, args...)
		}
		return t.Tx.QueryContext(ctx, query, args...)
	}
	if s := t.shared.stmt(t.Tx, query); s != nil {
		return s.QueryContext(t.shared.ctx, args...)
	}
	return t.Tx.QueryContext(t.shared.ctx, query, args...)
}

// QueryRowContext runs a statement that returns at most one row, after the statements sent before
// it. Should one of those fail, the row's error is the transaction's refusal, and the operation's
// error the failure itself (t.failed).
func (t *Tx) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	t.sawRead(query, args)
	if c := t.pipeline(); c != nil {
		t.flush()
		return c.conn.QueryRowContext(c.ctx, query, args...)
	}
	if t.shared == nil {
		if s := t.prepared(ctx, query); s != nil {
			return s.QueryRowContext(ctx, args...)
		}
		return t.Tx.QueryRowContext(ctx, query, args...)
	}
	if s := t.shared.stmt(t.Tx, query); s != nil {
		return s.QueryRowContext(t.shared.ctx, args...)
	}
	return t.Tx.QueryRowContext(t.shared.ctx, query, args...)
}

// send runs a statement whose outcome the operation does not read. On the writer's PostgreSQL
// connection it is only queued: it goes to the database with the operation's next statement that
// needs an answer, or else with the batch's other operations at its end, in one round trip, so
// that placing orders costs the writer one round trip a batch, not one a statement. Its error, if
// any, is then the operation's (see writeConn.flush).
func (t *Tx) send(ctx context.Context, query string, args ...any) error {
	if c := t.pipeline(); c != nil {
		c.pending = append(c.pending, pendingStmt{query, args, c.current})
		return nil
	}
	_, err := t.ExecContext(ctx, query, args...)
	return err
}

// pendingStmt is a statement sent and not yet run, by the operation of the batch at index op (-1:
// by the writer).
type pendingStmt struct {
	query string
	args  []any
	op    int
}

// pipeline is the writer's connection when statements sent on t wait to go together: on
// PostgreSQL, where each round trip to the server costs the writer more than the statement.
// SQLite runs in the process, and a statement sent runs at once.
func (t *Tx) pipeline() *writeConn {
	if t.shared != nil && t.dialect == Postgres {
		return t.shared
	}
	return nil
}

// flush runs the statements sent and not yet run, in one round trip, and returns the outcome of the
// last. The first error met is kept as t.failed: the transaction refuses every statement after it
// until the operation is rolled back, so that error, not the refusals, is the operation's.
func (t *Tx) flush() (pgconn.CommandTag, error) {
	c := t.pipeline()
	if c == nil {
		return pgconn.CommandTag{}, nil
	}
	if t.failed != nil {
		c.dropPending()
		return pgconn.CommandTag{}, t.failed
	}
	tag, err := c.flush()
	if err != nil {
		t.failed = err
	}
	return tag, err
}

// now reads the store's clock, to the millisecond the database keeps.
func (d *DB) now() time.Time { return d.Now().UTC().Truncate(time.Millisecond) }

// inTx runs fn as one write operation and returns once its changes are committed and durable,
// or with the error that kept them out (ErrUnavailable when the database could not take it).
// fn's changes are kept only when it returns nil. On the
// writer (see writer.go), fn shares its transaction with other operations: fn must not call the
// store's own methods that write (the writer would wait for itself), and must not wait on slow
// work such as hashing a password or a network call, which would hold up every other operation.
func (d *DB) inTx(ctx context.Context, fn func(tx *Tx) error) error {
	if d.writer != nil {
		return unavailable(d.writer.do(ctx, fn))
	}
	return unavailable(d.inOwnTx(ctx, fn))
}

// inOwnTx runs fn as one write operation in a transaction of its own, before the writer starts.
func (d *DB) inOwnTx(ctx context.Context, fn func(tx *Tx) error) error {
	tx, err := d.begin(ctx, false)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(tx); err != nil {
		return err
	}
	if err := numberOrders(ctx, tx, tx.numbered); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	tx.runAfter()
	return nil
}

// runAfter calls the functions the operation left for after its commit.
func (t *Tx) runAfter() {
	for _, fn := range t.after {
		fn()
	}
}

// exec runs one write statement as an operation of its own and says how many rows it changed.
func (d *DB) exec(ctx context.Context, query string, args ...any) (n int64, err error) {
	err = d.inTx(ctx, func(tx *Tx) error {
		res, err := tx.ExecContext(ctx, query, args...)
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	return n, err
}

// begin starts a transaction of its own. A read-only transaction takes no write lock
// (SQLite begins it deferred, not immediate).
func (d *DB) begin(ctx context.Context, readOnly bool) (*Tx, error) {
	tx, err := d.db.BeginTx(ctx, &sql.TxOptions{ReadOnly: readOnly})
	if err != nil {
		return nil, err
	}
	return &Tx{Tx: tx, now: d.now(), dialect: d.dialect, searchCap: d.searchCap, catalogue: &d.watch, mails: d.mailsOn.Load(), stmts: d.stmts}, nil
}

// read runs fn in a read-only transaction; ErrUnavailable when the database cannot be reached.
func (d *DB) read(ctx context.Context, fn func(tx *Tx) error) error {
	tx, err := d.begin(ctx, true)
	if err != nil {
		return unavailable(err)
	}
	defer tx.Rollback()
	tx.seen = d.seenReads
	if err := fn(tx); err != nil {
		return unavailable(err)
	}
	return unavailable(tx.Commit())
}

// lookup runs find in a read-only transaction; op names the lookup in an unexpected error.
func lookup[T any](ctx context.Context, d *DB, op string, find func(tx *Tx) (T, error)) (T, error) {
	var found T
	err := d.read(ctx, func(tx *Tx) (err error) {
		found, err = find(tx)
		return err
	})
	if err != nil {
		var none T
		return none, wrap(op, err)
	}
	return found, nil
}

// first returns the first of the rows a find helper returned, or notFound when there are none.
func first[T any](rows []T, err error, notFound *haat.Error) (*T, error) {
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, notFound
	}
	return &rows[0], nil
}

// wrap names the operation in an unexpected error, and makes the database out of reach
// ErrUnavailable; an error meant for people (a *haat.Error) is returned as it is.
func wrap(op string, err error) error {
	if haat.ErrorCode(err) != haat.EINTERNAL {
		return err
	}
	return unavailable(fmt.Errorf("sqlstore: %s: %w", op, err))
}

// where gathers the conditions of a WHERE clause, joined by AND, and their arguments. Each ? in
// a condition stands for the next argument and becomes a numbered placeholder ($1, $2, ...).
type where struct {
	conds []string
	args  []any
}

// add adds a condition with one argument for each of its ?.
func (w *where) add(cond string, args ...any) {
	for _, a := range args {
		w.args = append(w.args, a)
		cond = strings.Replace(cond, "?", "$"+strconv.Itoa(len(w.args)), 1)
	}
	w.conds = append(w.conds, cond)
}

// addIf adds a condition with the one argument v points to, when v is not nil.
func addIf[T any](w *where, cond string, v *T) {
	if v != nil {
		w.add(cond, *v)
	}
}

// in adds the condition that column is one of values; no values match no row.
func (w *where) in(column string, values []string) { addIn(w, column, values) }

// addIn adds the condition that column is one of values (none: no row).
func addIn[T any](w *where, column string, values []T) {
	if len(values) == 0 {
		w.conds = append(w.conds, "1 = 0")
		return
	}
	marks := strings.TrimSuffix(strings.Repeat("?, ", len(values)), ", ")
	args := make([]any, len(values))
	for i, v := range values {
		args[i] = v
	}
	w.add(column+" IN ("+marks+")", args...)
}

// String returns the clause, " WHERE ..." or nothing when there are no conditions.
func (w *where) String() string {
	if len(w.conds) == 0 {
		return ""
	}
	return " WHERE " + strings.Join(w.conds, " AND ")
}

// limit returns the LIMIT clause for n rows, or nothing when n is 0.
func limit(n int) string {
	if n <= 0 {
		return ""
	}
	return " LIMIT " + strconv.Itoa(n)
}

// placeholders returns "$from, $from+1, ..." for n arguments.
func placeholders(from, n int) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("$" + strconv.Itoa(from+i))
	}
	return b.String()
}
