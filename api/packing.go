package api

import (
	"net/http"

	"haat"
	"haat/picklist"
)

// OrderPackRequest packs an order (POST /api/order/pack): what was packed of its items, each
// named by its product; items not named are packed as ordered, goods sold by weight are weighed.
type OrderPackRequest struct {
	ID    string          `json:"id"`
	Lines []haat.PackLine `json:"lines"`
}

// PickListResponse is what to take off the shelves for the orders waiting to be packed (GET
// /api/seller/picklist): how many orders, and every product they want with how much, grouped by
// category.
type PickListResponse struct {
	Orders  int             `json:"orders"`
	Lines   []picklist.Line `json:"lines"`
	Success bool            `json:"success"`
}

// orderPack packs an order with what was packed of its items, which settles its bill.
func (s *Server) orderPack(w http.ResponseWriter, r *http.Request) error {
	var req OrderPackRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if req.ID == "" {
		return haat.Errorf(haat.EINVALID, "Order id is required")
	}
	o, err := s.Orders.PackOrder(r.Context(), haat.PackOrder{OrderID: req.ID, Lines: req.Lines})
	return s.answerOrderChange(w, r, o, err, say(w, r, "Order %s", haat.StatusPacked))
}

// pickList answers the pick list of the orders waiting to be packed (Order Placed), of one delivery
// slot or day (?slot=, as the orders' list takes it) or of all.
func (s *Server) pickList(w http.ResponseWriter, r *http.Request) error {
	f := haat.SellerOrderFilter{Status: haat.StatusOrderPlaced}
	if err := f.SetSlot(r.URL.Query().Get("slot")); err != nil {
		return err
	}
	var orders []haat.Order
	if err := s.Orders.EachSellerOrder(r.Context(), f, func(o haat.Order) error {
		orders = append(orders, o)
		return nil
	}); err != nil {
		return err
	}
	return ok(w, PickListResponse{Orders: len(orders), Lines: picklist.Of(orders), Success: true})
}
