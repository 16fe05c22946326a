package haat

import "context"

// TextedStatuses are the steps of an order that its shopper is told of by SMS, when they sign in
// by phone and an SMS provider is configured: placed, out for delivery, delivered. An order packed
// with a substitute to accept or refuse is texted too, with the text of its step Packed.
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
	// Language is the language the shopper's account reads the store in; empty is English.
	Language Language
	// HandoverCode is the code to tell the rider at the door, in the text of Out for Delivery.
	HandoverCode string
}

// A claim about an order is texted too: acknowledged at once, and its decision. Its texts are kept
// with the order's under a status of their own, ClaimText(TextClaimReceived, claim id), so that each
// claim is texted once of each.
const (
	TextClaimReceived = "Claim Received"
	TextClaimDecided  = "Claim Decided"
)

// ClaimText is the status the text of a claim is kept under: its kind and the claim's id.
func ClaimText(kind, claimID string) OrderStatus { return OrderStatus(kind + ":" + claimID) }

// MaxOrderTextTries is how many times an order's text is tried before it is given up.
const MaxOrderTextTries = 5

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
