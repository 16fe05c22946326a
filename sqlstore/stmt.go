package sqlstore

import (
	"context"
	"database/sql"
	"sync"
)

// stmtCache keeps SQLite statements prepared, each on the connections it runs on, so that the
// hot paths (the session lookup of every request, the statements of an order) are parsed once
// rather than on every call. pgx keeps every connection's statements prepared itself, so on
// PostgreSQL there is none (nil).
type stmtCache struct {
	db *sql.DB
	mu sync.Mutex
	m  map[string]*sql.Stmt
}

// maxStmts is the most statements kept prepared; statements built for one call (a list of n
// ids) beyond it are prepared each time.
const maxStmts = 256

// get returns the prepared statement of query, or nil when it is not kept prepared.
func (c *stmtCache) get(ctx context.Context, query string) *sql.Stmt {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	s, ok := c.m[query]
	full := len(c.m) >= maxStmts
	c.mu.Unlock()
	if ok || full {
		return s
	}
	s, err := c.db.PrepareContext(context.WithoutCancel(ctx), query)
	if err != nil {
		return nil // the statement itself reports the error when run
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if kept, ok := c.m[query]; ok {
		s.Close()
		return kept
	}
	c.m[query] = s
	return s
}

// close closes the statements.
func (c *stmtCache) close() {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, s := range c.m {
		s.Close()
	}
	c.m = nil
}

// queryRow runs a query that returns at most one row outside any transaction.
func (d *DB) queryRow(ctx context.Context, query string, args ...any) *sql.Row {
	if s := d.stmts.get(ctx, query); s != nil {
		return s.QueryRowContext(ctx, args...)
	}
	return d.db.QueryRowContext(ctx, query, args...)
}
