package haat

import (
	"context"
	"fmt"
)

// TextedStatuses are the steps of an order that its shopper is told of by SMS, when they sign in
// by phone and an SMS provider is configured: placed, out for delivery, delivered.
var TextedStatuses = []OrderStatus{StatusOrderPlaced, StatusOutForDelivery, StatusDelivered}

// OrderText is one SMS to a shopper about a step of their order.
type OrderText struct {
	OrderID string
	Number  int64
	Status  OrderStatus
	// Phone is the shopper's mobile number, 10 digits.
	Phone string
	// Tries counts the sends tried before, that failed.
	Tries int
	// Store is the store's name, which the text starts with; empty: the text names none.
	Store string
}

// MaxOrderTextTries is how many times an order's text is tried before it is given up.
const MaxOrderTextTries = 5

// Text is the message the shopper gets, from the store by its name: "Haat: your order #12 is
// out for delivery."
func (t OrderText) Text() string {
	var text string
	switch t.Status {
	case StatusOrderPlaced:
		text = fmt.Sprintf("your order #%d is placed. We will text you when it is on its way.", t.Number)
	case StatusOutForDelivery:
		text = fmt.Sprintf("your order #%d is out for delivery.", t.Number)
	case StatusDelivered:
		text = fmt.Sprintf("your order #%d is delivered. Thank you for shopping with us!", t.Number)
	default:
		text = fmt.Sprintf("your order #%d: %s.", t.Number, t.Status)
	}
	if t.Store == "" {
		return "Y" + text[1:]
	}
	return t.Store + ": " + text
}

// OrderTextService keeps the texts to send about orders: the store writes one in the transaction
// that moves an order to a texted step, and a sender takes them from there, so that a failed SMS
// never fails the order.
type OrderTextService interface {
	// TakeOrderTexts takes up to limit texts to send, oldest first; a text taken is not taken
	// again, by this server or another, unless OrderTextFailed gives it back.
	TakeOrderTexts(ctx context.Context, limit int) ([]OrderText, error)
	// OrderTextFailed gives a taken text back to be tried again, until MaxOrderTextTries.
	OrderTextFailed(ctx context.Context, t OrderText) error
}
