package sqlstore_test

import (
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"haat/sqlstore"
	"haat/sqlstore/sqlstoretest"
)

// migrationVersions lists the versions of the migration files of a dialect, in order.
func migrationVersions(t *testing.T, dialect string) []int {
	t.Helper()
	entries, err := os.ReadDir("migrations/" + dialect)
	if err != nil {
		t.Fatal(err)
	}
	var versions []int
	for _, e := range entries {
		v, err := strconv.Atoi(strings.SplitN(e.Name(), "_", 2)[0])
		if err != nil || !strings.HasSuffix(e.Name(), ".sql") {
			t.Fatalf("migrations/%s/%s: a migration is NNNN_name.sql", dialect, e.Name())
		}
		versions = append(versions, v)
	}
	slices.Sort(versions)
	return versions
}

// TestMigrationsMatchAcrossDialects: every schema change is written for both databases, under
// the same version.
func TestMigrationsMatchAcrossDialects(t *testing.T) {
	lite, pg := migrationVersions(t, sqlstore.SQLite), migrationVersions(t, sqlstore.Postgres)
	if len(lite) == 0 || !slices.Equal(lite, pg) {
		t.Fatalf("migration versions differ: sqlite %v, postgres %v", lite, pg)
	}
	if len(slices.Compact(slices.Clone(lite))) != len(lite) {
		t.Fatalf("two migrations share a version: %v", lite)
	}
}

// TestSchemasMatchAcrossDialects: migrated to the end, both databases have the same tables with
// the same columns.
func TestSchemasMatchAcrossDialects(t *testing.T) {
	if !sqlstoretest.HavePostgres() {
		t.Skip("HAAT_TEST_POSTGRES is not set: nothing to compare SQLite with")
	}
	lite, err := sqlstoretest.Open(t, sqlstore.SQLite).Columns(ctx)
	if err != nil {
		t.Fatal(err)
	}
	pg, err := sqlstoretest.Open(t, sqlstore.Postgres).Columns(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(lite) == 0 {
		t.Fatal("no tables after migrating")
	}
	for table, columns := range lite {
		if !slices.Equal(columns, pg[table]) {
			t.Errorf("table %s: sqlite columns %v, postgres %v", table, columns, pg[table])
		}
	}
	for table, columns := range pg {
		if _, ok := lite[table]; !ok {
			t.Errorf("table %s only in postgres (columns %v)", table, columns)
		}
	}
}

// TestStartRefusesANewerDatabase: a database that a newer build migrated further is refused at
// start-up, naming the versions this build does not know, and left as it is.
func TestStartRefusesANewerDatabase(t *testing.T) {
	sqlstoretest.EachDialect(t, func(t *testing.T, dialect string) {
		url, dir := sqlstoretest.NewDatabase(t, dialect)
		db, err := sqlstore.Open(ctx, url, dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range []int{9999, 9998} {
			if _, err := db.SQL().ExecContext(ctx, `INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, 0)`,
				v, fmt.Sprintf("%04d_newer.sql", v)); err != nil {
				t.Fatal(err)
			}
		}
		wantRefusal := func(err error) {
			t.Helper()
			if err == nil {
				t.Fatal("a database with newer migrations was accepted")
			}
			for _, want := range []string{"9998, 9999", "newer build"} {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error %q does not say %q", err, want)
				}
			}
		}
		wantRefusal(db.Migrate(ctx))
		db.Close()
		again, err := sqlstore.Open(ctx, url, dir)
		if err == nil {
			again.Close()
		}
		wantRefusal(err)
	})
}

// TestReady: a database is ready with exactly this build's migrations applied; one that another
// build migrated further, or that lacks one of this build's migrations, is not.
func TestReady(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		if err := db.Ready(ctx); err != nil {
			t.Fatalf("a migrated database: %v", err)
		}
		exec := func(q string, args ...any) {
			t.Helper()
			if _, err := db.SQL().ExecContext(ctx, q, args...); err != nil {
				t.Fatal(err)
			}
		}
		exec(`INSERT INTO schema_migrations (version, name, applied_at) VALUES (9999, '9999_newer.sql', 0)`)
		if err := db.Ready(ctx); err == nil || !strings.Contains(err.Error(), "newer build") {
			t.Fatalf("a database migrated by a newer build: %v", err)
		}
		exec(`DELETE FROM schema_migrations WHERE version = 9999`)
		exec(`DELETE FROM schema_migrations WHERE version = 26`)
		if err := db.Ready(ctx); err == nil || !strings.Contains(err.Error(), "0026_request_keys.sql is not applied") {
			t.Fatalf("a database missing a migration: %v", err)
		}
	})
}

// TestMigrateStoresAtOnce: stores in four schemas of a database that has no pg_trgm yet, migrated
// at the same moment (as tests and a first start of several stores do), all come up: the first
// creates the extension, the others wait for it rather than fail on the catalog's unique index.
func TestMigrateStoresAtOnce(t *testing.T) {
	base := os.Getenv("HAAT_TEST_POSTGRES")
	if base == "" {
		t.Skip("HAAT_TEST_POSTGRES is not set")
	}
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	name := fmt.Sprintf("haat_migrate_%d", time.Now().UnixNano())
	if _, err := admin.Exec(`CREATE DATABASE ` + name); err != nil {
		t.Fatal(err)
	}
	defer admin.Exec(`DROP DATABASE ` + name + ` WITH (FORCE)`)
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + name
	fresh, err := sql.Open("pgx", u.String())
	if err != nil {
		t.Fatal(err)
	}
	defer fresh.Close()
	const stores = 8
	urls := make([]string, stores)
	for i := range stores {
		schema := fmt.Sprintf("store%d", i)
		if _, err := fresh.Exec(`CREATE SCHEMA ` + schema); err != nil {
			t.Fatal(err)
		}
		s := *u
		q := s.Query()
		q.Set("search_path", schema)
		s.RawQuery = q.Encode()
		urls[i] = s.String()
	}
	errs := make([]error, stores)
	var wg sync.WaitGroup
	for i := range stores {
		wg.Go(func() {
			db, err := sqlstore.Open(ctx, urls[i], t.TempDir())
			if err == nil {
				db.Close()
			}
			errs[i] = err
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("store %d: %v", i, err)
		}
	}
}
