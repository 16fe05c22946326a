package haat

import (
	"context"
	"slices"
	"strings"
	"unicode/utf8"
)

// StaffRole is what a seller account may do in the seller area: the owner everything, a packer
// the orders and the shelves, a rider their own deliveries. Accounts made before staff existed,
// and those made by HAAT_SELLER_EMAIL or `haat seller add`, are owners.
type StaffRole string

// Staff roles.
const (
	StaffOwner  StaffRole = "owner"
	StaffPacker StaffRole = "packer"
	StaffRider  StaffRole = "rider"
)

// Access is a part of the seller area; each seller route belongs to one, and a role reaches the
// parts roleAccess gives it.
type Access string

// Parts of the seller area.
const (
	// AccessArea is signing in and out and the language: every member of staff.
	AccessArea Access = "area"
	// AccessOrders is the orders, the pick list, packing, assigning riders and switching stock on
	// and off: the owner and packers.
	AccessOrders Access = "orders"
	// AccessOwner is the rest: the catalogue and its prices, settings, staff, money (payments,
	// refunds, the dashboard's takings, exports).
	AccessOwner Access = "owner"
	// AccessDeliveries is a rider's own deliveries.
	AccessDeliveries Access = "deliveries"
)

// roleAccess is the one table of which parts of the seller area each role reaches.
var roleAccess = map[StaffRole][]Access{
	StaffOwner:  {AccessArea, AccessOrders, AccessOwner},
	StaffPacker: {AccessArea, AccessOrders},
	StaffRider:  {AccessArea, AccessDeliveries},
}

// May reports whether the role reaches the part of the seller area.
func (r StaffRole) May(a Access) bool { return slices.Contains(roleAccess[r], a) }

// Reach lists the parts of the seller area the role reaches, for the seller area to show only those.
func (r StaffRole) Reach() []Access {
	if a := roleAccess[r]; a != nil {
		return slices.Clone(a)
	}
	return []Access{}
}

// ParseStaffRole reads the role the owner gives a member of staff: a packer or a rider (owners are
// made on the server, not through the seller area).
func ParseStaffRole(s string) (StaffRole, error) {
	switch r := StaffRole(strings.TrimSpace(s)); r {
	case StaffPacker, StaffRider:
		return r, nil
	}
	return "", Errorf(EINVALID, "Role must be packer or rider")
}

// ErrRoleForbids refuses a member of staff a part of the seller area their role does not reach.
var ErrRoleForbids = Errorf(EFORBIDDEN, "Your role in the store does not allow this")

// MaxStaffName is the longest name of a member of staff.
const MaxStaffName = 60

// NewStaff is a member of staff the owner adds: their name, how they sign in (an email or a Nepali
// mobile number, with a password) and their role.
type NewStaff struct {
	Name     string
	Email    string
	Phone    string
	Role     StaffRole
	Password string
}

// Validate checks a new member of staff and puts their email and phone in the form they are kept.
func (n *NewStaff) Validate() error {
	n.Name = strings.Join(strings.Fields(n.Name), " ")
	switch {
	case n.Name == "":
		return Errorf(EINVALID, "Name is required")
	case utf8.RuneCountInString(n.Name) > MaxStaffName:
		return Errorf(EINVALID, "Name must be at most %d characters", MaxStaffName)
	}
	n.Email, n.Phone = strings.TrimSpace(n.Email), strings.TrimSpace(n.Phone)
	switch {
	case n.Email == "" && n.Phone == "":
		return Errorf(EINVALID, "Give an email or a mobile number to sign in with")
	case n.Email != "" && n.Phone != "":
		return Errorf(EINVALID, "Give an email or a mobile number, not both")
	case n.Email != "":
		email, err := NormalizeEmail(n.Email)
		if err != nil {
			return err
		}
		n.Email = email
	default:
		phone, err := NepaliMobile(n.Phone)
		if err != nil {
			return err
		}
		n.Phone = phone
	}
	if _, err := ParseStaffRole(string(n.Role)); err != nil {
		return err
	}
	return ValidatePassword(n.Password)
}

// FirstName is the first word of a name, as a shopper is told who brings their order.
func FirstName(name string) string {
	first, _, _ := strings.Cut(strings.TrimSpace(name), " ")
	return first
}

// StaffService keeps the store's staff: the accounts of the seller area other than the owners'.
type StaffService interface {
	// AddStaff makes an account for a member of staff; an email or number in use is ECONFLICT.
	AddStaff(ctx context.Context, n NewStaff) (*Seller, error)
	// Staff lists every account of the seller area, owners first, then by name.
	Staff(ctx context.Context) ([]Seller, error)
	// SetStaffRole changes the role of a member of staff (not an owner's).
	SetStaffRole(ctx context.Context, id string, role StaffRole) (*Seller, error)
	// RemoveStaff deletes a member of staff's account (not an owner's) and ends their sessions.
	RemoveStaff(ctx context.Context, id string) error
}
