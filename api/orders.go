package api

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
	"strconv"

	"haat"
)

// OrderRequest is a shopper's order (POST /api/order/cod, POST /api/order/stripe). Method names
// the payment provider of an online order, the first one offered when empty. A userId, amount or
// prices in the body are ignored: the session decides the shopper and the store the prices.
type OrderRequest struct {
	Method  string             `json:"method,omitempty"`
	Items   []OrderItemRequest `json:"items"`
	Address string             `json:"address"`
	// Slot is the delivery slot chosen (a Slot's id from GET /api/slot/list): required while the
	// seller offers slots, ignored otherwise.
	Slot string `json:"slot,omitempty"`
	// UseCredit pays as much of the order as the shopper's store credit covers with it (the quote
	// asked with useCredit says how much); the rest is paid in cash or online. An online order
	// that its credit pays wholly is placed paid, and its url is My Orders (through the loader).
	UseCredit bool `json:"useCredit,omitempty"`
	// Coupon is a discount code (the quote asked with it says what it takes off): an order whose
	// code may not be used is refused, saying why.
	Coupon string `json:"coupon,omitempty"`
}

// OrderItemRequest is one line of an order request: a product id and a quantity.
type OrderItemRequest struct {
	Product  string   `json:"product"`
	Quantity Quantity `json:"quantity"`
	// Substitute is what the shopper wants if the product is not there at packing: "best" (a
	// similar item at no higher price), "none" (leave it out) or a product's id; left out, the
	// store's default (its settings' substitute).
	Substitute haat.Substitute `json:"substitute,omitempty" ts:"string"`
}

// OrderPayRequest starts a new payment of one of the shopper's unpaid online orders, with the
// named method or the first one offered (POST /api/order/pay).
type OrderPayRequest struct {
	ID     string `json:"id"`
	Method string `json:"method,omitempty"`
}

// PaymentPageResponse is the provider's page to send the shopper to, to pay an order
// (POST /api/order/stripe, POST /api/order/pay).
type PaymentPageResponse struct {
	Success bool   `json:"success"`
	URL     string `json:"url"`
}

// UserOrder is an order as its shopper sees it: with whether it can be paid now (POST
// /api/order/pay) and whether the shopper can still cancel it (POST /api/order/cancel).
type UserOrder struct {
	haat.Order
	CanPay    bool `json:"canPay"`
	CanCancel bool `json:"canCancel"`
	// HandoverCode is the code to tell the rider at the door, while the order is out for delivery.
	HandoverCode string `json:"handoverCode,omitempty"`
}

// userOrder is the order as its shopper sees it (Order.ForShopper).
func (s *Server) userOrder(o haat.Order) UserOrder {
	return UserOrder{Order: o.ForShopper(), CanPay: s.Payments.CheckPay(&o) == nil, CanCancel: o.CheckCancel() == nil,
		HandoverCode: o.HandoverCode}
}

// OrderCancelRequest cancels one of the shopper's orders (POST /api/order/cancel).
type OrderCancelRequest struct {
	ID string `json:"id"`
}

// UserOrderResponse is an order its shopper changed, as they see it now (POST /api/order/cancel,
// POST /api/order/substitute).
type UserOrderResponse struct {
	Message string    `json:"message"`
	Order   UserOrder `json:"order"`
	Success bool      `json:"success"`
}

// OrderSubstituteRequest is a shopper's answer to the substitute offered for an item of their order
// (POST /api/order/substitute): the order, the product of the item, and whether they accept it.
type OrderSubstituteRequest struct {
	ID      string `json:"id"`
	Product string `json:"product"`
	Accept  bool   `json:"accept"`
}

// UserOrdersResponse is the shopper's orders, newest first, and on a page of them whether older
// ones remain (GET /api/order/user).
type UserOrdersResponse struct {
	HasMore bool        `json:"hasMore,omitempty"`
	Orders  []UserOrder `json:"orders"`
	Success bool        `json:"success"`
}

// userOrdersPage is how many orders a page of GET /api/order/user holds when only before is sent.
const userOrdersPage = 20

// requestKeyHeader names the header a checkout call is sent with, and sent again with when its
// answer was lost: the call sent again is answered as the first was and does nothing again.
const requestKeyHeader = "Idempotency-Key"

// decodeKeyed reads a JSON body into v, as decodeJSON does, and the call's request key, if it was
// sent with one: the key and the call (method, path and body) it comes with, hashed.
func decodeKeyed(w http.ResponseWriter, r *http.Request, v any) (*haat.RequestKey, error) {
	key := r.Header.Get(requestKeyHeader)
	if key == "" {
		return nil, decodeJSON(w, r, v)
	}
	h := sha256.New()
	io.WriteString(h, r.Method+" "+r.URL.Path+"\n")
	r.Body = struct {
		io.Reader
		io.Closer
	}{io.TeeReader(r.Body, h), r.Body}
	if err := decodeJSON(w, r, v); err != nil {
		return nil, err
	}
	// What follows the object is white space (decodeJSON checked): the whole body is hashed.
	io.Copy(io.Discard, io.LimitReader(r.Body, maxJSONBody))
	return &haat.RequestKey{Key: key, Request: hex.EncodeToString(h.Sum(nil))}, nil
}

// decodeOrder reads an order request into the order the shopper asks for and the payment method
// named; the checkout sets the payment type.
func decodeOrder(w http.ResponseWriter, r *http.Request) (haat.NewOrder, string, error) {
	var req OrderRequest
	o := haat.NewOrder{UserID: subject(r.Context(), haat.RoleUser)}
	key, err := decodeKeyed(w, r, &req)
	if err != nil {
		return o, "", err
	}
	o.Key = key
	o.AddressID, o.SlotID, o.UseCredit, o.Coupon = req.Address, req.Slot, req.UseCredit, req.Coupon
	for _, it := range req.Items {
		q, err := parseQuantity(it.Quantity)
		if err != nil {
			return o, "", err
		}
		o.Lines = append(o.Lines, haat.OrderLine{ProductID: it.Product, Quantity: q, Substitute: it.Substitute})
	}
	return o, req.Method, nil
}

func (s *Server) orderCOD(w http.ResponseWriter, r *http.Request) error {
	o, _, err := decodeOrder(w, r)
	if err != nil {
		return err
	}
	if _, err := s.Checkout.PlaceCashOrder(r.Context(), o); err != nil {
		return err
	}
	return ok(w, MessageResponse{Message: say(w, r, "Order Placed Successfully"), Success: true})
}

// orderOnline places an order that awaits payment and answers the provider's page to send the
// shopper to.
func (s *Server) orderOnline(w http.ResponseWriter, r *http.Request) error {
	o, method, err := decodeOrder(w, r)
	if err != nil {
		return err
	}
	url, err := s.Checkout.PlaceOnlineOrder(r.Context(), o, method, s.baseURL(r))
	if err != nil {
		return err
	}
	return ok(w, PaymentPageResponse{Success: true, URL: url})
}

// orderPay starts a new payment of one of the shopper's online orders that is not paid yet: one
// whose payment failed, or was left unfinished.
func (s *Server) orderPay(w http.ResponseWriter, r *http.Request) error {
	var req OrderPayRequest
	key, err := decodeKeyed(w, r, &req)
	if err != nil {
		return err
	}
	url, err := s.Checkout.PayAgain(r.Context(), subject(r.Context(), haat.RoleUser), req.ID, req.Method, s.baseURL(r), key)
	if err != nil {
		return err
	}
	return ok(w, PaymentPageResponse{Success: true, URL: url})
}

// orderUser answers the shopper's orders, newest first: every one, as the spec's call is answered,
// or with ?limit= and ?before=<order id> a page of them and whether older ones remain.
func (s *Server) orderUser(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	before := q.Get("before")
	limit, err := pageLimit(q.Get("limit"), before, userOrdersPage)
	if err != nil {
		return err
	}
	orders, more, err := s.Orders.UserOrderPage(r.Context(), subject(r.Context(), haat.RoleUser), before, limit)
	if err != nil {
		return err
	}
	out := make([]UserOrder, len(orders))
	for i, o := range orders {
		out[i] = s.userOrder(o)
	}
	return ok(w, UserOrdersResponse{HasMore: more, Orders: out, Success: true})
}

// pageLimit is the size of the page a list is asked for: ?limit=, a whole number from 1 to
// haat.MaxPageSize, else fallback when the call pages on from a cursor, else 0 for the whole list.
func pageLimit(limit, cursor string, fallback int) (int, error) {
	if limit == "" {
		if cursor != "" {
			return fallback, nil
		}
		return 0, nil
	}
	n, err := strconv.Atoi(limit)
	if err != nil || n < 1 || n > haat.MaxPageSize {
		return 0, haat.Errorf(haat.EINVALID, "limit must be a whole number from 1 to %d", haat.MaxPageSize)
	}
	return n, nil
}

// orderSubstitute takes a shopper's answer to a substitute offered in their order.
func (s *Server) orderSubstitute(w http.ResponseWriter, r *http.Request) error {
	var req OrderSubstituteRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if req.ID == "" || req.Product == "" {
		return haat.Errorf(haat.EINVALID, "Order id and product are required")
	}
	o, err := s.Orders.AnswerSubstitute(r.Context(), subject(r.Context(), haat.RoleUser), req.ID, req.Product, req.Accept)
	if err != nil {
		return err
	}
	message := say(w, r, "Substitute refused")
	if req.Accept {
		message = say(w, r, "Substitute accepted")
	}
	return ok(w, UserOrderResponse{Message: message, Order: s.userOrder(*o), Success: true})
}

// orderCancel cancels one of the shopper's orders that the seller has not begun to handle.
func (s *Server) orderCancel(w http.ResponseWriter, r *http.Request) error {
	var req OrderCancelRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if req.ID == "" {
		return haat.Errorf(haat.EINVALID, "Order id is required")
	}
	o, err := s.Orders.CancelOrder(r.Context(), subject(r.Context(), haat.RoleUser), req.ID)
	if err != nil {
		return err
	}
	return ok(w, UserOrderResponse{Message: say(w, r, "Order Cancelled"), Order: s.userOrder(*o), Success: true})
}
