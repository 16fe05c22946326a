package api

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
	"net/url"

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
}

// OrderItemRequest is one line of an order request: a product id and a quantity.
type OrderItemRequest struct {
	Product  string   `json:"product"`
	Quantity Quantity `json:"quantity"`
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
}

// userOrder is the order as its shopper sees it.
func (s *Server) userOrder(o haat.Order) UserOrder {
	return UserOrder{Order: o, CanPay: s.Payments.CheckPay(&o) == nil, CanCancel: o.CheckCancel() == nil}
}

// OrderCancelRequest cancels one of the shopper's orders (POST /api/order/cancel).
type OrderCancelRequest struct {
	ID string `json:"id"`
}

// OrderCancelResponse is the cancelled order as its shopper sees it (POST /api/order/cancel).
type OrderCancelResponse struct {
	Message string    `json:"message"`
	Order   UserOrder `json:"order"`
	Success bool      `json:"success"`
}

// UserOrdersResponse is the shopper's orders, newest first (GET /api/order/user).
type UserOrdersResponse struct {
	Orders  []UserOrder `json:"orders"`
	Success bool        `json:"success"`
}

// SellerOrder is an order as the seller sees it: with the steps it can take now, and the
// payments it owes back.
type SellerOrder struct {
	haat.Order
	NextStatuses []haat.OrderStatus `json:"nextStatuses"`
	CanMarkPaid  bool               `json:"canMarkPaid"`
	// Refunds are the order's payments owed back or given back: amount, provider, reference.
	Refunds []haat.Refund `json:"refunds"`
	// CanRefund: a refund due can be made through its provider (POST /api/order/refund).
	CanRefund bool `json:"canRefund"`
	// CanMarkRefunded: a refund is due, to be recorded once made by hand (POST /api/order/refunded).
	CanMarkRefunded bool `json:"canMarkRefunded"`
}

// SellerOrdersResponse is a page of the orders the seller handles, newest first, and whether
// older ones remain (GET /api/order/seller).
type SellerOrdersResponse struct {
	HasMore bool          `json:"hasMore"`
	Orders  []SellerOrder `json:"orders"`
	Success bool          `json:"success"`
}

// OrderChangeRequest is a seller's change to an order: its id and, for a status step, the new
// status (POST /api/order/status, /paid, /refund, /refunded).
type OrderChangeRequest struct {
	ID     string           `json:"id"`
	Status haat.OrderStatus `json:"status,omitempty"`
}

// OrderChangeResponse is the changed order as the seller sees it (POST /api/order/status, /paid,
// /refund, /refunded).
type OrderChangeResponse struct {
	Message string      `json:"message"`
	Order   SellerOrder `json:"order"`
	Success bool        `json:"success"`
}

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
	o.AddressID, o.SlotID = req.Address, req.Slot
	for _, it := range req.Items {
		q, err := parseQuantity(it.Quantity)
		if err != nil {
			return o, "", err
		}
		o.Lines = append(o.Lines, haat.OrderLine{ProductID: it.Product, Quantity: q})
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

func (s *Server) orderUser(w http.ResponseWriter, r *http.Request) error {
	orders, err := s.Orders.UserOrders(r.Context(), subject(r.Context(), haat.RoleUser))
	if err != nil {
		return err
	}
	out := make([]UserOrder, len(orders))
	for i, o := range orders {
		out[i] = s.userOrder(o)
	}
	return ok(w, UserOrdersResponse{Orders: out, Success: true})
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
	return ok(w, OrderCancelResponse{Message: say(w, r, "Order Cancelled"), Order: s.userOrder(*o), Success: true})
}

// sellerOrdersPage is how many orders GET /api/order/seller answers at a time, newest first.
const sellerOrdersPage = 50

func (s *Server) sellerOrder(o haat.Order) SellerOrder {
	so := SellerOrder{Order: o, NextStatuses: o.NextStatuses(), CanMarkPaid: o.CheckMarkPaid() == nil,
		Refunds: o.Refunds, CanMarkRefunded: o.CheckMarkRefunded() == nil}
	if so.Refunds == nil {
		so.Refunds = []haat.Refund{}
	}
	for _, r := range o.Refunds {
		if r.State == haat.RefundDue && s.Payments.CanRefund(r.Provider) {
			so.CanRefund = true
		}
	}
	return so
}

// sellerOrderFilter reads the filters of the seller's order list and export from the query: status,
// paid (true or false), q (an order number, or part of the customer's name or phone), from and to
// (days YYYY-MM-DD of the store's time zone), slot (a delivery day YYYY-MM-DD or a slot's id) and
// before (an order id, to page further back). A parameter left empty selects any.
func (s *Server) sellerOrderFilter(q url.Values) (haat.SellerOrderFilter, error) {
	f := haat.SellerOrderFilter{Before: q.Get("before")}
	if v := q.Get("status"); v != "" {
		st, err := haat.ParseSellerStatus(v)
		if err != nil {
			return f, err
		}
		f.Status = st
	}
	switch q.Get("paid") {
	case "":
	case "true":
		f.Paid = new(true)
	case "false":
		f.Paid = new(false)
	default:
		return f, haat.Errorf(haat.EINVALID, "paid must be true or false")
	}
	if err := f.SetSearch(q.Get("q")); err != nil {
		return f, err
	}
	if err := f.SetSlot(q.Get("slot")); err != nil {
		return f, err
	}
	return f, f.SetDays(q.Get("from"), q.Get("to"), haat.StoreZone)
}

// orderSeller answers the newest orders the seller handles that the filters of the query select
// (see sellerOrderFilter); ?before=<order id> pages further back, and ?number=10482 (or #10482)
// answers the one order with that number, if any.
func (s *Server) orderSeller(w http.ResponseWriter, r *http.Request) error {
	if q := r.URL.Query(); q.Has("number") {
		return s.orderSellerByNumber(w, r, q.Get("number"))
	}
	f, err := s.sellerOrderFilter(r.URL.Query())
	if err != nil {
		return err
	}
	orders, more, err := s.Orders.SellerOrders(r.Context(), f, sellerOrdersPage)
	if err != nil {
		return err
	}
	out := make([]SellerOrder, len(orders))
	for i, o := range orders {
		out[i] = s.sellerOrder(o)
	}
	return ok(w, SellerOrdersResponse{HasMore: more, Orders: out, Success: true})
}

// orderSellerByNumber answers the order the seller handles with the number typed, in a list
// that is empty when there is none.
func (s *Server) orderSellerByNumber(w http.ResponseWriter, r *http.Request, typed string) error {
	number, err := haat.ParseOrderNumber(typed)
	if err != nil {
		return err
	}
	out := []SellerOrder{}
	o, err := s.Orders.SellerOrderByNumber(r.Context(), number)
	switch {
	case err == nil:
		out = append(out, s.sellerOrder(*o))
	case haat.ErrorCode(err) != haat.ENOTFOUND:
		return err
	}
	return ok(w, SellerOrdersResponse{Orders: out, Success: true})
}

// decodeOrderChange reads an order change; withStatus says whether the status is required.
func decodeOrderChange(w http.ResponseWriter, r *http.Request, withStatus bool) (OrderChangeRequest, error) {
	var req OrderChangeRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return req, err
	}
	if req.ID == "" {
		return req, haat.Errorf(haat.EINVALID, "Order id is required")
	}
	if withStatus && req.Status == "" {
		return req, haat.Errorf(haat.EINVALID, "Order status is required")
	}
	return req, nil
}

// answerOrderChange answers the changed order as the seller sees it, or the error.
func (s *Server) answerOrderChange(w http.ResponseWriter, o *haat.Order, err error, message string) error {
	if err != nil {
		return err
	}
	return ok(w, OrderChangeResponse{Message: message, Order: s.sellerOrder(*o), Success: true})
}

// orderStatus moves an order to the next step of its handling, or cancels it.
func (s *Server) orderStatus(w http.ResponseWriter, r *http.Request) error {
	req, err := decodeOrderChange(w, r, true)
	if err != nil {
		return err
	}
	o, err := s.Orders.SetOrderStatus(r.Context(), req.ID, req.Status)
	return s.answerOrderChange(w, o, err, say(w, r, "Order %s", req.Status))
}

// orderPaid records that a delivered cash order has been paid at the door.
func (s *Server) orderPaid(w http.ResponseWriter, r *http.Request) error {
	req, err := decodeOrderChange(w, r, false)
	if err != nil {
		return err
	}
	o, err := s.Orders.MarkOrderPaid(r.Context(), req.ID)
	return s.answerOrderChange(w, o, err, say(w, r, "Marked Paid"))
}

// orderRefund gives back, through the payment provider, the money of an order that is owed back.
func (s *Server) orderRefund(w http.ResponseWriter, r *http.Request) error {
	req, err := decodeOrderChange(w, r, false)
	if err != nil {
		return err
	}
	o, err := s.Payments.Refund(r.Context(), req.ID)
	return s.answerOrderChange(w, o, err, say(w, r, "Refunded"))
}

// orderRefunded records that the money of an order that was owed back has been given back by hand.
func (s *Server) orderRefunded(w http.ResponseWriter, r *http.Request) error {
	req, err := decodeOrderChange(w, r, false)
	if err != nil {
		return err
	}
	o, err := s.Orders.MarkOrderRefunded(r.Context(), req.ID)
	return s.answerOrderChange(w, o, err, say(w, r, "Marked Refunded"))
}
