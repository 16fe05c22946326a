package api

import (
	"net/http"
	"strings"

	"haat"
)

func (s *Server) sellerLogin(w http.ResponseWriter, r *http.Request) error {
	var req LoginRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if err := s.loginAttempt(w, r, haat.RoleSeller, req.Email); err != nil {
		return err
	}
	seller, err := s.Sellers.AuthenticateSeller(r.Context(), strings.TrimSpace(req.Email), req.Password)
	if err := s.loginResult(r, haat.RoleSeller, req.Email, err); err != nil {
		return err
	}
	if err := s.startSession(w, r, haat.RoleSeller, seller.ID); err != nil {
		return err
	}
	return ok(w, MessageResponse{Message: "Logged In", Success: true})
}

// authSeller answers success to a seller; the route's role turns anyone else away.
func (s *Server) authSeller(w http.ResponseWriter, r *http.Request) error {
	return ok(w, MessageResponse{Success: true})
}

// DashboardResponse sums up the store for the seller (GET /api/seller/dashboard).
type DashboardResponse struct {
	Dashboard haat.Dashboard `json:"dashboard"`
	Success   bool           `json:"success"`
}

func (s *Server) sellerDashboard(w http.ResponseWriter, r *http.Request) error {
	d, err := s.Dashboard.Dashboard(r.Context())
	if err != nil {
		return err
	}
	return ok(w, DashboardResponse{Dashboard: *d, Success: true})
}
