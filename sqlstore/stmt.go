package sqlstore

import (
	"container/list"
	"context"
	"database/sql"
	"sync"
	"sync/atomic"
)

// stmtCache keeps SQLite statements prepared, each on the connections it runs on, so that the
// hot paths (the session lookup of every request, the reads and statements of an order) are parsed
// once rather than on every call. pgx keeps every connection's statements prepared itself, so on
// PostgreSQL there is none (nil). It holds the maxStmts statements used last: statements built
// for one call (a list of n ids, a seller's combination of filters) push out the oldest rather
// than keep the hot ones from being kept.
type stmtCache struct {
	db  *sql.DB
	mu  sync.Mutex
	m   map[string]*list.Element // of *keptStmt, the most recently used first
	lru list.List
	// preparing says a statement is being prepared in the background (kept): one at a time.
	// background is that preparing, which close waits for: it holds a connection of the database.
	preparing  atomic.Bool
	background sync.WaitGroup
}

// keptStmt is a statement the cache holds, under its query.
type keptStmt struct {
	query string
	stmt  *sql.Stmt
}

func newStmtCache(db *sql.DB) *stmtCache {
	return &stmtCache{db: db, m: map[string]*list.Element{}}
}

// maxStmts is the most statements kept prepared.
const maxStmts = 512

// kept returns the prepared statement of query if the cache holds it; if not, it has it prepared
// in the background and returns nil, for the caller to run query unprepared this once. A
// transaction holds its connection: waiting for another to prepare on could wait for ever, with
// every connection held by a transaction that waits so.
func (c *stmtCache) kept(query string) *sql.Stmt {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.m[query]; ok {
		c.lru.MoveToFront(e)
		return e.Value.(*keptStmt).stmt
	}
	// Begun under the lock, so that close, once it has emptied the cache, waits for it.
	if c.m != nil && c.preparing.CompareAndSwap(false, true) {
		c.background.Add(1)
		go func() {
			defer c.background.Done()
			defer c.preparing.Store(false)
			c.get(context.Background(), query)
		}()
	}
	return nil
}

// get returns the prepared statement of query, or nil when it cannot be prepared.
func (c *stmtCache) get(ctx context.Context, query string) *sql.Stmt {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	if e, ok := c.m[query]; ok {
		c.lru.MoveToFront(e)
		c.mu.Unlock()
		return e.Value.(*keptStmt).stmt
	}
	closed := c.m == nil
	c.mu.Unlock()
	if closed {
		return nil
	}
	s, err := c.db.PrepareContext(context.WithoutCancel(ctx), query)
	if err != nil {
		return nil // the statement itself reports the error when run
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		s.Close()
		return nil
	}
	if e, ok := c.m[query]; ok {
		s.Close()
		return e.Value.(*keptStmt).stmt
	}
	c.m[query] = c.lru.PushFront(&keptStmt{query, s})
	if c.lru.Len() > maxStmts {
		// Closed once the transactions using it end (database/sql waits for them).
		old := c.lru.Remove(c.lru.Back()).(*keptStmt)
		delete(c.m, old.query)
		old.stmt.Close()
	}
	return s
}

// close closes the statements, once a statement being prepared in the background is: its
// connection would otherwise outlive the database's Close, and open or remove the files of an
// SQLite database after it.
func (c *stmtCache) close() {
	if c == nil {
		return
	}
	c.mu.Lock()
	for _, e := range c.m {
		e.Value.(*keptStmt).stmt.Close()
	}
	c.m = nil
	c.lru.Init()
	c.mu.Unlock()
	c.background.Wait()
}

// queryRow runs a query that returns at most one row outside any transaction.
func (d *DB) queryRow(ctx context.Context, query string, args ...any) *sql.Row {
	if s := d.stmts.get(ctx, query); s != nil {
		return s.QueryRowContext(ctx, args...)
	}
	return d.db.QueryRowContext(ctx, query, args...)
}
