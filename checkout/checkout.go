// Package checkout places shoppers' orders and starts their online payments: the one place where
// an order request is validated, stored, and handed to its payment provider.
package checkout

import (
	"context"

	"haat"
	"haat/payment"
)

// Service implements haat.CheckoutService over the order store and the payment providers.
type Service struct {
	Orders haat.OrderService
	// Payments starts payment attempts with the providers; nil means the store takes cash only.
	Payments *payment.Gateway
	// Currency is the store's currency: every order placed is priced in it and keeps it.
	Currency haat.Currency
}

var _ haat.CheckoutService = (*Service)(nil)

// PlaceCashOrder implements haat.CheckoutService.
func (s *Service) PlaceCashOrder(ctx context.Context, o haat.NewOrder) (*haat.Order, error) {
	o.PaymentType, o.Currency = haat.PaymentCOD, s.Currency
	valid, err := o.Validate()
	if err != nil {
		return nil, err
	}
	return s.Orders.PlaceOrder(ctx, valid)
}

// PlaceOnlineOrder implements haat.CheckoutService. The order is paid only once the provider has
// confirmed the payment.
func (s *Service) PlaceOnlineOrder(ctx context.Context, o haat.NewOrder, method, site string) (string, error) {
	o.PaymentType, o.Currency = haat.PaymentOnline, s.Currency
	valid, err := o.Validate()
	if err != nil {
		return "", err
	}
	// Checked before the order is stored, so an unknown method leaves nothing behind.
	if err := s.Payments.CheckMethod(method); err != nil {
		return "", err
	}
	order, err := s.Orders.PlaceOrder(ctx, valid)
	if err != nil {
		return "", err
	}
	return s.Payments.Begin(ctx, order, method, site)
}

// PayAgain implements haat.CheckoutService: the order's payment failed, or was left unfinished.
func (s *Service) PayAgain(ctx context.Context, userID, orderID, method, site string) (string, error) {
	if err := s.Payments.CheckMethod(method); err != nil {
		return "", err
	}
	o, err := s.Orders.UserOrder(ctx, userID, orderID)
	if err != nil {
		return "", err
	}
	return s.Payments.Begin(ctx, o, method, site)
}
