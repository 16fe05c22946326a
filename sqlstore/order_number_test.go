package sqlstore_test

import (
	"slices"
	"sync"
	"testing"
	"time"

	"haat"
	"haat/sqlstore"
	"haat/sqlstore/sqlstoretest"
)

// TestOrderNumbers: every placed order, cash or awaiting online payment, gets the next number from
// 10001; a refused order takes none; the seller finds an order they handle by its number.
func TestOrderNumbers(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		u := mustUser(t, db, "a@example.com")
		addr := mustAddress(t, db, u.ID)
		rice := mustCreate(t, db, product("Rice", 32000, 29500, true))
		dal := mustCreate(t, db, product("Dal", 18000, 16550, false))
		place := func(payment haat.PaymentType, productID string) (*haat.Order, error) {
			return sqlstoretest.PlaceOrder(db, haat.NewOrder{UserID: u.ID, AddressID: addr.ID, PaymentType: payment,
				Lines: []haat.OrderLine{{ProductID: productID, Quantity: 1}}})
		}
		first, err := place(haat.PaymentCOD, rice.ID)
		if err != nil || first.Number != 10001 {
			t.Fatalf("first order: number %v, %v", first, err)
		}
		_, err = place(haat.PaymentCOD, dal.ID)
		wantCode(t, err, haat.EINVALID) // out of stock: no number used up
		online, err := place(haat.PaymentOnline, rice.ID)
		if err != nil || online.Number != 10002 || online.Status != haat.StatusAwaitingPayment {
			t.Fatalf("online order: %+v, %v", online, err)
		}
		third, err := place(haat.PaymentCOD, rice.ID)
		if err != nil || third.Number != 10003 {
			t.Fatalf("third order: %+v, %v", third, err)
		}

		mine, err := db.UserOrders(ctx, u.ID)
		if err != nil || len(mine) != 3 || mine[0].Number != 10003 || mine[1].Number != 10002 || mine[2].Number != 10001 {
			t.Fatalf("user orders = %+v, %v", mine, err)
		}
		seller, _, err := db.SellerOrders(ctx, haat.SellerOrderFilter{}, 50)
		if err != nil || len(seller) != 2 || seller[0].Number != 10003 || seller[1].Number != 10001 {
			t.Fatalf("seller orders = %+v, %v", seller, err)
		}

		found, err := db.SellerOrderByNumber(ctx, 10001)
		if err != nil || found.ID != first.ID || found.Number != 10001 || len(found.Items) != 1 || found.Address.ID != addr.ID {
			t.Fatalf("order 10001 = %+v, %v", found, err)
		}
		_, err = db.SellerOrderByNumber(ctx, 10002) // awaiting payment: not the seller's yet
		wantCode(t, err, haat.ENOTFOUND)
		_, err = db.SellerOrderByNumber(ctx, 10004)
		wantCode(t, err, haat.ENOTFOUND)
	})
}

// TestOrderNumbersConcurrent: orders placed at once through two stores on one database, as by two
// servers, get distinct numbers that follow each other without gaps.
func TestOrderNumbersConcurrent(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, fresh *sqlstore.DB) {
		dbs := sqlstoretest.OpenShared(t, fresh.Dialect(), 2)
		db := dbs[0]
		rice := mustCreate(t, db, product("Rice", 32000, 29500, true))
		const shoppers, each = 8, 5
		var (
			mu      sync.Mutex
			numbers []int64
			wg      sync.WaitGroup
		)
		for i := range shoppers {
			u := mustUser(t, db, string(rune('a'+i))+"@example.com")
			addr := mustAddress(t, db, u.ID)
			server := dbs[i%2]
			wg.Go(func() {
				for range each {
					o, err := sqlstoretest.PlaceOrder(server, haat.NewOrder{UserID: u.ID, AddressID: addr.ID, PaymentType: haat.PaymentCOD,
						Lines: []haat.OrderLine{{ProductID: rice.ID, Quantity: 1}}})
					if err != nil {
						t.Error(err)
						return
					}
					mu.Lock()
					numbers = append(numbers, o.Number)
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		slices.Sort(numbers)
		if len(numbers) != shoppers*each {
			t.Fatalf("%d orders placed", len(numbers))
		}
		for i, n := range numbers {
			if n != int64(10001+i) {
				t.Fatalf("numbers = %v: want 10001…%d, each once", numbers, 10000+shoppers*each)
			}
		}
	})
}

// TestOrderNumbersMigration: orders placed before numbers existed get them in the order they were
// placed, and the next order continues after them.
func TestOrderNumbersMigration(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		u := mustUser(t, db, "a@example.com")
		addr := mustAddress(t, db, u.ID)
		rice := mustCreate(t, db, product("Rice", 32000, 29500, true))
		// Placed in reverse time order, so the ids' order is not the placing times' order.
		base := time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)
		var ids []string
		for i := range 3 {
			db.Now = func() time.Time { return base.Add(time.Duration(-i) * time.Hour) }
			o, err := sqlstoretest.PlaceOrder(db, haat.NewOrder{UserID: u.ID, AddressID: addr.ID, PaymentType: haat.PaymentCOD,
				Lines: []haat.OrderLine{{ProductID: rice.ID, Quantity: 1}}})
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, o.ID)
		}
		db.Now = time.Now
		// Back to the schema before numbers (0006, and 0025 that lets the number wait for the end of the
		// placing), then migrate again.
		// On SQLite the search index (0056) is kept by the number: it goes first, and comes again.
		back := []string{`DROP INDEX orders_number`, `ALTER TABLE orders DROP COLUMN number`, `DROP TABLE counters`,
			`DELETE FROM schema_migrations WHERE version IN (6, 25)`}
		if db.Dialect() == sqlstore.SQLite {
			back = append([]string{`DROP TRIGGER order_search_insert`, `DROP TRIGGER order_search_update`, `DROP TRIGGER order_search_delete`,
				`DROP TABLE order_search`, `DELETE FROM schema_migrations WHERE version = 56`}, back...)
		}
		for _, stmt := range back {
			if _, err := db.SQL().ExecContext(ctx, stmt); err != nil {
				t.Fatalf("%s: %v", stmt, err)
			}
		}
		if err := db.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		orders, err := db.UserOrders(ctx, u.ID)
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]int64{}
		for _, o := range orders {
			got[o.ID] = o.Number
		}
		if got[ids[2]] != 10001 || got[ids[1]] != 10002 || got[ids[0]] != 10003 {
			t.Fatalf("numbers after migration = %v (placed %v, oldest last)", got, ids)
		}
		next, err := sqlstoretest.PlaceOrder(db, haat.NewOrder{UserID: u.ID, AddressID: addr.ID, PaymentType: haat.PaymentCOD,
			Lines: []haat.OrderLine{{ProductID: rice.ID, Quantity: 1}}})
		if err != nil || next.Number != 10004 {
			t.Fatalf("next order: %+v, %v", next, err)
		}
	})
}

// TestOrderNumbersBatchWithRefused: in one batch of the writer, an order refused after it was
// written (its last unit taken by the order before it) gives its number back, and the orders around
// it are numbered one after the other, as they are stored.
func TestOrderNumbersBatchWithRefused(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		one := 1
		ghee := product("Ghee", 95000, 90000, true)
		ghee.Stock = &one
		mustCreate(t, db, ghee)
		rice := mustCreate(t, db, product("Rice", 32000, 29500, true))
		u := mustUser(t, db, "batch@example.com")
		addr := mustAddress(t, db, u.ID)

		type placed struct {
			o   *haat.Order
			err error
		}
		lines := []string{ghee.ID, ghee.ID, rice.ID}
		results := make([]placed, len(lines))
		release := db.HoldWriter()
		var wg sync.WaitGroup
		for i, id := range lines {
			wg.Go(func() {
				o, err := sqlstoretest.PlaceOrder(db, haat.NewOrder{UserID: u.ID, AddressID: addr.ID, PaymentType: haat.PaymentCOD,
					Lines: []haat.OrderLine{{ProductID: id, Quantity: 1}}})
				results[i] = placed{o, err}
			})
			db.WaitForWriter(t, i+1) // in this order, in one batch
		}
		release()
		wg.Wait()

		if results[1].err == nil {
			t.Fatalf("the second order of the last unit was placed: %+v", results[1].o)
		}
		for _, i := range []int{0, 2} {
			if results[i].err != nil {
				t.Fatalf("order %d: %v", i+1, results[i].err)
			}
		}
		if a, c := results[0].o.Number, results[2].o.Number; a != 10001 || c != 10002 {
			t.Fatalf("numbers %d and %d, want 10001 and 10002", a, c)
		}
		for _, i := range []int{0, 2} {
			stored, err := db.SellerOrderByNumber(ctx, results[i].o.Number)
			if err != nil || stored.ID != results[i].o.ID {
				t.Fatalf("order #%d as stored: %+v, %v (want %s)", results[i].o.Number, stored, err, results[i].o.ID)
			}
		}
		next, err := sqlstoretest.PlaceOrder(db, haat.NewOrder{UserID: u.ID, AddressID: addr.ID, PaymentType: haat.PaymentCOD,
			Lines: []haat.OrderLine{{ProductID: rice.ID, Quantity: 1}}})
		if err != nil || next.Number != 10003 {
			t.Fatalf("the next order: %+v, %v", next, err)
		}
	})
}
