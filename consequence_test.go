package haat_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"haat"
	"haat/slots"
)

// changed is o as a change leaves it, and o as it was, to work out what follows.
func changed(o *haat.Order, change func(*haat.Order)) (was, now *haat.Order) {
	was = new(*o)
	was.Items, was.Refunds = slices.Clone(o.Items), slices.Clone(o.Refunds)
	change(o)
	return was, o
}

// TestDeliveredConsequences: an order delivered takes the step Delivered, issues its invoice, texts
// and mails its shopper, and grants and releases nothing.
func TestDeliveredConsequences(t *testing.T) {
	o := packOrder(t, haat.PaymentCOD, haat.TaxNepalVAT)
	o.Status = haat.StatusOutForDelivery
	was, now := changed(o, func(o *haat.Order) { o.Status = haat.StatusDelivered })
	c, err := now.Consequences(was)
	if err != nil {
		t.Fatal(err)
	}
	if !c.Invoice {
		t.Error("a delivered order issues no invoice")
	}
	if c.Text != haat.StatusDelivered || c.Mail != haat.MessageDelivered {
		t.Errorf("text %q, mail %q; want the delivery texted and mailed", c.Text, c.Mail)
	}
	if len(c.Steps) != 1 || c.Steps[0].Status != haat.OrderStep(haat.StatusDelivered) {
		t.Errorf("steps %+v, want Delivered", c.Steps)
	}
	if c.Release || c.Packing || len(c.Credits) > 0 || c.RefundDue != nil {
		t.Errorf("a delivery does more: %+v", c)
	}

	// Delivered again (a change of its paid flag only) issues nothing twice.
	was, now = changed(now, func(o *haat.Order) { o.IsPaid = true })
	if c, _ := now.Consequences(was); c.Invoice || c.Text != "" || c.Mail != "" || len(c.Steps) != 1 || c.Steps[0].Status != haat.StepPaid {
		t.Errorf("paid after delivery: %+v, want only the step Paid", c)
	}
}

// TestStatusConsequences: each change of status, with what it texts, mails, issues and gives back.
func TestStatusConsequences(t *testing.T) {
	for _, tc := range []struct {
		name     string
		payment  haat.PaymentType
		credit   haat.Money
		from, to haat.OrderStatus
		text     haat.OrderStatus
		mail     haat.MessageKind
		release  bool
		credits  []haat.CreditGrant
	}{
		{name: "packed: nothing told", payment: haat.PaymentCOD, from: haat.StatusOrderPlaced, to: haat.StatusPacked},
		{name: "out for delivery", payment: haat.PaymentCOD, from: haat.StatusPacked, to: haat.StatusOutForDelivery,
			text: haat.StatusOutForDelivery, mail: haat.MessageOutForDelivery},
		{name: "cancelled cash order", payment: haat.PaymentCOD, from: haat.StatusOrderPlaced, to: haat.StatusCancelled,
			mail: haat.MessageCancelled, release: true},
		{name: "cancelled with store credit: the credit goes back", payment: haat.PaymentCOD, credit: 10000, from: haat.StatusOrderPlaced,
			to: haat.StatusCancelled, mail: haat.MessageCancelled, release: true,
			credits: []haat.CreditGrant{{Amount: 10000, Reason: haat.CreditReturned}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := packOrder(t, tc.payment, haat.TaxFlat)
			if err := o.UseCredit(tc.credit); err != nil {
				t.Fatal(err)
			}
			o.Status = tc.from
			was, now := changed(o, func(o *haat.Order) { o.Status = tc.to })
			c, err := now.Consequences(was)
			if err != nil {
				t.Fatal(err)
			}
			if c.Text != tc.text || c.Mail != tc.mail || c.Release != tc.release || c.Invoice {
				t.Errorf("text %q, mail %q, release %v, invoice %v; want %q, %q, %v, none", c.Text, c.Mail, c.Release, c.Invoice, tc.text, tc.mail, tc.release)
			}
			if !slices.Equal(c.Credits, tc.credits) {
				t.Errorf("credits %+v, want %+v", c.Credits, tc.credits)
			}
		})
	}
}

// TestPackingConsequences: a paid online order packed lighter owes the difference back and writes
// its packing; one that used store credit beyond its settled total gets the credit back.
func TestPackingConsequences(t *testing.T) {
	o := packOrder(t, haat.PaymentOnline, haat.TaxFlat)
	was, now := changed(o, func(o *haat.Order) {
		if err := o.PackUp([]haat.PackLine{{Product: "tomato", Grams: new(500)}, {Product: "butter", Quantity: new(2)}}, shelf, packNow); err != nil {
			t.Fatal(err)
		}
	})
	c, err := now.Consequences(was)
	if err != nil {
		t.Fatal(err)
	}
	// 250 g fewer tomatoes at Rs. 180/kg: Rs. 45 less, and its 2% tax, Rs. 0.90.
	if !c.Packing || c.RefundDue == nil || *c.RefundDue != 4590 {
		t.Fatalf("packing %v, refund due %v; want the packing written and Rs. 45.90 due back", c.Packing, c.RefundDue)
	}
	if len(c.Steps) != 1 || c.Steps[0].Status != haat.OrderStep(haat.StatusPacked) || len(c.Credits) > 0 {
		t.Errorf("steps %+v, credits %+v", c.Steps, c.Credits)
	}

	credit := packOrder(t, haat.PaymentCOD, haat.TaxFlat)
	if err := credit.UseCredit(credit.Amount); err != nil {
		t.Fatal(err)
	}
	was, now = changed(credit, func(o *haat.Order) {
		if err := o.PackUp([]haat.PackLine{{Product: "tomato", Grams: new(500)}, {Product: "butter", Quantity: new(2)}}, shelf, packNow); err != nil {
			t.Fatal(err)
		}
	})
	c, err = now.Consequences(was)
	if err != nil {
		t.Fatal(err)
	}
	if want := []haat.CreditGrant{{Amount: 4590, Reason: haat.CreditWeight}}; !slices.Equal(c.Credits, want) || c.RefundDue != nil {
		t.Errorf("credits %+v, refund due %v; want %+v back to the ledger", c.Credits, c.RefundDue, want)
	}
}

// TestRefundConsequences: a refund of part gives a credit note of what the bill lost; given as
// store credit it is granted and made at once.
func TestRefundConsequences(t *testing.T) {
	o := packOrder(t, haat.PaymentOnline, haat.TaxNepalVAT)
	o.Status = haat.StatusDelivered
	for _, way := range []haat.RefundWay{haat.RefundToPayment, haat.RefundToCredit} {
		t.Run(string(way), func(t *testing.T) {
			r, before, after, err := o.RefundPart(haat.PartRefund{OrderID: o.ID, Lines: []haat.RefundLine{{Product: "butter", Quantity: 1}},
				Reason: "Broken", Way: way}, 7, packNow)
			if err != nil {
				t.Fatal(err)
			}
			c, err := haat.RefundConsequences(r, before, after)
			if err != nil {
				t.Fatal(err)
			}
			if c.Refund == nil || c.Refund.Amount != 11300 || c.CreditNote == nil || c.CreditNote.Total != 11300 || c.CreditNote.Tax != 1300 {
				t.Fatalf("refund %+v, credit note %+v; want Rs. 113 back with its VAT, Rs. 13", c.Refund, c.CreditNote)
			}
			var credits []haat.CreditGrant
			if way == haat.RefundToCredit {
				credits = []haat.CreditGrant{{Amount: 11300, Reason: haat.CreditRefund, Note: "Broken"}}
			}
			if !slices.Equal(c.Credits, credits) || c.RefundMade != (way == haat.RefundToCredit) {
				t.Errorf("credits %+v, made %v", c.Credits, c.RefundMade)
			}
		})
	}
}

// TestClaimConsequences: a claim decided with a refund or store credit is a refund of part of its
// order that way; a replacement resends; a rejection only answers. The shopper is told each.
func TestClaimConsequences(t *testing.T) {
	claim := &haat.OrderClaim{ID: "c1", Reference: "C-2083/84-1", OrderID: "o1",
		Lines: []haat.ClaimLine{{Product: "butter", Quantity: 2, Reason: haat.ClaimDamaged}}}
	for _, tc := range []struct {
		resolution haat.ClaimResolution
		way        haat.RefundWay
		resend     bool
	}{
		{resolution: haat.ResolveRefund, way: haat.RefundToPayment},
		{resolution: haat.ResolveCredit, way: haat.RefundToCredit},
		{resolution: haat.ResolveResend, resend: true},
		{resolution: haat.ResolveReject},
	} {
		t.Run(string(tc.resolution), func(t *testing.T) {
			c, err := haat.ClaimDecision{ClaimID: claim.ID, Resolution: tc.resolution, Reason: "Seen"}.Consequences(claim)
			if err != nil {
				t.Fatal(err)
			}
			if c.Decided != claim || c.Resend != tc.resend {
				t.Errorf("told of %v, resend %v", c.Decided, c.Resend)
			}
			switch {
			case tc.way == "" && c.RefundPart != nil:
				t.Errorf("refund %+v, want none", c.RefundPart)
			case tc.way != "" && (c.RefundPart == nil || c.RefundPart.Way != tc.way || c.RefundPart.OrderID != "o1" ||
				len(c.RefundPart.Lines) != 1 || c.RefundPart.Lines[0].Quantity != 2 || c.RefundPart.Reason != "C-2083/84-1: Seen"):
				t.Errorf("refund %+v, want both butters back %s", c.RefundPart, tc.way)
			}
		})
	}
}

// TestPlacedConsequences: an order placed takes the step Order Placed by its shopper; a cash order,
// or one paid with store credit (the step Paid, by its shopper), texts and mails its shopper and
// empties their cart; an online order awaiting payment does neither yet.
func TestPlacedConsequences(t *testing.T) {
	shopper := &haat.Actor{ID: "u1", Role: haat.ActorShopper}
	placed := haat.OrderEvent{Status: haat.StepPlaced, By: shopper}
	for _, tc := range []struct {
		name    string
		payment haat.PaymentType
		status  haat.OrderStatus
		paid    bool
		steps   []haat.OrderEvent
		told    bool
	}{
		{name: "cash", payment: haat.PaymentCOD, status: haat.StatusOrderPlaced, steps: []haat.OrderEvent{placed}, told: true},
		{name: "online, awaiting payment", payment: haat.PaymentOnline, status: haat.StatusAwaitingPayment, steps: []haat.OrderEvent{placed}},
		{name: "paid with store credit", payment: haat.PaymentOnline, status: haat.StatusOrderPlaced, paid: true,
			steps: []haat.OrderEvent{placed, {Status: haat.StepPaid, By: shopper, Note: haat.NoteStoreCredit}}, told: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := &haat.Order{ID: "o1", UserID: "u1", PaymentType: tc.payment, Status: tc.status, IsPaid: tc.paid}
			c := o.Placed()
			if !equalSteps(c.Steps, tc.steps) {
				t.Errorf("steps %s, want %s", stepsOf(c.Steps), stepsOf(tc.steps))
			}
			text, mail := haat.OrderStatus(""), haat.MessageKind("")
			if tc.told {
				text, mail = haat.StatusOrderPlaced, haat.MessageOrderPlaced
			}
			if c.Text != text || c.Mail != mail || c.EmptyCart != tc.told {
				t.Errorf("text %q, mail %q, cart emptied %v; want %q, %q, %v", c.Text, c.Mail, c.EmptyCart, text, mail, tc.told)
			}
			if c.Take || c.Release || len(c.Credits) > 0 || c.OwedBack != nil {
				t.Errorf("placing does more: %+v", c)
			}
		})
	}
}

// TestReplacementConsequences: a claim decided by sending its goods again places a new order of
// those goods at no charge, in the slot chosen while the store offers slots, paid by who decided
// (the step Paid, noted a replacement); its shopper is told as of an order placed, and their cart
// is left as it is.
func TestReplacementConsequences(t *testing.T) {
	o := packOrder(t, haat.PaymentOnline, haat.TaxNepalVAT)
	o.UserID, o.Status, o.SpeedPromise = "u1", haat.StatusDelivered, ""
	claim := &haat.OrderClaim{ID: "c1", OrderID: o.ID, Lines: []haat.ClaimLine{{Product: "butter", Quantity: 1, Reason: haat.ClaimDamaged}}}
	dec := haat.ClaimDecision{ClaimID: claim.ID, Resolution: haat.ResolveResend}

	r, c, err := dec.Replacement(claim, o, nil, packNow)
	if err != nil {
		t.Fatal(err)
	}
	if r.Replaces != o.ID || r.UserID != "u1" || !r.IsPaid || r.Status != haat.StatusOrderPlaced || r.Amount != 0 || r.Slot != nil ||
		!r.CreatedAt.Equal(packNow) || len(r.Items) != 1 || r.Items[0].Product.ID != "butter" || r.Items[0].Quantity != 1 || r.Items[0].Product.OfferPrice != 0 {
		t.Fatalf("replacement %+v, want one butter at no charge, paid, placed now", r)
	}
	want := []haat.OrderEvent{{Status: haat.StepPlaced, By: &haat.Actor{ID: "u1", Role: haat.ActorShopper}},
		{Status: haat.StepPaid, Note: haat.NoteReplacement}}
	if !equalSteps(c.Steps, want) {
		t.Errorf("steps %s, want %s", stepsOf(c.Steps), stepsOf(want))
	}
	if c.Text != haat.StatusOrderPlaced || c.Mail != haat.MessageOrderPlaced || c.EmptyCart {
		t.Errorf("text %q, mail %q, cart emptied %v; want the order placed told, the cart kept", c.Text, c.Mail, c.EmptyCart)
	}

	// While the store offers slots, the one the decision names, if it can be chosen.
	slots := slots.Of([]slots.Window{{ID: "w1", Start: 16 * 60, End: 18 * 60, Capacity: 5}}, nil, packNow)
	if _, _, err := dec.Replacement(claim, o, slots, packNow); haat.ErrorCode(err) != haat.EINVALID {
		t.Errorf("no slot named: %v, want it asked for", err)
	}
	dec.Slot = slots[len(slots)-1].ID
	if r, _, err := dec.Replacement(claim, o, slots, packNow); err != nil || r.Slot == nil || r.Slot.ID != dec.Slot || r.PromisedBy == nil {
		t.Errorf("replacement in slot %s: %+v, %v", dec.Slot, r, err)
	}
}

// TestPaymentArrives: the money of an attempt pays and places an online order (taking its units
// and place again, or cancelled instead when they were sold meanwhile), pays a cash order at the
// door, or is owed back.
func TestPaymentArrives(t *testing.T) {
	provider := &haat.Actor{Name: "esewa", Role: haat.ActorPayment}
	attempt := haat.PaymentAttempt{ID: "a1", OrderID: "o1", Provider: "esewa", State: haat.PaymentPending}

	for _, from := range []haat.OrderStatus{haat.StatusAwaitingPayment, haat.StatusPaymentFailed} {
		t.Run("online, "+string(from), func(t *testing.T) {
			o := &haat.Order{ID: "o1", UserID: "u1", PaymentType: haat.PaymentOnline, Status: from, CreditUsed: 5000}
			c, err := o.PaymentArrives(attempt)
			if err != nil {
				t.Fatal(err)
			}
			if !o.IsPaid || o.Status != haat.StatusOrderPlaced || o.TestPayment {
				t.Errorf("order paid %v, %s, test %v; want paid and placed", o.IsPaid, o.Status, o.TestPayment)
			}
			if want := []haat.OrderEvent{{Status: haat.StepPaid, By: provider}}; !equalSteps(c.Steps, want) {
				t.Errorf("steps %s, want %s", stepsOf(c.Steps), stepsOf(want))
			}
			if !c.Take || c.Text != haat.StatusOrderPlaced || c.Mail != haat.MessageOrderPlaced || !c.EmptyCart || c.OwedBack != nil {
				t.Errorf("take %v, text %q, mail %q, cart emptied %v, owed back %v", c.Take, c.Text, c.Mail, c.EmptyCart, c.OwedBack)
			}
			// Sold meanwhile: cancelled by the store, what it held given back with its store credit,
			// its shopper mailed, the money due back (Release).
			s := c.SoldOut
			if s == nil {
				t.Fatal("nothing follows should its units have been sold")
			}
			want := []haat.OrderEvent{{Status: haat.StepCancelled, By: &haat.Actor{Role: haat.ActorStore}, Note: haat.NoteSoldOut}}
			if !equalSteps(s.Steps, want) {
				t.Errorf("sold out: steps %s, want %s", stepsOf(s.Steps), stepsOf(want))
			}
			// The cancelling mail, though the order was awaiting payment: its money goes back.
			if !s.Release || s.Mail != haat.MessageCancelled || s.Text != "" || !s.EmptyCart || s.Take ||
				!slices.Equal(s.Credits, []haat.CreditGrant{{Amount: 5000, Reason: haat.CreditReturned}}) {
				t.Errorf("sold out: %+v", s)
			}
		})
	}

	t.Run("the test payment page", func(t *testing.T) {
		o := &haat.Order{ID: "o1", PaymentType: haat.PaymentOnline, Status: haat.StatusAwaitingPayment}
		if _, err := o.PaymentArrives(haat.PaymentAttempt{Provider: haat.SandboxProvider, State: haat.PaymentPending}); err != nil || !o.TestPayment {
			t.Errorf("test payment %v, %v", o.TestPayment, err)
		}
	})

	t.Run("cash, at the door", func(t *testing.T) {
		o := &haat.Order{ID: "o1", PaymentType: haat.PaymentCOD, Status: haat.StatusOutForDelivery}
		c, err := o.PaymentArrives(attempt)
		if err != nil {
			t.Fatal(err)
		}
		if !o.IsPaid || o.Status != haat.StatusOutForDelivery {
			t.Errorf("order paid %v, %s; want paid, out for delivery still", o.IsPaid, o.Status)
		}
		want := []haat.OrderEvent{{Status: haat.StepPaid, By: provider, Note: haat.NoteAtTheDoor}}
		if !equalSteps(c.Steps, want) || c.Take || c.Text != "" || c.Mail != "" || c.EmptyCart || c.OwedBack != nil {
			t.Errorf("steps %s, %+v; want only %s", stepsOf(c.Steps), c, stepsOf(want))
		}
	})

	for _, tc := range []struct {
		name  string
		order haat.Order
		state haat.AttemptState
	}{
		{name: "attempt superseded", order: haat.Order{PaymentType: haat.PaymentOnline, Status: haat.StatusAwaitingPayment}, state: haat.PaymentSuperseded},
		{name: "paid already", order: haat.Order{PaymentType: haat.PaymentOnline, Status: haat.StatusOrderPlaced, IsPaid: true}, state: haat.PaymentPending},
		{name: "cancelled", order: haat.Order{PaymentType: haat.PaymentOnline, Status: haat.StatusCancelled}, state: haat.PaymentFailed},
		{name: "cash paid already", order: haat.Order{PaymentType: haat.PaymentCOD, Status: haat.StatusDelivered, IsPaid: true}, state: haat.PaymentPending},
		{name: "cash cancelled", order: haat.Order{PaymentType: haat.PaymentCOD, Status: haat.StatusCancelled}, state: haat.PaymentPending},
	} {
		t.Run("owed back: "+tc.name, func(t *testing.T) {
			o, a := tc.order, attempt
			a.State = tc.state
			c, err := o.PaymentArrives(a)
			if err != nil {
				t.Fatal(err)
			}
			if c.OwedBack == nil || c.OwedBack.ID != "a1" || len(c.Steps) > 0 || c.Take || c.Mail != "" || c.EmptyCart {
				t.Errorf("%+v, want the money owed back and nothing else", c)
			}
			if o.IsPaid != tc.order.IsPaid || o.Status != tc.order.Status {
				t.Errorf("order changed to paid %v, %s", o.IsPaid, o.Status)
			}
		})
	}
}

// TestPaymentFails: the pending attempt of an order awaiting payment ending unpaid moves the order
// to Payment Failed, which gives its units and place back; any other ending changes nothing.
func TestPaymentFails(t *testing.T) {
	o := &haat.Order{ID: "o1", PaymentType: haat.PaymentOnline, Status: haat.StatusAwaitingPayment}
	c, err := o.PaymentFails(haat.PaymentAttempt{ID: "a1", State: haat.PaymentPending})
	if err != nil {
		t.Fatal(err)
	}
	if o.Status != haat.StatusPaymentFailed || !c.Return || len(c.Steps) > 0 || c.Text != "" || c.Mail != "" || c.Release {
		t.Errorf("order %s, %+v; want Payment Failed, its units and place returned, nothing told", o.Status, c)
	}
	for _, tc := range []struct {
		name  string
		order haat.Order
		state haat.AttemptState
	}{
		{name: "failed already", order: haat.Order{PaymentType: haat.PaymentOnline, Status: haat.StatusPaymentFailed}, state: haat.PaymentPending},
		{name: "an older attempt", order: haat.Order{PaymentType: haat.PaymentOnline, Status: haat.StatusAwaitingPayment}, state: haat.PaymentSuperseded},
		{name: "paid", order: haat.Order{PaymentType: haat.PaymentOnline, Status: haat.StatusOrderPlaced, IsPaid: true}, state: haat.PaymentPending},
		{name: "cash at the door", order: haat.Order{PaymentType: haat.PaymentCOD, Status: haat.StatusOutForDelivery}, state: haat.PaymentPending},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := tc.order
			if c, err := o.PaymentFails(haat.PaymentAttempt{State: tc.state}); err != nil || o.Status != tc.order.Status || c.Return {
				t.Errorf("order %s, %+v, %v; want nothing changed", o.Status, c, err)
			}
		})
	}
}

// TestTimeToPayEnds: an online order unpaid when its time to pay ends is cancelled by the store,
// noted unpaid, gives back what it held and its store credit, and tells its shopper nothing (it
// was never placed); a paid one is left as it is.
func TestTimeToPayEnds(t *testing.T) {
	for _, from := range []haat.OrderStatus{haat.StatusAwaitingPayment, haat.StatusPaymentFailed} {
		o := &haat.Order{ID: "o1", UserID: "u1", PaymentType: haat.PaymentOnline, Status: from, CreditUsed: 2500}
		c, err := o.TimeToPayEnds()
		if err != nil {
			t.Fatal(err)
		}
		want := []haat.OrderEvent{{Status: haat.StepCancelled, By: &haat.Actor{Role: haat.ActorStore}, Note: haat.NoteUnpaid}}
		if o.Status != haat.StatusCancelled || !equalSteps(c.Steps, want) || !c.Release || c.Mail != "" || c.Text != "" ||
			!slices.Equal(c.Credits, []haat.CreditGrant{{Amount: 2500, Reason: haat.CreditReturned}}) {
			t.Errorf("from %s: order %s, steps %s, %+v", from, o.Status, stepsOf(c.Steps), c)
		}
	}
	paid := &haat.Order{PaymentType: haat.PaymentOnline, Status: haat.StatusOrderPlaced, IsPaid: true}
	if c, err := paid.TimeToPayEnds(); err != nil || paid.Status != haat.StatusOrderPlaced || c.Release || len(c.Steps) > 0 {
		t.Errorf("paid order: %s, %+v, %v; want it left as it is", paid.Status, c, err)
	}
}

// equalSteps reports whether two lists of steps are the same steps, by the same actors, with the
// same notes.
func equalSteps(a, b []haat.OrderEvent) bool {
	return slices.EqualFunc(a, b, func(x, y haat.OrderEvent) bool {
		return x.Status == y.Status && x.Note == y.Note && (x.By == nil) == (y.By == nil) && (x.By == nil || *x.By == *y.By)
	})
}

// stepsOf shows steps as a test's message says them.
func stepsOf(steps []haat.OrderEvent) string {
	var b strings.Builder
	for _, s := range steps {
		fmt.Fprintf(&b, "[%s %q", s.Status, s.Note)
		if s.By != nil {
			fmt.Fprintf(&b, " by %+v", *s.By)
		}
		b.WriteString("]")
	}
	return b.String()
}
