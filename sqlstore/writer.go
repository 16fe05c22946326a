package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"

	"haat"
)

// Group commit. Every write operation (inTx) goes to one writer goroutine, which runs whatever
// operations are waiting, up to maxBatch, in one transaction on one connection, each in a
// SAVEPOINT of its own, and commits them together: one commit, one fsync, for the lot. Only then
// does each operation's caller get its answer, so nothing is acknowledged that is not on disk.
//
// An operation that fails (returns an error or panics) is rolled back to its savepoint: it
// changes nothing and the others of the batch go on. If the commit itself fails, every operation
// of the batch gets that error. A lone waiting operation is run at once, without waiting for
// company; a batch forms from the operations that arrive while the one before is committing.
//
// SQLite has one writer at a time anyway, so serialising writes costs it nothing, and another
// connection's BEGIN IMMEDIATE would only wait on the busy timeout behind the writer.
//
// PostgreSQL runs the same writer: measured under load it placed more orders a second, with a
// shorter p99, than a transaction per order, where every order waits for the counter of order
// numbers and flushes the log on its own. Each order takes its number as it is written
// (insertOrder), so a batch holds the counter's row from its first order to its commit; the
// writers of all servers on one database take turns anyway (writerLock, one batch at a time).
// Should two servers' batches still lock rows they share (a counted product, a slot) in opposite
// orders, the database refuses one statement as a deadlock, and that operation, rolled back to
// its savepoint, runs again in a batch of its own, up to maxTries times.
//
// On PostgreSQL every round trip to the server holds up the whole batch, so the writer sends what
// it can together (pipelining, see Tx.send): BEGIN goes with the first operation's statements, each
// operation's savepoint with its own, the statements whose outcome an operation does not read
// wait for its next statement or its end, and a batch's end reads where the counter of order
// numbers stands before it commits. An order, which only writes, then costs the writer one round
// trip.

// maxBatch is the most operations one commit takes.
const maxBatch = 128

// errClosed answers operations sent to a closed store.
var errClosed = errors.New("sqlstore: the store is closed")

// writer is the goroutine that runs every write operation of the store.
type writer struct {
	d    *DB
	ops  chan *writeOp
	quit chan struct{}
	done chan struct{}
	wc   *writeConn
	once sync.Once
	// commits counts the transactions the writer has committed.
	commits atomic.Int64
	// waiting counts the operations waiting to be taken.
	waiting atomic.Int64
}

// writeOp is one operation waiting for the writer, and its outcome.
type writeOp struct {
	ctx   context.Context
	fn    func(*Tx) error
	err   error
	panic any
	after []func()
	// numbered are the orders the operation placed, numbered when its batch commits.
	numbered []*haat.Order
	// tries counts the times the operation ran into a deadlock with another server's writes.
	tries int
	done  chan struct{}
}

// maxTries is how many times an operation that runs into a deadlock is run.
const maxTries = 3

// writeConn is the writer's connection: the context its statements run under and the statements
// it keeps prepared.
type writeConn struct {
	ctx   context.Context
	conn  *sql.Conn
	stmts *stmtCache
	// txStmts are the prepared statements bound to the current transaction.
	txStmts map[string]*sql.Stmt
	// tx is the current transaction on SQLite. On PostgreSQL the writer sends BEGIN and COMMIT
	// itself, with the statements of the operations (pipelined).
	tx        *sql.Tx
	pipelined bool
	// pending are the statements sent (Tx.send) and not yet run, on PostgreSQL; flushes counts
	// the round trips that ran such statements, and begun the value it had when BEGIN was sent.
	pending []pendingStmt
	flushes int
	begun   int
	// ops are the operations of the batch, and current the index of the one running (-1 between
	// them).
	ops     []*writeOp
	current int
}

// dropPending forgets the statements sent and not yet run.
func (c *writeConn) dropPending() {
	if c != nil {
		clear(c.pending)
		c.pending = c.pending[:0]
	}
}

// flush runs the statements sent and not yet run, in one round trip, and returns the outcome of the
// last, or the first error met. A statement of an operation before the current one that fails
// fails that operation alone: it is rolled back to its savepoint (the last one opened, since
// nothing after the failed statement ran), and the statements after its own are sent again.
func (c *writeConn) flush() (pgconn.CommandTag, error) {
	for len(c.pending) > 0 {
		pending := c.pending
		c.pending = nil
		c.flushes++
		tag, failed, err := c.run(pending)
		if err == nil {
			return tag, nil
		}
		owner := pending[failed].op
		if owner < 0 || owner == c.current || isSavepoint(pending[failed].query) {
			return tag, err
		}
		op := c.ops[owner]
		op.err, op.after, op.numbered = err, nil, nil
		if isDeadlock(err) {
			op.tries++
		}
		if _, err := c.conn.ExecContext(c.ctx, `ROLLBACK TO op`); err != nil {
			return tag, err
		}
		next := failed + 1
		for next < len(pending) && pending[next].op == owner {
			next++
		}
		c.pending = pending[next:]
	}
	return pgconn.CommandTag{}, nil
}

// run runs statements in one round trip and returns the outcome of the last, or the index of the
// first that failed and its error.
func (c *writeConn) run(stmts []pendingStmt) (tag pgconn.CommandTag, failed int, err error) {
	b := &pgx.Batch{}
	for _, s := range stmts {
		b.Queue(s.query, s.args...)
	}
	err = c.conn.Raw(func(dc any) error {
		res := dc.(*stdlib.Conn).Conn().SendBatch(c.ctx, b)
		for failed = range stmts {
			var err error
			if tag, err = res.Exec(); err != nil {
				res.Close()
				return err
			}
		}
		return res.Close()
	})
	return tag, failed, err
}

// begin starts the writer's transaction; on PostgreSQL, BEGIN goes with the first operation's
// statements.
// writerLock takes the advisory lock that the writers of all servers on one PostgreSQL database
// take in turn, one batch at a time.
const writerLock = `SELECT pg_advisory_xact_lock(7245034, ` + lockScope + `)`

// lockScope is the second key of the store's advisory locks: its schema. A store is the tables of
// one schema, so stores in other schemas of the same database (the tests' own) do not wait for
// each other's locks.
const lockScope = `hashtext(current_schema())`

func (c *writeConn) begin() error {
	c.txStmts = map[string]*sql.Stmt{}
	c.dropPending()
	if c.pipelined {
		// One writer of the whole store at a time: two servers' batches, each taking the rows of
		// its orders' products in its own order, would otherwise deadlock, and PostgreSQL finds a
		// deadlock only after deadlock_timeout (a second), holding up both batches that long.
		// The lock goes in the first round trip with BEGIN and ends with the transaction.
		c.pending = append(c.pending, pendingStmt{query: `BEGIN`, op: -1}, pendingStmt{query: writerLock, op: -1})
		c.begun = c.flushes
		return nil
	}
	var err error
	c.tx, err = c.conn.BeginTx(c.ctx, nil)
	return err
}

// exec runs a statement of the writer's own (ROLLBACK TO) in the transaction.
func (c *writeConn) exec(query string) error {
	var err error
	if c.pipelined {
		_, err = c.conn.ExecContext(c.ctx, query)
	} else {
		_, err = c.tx.ExecContext(c.ctx, query)
	}
	return err
}

// rollback ends the transaction, undoing it.
func (c *writeConn) rollback() {
	c.txStmts = nil
	c.dropPending()
	if !c.pipelined {
		c.tx.Rollback()
	} else if c.flushes > c.begun { // BEGIN has reached the database
		c.conn.ExecContext(c.ctx, `ROLLBACK`)
	}
}

// commit ends the transaction, keeping it.
func (c *writeConn) commit() error {
	c.txStmts = nil
	if !c.pipelined {
		err := c.tx.Commit()
		if err != nil {
			// A commit SQLite could not write (its disk full) may leave the transaction open on
			// the connection, where it would refuse every BEGIN after it.
			c.conn.ExecContext(c.ctx, `ROLLBACK`)
		}
		return err
	}
	c.pending = append(c.pending, pendingStmt{query: `COMMIT`, op: -1})
	tag, err := c.flush()
	if err == nil && tag.String() == "ROLLBACK" {
		err = errors.New("sqlstore: the commit was refused: the transaction had failed")
	}
	return err
}

// stmt returns the statement for query bound to tx, or nil when it is not kept prepared.
func (c *writeConn) stmt(tx *sql.Tx, query string) *sql.Stmt {
	if c.stmts == nil {
		return nil
	}
	if s, ok := c.txStmts[query]; ok {
		return s
	}
	s := c.stmts.get(c.ctx, query)
	if s == nil {
		return nil
	}
	ts := tx.StmtContext(c.ctx, s)
	c.txStmts[query] = ts
	return ts
}

// startWriter starts the writer of d.
func (d *DB) startWriter(ctx context.Context) error {
	wctx := context.WithoutCancel(ctx)
	conn, err := d.db.Conn(wctx)
	if err != nil {
		return fmt.Errorf("sqlstore: writer connection: %w", err)
	}
	wc := &writeConn{ctx: wctx, conn: conn, stmts: d.stmts, pipelined: d.dialect == Postgres, current: -1}
	w := &writer{d: d, ops: make(chan *writeOp), quit: make(chan struct{}), done: make(chan struct{}), wc: wc}
	d.writer = w
	go w.loop()
	return nil
}

// stop ends the writer once the batch it runs is committed, and closes its connection.
func (w *writer) stop() {
	w.once.Do(func() {
		close(w.quit)
		<-w.done
		if w.wc.conn != nil {
			w.wc.conn.Close()
		}
	})
}

// reconnectWait is the longest the writer waits for a new connection to the database.
const reconnectWait = 5 * time.Second

// connect gives the writer a new connection when it has lost the one it had: the database
// restarted, or the network between them broke. The connection lost is given back to the pool,
// which drops it. Until a new one is had, each batch is refused with the error met.
func (w *writer) connect() error {
	c := w.wc
	if c.conn != nil && !c.lost() {
		return nil
	}
	if c.conn != nil {
		c.conn.Close()
		c.conn = nil
	}
	ctx, cancel := context.WithTimeout(c.ctx, reconnectWait)
	defer cancel()
	conn, err := w.d.db.Conn(ctx)
	if err != nil {
		return fmt.Errorf("sqlstore: writer connection: %w", err)
	}
	c.conn = conn
	return nil
}

// lost reports whether the writer's connection is closed: pgx closes a connection on a fatal
// error (the server gone or shutting down), and database/sql one whose driver said it was bad.
// It asks nothing of the server.
func (c *writeConn) lost() bool {
	closed := false
	err := c.conn.Raw(func(dc any) error {
		if pc, ok := dc.(*stdlib.Conn); ok {
			closed = pc.Conn().IsClosed()
		}
		return nil
	})
	return err != nil || closed
}

// do hands fn to the writer and waits for its outcome; fn's after-commit functions run here.
// A panic in fn is raised again here, after the writer has rolled fn back.
func (w *writer) do(ctx context.Context, fn func(*Tx) error) error {
	op := &writeOp{ctx: ctx, fn: fn, done: make(chan struct{})}
	w.waiting.Add(1)
	var err error
	select {
	case w.ops <- op:
	case <-ctx.Done():
		err = ctx.Err()
	case <-w.quit:
		err = errClosed
	}
	w.waiting.Add(-1)
	if err != nil {
		return err
	}
	// Once taken, the operation is waited for even if ctx ends: it may be committed already.
	<-op.done
	if op.panic != nil {
		panic(op.panic)
	}
	if op.err != nil {
		return op.err
	}
	for _, f := range op.after {
		f()
	}
	return nil
}

func (w *writer) loop() {
	defer close(w.done)
	batch := make([]*writeOp, 0, maxBatch)
	for {
		select {
		case op := <-w.ops:
			batch = append(batch[:0], op)
		case <-w.quit:
			return
		}
	gather:
		for len(batch) < maxBatch {
			select {
			case op := <-w.ops:
				batch = append(batch, op)
			default:
				break gather
			}
		}
		w.run(batch)
		// An operation that met another server's writes in a deadlock was rolled back; it runs
		// again in a batch of its own.
		for _, op := range batch {
			for op.tries < maxTries && isDeadlock(op.err) {
				w.run([]*writeOp{op})
			}
			close(op.done)
		}
		clear(batch)
	}
}

// run runs a batch of operations in one transaction and commits it, leaving each operation's
// outcome in it. An operation that leaves the transaction unusable (its savepoint cannot be rolled
// back) fails alone: the batch is rolled back and run again without it.
func (w *writer) run(batch []*writeOp) {
	for len(batch) > 0 {
		broken := w.try(batch)
		if broken < 0 {
			return
		}
		rest := make([]*writeOp, 0, len(batch)-1)
		rest = append(rest, batch[:broken]...)
		batch = append(rest, batch[broken+1:]...)
	}
}

// try runs the batch once. It returns -1 when every operation has its outcome, or the index of
// the operation that broke the transaction (which has its error), the others to be run again.
//
// Each operation runs in the savepoint "op": the one before is released and the next one opened
// with the operation's first statements, and the commit releases the last one. On PostgreSQL an
// operation's statements that it sends (Tx.send) run together when it needs an answer or ends:
// an operation that only writes, as placing an order does, costs one round trip.
func (w *writer) try(batch []*writeOp) int {
	c := w.wc
	if err := w.connect(); err != nil {
		failAll(batch, err)
		return -1
	}
	if err := c.begin(); err != nil {
		failAll(batch, err)
		return -1
	}
	c.ops = batch
	defer func() { c.ops, c.current = nil, -1 }()
	// A lone operation needs no savepoint: rolling back the transaction undoes it.
	savepoints := len(batch) > 1
	last := -1 // the operation whose savepoint is open
	for i, op := range batch {
		c.current = -1
		op.err, op.panic, op.after, op.numbered = nil, nil, nil, nil
		if err := op.ctx.Err(); err != nil {
			op.err = err // the caller has gone before the operation began: it is not run
			continue
		}
		t := &Tx{Tx: c.tx, now: w.d.now(), dialect: w.d.dialect, searchCap: w.d.searchCap, shared: c, catalogue: &w.d.watch, mails: w.d.mailsOn.Load()}
		mark, flushes, before := len(c.pending), c.flushes, last
		c.current = i
		if savepoints {
			if err := openSavepoint(t, last >= 0); err != nil {
				c.rollback()
				if last < 0 {
					failAll(batch, err)
					return -1
				}
				batch[last].err, batch[last].panic, batch[last].after = err, nil, nil
				return last
			}
			last = i
		}
		op.err, op.panic = call(op.fn, t)
		if op.err == nil && op.panic == nil && !savepoints {
			_, op.err = t.flush()
		} else if t.failed != nil && haat.ErrorCode(op.err) == haat.EINTERNAL {
			op.err = t.failed // what the statements after the failed one met was its consequence
		}
		if op.err == nil && op.panic == nil {
			// What it sent and has not run yet goes with the next operations (flush).
			op.after, op.numbered = t.after, t.numbered
			continue
		}
		if isDeadlock(op.err) {
			op.tries++
		}
		if !savepoints {
			c.rollback()
			return -1
		}
		if c.pipelined && c.flushes == flushes {
			// Nothing of the operation reached the database, not even its savepoint.
			clear(c.pending[mark:])
			c.pending = c.pending[:mark]
			last = before
			continue
		}
		c.dropPending()
		if err := c.exec(`ROLLBACK TO op`); err != nil {
			c.rollback()
			return i
		}
	}
	c.current = -1
	if _, err := c.flush(); err != nil {
		c.rollback()
		for _, op := range batch {
			if op.err == nil && op.panic == nil {
				op.err, op.after = err, nil
			}
		}
		return -1
	}
	ran := false
	var numbered []*haat.Order
	for _, op := range batch {
		if op.err == nil && op.panic == nil {
			ran = true
			numbered = append(numbered, op.numbered...)
		}
	}
	if !ran {
		c.rollback()
		return -1
	}
	t := &Tx{Tx: c.tx, dialect: w.d.dialect, shared: c}
	if err := numberOrders(c.ctx, t, numbered); err != nil {
		c.rollback()
		for _, op := range batch {
			if op.err == nil && op.panic == nil {
				op.err, op.after = err, nil
			}
		}
		return -1
	}
	err := c.commit()
	w.commits.Add(1)
	if err != nil {
		for _, op := range batch {
			if op.err == nil && op.panic == nil {
				op.err, op.after = err, nil
			}
		}
	}
	return -1
}
