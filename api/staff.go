package api

import (
	"net/http"

	"haat"
	"haat/staff"
)

// StaffRequest adds a member of staff (POST /api/seller/staff): their name, an email or a Nepali
// mobile number to sign in with, their role (packer or rider) and a password.
type StaffRequest struct {
	Name     string `json:"name"`
	Email    string `json:"email,omitempty"`
	Phone    string `json:"phone,omitempty"`
	Role     string `json:"role"`
	Password string `json:"password"`
}

// StaffRoleRequest changes the role of a member of staff (POST /api/seller/staff/role).
type StaffRoleRequest struct {
	ID   string `json:"id"`
	Role string `json:"role"`
}

// StaffRemoveRequest removes a member of staff (POST /api/seller/staff/remove).
type StaffRemoveRequest struct {
	ID string `json:"id"`
}

// StaffResponse is a member of staff added or changed.
type StaffResponse struct {
	Message string      `json:"message"`
	Staff   haat.Seller `json:"staff"`
	Success bool        `json:"success"`
}

// StaffListResponse is every account of the seller area, owners first (GET /api/seller/staff).
type StaffListResponse struct {
	Staff   []haat.Seller `json:"staff"`
	Success bool          `json:"success"`
}

func (s *Server) sellerStaff(w http.ResponseWriter, r *http.Request) error {
	list, err := s.Staff.Staff(r.Context())
	if err != nil {
		return err
	}
	return ok(w, StaffListResponse{Staff: list, Success: true})
}

func (s *Server) sellerAddStaff(w http.ResponseWriter, r *http.Request) error {
	var req StaffRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	added, err := s.Staff.AddStaff(r.Context(), staff.NewMember{Name: req.Name, Email: req.Email, Phone: req.Phone,
		Role: haat.StaffRole(req.Role), Password: req.Password})
	if err != nil {
		return err
	}
	return ok(w, StaffResponse{Message: say(w, r, "Staff added"), Staff: *added, Success: true})
}

func (s *Server) sellerStaffRole(w http.ResponseWriter, r *http.Request) error {
	var req StaffRoleRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	role, err := staff.ParseRole(req.Role)
	if err != nil {
		return err
	}
	changed, err := s.Staff.SetStaffRole(r.Context(), req.ID, role)
	if err != nil {
		return err
	}
	return ok(w, StaffResponse{Message: say(w, r, "Role changed"), Staff: *changed, Success: true})
}

func (s *Server) sellerRemoveStaff(w http.ResponseWriter, r *http.Request) error {
	var req StaffRemoveRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if err := s.Staff.RemoveStaff(r.Context(), req.ID); err != nil {
		return err
	}
	return ok(w, MessageResponse{Message: say(w, r, "Staff removed"), Success: true})
}
