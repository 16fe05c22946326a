package haat

import (
	"context"
	"time"
)

// Statuses of an online order before it is paid. An online order is created awaiting payment and
// becomes Order Placed (and paid) only when its provider has confirmed the payment.
const (
	StatusAwaitingPayment = "Awaiting Payment"
	StatusPaymentFailed   = "Payment Failed"
)

// States of a payment attempt.
const (
	PaymentPending   = "pending"
	PaymentPaid      = "paid"
	PaymentFailed    = "failed"
	PaymentCancelled = "cancelled"
	PaymentExpired   = "expired"
)

// PaymentAttempt is one redirect of a shopper to a payment provider for an order.
type PaymentAttempt struct {
	ID        string
	OrderID   string
	UserID    string
	Provider  string
	Reference string // the provider's id of the payment; empty until the provider has answered
	Amount    Money
	Currency  string
	State     string
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
	State    string
	Amount   Money  // what the provider says was paid; checked against the order when State is paid
	Currency string // ISO code, any case
}

// PaymentService records payment attempts and applies providers' results to orders.
type PaymentService interface {
	// StartPayment records a pending attempt for an online order that awaits payment.
	StartPayment(ctx context.Context, orderID, provider, currency string) (*PaymentAttempt, error)
	// SetPaymentReference stores the provider's id of an attempt.
	SetPaymentReference(ctx context.Context, attemptID, reference string) error
	// FailPaymentStart records that the provider could not start the attempt.
	FailPaymentStart(ctx context.Context, attemptID string) error
	// PaymentAttempt finds an attempt by its provider and the provider's reference, or ENOTFOUND.
	PaymentAttempt(ctx context.Context, provider, reference string) (*PaymentAttempt, error)
	// ConfirmPayment applies a result once: a paid result whose amount and currency match marks the
	// order paid, Order Placed, and empties the shopper's cart; a failed, cancelled or expired one
	// marks an unpaid order Payment Failed. It reports whether anything changed.
	ConfirmPayment(ctx context.Context, r PaymentResult) (changed bool, err error)
	// PendingPayments lists attempts still pending that were started before the given time.
	PendingPayments(ctx context.Context, startedBefore time.Time) ([]PaymentAttempt, error)
}
