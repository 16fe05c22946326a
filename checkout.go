package haat

import "context"

// CheckoutService turns a shopper's order request into a placed order and, for an online order,
// a payment started with its provider. Each call is one step of the shopper's: it checks the
// request once, then coordinates the order, the payment attempt and the provider.
type CheckoutService interface {
	// PlaceCashOrder places an order paid in cash at the door (its payment type is set here) and
	// empties the shopper's cart. An order asked with a request key used before for the same
	// request (NewOrder.Key) places nothing and answers the order placed then; PlaceOnlineOrder
	// answers the provider's page answered then.
	PlaceCashOrder(ctx context.Context, o NewOrder) (*Order, error)
	// PlaceOnlineOrder places an order that awaits payment (its payment type is set here), starts
	// its payment with the named method, the first one offered when empty, and returns the
	// provider's page to send the shopper to. site is the store's address the shopper comes back
	// to. An invalid order is refused before an unknown method, and an unknown method leaves no
	// order behind.
	PlaceOnlineOrder(ctx context.Context, o NewOrder, method, site string) (redirect string, err error)
	// PayAgain starts a new payment of one of the shopper's orders that Order.CheckPay allows to
	// be paid, with the named method, and returns the provider's page to send the shopper to.
	// Under a request key used before for the same call, it answers the page answered then.
	PayAgain(ctx context.Context, userID, orderID, method, site string, key *RequestKey) (redirect string, err error)
}
