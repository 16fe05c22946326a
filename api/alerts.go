package api

import (
	"net/http"

	"haat"
	"haat/stockalert"
)

// ProductNotifyRequest asks to be told when a product out of stock is back, or, with notify
// false, no longer (POST /api/product/notify).
type ProductNotifyRequest struct {
	ID     string `json:"id"`
	Notify *bool  `json:"notify,omitempty"`
}

// UserAlertsResponse is the shopper's stock alerts, those back on sale first (GET /api/user/alerts).
type UserAlertsResponse struct {
	Alerts  []stockalert.Alert `json:"alerts"`
	Success bool               `json:"success"`
}

func (s *Server) productNotify(w http.ResponseWriter, r *http.Request) error {
	var req ProductNotifyRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if req.ID == "" {
		return haat.Errorf(haat.EINVALID, "Product id is required")
	}
	watch := req.Notify == nil || *req.Notify
	p, err := s.Alerts.WatchProduct(r.Context(), subject(r.Context(), haat.RoleUser), req.ID, watch)
	if err != nil {
		return err
	}
	message := say(w, r, "We will tell you when %s is back", p.Name)
	if !watch {
		message = say(w, r, "You will not be told about %s", p.Name)
	}
	return ok(w, MessageResponse{Message: message, Success: true})
}

func (s *Server) userAlerts(w http.ResponseWriter, r *http.Request) error {
	alerts, err := s.Alerts.UserAlerts(r.Context(), subject(r.Context(), haat.RoleUser))
	if err != nil {
		return err
	}
	return ok(w, UserAlertsResponse{Alerts: alerts, Success: true})
}
