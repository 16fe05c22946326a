package sqlstore_test

import (
	"testing"
	"time"

	"haat"
	"haat/sqlstore"
	"haat/sqlstore/sqlstoretest"
)

// onlineOrder places an online order of 601.80 for a new shopper whose cart holds one item, and
// starts a payment attempt with provider "test", reference "ref-<email>".
func onlineOrder(t *testing.T, db *sqlstore.DB, email string) (*haat.User, *haat.Order, *haat.PaymentAttempt) {
	t.Helper()
	u, o := sqlstoretest.OnlineOrder(t, db, email)
	if o.Status != haat.StatusAwaitingPayment || o.IsPaid {
		t.Fatalf("new online order = %+v", o)
	}
	a, err := db.StartPayment(ctx, o.ID, "test", "usd")
	if err != nil {
		t.Fatal(err)
	}
	if a.Amount != 60180 || a.Currency != "USD" || a.State != haat.PaymentPending || a.UserID != u.ID {
		t.Fatalf("attempt = %+v", a)
	}
	if err := db.SetPaymentReference(ctx, a.ID, "ref-"+email); err != nil {
		t.Fatal(err)
	}
	a.Reference = "ref-" + email
	return u, o, a
}

func orderOf(t *testing.T, db *sqlstore.DB, u *haat.User) haat.Order {
	t.Helper()
	orders, err := db.UserOrders(ctx, u.ID)
	if err != nil || len(orders) != 1 {
		t.Fatalf("orders = %v, %v", orders, err)
	}
	return orders[0]
}

func TestPaymentConfirmation(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		u, o, a := onlineOrder(t, db, "a@example.com")
		paid := haat.PaymentResult{Provider: "test", Reference: a.Reference, EventKey: "evt_1", State: haat.PaymentPaid, Amount: 60180, Currency: "usd"}

		// Not the order's amount or currency: refused, nothing changes, and the event stays unseen.
		for _, wrong := range []haat.PaymentResult{
			{Provider: "test", Reference: a.Reference, EventKey: "evt_1", State: haat.PaymentPaid, Amount: 60179, Currency: "USD"},
			{Provider: "test", Reference: a.Reference, EventKey: "evt_1", State: haat.PaymentPaid, Amount: 60180, Currency: "NPR"},
		} {
			_, err := db.ConfirmPayment(ctx, wrong)
			wantCode(t, err, haat.ECONFLICT)
		}
		if got := orderOf(t, db, u); got.IsPaid || got.Status != haat.StatusAwaitingPayment {
			t.Fatalf("mismatched payment changed the order: %+v", got)
		}
		_, err := db.ConfirmPayment(ctx, haat.PaymentResult{Provider: "test", Reference: "unknown", State: haat.PaymentPaid})
		wantCode(t, err, haat.ENOTFOUND)
		_, err = db.ConfirmPayment(ctx, haat.PaymentResult{Provider: "other", Reference: a.Reference, State: haat.PaymentPaid, Amount: 60180, Currency: "USD"})
		wantCode(t, err, haat.ENOTFOUND)

		if changed, err := db.ConfirmPayment(ctx, paid); err != nil || !changed {
			t.Fatalf("paid: %v, %v", changed, err)
		}
		got := orderOf(t, db, u)
		if !got.IsPaid || got.Status != haat.StatusOrderPlaced || got.ID != o.ID {
			t.Fatalf("paid order = %+v", got)
		}
		if user, _ := db.User(ctx, u.ID); len(user.CartItems) != 0 {
			t.Fatal("the cart was not emptied by the payment")
		}
		// The same event again, another event saying paid, and a late failure: no effect.
		for _, again := range []haat.PaymentResult{paid, {Provider: "test", Reference: a.Reference, EventKey: "evt_2", State: haat.PaymentPaid, Amount: 60180, Currency: "USD"},
			{Provider: "test", Reference: a.Reference, EventKey: "evt_3", State: haat.PaymentExpired}} {
			if changed, err := db.ConfirmPayment(ctx, again); err != nil || changed {
				t.Fatalf("%+v: %v, %v", again, changed, err)
			}
		}
		if got := orderOf(t, db, u); !got.IsPaid || got.Status != haat.StatusOrderPlaced {
			t.Fatalf("order after repeats = %+v", got)
		}
		_, err = db.StartPayment(ctx, o.ID, "test", "USD")
		wantCode(t, err, haat.ECONFLICT) // paid already
	})
}

func TestPaymentFailureAndLatePayment(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		u, o, a := onlineOrder(t, db, "b@example.com")
		if changed, err := db.ConfirmPayment(ctx, haat.PaymentResult{Provider: "test", Reference: a.Reference, State: haat.PaymentCancelled}); err != nil || !changed {
			t.Fatalf("cancel: %v, %v", changed, err)
		}
		got := orderOf(t, db, u)
		if got.IsPaid || got.Status != haat.StatusPaymentFailed {
			t.Fatalf("cancelled order = %+v", got)
		}
		if user, _ := db.User(ctx, u.ID); len(user.CartItems) != 1 {
			t.Fatal("a failed payment emptied the cart")
		}
		// The provider says later that the money did arrive: the order is paid after all.
		if changed, err := db.ConfirmPayment(ctx, haat.PaymentResult{Provider: "test", Reference: a.Reference, EventKey: "late",
			State: haat.PaymentPaid, Amount: 60180, Currency: "USD"}); err != nil || !changed {
			t.Fatalf("late payment: %v, %v", changed, err)
		}
		if got := orderOf(t, db, u); !got.IsPaid || got.Status != haat.StatusOrderPlaced {
			t.Fatalf("late-paid order = %+v", got)
		}

		// A cash order takes no payment attempt.
		cod, err := db.PlaceOrder(ctx, haat.NewOrder{UserID: u.ID, AddressID: got.Address.ID, PaymentType: haat.PaymentCOD,
			Lines: []haat.OrderLine{{ProductID: got.Items[0].Product.ID, Quantity: 1}}})
		if err != nil {
			t.Fatal(err)
		}
		_, err = db.StartPayment(ctx, cod.ID, "test", "USD")
		wantCode(t, err, haat.ECONFLICT)
		_, err = db.StartPayment(ctx, "no-such-order", "test", "USD")
		wantCode(t, err, haat.ENOTFOUND)
		_ = o
	})
}

func TestPendingPaymentsAndFailedStart(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		now := time.Now()
		db.Now = func() time.Time { return now }
		u, _, a := onlineOrder(t, db, "c@example.com")
		if p, err := db.PendingPayments(ctx, now); err != nil || len(p) != 0 {
			t.Fatalf("pending before its time = %v, %v", p, err)
		}
		p, err := db.PendingPayments(ctx, now.Add(time.Second))
		if err != nil || len(p) != 1 || p[0].ID != a.ID || p[0].Reference != a.Reference || p[0].Amount != 60180 {
			t.Fatalf("pending = %+v, %v", p, err)
		}
		if err := db.FailPaymentStart(ctx, a.ID); err != nil {
			t.Fatal(err)
		}
		if got := orderOf(t, db, u); got.Status != haat.StatusPaymentFailed || got.IsPaid {
			t.Fatalf("order after a failed start = %+v", got)
		}
		if p, _ := db.PendingPayments(ctx, now.Add(time.Second)); len(p) != 0 {
			t.Fatal("a failed attempt is still pending")
		}
	})
}
