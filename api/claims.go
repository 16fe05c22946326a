package api

import (
	"encoding/json"
	"net/http"

	"haat"
	"haat/locale"
)

// ClaimResponse answers a claim made or decided: its reference, the day it will be decided by and,
// once decided, the decision.
type ClaimResponse struct {
	Message string          `json:"message"`
	Claim   haat.OrderClaim `json:"claim"`
	Success bool            `json:"success"`
}

// ClaimsResponse lists claims: the shopper's own (GET /api/order/claims), or the store's at the
// claims desk (GET /api/seller/claims), open ones oldest first.
type ClaimsResponse struct {
	Claims []haat.OrderClaim `json:"claims"`
	// Claimable are, for the shopper, the lines of their delivered orders they may still claim and
	// for which reasons, by order id.
	Claimable map[string][]haat.ClaimableLine `json:"claimable,omitempty"`
	Success   bool                            `json:"success"`
}

// orderClaim records a shopper's claim about their own delivered order (multipart: id, lines as
// JSON [{product, quantity, reason}], note, and up to 3 photos, checked like product photos). The
// claim is checked before its photos are stored, so that a claim refused stores nothing.
func (s *Server) orderClaim(w http.ResponseWriter, r *http.Request) error {
	form, err := multipartForm(w, r)
	if err != nil {
		return err
	}
	defer form.RemoveAll()
	c := haat.NewClaim{OrderID: formValue(form, "id"), UserID: subject(r.Context(), haat.RoleUser), Note: formValue(form, "note")}
	if raw := formValue(form, "lines"); raw != "" {
		if err := json.Unmarshal([]byte(raw), &c.Lines); err != nil {
			return haat.Errorf(haat.EINVALID, "Choose the items that were not right")
		}
	}
	files := form.File["photos"]
	if err := c.Validate(len(files)); err != nil {
		return err
	}
	if err := s.Claims.CheckClaim(r.Context(), c); err != nil {
		return err
	}
	if c.Photos, err = s.saveUploads(r, files); err != nil {
		return err
	}
	claim, err := s.Claims.OpenClaim(r.Context(), c)
	if err != nil {
		return err
	}
	return ok(w, ClaimResponse{Message: say(w, r, "Claim %s recorded: we will decide it by %s", claim.Reference, locale.Day(claim.DecideBy)),
		Claim: *claim, Success: true})
}

// orderClaims lists the shopper's own claims, newest first.
func (s *Server) orderClaims(w http.ResponseWriter, r *http.Request) error {
	claims, claimable, err := s.Claims.UserClaims(r.Context(), subject(r.Context(), haat.RoleUser))
	if err != nil {
		return err
	}
	return ok(w, ClaimsResponse{Claims: claims, Claimable: claimable, Success: true})
}

// sellerClaims lists the claims desk: open claims oldest first with the days left to decide each,
// then those decided last.
func (s *Server) sellerClaims(w http.ResponseWriter, r *http.Request) error {
	claims, err := s.Claims.SellerClaims(r.Context())
	if err != nil {
		return err
	}
	return ok(w, ClaimsResponse{Claims: claims, Success: true})
}

// sellerClaimResolve decides an open claim: refund, store credit, or a rejection with its reason.
func (s *Server) sellerClaimResolve(w http.ResponseWriter, r *http.Request) error {
	var d haat.ClaimDecision
	if err := decodeJSON(w, r, &d); err != nil {
		return err
	}
	if err := d.Validate(); err != nil {
		return err
	}
	claim, err := s.Claims.ResolveClaim(r.Context(), d)
	if err != nil {
		return err
	}
	return ok(w, ClaimResponse{Message: say(w, r, "Claim %s decided", claim.Reference), Claim: *claim, Success: true})
}
