package sqlstore_test

import (
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"haat"
	"haat/dashboard"
	"haat/sqlstore"
	"haat/sqlstore/sqlstoretest"
)

// TestBestSellersKept: the dashboard keeps what the days before today sold between requests, and
// reads it again once one of their orders stops counting (cancelled); today's orders count at once.
func TestBestSellersKept(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		u := mustUser(t, db, "a@example.com")
		addr := mustAddress(t, db, u.ID)
		rice := mustCreate(t, db, product("Rice", 32000, 29500, true))
		dal := mustCreate(t, db, product("Dal", 20000, 18000, true))
		today := time.Date(2026, 11, 28, 10, 0, 0, 0, haat.StoreZone)
		at := today.AddDate(0, 0, -2)
		db.Now = func() time.Time { return at }
		place := func(p *haat.Product, n int) *haat.Order {
			t.Helper()
			o, err := sqlstoretest.PlaceOrder(db, haat.NewOrder{UserID: u.ID, AddressID: addr.ID, PaymentType: haat.PaymentCOD,
				Lines: []haat.OrderLine{{ProductID: p.ID, Quantity: n}}})
			if err != nil {
				t.Fatal(err)
			}
			return o
		}
		old := place(rice, 3)
		place(dal, 1)

		var mu sync.Mutex
		pastReads := 0
		db.SeeReads(func(q string, _ []any) {
			if strings.Contains(q, "SUM(COALESCE(i.packed_quantity, i.quantity))") && strings.Contains(q, "o.created_at < ") {
				mu.Lock()
				pastReads++
				mu.Unlock()
			}
		})
		t.Cleanup(func() { db.SeeReads(nil) })
		best := func(want string) {
			t.Helper()
			wantBestSellers(t, db, want, func(s dashboard.ProductSales) string {
				return s.Product.Name + " " + itoa(s.Units) + " " + itoa(int(s.Revenue))
			})
		}
		reads := func(want int) {
			t.Helper()
			if pastReads != want {
				t.Fatalf("the days before today were read %d times, want %d", pastReads, want)
			}
		}

		at = today
		best("Rice 3 88500, Dal 1 18000")
		reads(1)
		best("Rice 3 88500, Dal 1 18000")
		reads(1) // kept

		// Today's orders count at once, and leave what is kept as it is.
		place(dal, 5)
		best("Dal 6 108000, Rice 3 88500")
		reads(1)

		// An order of two days ago cancelled: what is kept is read again.
		if _, err := db.CancelOrder(ctx, u.ID, old.ID); err != nil {
			t.Fatal(err)
		}
		best("Dal 6 108000")
		reads(2)
		best("Dal 6 108000")
		reads(2)

		// The next day, the sum ends a day later: today's orders of before are now of the days before.
		at = today.AddDate(0, 0, 1)
		best("Dal 6 108000")
		reads(3)
		best("Dal 6 108000")
		reads(3)
	})
}

func itoa(n int) string { return strconv.Itoa(n) }

// wantBestSellers fails t unless the dashboard's best sellers, each as line writes it, are want,
// joined by commas.
func wantBestSellers(t *testing.T, db *sqlstore.DB, want string, line func(dashboard.ProductSales) string) {
	t.Helper()
	d, err := db.Dashboard(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range d.BestSellers {
		got = append(got, line(s))
	}
	if strings.Join(got, ", ") != want {
		t.Fatalf("best sellers %q, want %q", strings.Join(got, ", "), want)
	}
}

// TestBestSellersWeighed: goods sold by weight count by weight and what their lines were billed,
// not their price per kilogram times their steps; packing lighter lowers both, and what is left to
// pay, which the order keeps.
func TestBestSellersWeighed(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		u := mustUser(t, db, "a@example.com")
		addr := mustAddress(t, db, u.ID)
		tomato := product("Tomatoes", 20000, 18000, true)
		tomato.SoldBy, tomato.Step, tomato.Weight = haat.SoldByWeight, 250, ""
		mustCreate(t, db, tomato)
		rice := mustCreate(t, db, product("Rice", 32000, 29500, true))
		db.Now = func() time.Time { return time.Date(2026, 11, 28, 10, 0, 0, 0, haat.StoreZone) }
		o, err := sqlstoretest.PlaceOrder(db, haat.NewOrder{UserID: u.ID, AddressID: addr.ID, PaymentType: haat.PaymentCOD,
			Lines: []haat.OrderLine{{ProductID: tomato.ID, Quantity: 4}, {ProductID: rice.ID, Quantity: 1}}})
		if err != nil {
			t.Fatal(err)
		}
		best := func(want string) {
			t.Helper()
			wantBestSellers(t, db, want, func(s dashboard.ProductSales) string {
				return s.Product.Name + " " + itoa(s.Units) + " " + s.Weight + " Rs. " + s.Revenue.String()
			})
		}
		// 1 kg of tomatoes at Rs. 180/kg, in 250 g steps: Rs. 180, not 4 × 180.
		best("Tomatoes 4 1 kg Rs. 180, Rice 1  Rs. 295")

		// Packed at 750 g: what was weighed, at what it was billed.
		packed, err := db.PackOrder(ctx, haat.PackOrder{OrderID: o.ID, Lines: []haat.PackLine{
			{Product: tomato.ID, Grams: new(750)}, {Product: rice.ID, Quantity: new(1)}}})
		if err != nil {
			t.Fatal(err)
		}
		best("Tomatoes 4 750 g Rs. 135, Rice 1  Rs. 295")
		var toPay haat.Money
		if err := db.SQL().QueryRowContext(ctx, `SELECT to_pay FROM orders WHERE id = $1`, o.ID).Scan(&toPay); err != nil {
			t.Fatal(err)
		}
		if b, err := packed.Balance(); err != nil || toPay != b.ToPay || toPay >= o.ToPay {
			t.Errorf("kept to pay %s, the packed order's balance %+v (%v), placed with %s to pay", toPay, b, err, o.ToPay)
		}
	})
}
