// Package sqlstoretest opens real test databases: SQLite in a temporary folder always, and
// PostgreSQL when HAAT_TEST_POSTGRES names a server, each test in a schema of its own.
package sqlstoretest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"sync"
	"testing"
	"time"

	"haat/sqlstore"
)

// EachDB runs fn as a subtest on every database available: "sqlite" always, "postgres" when
// HAAT_TEST_POSTGRES is set. Each database is new and empty but for migrations. The subtests run
// in parallel, as EachDialect's do.
func EachDB(t *testing.T, fn func(t *testing.T, db *sqlstore.DB)) {
	t.Helper()
	EachDialect(t, func(t *testing.T, dialect string) { fn(t, Open(t, dialect)) })
}

// EachDialect runs fn as a subtest for every dialect available: sqlstore.SQLite always,
// sqlstore.Postgres when HAAT_TEST_POSTGRES is set. A test that calls it owns its databases, so
// it runs in parallel with the package's other such tests, and its subtests with each other: it
// must not call t.Parallel itself, set environment variables or change what other tests read,
// and must not look at what fn did once EachDialect returns (the subtests run after).
func EachDialect(t *testing.T, fn func(t *testing.T, dialect string)) {
	t.Helper()
	if _, already := parallelTests.LoadOrStore(t, true); !already {
		t.Parallel()
		t.Cleanup(func() { parallelTests.Delete(t) })
	}
	t.Run("sqlite", func(t *testing.T) { t.Parallel(); fn(t, sqlstore.SQLite) })
	if !HavePostgres() {
		t.Log("HAAT_TEST_POSTGRES is not set: PostgreSQL not tested")
		return
	}
	t.Run("postgres", func(t *testing.T) { t.Parallel(); fn(t, sqlstore.Postgres) })
}

// parallelTests holds the tests EachDialect has made parallel (t.Parallel may be called once).
var parallelTests sync.Map

// HavePostgres reports whether HAAT_TEST_POSTGRES names a server to test on.
func HavePostgres() bool { return os.Getenv("HAAT_TEST_POSTGRES") != "" }

// NewDatabase makes a new empty database of the dialect, removed when the test ends, and returns
// the url and data folder that sqlstore.Open takes to open it. It commits as production does, for
// the servers the benchmarks start on it.
func NewDatabase(t testing.TB, dialect string) (url, dataDir string) {
	t.Helper()
	if dialect == sqlstore.Postgres {
		url = postgresSchema(t, false)
	}
	return url, t.TempDir()
}

// Open opens a fresh database of the dialect, closed and removed when the test ends. A test's
// database commits without waiting for the disk; a benchmark's as production's does.
func Open(t testing.TB, dialect string) *sqlstore.DB {
	t.Helper()
	return OpenShared(t, dialect, 1)[0]
}

// OpenShared opens n stores on one fresh database of the dialect, as n servers would share it;
// each has its own connections. They are closed and the database removed when the test ends.
func OpenShared(t testing.TB, dialect string, n int) []*sqlstore.DB {
	t.Helper()
	ctx := context.Background()
	// A test's database is gone when the test ends: its commits need not wait for the disk. A
	// benchmark's commits wait, as production's do.
	_, benchmark := t.(*testing.B)
	var opts []sqlstore.Option
	if !benchmark {
		opts = append(opts, sqlstore.WithoutSync())
	}
	dsn, dir := "", t.TempDir()
	if dialect == sqlstore.Postgres {
		reused := false
		if !benchmark {
			dsn, reused = reusedSchema(t, os.Getenv("HAAT_TEST_POSTGRES"))
		}
		if !reused {
			dsn = postgresSchema(t, !benchmark)
		}
	} else {
		copyMigratedSQLite(t, dir)
	}
	dbs := make([]*sqlstore.DB, n)
	for i := range dbs {
		db, err := sqlstore.Open(ctx, dsn, dir, opts...)
		if err != nil {
			t.Fatalf("open %s: %v", dialect, err)
		}
		db.BcryptCost = 4
		t.Cleanup(func() { db.Close() })
		dbs[i] = db
	}
	return dbs
}

// postgresSchema creates a schema of its own on HAAT_TEST_POSTGRES, dropped when the test ends,
// and returns a URL that uses it; with noSync, a URL whose commits do not wait for the server's
// disk (synchronous_commit=off).
func postgresSchema(t testing.TB, noSync bool) string {
	t.Helper()
	base := os.Getenv("HAAT_TEST_POSTGRES")
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatalf("postgres: %v", err)
	}
	t.Cleanup(func() { admin.Close() })
	schema := newSchema(t, admin, base)
	t.Cleanup(func() { admin.Exec(`DROP SCHEMA ` + schema + ` CASCADE`) })
	return schemaURL(t, base, schema, noSync)
}

// schemaPrefix starts the names of the tests' schemas, followed by the Unix time they were made.
const schemaPrefix = "haat_test_"

// newSchema creates a schema with a name of its own and answers its name.
func newSchema(t testing.TB, admin *sql.DB, base string) string {
	t.Helper()
	buf := make([]byte, 6)
	rand.Read(buf)
	schema := fmt.Sprintf("%s%d_%s", schemaPrefix, time.Now().Unix(), hex.EncodeToString(buf))
	if _, err := admin.Exec(`CREATE SCHEMA ` + schema); err != nil {
		t.Fatalf("postgres: create schema (is HAAT_TEST_POSTGRES=%q reachable?): %v", base, err)
	}
	return schema
}

// schemaURL is base with schema as its search path, and with noSync, commits that do not wait for
// the server's disk.
func schemaURL(t testing.TB, base, schema string, noSync bool) string {
	t.Helper()
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("HAAT_TEST_POSTGRES: %v", err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	if noSync {
		q.Set("synchronous_commit", "off")
	}
	u.RawQuery = q.Encode()
	return u.String()
}
