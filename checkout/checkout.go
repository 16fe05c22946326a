// Package checkout places shoppers' orders and starts their online payments: the one place where
// an order request is validated, stored, and handed to its payment provider.
package checkout

import (
	"context"
	"strings"

	"haat"
	"haat/payment"
)

// Service implements Checkout over the store's services and the payment providers:
// it loads what an order is checked against (the shopper's addresses and store credit, the
// products, the store's settings and slots, the coupon) in one read, holds the request to the rules
// of haat.PriceOrder, and has the order store write the order it priced.
type Service struct {
	Orders haat.OrderService
	Facts  FactsService
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

var _ Checkout = (*Service)(nil)

// PlaceCashOrder implements Checkout.
func (s *Service) PlaceCashOrder(ctx context.Context, o haat.NewOrder) (*haat.Order, error) {
	o.PaymentType, o.Currency, o.PerHour = haat.PaymentCOD, s.Currency, s.OrdersPerHour
	valid, err := o.Validate()
	if err != nil {
		return nil, err
	}
	order, err := s.place(ctx, valid)
	if use, used := haat.FirstUse(err); used {
		// Sent again: the order placed the first time.
		return s.Orders.UserOrder(ctx, o.UserID, use.OrderID)
	} else if err != nil {
		return nil, err
	}
	s.placed(order)
	return order, nil
}

// PlaceOnlineOrder implements Checkout. The order is paid only once the provider has
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
	order, err := s.place(ctx, valid)
	if use, used := haat.FirstUse(err); used {
		return s.again(ctx, use, method, site)
	} else if err != nil {
		return "", err
	}
	s.placed(order)
	if order.PaidByCredit() {
		return s.paidPage(site), nil
	}
	return s.begin(ctx, order, o.Key, method, site)
}

// paidPage is PaidPage on the store's public address, when one is set, as the providers' return
// pages are.
func (s *Service) paidPage(site string) string {
	if s.Payments != nil && s.Payments.PublicURL != "" {
		site = s.Payments.PublicURL
	}
	return PaidPage(site)
}

// PaidPage is where the shopper goes after placing an online order that their store credit paid
// wholly: My Orders through the loader, as on coming back from a provider's page, so that a client
// that sends the shopper to the page answered works unchanged.
func PaidPage(site string) string { return strings.TrimRight(site, "/") + "/loader?next=my-orders" }

// place prices the order the request asks for and has the store write it.
func (s *Service) place(ctx context.Context, valid haat.ValidOrder) (*haat.Order, error) {
	order, err := s.Price(ctx, valid.NewOrder())
	if err != nil {
		return nil, err
	}
	return s.Orders.PlaceOrder(ctx, valid, order)
}

// Price checks the order request o against the store's rules and prices it (haat.PriceOrder),
// from what the store holds now: the order the store is to write.
func (s *Service) Price(ctx context.Context, o haat.NewOrder) (*haat.Order, error) {
	facts, err := s.facts(ctx, o.UserID, o.Lines, o.Coupon)
	if err != nil {
		return nil, err
	}
	return haat.PriceOrder(o, facts)
}

// Quote implements Checkout: the cart priced by the rules and from the facts an order
// of it would be.
func (s *Service) Quote(ctx context.Context, userID string, q QuoteRequest) (*Quote, error) {
	q.Currency = s.Currency
	if err := q.Validate(); err != nil {
		return nil, err
	}
	facts, err := s.facts(ctx, userID, q.Lines, q.Coupon)
	if err != nil {
		return nil, err
	}
	return QuoteOf(userID, q, facts)
}

// facts loads what an order of the lines is checked and priced against (haat.OrderFacts), for
// the shopper (userID empty: a guest) and the code (empty: none), in one read.
func (s *Service) facts(ctx context.Context, userID string, lines []haat.OrderLine, code string) (haat.OrderFacts, error) {
	ids := make([]string, 0, len(lines))
	for _, l := range lines {
		ids = append(ids, l.ProductID)
		if named := l.Substitute.Named(); named != "" {
			ids = append(ids, named)
		}
	}
	return s.Facts.OrderFacts(ctx, FactsQuery{UserID: userID, ProductIDs: ids, Coupon: code})
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
	if order.PaidByCredit() {
		return s.paidPage(site), nil
	}
	return s.begin(ctx, order, &use.Key, method, site)
}

// PayAgain implements Checkout: the order's payment failed, or was left unfinished.
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
