package sqlstore_test

import (
	"errors"
	"testing"
	"time"

	"haat/sqlstore"
	"haat/sqlstore/sqlstoretest"
)

// TestOnlyTestsSkipTheDisk: a store opened as production opens it waits for the disk at each
// commit (synchronous FULL); only the tests' WithoutSync turns that off.
func TestOnlyTestsSkipTheDisk(t *testing.T) {
	for _, tc := range []struct {
		opts []sqlstore.Option
		want int
	}{{nil, 2}, {[]sqlstore.Option{sqlstore.WithoutSync()}, 0}} {
		db, err := sqlstore.Open(ctx, "", t.TempDir(), tc.opts...)
		if err != nil {
			t.Fatal(err)
		}
		var sync int
		if err := db.SQL().QueryRowContext(ctx, `PRAGMA synchronous`).Scan(&sync); err != nil {
			t.Fatal(err)
		}
		db.Close()
		if sync != tc.want {
			t.Errorf("with %d options: synchronous = %d, want %d", len(tc.opts), sync, tc.want)
		}
	}
}

// TestTestDatabasesSkipTheDisk: the tests' PostgreSQL schemas commit without waiting for the
// server's disk; the databases the benchmarks' servers open commit as production does.
func TestTestDatabasesSkipTheDisk(t *testing.T) {
	if !sqlstoretest.HavePostgres() {
		t.Skip("HAAT_TEST_POSTGRES is not set")
	}
	var sync string
	if err := sqlstoretest.Open(t, sqlstore.Postgres).SQL().QueryRowContext(ctx, `SHOW synchronous_commit`).Scan(&sync); err != nil {
		t.Fatal(err)
	}
	if sync != "off" {
		t.Errorf("test database: synchronous_commit = %s, want off", sync)
	}
	url, dir := sqlstoretest.NewDatabase(t, sqlstore.Postgres)
	db, err := sqlstore.Open(ctx, url, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	// The server's own setting, whatever it is, not one the connection asked for.
	var source string
	if err := db.SQL().QueryRowContext(ctx, `SELECT source FROM pg_settings WHERE name = 'synchronous_commit'`).Scan(&source); err != nil {
		t.Fatal(err)
	}
	if source == "client" {
		t.Error("benchmark database: synchronous_commit is set by the connection")
	}
}

// TestStoresInOtherSchemasDoNotWait: the advisory locks of a store (its writer's, its migrations',
// its housekeeping's) are its schema's, so a store in another schema of the same database, as
// each test's is, neither waits for them nor is refused by them.
func TestStoresInOtherSchemasDoNotWait(t *testing.T) {
	if !sqlstoretest.HavePostgres() {
		t.Skip("HAAT_TEST_POSTGRES is not set")
	}
	a, b := sqlstoretest.Open(t, sqlstore.Postgres), sqlstoretest.Open(t, sqlstore.Postgres)
	err := a.Write(ctx, func(tx *sqlstore.Tx) error {
		// The writer's lock went with this statement; a's batch holds it until this returns.
		if _, err := tx.ExecContext(ctx, `SELECT 1`); err != nil {
			return err
		}
		done := make(chan error, 1)
		go func() { done <- writeAndLock(b, a) }()
		select {
		case err := <-done:
			return err
		case <-time.After(5 * time.Second):
			return errors.New("a store waits for the locks of a store in another schema")
		}
	})
	if err != nil {
		t.Fatal(err)
	}
}

// writeAndLock writes in b, and takes one lock in b then in a.
func writeAndLock(b, a *sqlstore.DB) error {
	if _, err := b.Register(ctx, "Sita Gurung", "sita@example.com", "correct horse"); err != nil {
		return err
	}
	ran, err := b.Exclusive(ctx, 7245032, func() error {
		ran, err := a.Exclusive(ctx, 7245032, func() error { return nil })
		if err == nil && !ran {
			err = errors.New("one lock is refused in a second schema")
		}
		return err
	})
	if err == nil && !ran {
		err = errors.New("refused")
	}
	return err
}
