package api

import (
	"net/http"

	"haat"
	"haat/slots"
)

// SlotListResponse is today's and tomorrow's delivery slots, open ones and the others with why
// they cannot be chosen (GET /api/slot/list); none while the seller offers no slots.
type SlotListResponse struct {
	Slots   []haat.Slot `json:"slots"`
	Success bool        `json:"success"`
}

// DeliveryWindowsRequest replaces the seller's daily delivery windows (POST /api/seller/slots);
// none at all stops offering slots.
type DeliveryWindowsRequest struct {
	Windows []slots.Window `json:"windows"`
}

// DeliveryWindowsResponse is the seller's daily delivery windows, by start (GET and POST
// /api/seller/slots).
type DeliveryWindowsResponse struct {
	Message string         `json:"message,omitempty"`
	Success bool           `json:"success"`
	Windows []slots.Window `json:"windows"`
}

func (s *Server) slotList(w http.ResponseWriter, r *http.Request) error {
	slots, err := s.Slots.DeliverySlots(r.Context())
	if err != nil {
		return err
	}
	return ok(w, SlotListResponse{Slots: slots, Success: true})
}

func (s *Server) sellerSlots(w http.ResponseWriter, r *http.Request) error {
	ws, err := s.Slots.DeliveryWindows(r.Context())
	if err != nil {
		return err
	}
	return ok(w, DeliveryWindowsResponse{Success: true, Windows: ws})
}

func (s *Server) sellerSetSlots(w http.ResponseWriter, r *http.Request) error {
	var req DeliveryWindowsRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	ws, err := s.Slots.SetDeliveryWindows(r.Context(), req.Windows)
	if err != nil {
		return err
	}
	s.settingsChanged() // the pages' speed promise follows the slots
	return ok(w, DeliveryWindowsResponse{Message: say(w, r, "Delivery slots saved"), Success: true, Windows: ws})
}
