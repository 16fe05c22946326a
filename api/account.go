package api

import (
	"net/http"
	"time"

	"haat"
	"haat/account"
)

// PasswordRequest changes the signed-in shopper's password (POST /api/user/password): current is
// their password now, left out by an account that has none yet (one made by phone).
type PasswordRequest struct {
	Current  string `json:"current"`
	Password string `json:"password"`
}

// EmailRequest changes the signed-in shopper's e-mail (POST /api/user/email), with their password.
type EmailRequest struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

// PhoneRequest changes the signed-in shopper's mobile number (POST /api/user/phone) with the code
// texted to the new number, asked for at POST /api/user/otp/send.
type PhoneRequest struct {
	Code  string `json:"code"`
	Phone string `json:"phone"`
}

// CloseAccountRequest closes the signed-in shopper's account (POST /api/user/delete): with their
// password, or, for an account without one, the code texted to its number (POST /api/user/otp/send).
type CloseAccountRequest struct {
	Code     string `json:"code,omitempty"`
	Password string `json:"password,omitempty"`
	// GiveUpCredit gives up the store credit the shopper holds: an account holding some is not
	// closed without it (409, naming the balance).
	GiveUpCredit bool `json:"giveUpCredit,omitempty"`
}

// AccountExportResponse is everything the store keeps about the signed-in shopper, answered as a
// file to save (GET /api/user/export): their profile, addresses and orders.
type AccountExportResponse struct {
	Success    bool           `json:"success"`
	ExportedAt time.Time      `json:"exportedAt"`
	Profile    haat.User      `json:"profile"`
	Addresses  []haat.Address `json:"addresses"`
	Orders     []haat.Order   `json:"orders"`
	// Credit is the shopper's store credit and its ledger; Claims their claims about orders.
	Credit haat.Credit       `json:"credit"`
	Claims []haat.OrderClaim `json:"claims"`
}

// changePassword sets the shopper's new password and ends their other sessions; this one stays.
func (s *Server) changePassword(w http.ResponseWriter, r *http.Request) error {
	var req PasswordRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	keep := ""
	if c, err := r.Cookie(s.cookieName(haat.RoleUser)); err == nil {
		keep = c.Value
	}
	if err := s.Accounts.ChangePassword(r.Context(), subject(r.Context(), haat.RoleUser), req.Current, req.Password, keep); err != nil {
		return err
	}
	return ok(w, MessageResponse{Success: true, Message: say(w, r, "Password changed; you are signed out everywhere else")})
}

// changeEmail sets the shopper's e-mail, and answers the shopper.
func (s *Server) changeEmail(w http.ResponseWriter, r *http.Request) error {
	var req EmailRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	u, err := s.Accounts.ChangeEmail(r.Context(), subject(r.Context(), haat.RoleUser), req.Email, req.Password)
	if err != nil {
		return err
	}
	return ok(w, UserResponse{Success: true, Message: say(w, r, "Email saved"), User: *u})
}

// changePhone sets the shopper's number once they show the code texted to it, and answers the shopper.
func (s *Server) changePhone(w http.ResponseWriter, r *http.Request) error {
	var req PhoneRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	u, err := s.Accounts.ChangePhone(r.Context(), subject(r.Context(), haat.RoleUser), req.Phone, s.requesterOf(r), req.Code)
	if err != nil {
		return err
	}
	return ok(w, UserResponse{Success: true, Message: say(w, r, "Phone number saved"), User: *u})
}

// logoutAll ends every session of the shopper, this one included.
func (s *Server) logoutAll(w http.ResponseWriter, r *http.Request) error {
	if err := s.Accounts.EndSessions(r.Context(), subject(r.Context(), haat.RoleUser)); err != nil {
		return err
	}
	s.clearSession(w, r, haat.RoleUser)
	return ok(w, MessageResponse{Success: true, Message: say(w, r, "Signed out everywhere")})
}

// exportAccount answers everything the store keeps about the shopper as a JSON file to save.
func (s *Server) exportAccount(w http.ResponseWriter, r *http.Request) error {
	export, err := s.Accounts.Export(r.Context(), subject(r.Context(), haat.RoleUser))
	if err != nil {
		return err
	}
	now := time.Now()
	w.Header().Set("Content-Disposition", `attachment; filename="my-account-`+now.In(haat.StoreZone).Format(haat.DayLayout)+`.json"`)
	w.Header().Set("Cache-Control", "no-store")
	return ok(w, AccountExportResponse{Success: true, ExportedAt: now.UTC().Truncate(time.Second), Profile: export.Profile,
		Addresses: export.Addresses, Orders: export.Orders, Credit: *export.Credit, Claims: export.Claims})
}

// closeAccount closes the shopper's account and signs them out.
func (s *Server) closeAccount(w http.ResponseWriter, r *http.Request) error {
	var req CloseAccountRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	proof := account.Proof{Password: req.Password, Code: req.Code, Requester: s.requesterOf(r), GiveUpCredit: req.GiveUpCredit}
	if err := s.Accounts.Close(r.Context(), subject(r.Context(), haat.RoleUser), proof); err != nil {
		return err
	}
	s.clearSession(w, r, haat.RoleUser)
	return ok(w, MessageResponse{Success: true, Message: say(w, r, "Your account is closed")})
}
