package sqlstore_test

import (
	"testing"
	"time"

	"haat"
	"haat/sqlstore"
	"haat/sqlstore/sqlstoretest"
)

// TestSweep: what has outlived its use is removed, and what is still of use stays: sessions,
// rate-limit counts, sign-in codes and request keys.
func TestSweep(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		now := time.Now()
		db.Now = func() time.Time { return now }
		u := mustUser(t, db, "sita@example.com")
		expired, err := db.CreateSession(ctx, haat.RoleUser, u.ID, time.Hour)
		must(t, err)
		live, err := db.CreateSession(ctx, haat.RoleUser, u.ID, 3*time.Hour)
		must(t, err)
		_, _, err = db.Attempt(ctx, "old", 10, 15*time.Minute)
		must(t, err)
		_, err = db.SavePhoneCode(ctx, "9801111111", "browser-1", "hash")
		must(t, err)
		must(t, db.UseKey(ctx, u.ID, "", haat.RequestKey{Key: "old", Request: "r"}))

		now = now.Add(2 * time.Hour) // the first session has expired, nothing else is a day old
		_, _, err = db.Attempt(ctx, "new", 10, 15*time.Minute)
		must(t, err)
		swept, err := db.Sweep(ctx)
		must(t, err)
		if swept != (sqlstore.Swept{Sessions: 1}) {
			t.Fatalf("after two hours swept %+v", swept)
		}
		if _, err := db.SessionSubject(ctx, haat.RoleUser, live); err != nil {
			t.Fatalf("the live session went: %v", err)
		}
		if _, err := db.SessionSubject(ctx, haat.RoleUser, expired); haat.ErrorCode(err) != haat.ENOTFOUND {
			t.Fatalf("the expired session: %v", err)
		}

		now = now.Add(23 * time.Hour) // a day after the old count, code and key; the new count is 23 h old
		must(t, db.UseKey(ctx, u.ID, "", haat.RequestKey{Key: "new", Request: "r"}))
		swept, err = db.Sweep(ctx)
		must(t, err)
		if swept != (sqlstore.Swept{Sessions: 1, LoginLimits: 1, PhoneCodes: 1, RequestKeys: 1}) {
			t.Fatalf("after a day swept %+v", swept)
		}
		// The newer key is still known: sent again, it is a key used before.
		if _, used := haat.FirstUse(db.UseKey(ctx, u.ID, "", haat.RequestKey{Key: "new", Request: "r"})); !used {
			t.Fatal("a key of today was swept")
		}
		if swept, err = db.Sweep(ctx); err != nil || swept != (sqlstore.Swept{}) {
			t.Fatalf("a second sweep: %+v %v", swept, err)
		}
	})
}

// TestPhotosInUse: a picture is in use while a product shows it or an order placed with it keeps it.
func TestPhotosInUse(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		p := product("Jumla Red Rice", 32000, 29500, true)
		p.Image = []string{"/media/uploads/a.jpg", "/media/uploads/b.jpg"}
		mustCreate(t, db, p)
		u := mustUser(t, db, "sita@example.com")
		addr := mustAddress(t, db, u.ID)
		_, err := sqlstoretest.PlaceOrder(db, haat.NewOrder{UserID: u.ID, AddressID: addr.ID, PaymentType: haat.PaymentCOD,
			Lines: []haat.OrderLine{{ProductID: p.ID, Quantity: 1}}})
		must(t, err)
		p.Image = []string{"/media/uploads/c.jpg"}
		must(t, db.UpdateProduct(ctx, p, false))
		inUse, err := db.PhotosInUse(ctx)
		must(t, err)
		for _, url := range []string{"/media/uploads/a.jpg", "/media/uploads/b.jpg", "/media/uploads/c.jpg"} {
			if !inUse[url] {
				t.Errorf("%s is not in use: %v", url, inUse)
			}
		}
		if len(inUse) != 3 {
			t.Fatalf("in use: %v", inUse)
		}
	})
}

// TestExclusive: of two servers on one PostgreSQL, one at a time runs what it runs exclusively.
func TestExclusive(t *testing.T) {
	if !sqlstoretest.HavePostgres() {
		t.Skip("HAAT_TEST_POSTGRES is not set: two servers on one database need PostgreSQL")
	}
	dbs := sqlstoretest.OpenShared(t, sqlstore.Postgres, 2)
	inside, release := make(chan struct{}), make(chan struct{})
	done := make(chan bool)
	go func() {
		ran, err := dbs[0].Exclusive(ctx, 42, func() error { close(inside); <-release; return nil })
		done <- ran && err == nil
	}()
	<-inside
	ran, err := dbs[1].Exclusive(ctx, 42, func() error { t.Error("ran beside the other server"); return nil })
	if ran || err != nil {
		t.Fatalf("beside the other server: ran %v, %v", ran, err)
	}
	close(release)
	if !<-done {
		t.Fatal("the first server did not run")
	}
	ran, err = dbs[1].Exclusive(ctx, 42, func() error { return nil })
	if !ran || err != nil {
		t.Fatalf("after the other server: ran %v, %v", ran, err)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
