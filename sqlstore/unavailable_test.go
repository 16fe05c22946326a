package sqlstore_test

import (
	"database/sql"
	"errors"
	"fmt"
	"os"
	"testing"
	"time"

	"haat"
	"haat/sqlstore"
	"haat/sqlstore/sqlstoretest"
)

// wantUnavailable fails t unless err is the store's refusal while its database is away: code
// unavailable (503 with Retry-After), the shopper's message, the database's own error kept for
// the log.
func wantUnavailable(t *testing.T, what string, err error) {
	t.Helper()
	if !errors.Is(err, sqlstore.ErrUnavailable) || haat.ErrorCode(err) != haat.EUNAVAILABLE ||
		haat.ErrorMessage(err) != "The store is busy for a moment. Please try again." || err.Error() == sqlstore.ErrUnavailable.Error() {
		t.Fatalf("%s: %v, want the store unavailable with the database's error", what, err)
	}
}

// users counts the users registered with the emails.
func users(t *testing.T, db *sqlstore.DB, emails ...string) int {
	t.Helper()
	n := 0
	for _, email := range emails {
		var found int
		if err := db.SQL().QueryRowContext(ctx, `SELECT COUNT(*) FROM users WHERE email = $1`, email).Scan(&found); err != nil {
			t.Fatal(err)
		}
		n += found
	}
	return n
}

// TestDiskFullRefusesWrites: SQLite out of room (here its database held to the pages it has, as a
// full disk holds it) refuses writes as unavailable, not as an internal error, keeps nothing of a
// refused write, goes on answering reads, and takes writes again once there is room, on the
// writer's same connection.
func TestDiskFullRefusesWrites(t *testing.T) {
	db := sqlstoretest.Open(t, sqlstore.SQLite)
	var pages int
	if err := db.SQL().QueryRowContext(ctx, `PRAGMA page_count`).Scan(&pages); err != nil {
		t.Fatal(err)
	}
	limit := func(n int) {
		t.Helper()
		// The limit is the connection's: set on the writer's, which makes every write.
		if err := db.Write(ctx, func(tx *sqlstore.Tx) error {
			_, err := tx.ExecContext(ctx, fmt.Sprintf(`PRAGMA max_page_count = %d`, n))
			return err
		}); err != nil {
			t.Fatal(err)
		}
	}
	limit(pages)
	var kept, refused []string
	for i := 0; len(refused) < 3 && i < 5000; i++ {
		email := fmt.Sprintf("shopper%d@example.com", i)
		if _, err := db.Register(ctx, "Sita Gurung", email, "correct horse"); err != nil {
			wantUnavailable(t, "register on a full disk", err)
			refused = append(refused, email)
		} else {
			kept = append(kept, email)
		}
	}
	if len(refused) == 0 {
		t.Fatalf("%d users registered in %d pages, none refused", len(kept), pages)
	}
	if n := users(t, db, refused...); n != 0 {
		t.Errorf("%d of the %d refused registrations are stored", n, len(refused))
	}
	if n := users(t, db, kept...); n != len(kept) {
		t.Errorf("%d of the %d registrations answered are stored", n, len(kept))
	}
	limit(1 << 30)
	if _, err := db.Register(ctx, "Sita Gurung", "after@example.com", "correct horse"); err != nil {
		t.Fatalf("register once there is room: %v", err)
	}
	var check string
	if err := db.SQL().QueryRowContext(ctx, `PRAGMA integrity_check`).Scan(&check); err != nil || check != "ok" {
		t.Fatalf("integrity_check: %q, %v", check, err)
	}
}

// TestConnectionsLostRefusedThenRecovered: PostgreSQL ending the store's connections (as it does
// to every connection when it restarts) fails the write and the read under way as unavailable,
// keeps nothing of the write refused, and the store's next write and read find new connections,
// the writer's too, without a restart.
func TestConnectionsLostRefusedThenRecovered(t *testing.T) {
	if !sqlstoretest.HavePostgres() {
		t.Skip("HAAT_TEST_POSTGRES is not set")
	}
	db := sqlstoretest.Open(t, sqlstore.Postgres)
	admin, err := sql.Open("pgx", os.Getenv("HAAT_TEST_POSTGRES"))
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	u, err := db.Register(ctx, "Sita Gurung", "sita@example.com", "correct horse")
	if err != nil {
		t.Fatal(err)
	}
	token, err := db.CreateSession(ctx, haat.RoleUser, u.ID, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	// The backends of the writer's connection and of the pool's.
	var pids []int
	var writer int
	if err := db.Write(ctx, func(tx *sqlstore.Tx) error {
		return tx.QueryRowContext(ctx, `SELECT pg_backend_pid()`).Scan(&writer)
	}); err != nil {
		t.Fatal(err)
	}
	pids = append(pids, writer)
	conns := make([]*sql.Conn, 3)
	for i := range conns {
		if conns[i], err = db.SQL().Conn(ctx); err != nil {
			t.Fatal(err)
		}
		var pid int
		if err := conns[i].QueryRowContext(ctx, `SELECT pg_backend_pid()`).Scan(&pid); err != nil {
			t.Fatal(err)
		}
		pids = append(pids, pid)
	}
	for _, c := range conns {
		c.Close()
	}
	for _, pid := range pids {
		if _, err := admin.ExecContext(ctx, `SELECT pg_terminate_backend($1)`, pid); err != nil {
			t.Fatal(err)
		}
	}
	// The writer learns that its connection is gone from the write it sends.
	_, err = db.Register(ctx, "Ram Thapa", "ram@example.com", "correct horse")
	wantUnavailable(t, "the write under way", err)
	if n := users(t, db, "ram@example.com"); n != 0 {
		t.Errorf("the refused registration is stored %d times", n)
	}
	if _, err := db.Register(ctx, "Ram Thapa", "ram@example.com", "correct horse"); err != nil {
		t.Fatalf("the next write: %v", err)
	}
	// A read on a connection the pool still holds may be refused; the next finds a new one.
	if _, err := db.SessionSubject(ctx, haat.RoleUser, token); err != nil {
		wantUnavailable(t, "the read under way", err)
	}
	if id, err := db.SessionSubject(ctx, haat.RoleUser, token); err != nil || id != u.ID {
		t.Fatalf("the next read: %q, %v", id, err)
	}
}
