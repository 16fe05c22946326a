package sqlstore_test

import (
	"slices"
	"testing"
	"time"

	"haat"
	"haat/sqlstore"
	"haat/sqlstore/sqlstoretest"
)

// shopperWithAddress registers a shopper and saves an address in Pokhara for them.
func shopperWithAddress(t *testing.T, db *sqlstore.DB, email string) (*haat.User, string) {
	t.Helper()
	return shopperIn(t, db, email, "Pokhara", "Gandaki")
}

// shopperIn registers a shopper and saves an address in city and state for them.
func shopperIn(t *testing.T, db *sqlstore.DB, email, city, state string) (*haat.User, string) {
	t.Helper()
	u, err := db.Register(ctx, "Sita Gurung", email, "correct horse")
	if err != nil {
		t.Fatal(err)
	}
	a := &haat.Address{UserID: u.ID, FirstName: "Sita", LastName: "Gurung", Email: email, Street: "Lakeside 4",
		City: city, State: state, Zipcode: "33700", Country: "Nepal", Phone: "9811111111"}
	if err := db.CreateAddress(ctx, a); err != nil {
		t.Fatal(err)
	}
	return u, a.ID
}

// stockLeft returns the product's stock count.
func stockLeft(t *testing.T, db *sqlstore.DB, id string) int {
	t.Helper()
	list, err := db.Products(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range list {
		if p.ID == id {
			if p.Stock == nil {
				t.Fatalf("%s has no stock count", p.Name)
			}
			return *p.Stock
		}
	}
	t.Fatalf("product %s not found", id)
	return 0
}

// Money that arrives for an order whose payment had failed, after its units were sold to
// somebody else, cancels the order and is owed back: the units are not sold twice.
func TestLatePaymentAfterUnitsSold(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		two := 2
		apple := &haat.Product{Name: "Mustang Apple", Category: "Fruits", Price: 45000, OfferPrice: 42000, StockOn: true,
			Stock: &two, Image: []string{"/media/catalogue/apple.webp"}, Description: []string{"Crisp"}}
		if err := db.CreateProduct(ctx, apple); err != nil {
			t.Fatal(err)
		}
		late, lateAddr := shopperWithAddress(t, db, "late@example.com")
		o, err := sqlstoretest.PlaceOrder(db, haat.NewOrder{UserID: late.ID, AddressID: lateAddr, PaymentType: haat.PaymentOnline,
			Lines: []haat.OrderLine{{ProductID: apple.ID, Quantity: 2}}})
		if err != nil {
			t.Fatal(err)
		}
		a, _, err := db.StartPayment(ctx, o.ID, "test", "usd")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.SetPaymentReference(ctx, a.ID, "ref-late"); err != nil {
			t.Fatal(err)
		}
		if n := stockLeft(t, db, apple.ID); n != 0 {
			t.Fatalf("while paying: %d left, want 0", n)
		}
		failed := haat.PaymentResult{Provider: "test", Reference: "ref-late", EventKey: "evt_fail", State: haat.PaymentFailed}
		if _, err := db.ConfirmPayment(ctx, failed); err != nil {
			t.Fatal(err)
		}
		if n := stockLeft(t, db, apple.ID); n != 2 {
			t.Fatalf("after the failure: %d left, want 2", n)
		}

		quick, quickAddr := shopperWithAddress(t, db, "quick@example.com")
		if _, err := sqlstoretest.PlaceOrder(db, haat.NewOrder{UserID: quick.ID, AddressID: quickAddr, PaymentType: haat.PaymentCOD,
			Lines: []haat.OrderLine{{ProductID: apple.ID, Quantity: 2}}}); err != nil {
			t.Fatal(err)
		}

		paid := haat.PaymentResult{Provider: "test", Reference: "ref-late", EventKey: "evt_paid", State: haat.PaymentPaid, Amount: o.Amount, Currency: "usd"}
		if changed, err := db.ConfirmPayment(ctx, paid); err != nil || !changed {
			t.Fatalf("late payment: %v %v", changed, err)
		}
		got := orderOf(t, db, late)
		if got.Status != haat.StatusCancelled || !got.IsPaid || got.Refund != haat.RefundDue {
			t.Fatalf("order paid after its units were sold = %s, paid %v, refund %q", got.Status, got.IsPaid, got.Refund)
		}
		// Placed, paid by its provider, then cancelled by the store as sold out.
		var steps []string
		for _, e := range got.Events {
			steps = append(steps, string(e.Status)+"/"+e.By.Role+"/"+e.Note)
		}
		if want := []string{"Order Placed/shopper/", "Paid/payment/", "Cancelled/store/soldOut"}; !slices.Equal(steps, want) {
			t.Fatalf("steps %v, want %v", steps, want)
		}
		if n := stockLeft(t, db, apple.ID); n != 0 {
			t.Fatalf("after the late payment: %d left, want 0", n)
		}
	})
}

// An online order still unpaid when its time to pay ends is cancelled, whether its payment never
// started (the server stopped in between) or is still pending: its units go back, and its pending
// attempt ends, superseded, for its provider to be told.
func TestUnpaidOrdersEnd(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		five := 5
		apple := &haat.Product{Name: "Mustang Apple", Category: "Fruits", Price: 45000, OfferPrice: 42000, StockOn: true,
			Stock: &five, Image: []string{"/media/catalogue/apple.webp"}, Description: []string{"Crisp"}}
		if err := db.CreateProduct(ctx, apple); err != nil {
			t.Fatal(err)
		}
		place := func(email string) *haat.Order {
			u, addr := shopperWithAddress(t, db, email)
			o, err := sqlstoretest.PlaceOrder(db, haat.NewOrder{UserID: u.ID, AddressID: addr, PaymentType: haat.PaymentOnline,
				Lines: []haat.OrderLine{{ProductID: apple.ID, Quantity: 2}}})
			if err != nil {
				t.Fatal(err)
			}
			return o
		}
		stalled := place("stalled@example.com")
		started := place("started@example.com")
		if _, _, err := db.StartPayment(ctx, started.ID, "test", "usd"); err != nil {
			t.Fatal(err)
		}
		if n := stockLeft(t, db, apple.ID); n != 1 {
			t.Fatalf("two orders holding: %d left, want 1", n)
		}
		// Not old enough yet: nothing changes.
		// Not old enough yet: nothing changes.
		if n, ended, err := db.CancelUnpaidOrders(ctx, stalled.CreatedAt, nil); err != nil || n != 0 || len(ended) != 0 {
			t.Fatalf("cancelled %d (%d attempts ended), %v", n, len(ended), err)
		}
		if n, ended, err := db.CancelUnpaidOrders(ctx, time.Now().Add(time.Hour), []string{stalled.ID, started.ID}); err != nil || n != 0 || len(ended) != 0 {
			t.Fatalf("orders kept: cancelled %d (%d attempts ended), %v", n, len(ended), err)
		}
		n, ended, err := db.CancelUnpaidOrders(ctx, time.Now().Add(time.Hour), nil)
		if err != nil || n != 2 || len(ended) != 1 || ended[0].OrderID != started.ID || ended[0].State != haat.PaymentSuperseded {
			t.Fatalf("cancelled %d, ended %v, %v; want 2 and the started order's attempt", n, ended, err)
		}
		if n := stockLeft(t, db, apple.ID); n != 5 {
			t.Fatalf("after the unpaid orders ended: %d left, want 5", n)
		}
		for _, o := range []*haat.Order{stalled, started} {
			got, err := db.UserOrder(ctx, o.UserID, o.ID)
			if err != nil || got.Status != haat.StatusCancelled {
				t.Fatalf("order %s: %v %v, want Cancelled", o.ID, got, err)
			}
		}
		if n, _, err := db.CancelUnpaidOrders(ctx, time.Now().Add(time.Hour), nil); err != nil || n != 0 {
			t.Fatalf("cancelled again: %d, %v", n, err)
		}
	})
}
