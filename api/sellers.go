package api

import (
	"net/http"
	"strings"

	"haat"
	"haat/dashboard"
)

func (s *Server) sellerLogin(w http.ResponseWriter, r *http.Request) error {
	var req LoginRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	try, err := s.loginAttempt(w, r, haat.RoleSeller, req.Email)
	if err != nil {
		return err
	}
	seller, err := s.Sellers.AuthenticateSeller(r.Context(), strings.TrimSpace(req.Email), req.Password)
	if err := s.loginResult(w, r, try, err); err != nil {
		return err
	}
	if err := s.startSession(w, r, haat.RoleSeller, seller.ID); err != nil {
		return err
	}
	return ok(w, SellerResponse{Message: say(w, r, "Logged In"), Seller: *seller, Success: true})
}

// SellerResponse is the signed-in seller, after sign-in (with a message) or when the seller area
// asks who is signed in (GET /api/seller/auth-seller); the spec's client reads only success.
type SellerResponse struct {
	Message string      `json:"message,omitempty"`
	Seller  haat.Seller `json:"seller"`
	Success bool        `json:"success"`
}

// authSeller answers the seller of the session; the route's role turns anyone else away.
func (s *Server) authSeller(w http.ResponseWriter, r *http.Request) error {
	return ok(w, SellerResponse{Seller: *signedInSeller(r.Context()), Success: true})
}

// SellerSessionResponse is the seller signed in, or null (GET /api/seller/session).
type SellerSessionResponse struct {
	Seller  *haat.Seller `json:"seller"`
	Success bool         `json:"success"`
}

// sellerSession answers the seller of the session, or null, always 200: auth-seller's question
// for a storefront that only wants to know.
func (s *Server) sellerSession(w http.ResponseWriter, r *http.Request) error {
	seller, err := signedIn(s, r, haat.RoleSeller, s.Sellers.Seller)
	if err != nil {
		return err
	}
	return ok(w, SellerSessionResponse{Seller: seller, Success: true})
}

// DashboardResponse sums up the store for the seller (GET /api/seller/dashboard).
type DashboardResponse struct {
	Dashboard dashboard.Dashboard `json:"dashboard"`
	Success   bool                `json:"success"`
}

func (s *Server) sellerDashboard(w http.ResponseWriter, r *http.Request) error {
	d, err := s.Dashboard.Dashboard(r.Context())
	if err != nil {
		return err
	}
	return ok(w, DashboardResponse{Dashboard: *d, Success: true})
}
