package haat

import (
	"context"
	"time"
)

// AttemptState is where a payment attempt stands.
type AttemptState string

// States of a payment attempt.
const (
	PaymentPending   AttemptState = "pending"
	PaymentPaid      AttemptState = "paid"
	PaymentFailed    AttemptState = "failed"
	PaymentCancelled AttemptState = "cancelled"
	PaymentExpired   AttemptState = "expired"
	// PaymentSuperseded is an attempt ended because the shopper started a newer one for the same
	// order (an order has at most one pending attempt), or because its order was cancelled. Money
	// that still arrives for it is due back.
	PaymentSuperseded AttemptState = "superseded"
)

// RefundStatus says whether money of a payment is owed back to the shopper.
type RefundStatus string

// States of a refund: due until the seller gives the money back, then refunded.
const (
	RefundDue      RefundStatus = "due"
	RefundRefunded RefundStatus = "refunded"
)

// The shopper's browser comes back from a payment provider's page to the store's return and
// failure pages, each of which may ask the provider where the payment stands: one client address
// may ask for PaymentReturnsPerAddress of them in PaymentReturnWindow, far more than paying takes.
const (
	PaymentReturnsPerAddress = 30
	PaymentReturnWindow      = time.Minute
)

// SandboxProvider is the name of the built-in test payment page; orders it pays carry no money.
const SandboxProvider = "sandbox"

// Refund is money of a payment the store owes the shopper back: the payment of an order the
// seller cancelled, or a payment that arrived for an order already paid or for a superseded
// attempt. A refund is due until the seller gives it back.
type Refund struct {
	AttemptID string `json:"-"`
	Provider  string `json:"provider"`
	// Reference is the provider's id of the payment to give back.
	Reference string       `json:"reference"`
	Amount    Money        `json:"amount"`
	Currency  string       `json:"currency"`
	State     RefundStatus `json:"state"`
	// RefundReference is the provider's id of the refund, when it was made through the provider.
	RefundReference string `json:"refundReference,omitempty"`

	// The fields below are a refund of part of the order (Order.RefundPart); a payment owed back
	// whole has none of them but its due date.

	// ID is the refund's id; empty for a payment owed back whole (its AttemptID names it).
	ID string `json:"_id,omitempty"`
	// Way is how the money goes back: the way the order was paid, or as store credit.
	Way RefundWay `json:"way,omitempty"`
	// Lines are the lines given back, if any; Adjustments the refund's adjustments of the bill.
	Lines       []RefundLine `json:"lines,omitempty"`
	Adjustments []Adjustment `json:"-"`
	Reason      string       `json:"reason,omitempty"`
	// CreatedAt is when the refund was agreed and DueBy by when it is to be made (RefundDays);
	// MadeAt when it was made.
	CreatedAt *time.Time `json:"createdAt,omitempty"`
	DueBy     *time.Time `json:"dueBy,omitempty"`
	MadeAt    *time.Time `json:"madeAt,omitempty"`
	// By is who agreed it.
	By *Actor `json:"by,omitempty"`
	// CreditNote is the code of the credit note issued for it, when the order has a tax invoice.
	CreditNote string `json:"creditNote,omitempty"`
	// Flag is, for the seller, how near a refund due is to its deadline (Refund.FlagAt).
	Flag string `json:"flag,omitempty" ts:"'near' | 'late'"`
}

// Key names the refund to a provider, so that a request sent twice makes one refund.
func (r Refund) Key() string {
	if r.ID != "" {
		return r.ID
	}
	return r.AttemptID
}

// PaymentAttempt is one redirect of a shopper to a payment provider for an order.
type PaymentAttempt struct {
	ID        string
	OrderID   string
	UserID    string
	Provider  string
	Reference string // the provider's id of the payment; empty until the provider has answered
	// QR is the text of the QR code the payer scans, for a provider paid by one (Fonepay); else "".
	QR       string
	Amount   Money
	Currency string
	State    AttemptState
	// Refund is RefundDue or RefundRefunded when the attempt's money is owed back, else "".
	Refund    RefundStatus
	CreatedAt time.Time
	UpdatedAt time.Time
}

// PaymentResult is what a provider said about an attempt, already verified by the caller.
type PaymentResult struct {
	Provider  string
	Reference string
	// EventKey names the provider's notification; a result with a key seen before changes nothing.
	// Empty for results the store asked for itself (those are idempotent by state).
	EventKey string
	State    AttemptState
	Amount   Money  // what the provider says was paid; checked against the order when State is paid
	Currency string // ISO code, any case
}

// PaymentAttemptService records payment attempts and applies providers' results to orders.
type PaymentAttemptService interface {
	// StartPayment records a pending attempt for an online order that awaits payment. The order's
	// pending attempt, if any, is superseded in the same step and returned, so that its provider
	// can be told to end it.
	StartPayment(ctx context.Context, orderID, provider, currency string) (a *PaymentAttempt, superseded []PaymentAttempt, err error)
	// StartDoorPayment starts a payment of a cash order's amount, taken by its rider at the door by a
	// QR code (Order.CheckDoorPay), in the order's currency, superseding its pending attempts; it
	// answers the order too.
	StartDoorPayment(ctx context.Context, riderID, orderID, provider string) (a *PaymentAttempt, o *Order, superseded []PaymentAttempt, err error)
	// DoorPayment is the latest payment attempt of one of the rider's orders, or ENOTFOUND.
	DoorPayment(ctx context.Context, riderID, orderID string) (*PaymentAttempt, error)
	// SetPaymentReference stores the provider's id of an attempt and reports whether the attempt
	// is still pending (a newer one may have superseded it meanwhile).
	SetPaymentReference(ctx context.Context, attemptID, reference string) (pending bool, err error)
	// SetPaymentQR is SetPaymentReference for an attempt paid by scanning a QR code: it also stores
	// the QR's text, for the payer's page to show.
	SetPaymentQR(ctx context.Context, attemptID, reference, qr string) (pending bool, err error)
	// FailPaymentStart records that the provider could not start the attempt.
	FailPaymentStart(ctx context.Context, attemptID string) error
	// PaymentAttempt finds an attempt by its provider and the provider's reference, or ENOTFOUND.
	PaymentAttempt(ctx context.Context, provider, reference string) (*PaymentAttempt, error)
	// ConfirmPayment applies a result once: a paid result whose amount and currency match marks the
	// order paid, Order Placed, and empties the shopper's cart; a failed, cancelled or expired one
	// marks an unpaid order Payment Failed. A paid result for a superseded attempt or for an order
	// already paid is recorded as a refund due and marks nothing paid. It reports whether anything
	// changed.
	ConfirmPayment(ctx context.Context, r PaymentResult) (changed bool, err error)
	// PendingPayments lists attempts still pending that were started before the given time, and
	// superseded attempts started between since and that time (money may still arrive for them).
	PendingPayments(ctx context.Context, startedBefore, supersededSince time.Time) ([]PaymentAttempt, error)
	// CancelUnpaidOrders cancels the online orders placed before the given time that are still
	// unpaid (their time to pay has ended), but for those named in keep, so that their units and
	// slot places go back; it returns how many, and their attempts that were pending, now
	// superseded, for their providers to end.
	CancelUnpaidOrders(ctx context.Context, placedBefore time.Time, keep []string) (cancelled int, ended []PaymentAttempt, err error)
	// DueRefunds lists the refunds due of an order the seller handles, or ENOTFOUND; it waits, as
	// Order.CheckOffersAnswered says, while a substitute offered is unanswered.
	DueRefunds(ctx context.Context, orderID string) ([]Refund, error)
	// RecordRefund records that the provider gave back a refund due of the order (the payment of an
	// attempt owed back whole, or a refund of part), under the provider's id of the refund, and
	// returns the order.
	RecordRefund(ctx context.Context, orderID string, r Refund, refundReference string) (*Order, error)
}
