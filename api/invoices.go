package api

import (
	"net/http"

	"haat"
)

// InvoiceResponse is the tax invoice of a delivered order with the order it is for
// (GET /api/seller/order/invoice, GET /api/order/invoice).
type InvoiceResponse struct {
	Invoice haat.Invoice `json:"invoice"`
	Order   haat.Order   `json:"order"`
	Success bool         `json:"success"`
}

// sellerOrderInvoice answers the invoice of the order the seller handles with ?number=10482.
func (s *Server) sellerOrderInvoice(w http.ResponseWriter, r *http.Request) error {
	number, err := haat.ParseOrderNumber(r.URL.Query().Get("number"))
	if err != nil {
		return err
	}
	inv, o, err := s.Invoices.SellerInvoice(r.Context(), number)
	if err != nil {
		return err
	}
	return ok(w, InvoiceResponse{Invoice: *inv, Order: *o, Success: true})
}

// orderInvoice answers the invoice of the shopper's own order with ?id=<order id>; another
// shopper's order is not found.
func (s *Server) orderInvoice(w http.ResponseWriter, r *http.Request) error {
	id := r.URL.Query().Get("id")
	if id == "" {
		return haat.Errorf(haat.EINVALID, "Order id is required")
	}
	inv, o, err := s.Invoices.UserInvoice(r.Context(), subject(r.Context(), haat.RoleUser), id)
	if err != nil {
		return err
	}
	return ok(w, InvoiceResponse{Invoice: *inv, Order: *o, Success: true})
}
