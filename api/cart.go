package api

import (
	"net/http"
	"strconv"

	"haat"
	"haat/checkout"
	"haat/locale"
)

// CartUpdateRequest replaces the shopper's cart (POST /api/cart/update). Version, the
// cartVersion the client last saw, makes the update conditional; without it the cart is replaced.
type CartUpdateRequest struct {
	CartItems map[string]Quantity `json:"cartItems"`
	Version   *int64              `json:"version,omitempty"`
}

// CartUpdateResponse is the saved cart's new version (POST /api/cart/update).
type CartUpdateResponse struct {
	CartVersion int64  `json:"cartVersion"`
	Message     string `json:"message"`
	Success     bool   `json:"success"`
}

// CartConflictResponse is the 409 answer to a cart update whose version is not the stored one:
// the stored cart and its version, for the client to merge its change into and send again.
type CartConflictResponse struct {
	CartItems   haat.Cart `json:"cartItems"`
	CartVersion int64     `json:"cartVersion"`
	Message     string    `json:"message"`
	Success     bool      `json:"success"`
}

// Quantity is a quantity as the client sent it, a whole number from 1 to haat.MaxQuantity. It is
// kept as sent, so that parseQuantity can say what is wrong with any other value.
type Quantity []byte

// UnmarshalJSON keeps the value as sent.
func (q *Quantity) UnmarshalJSON(b []byte) error {
	*q = append((*q)[:0], b...)
	return nil
}

// parseQuantity reads a quantity that must be a whole number from 1 to haat.MaxQuantity.
func parseQuantity(raw Quantity) (int, error) {
	q, err := strconv.Atoi(string(raw))
	if err != nil {
		return 0, haat.Errorf(haat.EINVALID, "Quantity must be a whole number from 1 to %d", haat.MaxQuantity)
	}
	return q, haat.ValidateQuantity(q)
}

// cartUpdate replaces the shopper's cart. When the request's version is not the stored one, the
// cart is left as it is and the answer is a CartConflictResponse.
func (s *Server) cartUpdate(w http.ResponseWriter, r *http.Request) error {
	var req CartUpdateRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if req.CartItems == nil {
		return haat.Errorf(haat.EINVALID, "cartItems is required")
	}
	cart := make(haat.Cart, len(req.CartItems))
	for id, raw := range req.CartItems {
		q, err := parseQuantity(raw)
		if err != nil {
			return err
		}
		cart[id] = q
	}
	version, err := s.Users.UpdateCart(r.Context(), subject(r.Context(), haat.RoleUser), cart, req.Version)
	if err != nil {
		return err
	}
	return ok(w, CartUpdateResponse{CartVersion: version, Message: say(w, r, "Cart Updated"), Success: true})
}

// CartQuoteRequest is a cart to price (POST /api/cart/quote): its lines and, if chosen, the
// shopper's address and a delivery slot.
type CartQuoteRequest struct {
	Items   []OrderItemRequest `json:"items"`
	Address string             `json:"address,omitempty"`
	Slot    string             `json:"slot,omitempty"`
	// UseCredit asks what the order would cost with the shopper's store credit paying its part
	// (the quote's creditUsed and toPay).
	UseCredit bool `json:"useCredit,omitempty"`
	// Coupon is a discount code to try on the cart: the quote's coupon and discount when it may be
	// used, its couponProblem when not.
	Coupon string `json:"coupon,omitempty"`
}

// CartQuoteResponse is what the cart would cost as an order now (POST /api/cart/quote).
type CartQuoteResponse struct {
	Success bool            `json:"success"`
	Quote   *checkout.Quote `json:"quote"`
}

// cartQuote prices a cart, a guest's too, as the checkout would price its order: each line's
// amount or why it cannot be bought, the subtotal, delivery fee, tax, adjustments and total.
func (s *Server) cartQuote(w http.ResponseWriter, r *http.Request) error {
	var req CartQuoteRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	q := checkout.QuoteRequest{AddressID: req.Address, SlotID: req.Slot, UseCredit: req.UseCredit, Coupon: req.Coupon, Lines: make([]haat.OrderLine, len(req.Items))}
	for i, it := range req.Items {
		n, err := parseQuantity(it.Quantity)
		if err != nil {
			return err
		}
		q.Lines[i] = haat.OrderLine{ProductID: it.Product, Quantity: n}
	}
	userID, err := s.sessionOf(r, haat.RoleUser)
	if err != nil {
		return err
	}
	quote, err := s.Checkout.Quote(r.Context(), userID, q)
	if err != nil {
		return err
	}
	lang := language(w, r)
	for i, l := range quote.Lines {
		if l.Refusal != nil {
			quote.Lines[i].Reason = locale.ErrorMessage(l.Refusal, lang)
		}
	}
	if quote.Refusal != nil {
		quote.Problem = locale.ErrorMessage(quote.Refusal, lang)
	}
	if quote.CouponRefusal != nil {
		quote.CouponProblem = locale.ErrorMessage(quote.CouponRefusal, lang)
	}
	return ok(w, CartQuoteResponse{Success: true, Quote: quote})
}
