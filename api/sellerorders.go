package api

import (
	"context"
	"net/http"
	"net/url"

	"haat"
	"haat/locale"
)

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
	// NeedsWeighing: the order holds goods sold by weight, so it goes to Packed by packing it with
	// their weights (POST /api/order/pack), not by /api/order/status.
	NeedsWeighing bool `json:"needsWeighing,omitempty"`
	// CanAssign: the order may be given to a rider, or taken back (POST /api/order/assign).
	CanAssign bool `json:"canAssign"`
	// CanGiveCredit: the signed-in seller may give the order's shopper goodwill store credit
	// (POST /api/seller/credit): the owner.
	CanGiveCredit bool `json:"canGiveCredit,omitempty"`
	// Late: the order missed the time it was promised by (haat.Order.Late), delivered after it or
	// still on its way past it; absent otherwise.
	Late bool `json:"late,omitempty"`
	// CanRefundPart: the owner may give back lines or an amount of the order
	// (POST /api/seller/order/refund); Refundable are its lines with the units left to give back.
	CanRefundPart bool              `json:"canRefundPart"`
	Refundable    []haat.RefundLine `json:"refundable"`
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

// OrderChangeResponse is the changed order as the seller sees it (POST /api/order/status, /pack,
// /paid, /refund, /refunded).
type OrderChangeResponse struct {
	Message string      `json:"message"`
	Order   SellerOrder `json:"order"`
	Success bool        `json:"success"`
}

// sellerOrdersPage is how many orders GET /api/order/seller answers at a time, newest first.
const sellerOrdersPage = 50

// sellerOrder is the order as the signed-in seller sees it: the steps about money (marking it paid,
// refunds) only for a role that reaches them.
func (s *Server) sellerOrder(ctx context.Context, o haat.Order) SellerOrder {
	money := signedInSeller(ctx).Role.May(haat.AccessOwner)
	so := SellerOrder{Order: o, NextStatuses: o.NextStatuses(), CanMarkPaid: money && o.CheckMarkPaid() == nil,
		Refunds: o.Refunds, CanMarkRefunded: money && o.CheckMarkRefunded() == nil, NeedsWeighing: o.NeedsWeighing(),
		CanAssign: o.CheckAssign(nil) == nil, Late: o.Late(s.now()), CanGiveCredit: money}
	so.Refunds = make([]haat.Refund, len(o.Refunds))
	for i, r := range o.Refunds {
		so.Refunds[i] = r
		so.Refunds[i].Flag = r.FlagAt(s.now())
		if money && r.State == haat.RefundDue && s.Payments.CanRefund(r.Provider) {
			so.CanRefund = true
		}
	}
	so.Refundable = []haat.RefundLine{}
	if money {
		so.Refundable = o.Refundable()
		so.CanRefundPart = o.CheckRefundPart() == nil
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
		out[i] = s.sellerOrder(r.Context(), o)
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
		out = append(out, s.sellerOrder(r.Context(), *o))
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
func (s *Server) answerOrderChange(w http.ResponseWriter, r *http.Request, o *haat.Order, err error, message string) error {
	if err != nil {
		return err
	}
	return ok(w, OrderChangeResponse{Message: message, Order: s.sellerOrder(r.Context(), *o), Success: true})
}

// orderStatus moves an order to the next step of its handling, or cancels it.
func (s *Server) orderStatus(w http.ResponseWriter, r *http.Request) error {
	req, err := decodeOrderChange(w, r, true)
	if err != nil {
		return err
	}
	o, err := s.Orders.SetOrderStatus(r.Context(), req.ID, req.Status)
	return s.answerOrderChange(w, r, o, err, say(w, r, "Order %s", req.Status))
}

// orderPaid records that a delivered cash order has been paid at the door.
func (s *Server) orderPaid(w http.ResponseWriter, r *http.Request) error {
	req, err := decodeOrderChange(w, r, false)
	if err != nil {
		return err
	}
	o, err := s.Orders.MarkOrderPaid(r.Context(), req.ID)
	return s.answerOrderChange(w, r, o, err, say(w, r, "Marked Paid"))
}

// orderRefund gives back, through the payment provider, the money of an order that is owed back.
func (s *Server) orderRefund(w http.ResponseWriter, r *http.Request) error {
	req, err := decodeOrderChange(w, r, false)
	if err != nil {
		return err
	}
	o, err := s.Payments.Refund(r.Context(), req.ID)
	return s.answerOrderChange(w, r, o, err, say(w, r, "Refunded"))
}

// RefundPartResponse answers a refund of part of an order (POST /api/seller/order/refund): the
// order as the seller sees it then, and the refund, made or due.
type RefundPartResponse struct {
	Message string      `json:"message"`
	Order   SellerOrder `json:"order"`
	Refund  haat.Refund `json:"refund"`
	Success bool        `json:"success"`
}

// orderRefundPart gives back chosen lines or an amount of an order: as store credit, or the way it
// was paid (through the provider at once where it can, else due until marked made by hand).
func (s *Server) orderRefundPart(w http.ResponseWriter, r *http.Request) error {
	var req haat.PartRefund
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if err := req.Validate(); err != nil {
		return err
	}
	o, refund, err := s.Refunds.RefundPart(r.Context(), req)
	if err != nil {
		return err
	}
	message := say(w, r, "Refunded")
	if refund.State == haat.RefundDue {
		message = say(w, r, "Refund of %s recorded: make it by %s", haat.Amount(o.Currency, refund.Amount), locale.Day(*refund.DueBy))
	}
	return ok(w, RefundPartResponse{Message: message, Order: s.sellerOrder(r.Context(), *o), Refund: *refund, Success: true})
}

// orderRefunded records that the money of an order that was owed back has been given back by hand.
func (s *Server) orderRefunded(w http.ResponseWriter, r *http.Request) error {
	req, err := decodeOrderChange(w, r, false)
	if err != nil {
		return err
	}
	o, err := s.Orders.MarkOrderRefunded(r.Context(), req.ID)
	return s.answerOrderChange(w, r, o, err, say(w, r, "Marked Refunded"))
}
