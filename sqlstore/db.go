// Package sqlstore implements Haat's services over database/sql, on SQLite (the embedded
// default) and PostgreSQL with one SQL text for both where possible.
package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// Dialects the store speaks.
const (
	SQLite   = "sqlite"
	Postgres = "postgres"
)

// DB is an open store. Its methods implement the service interfaces of package haat.
type DB struct {
	db      *sql.DB
	dialect string
	// Now returns the current time; tests replace it.
	Now func() time.Time
	// BcryptCost is the cost of new password hashes; tests lower it before the first sign-in.
	BcryptCost int
	// dummyHash is a hash at BcryptCost that no password matches (see missing).
	dummyHash []byte
	dummyOnce sync.Once
	// stmts keeps SQLite's statements prepared (nil on PostgreSQL).
	stmts *stmtCache
	// writer runs every write operation, several to a commit (see writer.go); nil until the
	// migrations have run.
	writer *writer
	// watch keeps the catalogue version (catalogue.go).
	watch catalogueWatch
	// pastSales keeps what the days before today sold, for the dashboard (dashboard.go).
	pastSales pastSales
	// mailsOn says e-mails to shoppers are written to the outbox (QueueMails).
	mailsOn atomic.Bool
	// seenReads, when set, is told every query the store's reads run: the tests of the query
	// plans ask the database how it would run them.
	seenReads func(query string, args []any)
	// eachBatch is how many orders EachSellerOrder reads at a time (tests make it smaller).
	eachBatch int
	// searchCap is the most orders the search index names for the order search to read them
	// alone (addSearch; tests change it).
	searchCap int
}

// Option changes how Open opens the store.
type Option func(*openOptions)

type openOptions struct{ noSync bool }

// withoutJIT is the PostgreSQL url with the just-in-time compiler off, unless the url sets jit
// itself. The store's queries are short; a large table makes the planner's estimates cross
// jit_above_cost, and compiling a query then takes longer than running it (the dashboard's best
// sellers: 180 ms of compiling for a 100 ms query on a million orders).
func withoutJIT(url string) string {
	if strings.Contains(url, "jit=") {
		return url
	}
	if strings.Contains(url, "?") {
		return url + "&jit=off"
	}
	return url + "?jit=off"
}

// WithoutSync is for tests only: SQLite commits without waiting for the disk (PRAGMA
// synchronous=OFF), so a crash of the machine may lose the last commits. A store that keeps real
// orders never takes it.
func WithoutSync() Option { return func(o *openOptions) { o.noSync = true } }

// Open connects to the database named by url, or to data/haat.db under dataDir when url is
// empty, and applies pending migrations.
func Open(ctx context.Context, url, dataDir string, opts ...Option) (*DB, error) {
	var o openOptions
	for _, opt := range opts {
		opt(&o)
	}
	d := &DB{Now: time.Now, BcryptCost: 11, eachBatch: 200, searchCap: 2000}
	var err error
	switch {
	case strings.HasPrefix(url, "postgres://") || strings.HasPrefix(url, "postgresql://"):
		d.dialect = Postgres
		d.db, err = sql.Open("pgx", withoutJIT(url))
		if err == nil {
			// Every connection is kept while it is used, as on SQLite: a connection closed because
			// more than the idle limit came back at once is opened again at the next burst, and
			// opening one starts a server process that warms its caches and plans every statement
			// anew. Under 16 orders at a time, half the pool was so replaced, 60 a few seconds.
			// One idle for five minutes is closed.
			d.db.SetMaxOpenConns(20)
			d.db.SetMaxIdleConns(20)
			d.db.SetConnMaxIdleTime(5 * time.Minute)
		}
	case url == "" || strings.HasPrefix(url, "sqlite:") || strings.HasPrefix(url, "file:"):
		d.dialect = SQLite
		path := strings.TrimPrefix(strings.TrimPrefix(url, "sqlite:"), "file:")
		if path == "" {
			path = filepath.Join(dataDir, "haat.db")
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return nil, fmt.Errorf("sqlstore: create data dir: %w", err)
		}
		sync := "FULL"
		if o.noSync {
			sync = "OFF"
		}
		// temp_store(MEMORY): the writer runs each operation of a batch in a savepoint, and SQLite
		// copies every page a savepoint changes to its sub-journal first; in a file, that was a
		// write(2) a page and a quarter of the writer's time.
		dsn := "file:" + path + "?_pragma=journal_mode(WAL)&_pragma=foreign_keys(1)" +
			"&_pragma=busy_timeout(10000)&_pragma=synchronous(" + sync + ")&_pragma=temp_store(MEMORY)&_txlock=immediate"
		d.db, err = sql.Open("sqlite", dsn)
		if err == nil {
			// Every connection is kept: opening one reads the whole schema (its tables, indexes
			// and triggers), and its statements are prepared again on it, which under load cost
			// a sixth of the server's time when only database/sql's default two were kept.
			d.db.SetMaxOpenConns(8)
			d.db.SetMaxIdleConns(8)
			d.stmts = newStmtCache(d.db)
		}
	default:
		return nil, fmt.Errorf("sqlstore: unsupported database url %q (use postgres://… or leave empty for SQLite)", url)
	}
	if err != nil {
		return nil, fmt.Errorf("sqlstore: open: %w", err)
	}
	if err := d.db.PingContext(ctx); err != nil {
		d.db.Close()
		return nil, fmt.Errorf("sqlstore: connect: %w", err)
	}
	if err := d.Migrate(ctx); err != nil {
		d.db.Close()
		return nil, err
	}
	// On PostgreSQL too the writer beats a transaction of its own per operation: each order then
	// waits for the counter of order numbers and makes its own flush of the write-ahead log.
	if err := d.startWriter(ctx); err != nil {
		d.db.Close()
		return nil, err
	}
	return d, nil
}

// Close waits for the write operations under way to commit and closes the database.
func (d *DB) Close() error {
	d.stopCatalogueWatch()
	if d.writer != nil {
		d.writer.stop()
	}
	d.stmts.close()
	return d.db.Close()
}

// Dialect names the database in use: SQLite or Postgres.
func (d *DB) Dialect() string { return d.dialect }

// Backup writes a consistent copy of an SQLite database to path, while the store keeps running.
// PostgreSQL has its own tools for this (pg_dump), so there it is refused.
func (d *DB) Backup(ctx context.Context, path string) error {
	if d.dialect != SQLite {
		return errors.New("sqlstore: backup is for SQLite; back up PostgreSQL with pg_dump")
	}
	if _, err := os.Stat(path); err == nil {
		return fmt.Errorf("sqlstore: backup: %s exists already", path)
	}
	if _, err := d.db.ExecContext(ctx, `VACUUM INTO $1`, path); err != nil {
		return fmt.Errorf("sqlstore: backup: %w", err)
	}
	return nil
}

// SQL is the connection pool underneath: for its statistics (the store's metrics), and for tests
// to set up states the services never produce. The store's data is read and written through its
// methods only.
func (d *DB) SQL() *sql.DB { return d.db }

// Ping checks that the database answers.
func (d *DB) Ping(ctx context.Context) error { return d.db.PingContext(ctx) }

// isUniqueViolation reports whether err is a unique-constraint failure in either dialect.
func isUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code == "23505"
	}
	var liteErr *sqlite.Error
	if errors.As(err, &liteErr) {
		return liteErr.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE || liteErr.Code() == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY
	}
	return false
}

func fromMillis(ms int64) time.Time { return time.UnixMilli(ms).UTC() }
