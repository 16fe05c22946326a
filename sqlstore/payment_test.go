package sqlstore_test

import (
	"sync"
	"sync/atomic"
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
	a, _, err := db.StartPayment(ctx, o.ID, "test", "usd")
	if err != nil {
		t.Fatal(err)
	}
	if a.Amount != 60180 || a.Currency != "USD" || a.State != haat.PaymentPending || a.UserID != u.ID {
		t.Fatalf("attempt = %+v", a)
	}
	if pending, err := db.SetPaymentReference(ctx, a.ID, "ref-"+email); err != nil || !pending {
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
		_, _, err = db.StartPayment(ctx, o.ID, "test", "USD")
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
		cod, err := sqlstoretest.PlaceOrder(db, haat.NewOrder{UserID: u.ID, AddressID: got.Address.ID, PaymentType: haat.PaymentCOD,
			Lines: []haat.OrderLine{{ProductID: got.Items[0].Product.ID, Quantity: 1}}})
		if err != nil {
			t.Fatal(err)
		}
		_, _, err = db.StartPayment(ctx, cod.ID, "test", "USD")
		wantCode(t, err, haat.ECONFLICT)
		_, _, err = db.StartPayment(ctx, "no-such-order", "test", "USD")
		wantCode(t, err, haat.ENOTFOUND)
		_ = o
	})
}

func TestPendingPaymentsAndFailedStart(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		now := time.Now()
		db.Now = func() time.Time { return now }
		u, _, a := onlineOrder(t, db, "c@example.com")
		if p, err := db.PendingPayments(ctx, now, time.Time{}); err != nil || len(p) != 0 {
			t.Fatalf("pending before its time = %v, %v", p, err)
		}
		p, err := db.PendingPayments(ctx, now.Add(time.Second), time.Time{})
		if err != nil || len(p) != 1 || p[0].ID != a.ID || p[0].Reference != a.Reference || p[0].Amount != 60180 {
			t.Fatalf("pending = %+v, %v", p, err)
		}
		if err := db.FailPaymentStart(ctx, a.ID); err != nil {
			t.Fatal(err)
		}
		if got := orderOf(t, db, u); got.Status != haat.StatusPaymentFailed || got.IsPaid {
			t.Fatalf("order after a failed start = %+v", got)
		}
		if p, _ := db.PendingPayments(ctx, now.Add(time.Second), time.Time{}); len(p) != 0 {
			t.Fatal("a failed attempt is still pending")
		}
	})
}

// TestOnePendingAttemptPerOrder: a new attempt supersedes the pending one; money that still
// arrives for a superseded attempt, or for an order already paid, is owed back and marks nothing
// paid a second time.
func TestOnePendingAttemptPerOrder(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		u, o, a1 := onlineOrder(t, db, "d@example.com")
		a2, superseded, err := db.StartPayment(ctx, o.ID, "test", "USD")
		if err != nil {
			t.Fatal(err)
		}
		if len(superseded) != 1 || superseded[0].ID != a1.ID || superseded[0].Reference != a1.Reference || superseded[0].State != haat.PaymentSuperseded {
			t.Fatalf("superseded = %+v", superseded)
		}
		if pending, err := db.SetPaymentReference(ctx, a2.ID, "ref-2"); err != nil || !pending {
			t.Fatalf("newest attempt: %v, %v", pending, err)
		}
		// A third start supersedes the second; the second learns it when its reference is stored.
		a3, superseded, err := db.StartPayment(ctx, o.ID, "test", "USD")
		if err != nil || len(superseded) != 1 || superseded[0].ID != a2.ID {
			t.Fatalf("third start: %+v, %v", superseded, err)
		}
		if pending, err := db.SetPaymentReference(ctx, a2.ID, "ref-2"); err != nil || pending {
			t.Fatalf("superseded attempt reported pending: %v, %v", pending, err)
		}
		if _, err := db.SetPaymentReference(ctx, a3.ID, "ref-3"); err != nil {
			t.Fatal(err)
		}
		p, _ := db.PendingPayments(ctx, time.Now().Add(time.Hour), time.Time{})
		states := map[string]haat.AttemptState{}
		for _, a := range p {
			states[a.ID] = a.State
		}
		if len(states) != 3 || states[a1.ID] != haat.PaymentSuperseded || states[a2.ID] != haat.PaymentSuperseded || states[a3.ID] != haat.PaymentPending {
			t.Fatalf("attempts = %v", states)
		}

		// A superseded attempt stays so when its provider gives it up.
		if changed, err := db.ConfirmPayment(ctx, haat.PaymentResult{Provider: "test", Reference: a1.Reference, State: haat.PaymentExpired}); err != nil || changed {
			t.Fatalf("expired superseded attempt: %v, %v", changed, err)
		}
		// Money for a superseded attempt: owed back; the order still awaits its newest attempt.
		paid := func(ref string) haat.PaymentResult {
			return haat.PaymentResult{Provider: "test", Reference: ref, State: haat.PaymentPaid, Amount: 60180, Currency: "USD"}
		}
		if changed, err := db.ConfirmPayment(ctx, paid(a1.Reference)); err != nil || !changed {
			t.Fatalf("superseded attempt paid: %v, %v", changed, err)
		}
		got := orderOf(t, db, u)
		if got.IsPaid || got.Status != haat.StatusAwaitingPayment || got.Refund != haat.RefundDue || len(got.Refunds) != 1 {
			t.Fatalf("order after a superseded payment = %+v", got)
		}
		if r := got.Refunds[0]; r.Reference != a1.Reference || r.Amount != 60180 || r.Provider != "test" || r.Currency != "USD" || r.State != haat.RefundDue {
			t.Fatalf("refund = %+v", r)
		}
		// The seller sees an unpaid online order that owes money back.
		if due, err := db.DueRefunds(ctx, o.ID); err != nil || len(due) != 1 {
			t.Fatalf("due refunds = %+v, %v", due, err)
		}

		// The newest attempt pays the order, once, even when two answers race.
		var wg sync.WaitGroup
		var applied atomic.Int32
		for range 4 {
			wg.Go(func() {
				changed, err := db.ConfirmPayment(ctx, paid("ref-3"))
				if err != nil {
					t.Error(err)
				}
				if changed {
					applied.Add(1)
				}
			})
		}
		wg.Wait()
		got = orderOf(t, db, u)
		if applied.Load() != 1 || !got.IsPaid || got.Status != haat.StatusOrderPlaced || got.TestPayment || len(got.Refunds) != 1 {
			t.Fatalf("order after %d answers applied = %+v", applied.Load(), got)
		}
		// Money for the other superseded attempt, after the order is paid: owed back too.
		if changed, err := db.ConfirmPayment(ctx, paid("ref-2")); err != nil || !changed {
			t.Fatalf("second superseded payment: %v, %v", changed, err)
		}
		if got = orderOf(t, db, u); len(got.Refunds) != 2 || got.Refund != haat.RefundDue {
			t.Fatalf("order after two superseded payments = %+v", got)
		}

		// A refund recorded for one attempt; then every other one by hand.
		if _, err := db.RecordRefund(ctx, o.ID, haat.Refund{AttemptID: a1.ID}, "re_1"); err != nil {
			t.Fatal(err)
		}
		if _, err := db.RecordRefund(ctx, o.ID, haat.Refund{AttemptID: a1.ID}, "re_2"); haat.ErrorCode(err) != haat.ECONFLICT {
			t.Fatalf("refunded twice: %v", err)
		}
		got2, err := db.MarkOrderRefunded(ctx, o.ID)
		if err != nil || got2.Refund != haat.RefundRefunded || got2.Refunds[0].RefundReference != "re_1" || got2.Refunds[1].RefundReference != "" {
			t.Fatalf("refunded order = %+v, %v", got2, err)
		}
		_, err = db.MarkOrderRefunded(ctx, o.ID)
		wantCode(t, err, haat.ECONFLICT)
	})
}

// TestLatePaymentOfAnEndedAttempt: an attempt that failed is not superseded; if its money arrives
// while the order is unpaid, it pays the order, and a later payment of the newer attempt is owed back.
func TestLatePaymentOfAnEndedAttempt(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		u, o, a1 := onlineOrder(t, db, "e@example.com")
		db.ConfirmPayment(ctx, haat.PaymentResult{Provider: "test", Reference: a1.Reference, State: haat.PaymentExpired})
		a2, superseded, err := db.StartPayment(ctx, o.ID, "sandbox", "USD")
		if err != nil || len(superseded) != 0 {
			t.Fatalf("start after a failure: %+v, %v", superseded, err)
		}
		db.SetPaymentReference(ctx, a2.ID, a2.ID)
		if changed, err := db.ConfirmPayment(ctx, haat.PaymentResult{Provider: "test", Reference: a1.Reference, State: haat.PaymentPaid, Amount: 60180, Currency: "USD"}); err != nil || !changed {
			t.Fatalf("late payment: %v, %v", changed, err)
		}
		if got := orderOf(t, db, u); !got.IsPaid || got.TestPayment || len(got.Refunds) != 0 {
			t.Fatalf("order paid late = %+v", got)
		}
		if changed, err := db.ConfirmPayment(ctx, haat.PaymentResult{Provider: "sandbox", Reference: a2.ID, State: haat.PaymentPaid, Amount: 60180, Currency: "USD"}); err != nil || !changed {
			t.Fatalf("second payment: %v, %v", changed, err)
		}
		if got := orderOf(t, db, u); !got.IsPaid || got.TestPayment || len(got.Refunds) != 1 || got.Refunds[0].Provider != "sandbox" {
			t.Fatalf("order paid twice = %+v", got)
		}
	})
}
