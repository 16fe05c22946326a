// Package staff is the store's staff as the owner keeps it: adding a member of staff (NewMember),
// the roles the owner gives, the refusal of a part of the seller area a role does not reach, and
// the service interface (Service, which the store answers); what each role reaches is the
// domain's (haat.StaffRole).
package staff

import (
	"context"
	"strings"
	"unicode/utf8"

	"haat"
)

// ParseRole reads the role the owner gives a member of staff: a packer or a rider (owners are
// made on the server, not through the seller area).
func ParseRole(s string) (haat.StaffRole, error) {
	switch r := haat.StaffRole(strings.TrimSpace(s)); r {
	case haat.StaffPacker, haat.StaffRider:
		return r, nil
	}
	return "", haat.Errorf(haat.EINVALID, "Role must be packer or rider")
}

// ErrRoleForbids refuses a member of staff a part of the seller area their role does not reach.
var ErrRoleForbids = haat.Errorf(haat.EFORBIDDEN, "Your role in the store does not allow this")

// MaxName is the longest name of a member of staff.
const MaxName = 60

// NewMember is a member of staff the owner adds: their name, how they sign in (an email or a Nepali
// mobile number, with a password) and their role.
type NewMember struct {
	Name     string
	Email    string
	Phone    string
	Role     haat.StaffRole
	Password string
}

// Validate checks a new member of staff and puts their email and phone in the form they are kept.
func (n *NewMember) Validate() error {
	n.Name = strings.Join(strings.Fields(n.Name), " ")
	switch {
	case n.Name == "":
		return haat.Errorf(haat.EINVALID, "Name is required")
	case utf8.RuneCountInString(n.Name) > MaxName:
		return haat.Errorf(haat.EINVALID, "Name must be at most %d characters", MaxName)
	}
	n.Email, n.Phone = strings.TrimSpace(n.Email), strings.TrimSpace(n.Phone)
	switch {
	case n.Email == "" && n.Phone == "":
		return haat.Errorf(haat.EINVALID, "Give an email or a mobile number to sign in with")
	case n.Email != "" && n.Phone != "":
		return haat.Errorf(haat.EINVALID, "Give an email or a mobile number, not both")
	case n.Email != "":
		email, err := haat.NormalizeEmail(n.Email)
		if err != nil {
			return err
		}
		n.Email = email
	default:
		phone, err := haat.NepaliMobile(n.Phone)
		if err != nil {
			return err
		}
		n.Phone = phone
	}
	if _, err := ParseRole(string(n.Role)); err != nil {
		return err
	}
	return haat.ValidatePassword(n.Password)
}

// Service keeps the store's staff: the accounts of the seller area other than the owners'.
type Service interface {
	// AddStaff makes an account for a member of staff; an email or number in use is ECONFLICT.
	AddStaff(ctx context.Context, n NewMember) (*haat.Seller, error)
	// Staff lists every account of the seller area, owners first, then by name.
	Staff(ctx context.Context) ([]haat.Seller, error)
	// SetStaffRole changes the role of a member of staff (not an owner's).
	SetStaffRole(ctx context.Context, id string, role haat.StaffRole) (*haat.Seller, error)
	// RemoveStaff deletes a member of staff's account (not an owner's) and ends their sessions.
	RemoveStaff(ctx context.Context, id string) error
}
