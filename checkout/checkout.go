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
	// Keys keeps the request keys of payments started again (an order's is kept with the order).
	Keys haat.RequestKeyService
	// Placed, if set, is told of each order placed (not of a call sent again under its key).
	Placed func(haat.PaymentType)
	// OrdersPerHour is the most orders a shopper may place in an hour (HAAT_ORDERS_PER_HOUR); 0
	// sets no limit.
	OrdersPerHour int
}

// placed tells Placed of an order placed.
func (s *Service) placed(o *haat.Order) {
	if s.Placed != nil {
		s.Placed(o.PaymentType)
	}
}

var _ haat.CheckoutService = (*Service)(nil)

// PlaceCashOrder implements haat.CheckoutService.
func (s *Service) PlaceCashOrder(ctx context.Context, o haat.NewOrder) (*haat.Order, error) {
	o.PaymentType, o.Currency, o.PerHour = haat.PaymentCOD, s.Currency, s.OrdersPerHour
	valid, err := o.Validate()
	if err != nil {
		return nil, err
	}
	order, err := s.Orders.PlaceOrder(ctx, valid)
	if use, used := haat.FirstUse(err); used {
		// Sent again: the order placed the first time.
		return s.Orders.UserOrder(ctx, o.UserID, use.OrderID)
	} else if err != nil {
		return nil, err
	}
	s.placed(order)
	return order, nil
}

// PlaceOnlineOrder implements haat.CheckoutService. The order is paid only once the provider has
// confirmed the payment.
func (s *Service) PlaceOnlineOrder(ctx context.Context, o haat.NewOrder, method, site string) (string, error) {
	o.PaymentType, o.Currency, o.PerHour = haat.PaymentOnline, s.Currency, s.OrdersPerHour
	valid, err := o.Validate()
	if err != nil {
		return "", err
	}
	// Checked before the order is stored, so an unknown method leaves nothing behind.
	if err := s.Payments.CheckMethod(method); err != nil {
		return "", err
	}
	order, err := s.Orders.PlaceOrder(ctx, valid)
	if use, used := haat.FirstUse(err); used {
		return s.again(ctx, use, method, site)
	} else if err != nil {
		return "", err
	}
	s.placed(order)
	return s.begin(ctx, order, o.Key, method, site)
}

// begin starts a payment of the order and answers the provider's page, which is kept with the
// request key the call came with, if any: the call sent again is answered that page.
func (s *Service) begin(ctx context.Context, order *haat.Order, key *haat.RequestKey, method, site string) (string, error) {
	page, err := s.Payments.Begin(ctx, order, method, site)
	if err != nil || key == nil {
		return page, err
	}
	return page, s.Keys.KeepPage(ctx, order.UserID, key.Key, page)
}

// again answers a call sent again under its request key (an online order, a payment started
// again): the page the first call answered, or, when it answered none (its provider failed, or the
// answer was lost before the page was kept), a payment of its order started now, as far as the
// order may still be paid (Begin checks).
func (s *Service) again(ctx context.Context, use haat.KeyUse, method, site string) (string, error) {
	if use.Page != "" {
		return use.Page, nil
	}
	order, err := s.Orders.UserOrder(ctx, use.UserID, use.OrderID)
	if err != nil {
		return "", err
	}
	return s.begin(ctx, order, &use.Key, method, site)
}

// PayAgain implements haat.CheckoutService: the order's payment failed, or was left unfinished.
func (s *Service) PayAgain(ctx context.Context, userID, orderID, method, site string, key *haat.RequestKey) (string, error) {
	if err := s.Payments.CheckMethod(method); err != nil {
		return "", err
	}
	o, err := s.Orders.UserOrder(ctx, userID, orderID)
	if err != nil {
		return "", err
	}
	if key != nil {
		err := s.Keys.UseKey(ctx, userID, o.ID, *key)
		if use, used := haat.FirstUse(err); used {
			return s.again(ctx, use, method, site)
		} else if err != nil {
			return "", err
		}
	}
	return s.begin(ctx, o, key, method, site)
}
