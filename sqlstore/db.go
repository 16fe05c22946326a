// Package sqlstore implements Haat's services over database/sql, on SQLite (the embedded
// default) and PostgreSQL with one SQL text for both where possible.
package sqlstore

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

//go:embed migrations
var migrations embed.FS

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
	// BcryptCost is the cost of new password hashes; tests lower it.
	BcryptCost int
}

// Open connects to the database named by url, or to data/haat.db under dataDir when url is
// empty, and applies pending migrations.
func Open(ctx context.Context, url, dataDir string) (*DB, error) {
	d := &DB{Now: time.Now, BcryptCost: 11}
	var err error
	switch {
	case strings.HasPrefix(url, "postgres://") || strings.HasPrefix(url, "postgresql://"):
		d.dialect = Postgres
		d.db, err = sql.Open("pgx", url)
		if err == nil {
			d.db.SetMaxOpenConns(20)
			d.db.SetMaxIdleConns(10)
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
		dsn := "file:" + path + "?_pragma=journal_mode(WAL)&_pragma=foreign_keys(1)" +
			"&_pragma=busy_timeout(10000)&_pragma=synchronous(NORMAL)&_txlock=immediate"
		d.db, err = sql.Open("sqlite", dsn)
		if err == nil {
			d.db.SetMaxOpenConns(8)
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
	return d, nil
}

// Close closes the database.
func (d *DB) Close() error { return d.db.Close() }

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

// Ping checks that the database answers.
func (d *DB) Ping(ctx context.Context) error { return d.db.PingContext(ctx) }

// Migrate applies the embedded migrations of the dialect that have not run yet, in order.
func (d *DB) Migrate(ctx context.Context) error {
	tx, err := d.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("sqlstore: migrate: %w", err)
	}
	defer tx.Rollback()
	if d.dialect == Postgres {
		// Serialise concurrent start-ups of several servers on one database.
		if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(7245031)`); err != nil {
			return fmt.Errorf("sqlstore: migrate lock: %w", err)
		}
	}
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)`); err != nil {
		return fmt.Errorf("sqlstore: migrate: %w", err)
	}
	applied := map[int]bool{}
	rows, err := tx.QueryContext(ctx, `SELECT version FROM schema_migrations`)
	if err != nil {
		return fmt.Errorf("sqlstore: migrate: %w", err)
	}
	for rows.Next() {
		var v int
		if err := rows.Scan(&v); err != nil {
			rows.Close()
			return fmt.Errorf("sqlstore: migrate: %w", err)
		}
		applied[v] = true
	}
	rows.Close()
	dir := "migrations/" + d.dialect
	names, err := fs.Glob(migrations, dir+"/*.sql")
	if err != nil {
		return fmt.Errorf("sqlstore: migrate: %w", err)
	}
	sort.Strings(names)
	for _, name := range names {
		base := filepath.Base(name)
		v, err := strconv.Atoi(strings.SplitN(base, "_", 2)[0])
		if err != nil {
			return fmt.Errorf("sqlstore: migration %s: name must start with a number", base)
		}
		if applied[v] {
			continue
		}
		body, err := migrations.ReadFile(name)
		if err != nil {
			return fmt.Errorf("sqlstore: migrate: %w", err)
		}
		if _, err := tx.ExecContext(ctx, string(body)); err != nil {
			return fmt.Errorf("sqlstore: migration %s: %w", base, err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)`,
			v, base, d.Now().UnixMilli()); err != nil {
			return fmt.Errorf("sqlstore: migrate: %w", err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("sqlstore: migrate: %w", err)
	}
	return nil
}

// inTx runs fn in a transaction and commits it when fn returns nil.
func (d *DB) inTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := d.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit()
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
