package haat

import (
	"reflect"
	"slices"
)

// Consequences are what follows from a change of an order: the steps its history gains, the
// messages its shopper is sent, the documents the store issues, what it takes or gives back, the
// store credit it grants and the money owed back. The domain works them out (Order.Placed,
// Order.Consequences, Order.PaymentArrives, Order.PaymentFails, Order.TimeToPayEnds,
// RefundConsequences, ClaimDecision.Consequences, ClaimDecision.Replacement) without a database;
// the store applies them inside the change's transaction, in one place, so that "what happens
// when an order is delivered" is read here.
type Consequences struct {
	// Steps are the steps the order's history gains (Steps), in order; a step that names no one
	// (By) is taken by who acts.
	Steps []OrderEvent
	// Text is the status the shopper is texted of (TextedStatuses), and Mail the kind of message
	// mailed (OrderMessage); empty when the change tells neither.
	Text OrderStatus
	Mail MessageKind
	// Packing says the order was packed (or its shopper answered a substitute): what was packed of
	// each item, the settled bill and its coupon's discount are written.
	Packing bool
	// Offer says substitutes were offered as the order was packed: the shopper is asked to answer.
	Offer bool
	// Invoice says the order was delivered: its invoice is issued.
	Invoice bool
	// Credits are store credit granted to the order's shopper.
	Credits []CreditGrant
	// RefundDue is what packing or a substitute refused owes back of the order's payment, when
	// that changed; nil when it did not.
	RefundDue *Money
	// Release says the order was cancelled: its units, coupon use and slot's place go back, its
	// pending payments end and the money it was paid is due back.
	Release bool
	// Refund is a refund of part agreed (Order.RefundPart), to record; CreditNote the figures of the
	// credit note it is given when the order has a tax invoice; RefundMade says it is made at once
	// (store credit).
	Refund     *Refund
	CreditNote *InvoiceTotals
	RefundMade bool
	// Resend says a claim is decided by sending its goods again (ClaimDecision.Replacement), and
	// RefundPart that it is decided by this refund of part; Decided is the claim whose shopper is
	// told the decision.
	Resend     bool
	RefundPart *PartRefund
	Decided    *OrderClaim
	// Take says the order, its money arrived, takes again the units and the slot's place it gave
	// back as a payment of it failed, if it did. Should another order have taken them meanwhile,
	// SoldOut follows instead of what is left of these: the order is cancelled.
	Take    bool
	SoldOut *Consequences
	// Return says the order gives its units and its slot's place back until it is paid.
	Return bool
	// EmptyCart says the order took its shopper's cart: the cart is emptied.
	EmptyCart bool
	// OwedBack is an attempt whose money arrived when it was not wanted (the attempt superseded,
	// or its order paid already or cancelled): the money is owed back whole.
	OwedBack *PaymentAttempt
}

// CreditGrant is store credit a change grants the order's shopper: how much, why, and the note
// their ledger shows.
type CreditGrant struct {
	Amount Money
	Reason CreditReason
	Note   string
}

// Consequences are what follows from the order's change from was to o (o as changed): its steps,
// the text and mail of a new status, the packing to write with the credit it gives back and the
// money it owes back, the invoice of a delivery, and a cancelling's release of what the order held
// with its store credit returned.
func (o *Order) Consequences(was *Order) (Consequences, error) {
	c := Consequences{Steps: Steps(was, o)}
	c.tell(was.Status, o.Status)
	if o.Status == StatusPacked && len(o.Items) > 0 && o.Items[0].Packed != nil {
		c.Packing = true
		// Store credit the order used beyond its settled total goes back: weighed at packing, or a
		// substitute refused after it.
		back, err := was.CreditUsed.Sub(o.CreditUsed)
		if err != nil {
			return Consequences{}, err
		}
		if back > 0 {
			reason := CreditWeight
			if was.Status == StatusPacked {
				reason = CreditRefund
			}
			c.Credits = append(c.Credits, CreditGrant{Amount: back, Reason: reason})
		}
		c.Offer = was.Status != StatusPacked && len(o.Offers()) > 0
		if owed, ok := DueRefund(o.Refunds); ok && !reflect.DeepEqual(o.Refunds, was.Refunds) {
			c.RefundDue = &owed
		}
	}
	c.Invoice = o.Status == StatusDelivered && was.Status != StatusDelivered
	if o.Status == StatusCancelled && was.Status != StatusCancelled {
		c.Release = true
		if o.CreditUsed > 0 {
			c.Credits = append(c.Credits, CreditGrant{Amount: o.CreditUsed, Reason: CreditReturned})
		}
	}
	return c, nil
}

// tell has the shopper of an order that moved from status was to now texted (TextedStatuses) and
// mailed (OrderMessage) of it, as its new status calls for.
func (c *Consequences) tell(was, now OrderStatus) {
	if now == was {
		return
	}
	if slices.Contains(TextedStatuses, now) {
		c.Text = now
	}
	if kind, ok := OrderMessage(was, now); ok {
		c.Mail = kind
	}
}

// Placed are what follows from placing the order o: the step Order Placed, taken by its shopper,
// and the step Paid when it is paid as it is placed (with its shopper's store credit, or at no
// charge by who sends a replacement); once it is placed (a cash order, or one paid; an online
// order awaits its payment first), its shopper is texted and mailed of it and their cart, which
// it took, emptied (a replacement took none).
func (o *Order) Placed() Consequences {
	shopper := &Actor{ID: o.UserID, Role: ActorShopper}
	c := Consequences{Steps: []OrderEvent{{Status: StepPlaced, By: shopper}}}
	switch {
	case o.IsPaid && o.Replaces != "":
		c.Steps = append(c.Steps, OrderEvent{Status: StepPaid, Note: NoteReplacement})
	case o.IsPaid:
		c.Steps = append(c.Steps, OrderEvent{Status: StepPaid, By: shopper, Note: NoteStoreCredit})
	}
	c.tell("", o.Status)
	c.EmptyCart = o.Status == StatusOrderPlaced && o.Replaces == ""
	return c
}

// PaymentArrives are what follows from the money of the attempt a arriving for the order o as it
// is, with o changed as it follows:
//   - a cash order neither paid nor cancelled is paid at the door, by the QR code its rider
//     showed: paid, its status as it is, the step Paid noted so;
//   - an online order awaiting payment, or whose payment failed (the money has arrived after
//     all), is paid and placed: it takes its units and its slot's place again, its shopper is
//     texted and mailed of it and their cart emptied; should its units or place have been sold
//     meanwhile, the store cancels it instead (SoldOut), and the money is due back;
//   - money for an attempt superseded, or for an order paid already or cancelled, is owed back
//     whole (OwedBack), and marks nothing paid a second time.
//
// The step Paid is taken by the attempt's provider.
func (o *Order) PaymentArrives(a PaymentAttempt) (Consequences, error) {
	paid := OrderEvent{Status: StepPaid, By: &Actor{Name: a.Provider, Role: ActorPayment}}
	switch {
	case a.State == PaymentSuperseded || o.IsPaid || o.Status == StatusCancelled:
	case o.PaymentType == PaymentCOD:
		o.IsPaid = true
		paid.Note = NoteAtTheDoor
		return Consequences{Steps: []OrderEvent{paid}}, nil
	case o.Status == StatusAwaitingPayment || o.Status == StatusPaymentFailed:
		was := *o
		o.IsPaid, o.Status, o.TestPayment = true, StatusOrderPlaced, a.Provider == SandboxProvider
		c, err := o.Consequences(&was)
		if err != nil {
			return Consequences{}, err
		}
		c.Steps = []OrderEvent{paid}
		c.Take, c.EmptyCart = true, true
		sold := *o
		out, err := sold.storeCancels(NoteSoldOut)
		if err != nil {
			return Consequences{}, err
		}
		out.EmptyCart = true
		c.SoldOut = &out
		return c, nil
	}
	return Consequences{OwedBack: &a}, nil
}

// PaymentFails are what follows from the attempt a of the order o ending unpaid (failed,
// cancelled or expired), with o changed as it follows: an order still awaiting payment, whose
// pending attempt a was (the newest: an older one ending after a new one began speaks for
// nothing), moves to Payment Failed and gives its units and its slot's place back until it is paid.
func (o *Order) PaymentFails(a PaymentAttempt) (Consequences, error) {
	if a.State != PaymentPending || o.IsPaid || o.Status != StatusAwaitingPayment {
		return Consequences{}, nil
	}
	was := *o
	o.Status = StatusPaymentFailed
	c, err := o.Consequences(&was)
	c.Return = true
	return c, err
}

// TimeToPayEnds are what follows from the time to pay the online order o ending (CheckPayBy), with
// o changed as it follows: an order still unpaid (awaiting payment, or its payment failed) is
// cancelled by the store, noted unpaid, and gives back what it held; it was never placed, so its
// shopper is told nothing.
func (o *Order) TimeToPayEnds() (Consequences, error) {
	if o.IsPaid || (o.Status != StatusAwaitingPayment && o.Status != StatusPaymentFailed) {
		return Consequences{}, nil
	}
	return o.storeCancels(NoteUnpaid)
}

// storeCancels cancels the order o by the store itself, for the reason note (NoteSoldOut,
// NoteUnpaid), and gives what follows: a cancelling's as any (Order.Consequences), its step taken
// by the store.
func (o *Order) storeCancels(note string) (Consequences, error) {
	was := *o
	o.Status, o.StepNote = StatusCancelled, note
	c, err := o.Consequences(&was)
	for i := range c.Steps {
		c.Steps[i].By = &Actor{Role: ActorStore}
	}
	return c, err
}

// RefundConsequences are what follows from the refund of part r agreed of an order, whose bill
// went from before to after: the refund to record, the figures of its credit note (issued when
// the order has a tax invoice), and, given as store credit, the credit granted and the refund made
// at once.
func RefundConsequences(r Refund, before, after Bill) (Consequences, error) {
	totals, err := CreditTotals(before, after)
	if err != nil {
		return Consequences{}, err
	}
	c := Consequences{Refund: &r, CreditNote: &totals}
	if r.Way == RefundToCredit {
		c.Credits = []CreditGrant{{Amount: r.Amount, Reason: CreditRefund, Note: r.Reason}}
		c.RefundMade = true
	}
	return c, nil
}

// Consequences are what follows from deciding the claim c so: a refund of part of its order (the
// money back, or store credit), or its goods sent again, or nothing but the answer; the shopper is
// told the decision in every case.
func (d ClaimDecision) Consequences(c *OrderClaim) (Consequences, error) {
	out := Consequences{Decided: c}
	switch d.Resolution {
	case ResolveReject:
	case ResolveResend:
		out.Resend = true
	default:
		r, err := d.Refund(c)
		if err != nil {
			return Consequences{}, err
		}
		out.RefundPart = &r
	}
	return out, nil
}
