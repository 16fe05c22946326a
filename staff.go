package haat

import (
	"slices"
	"strings"
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

// FirstName is the first word of a name, as a shopper is told who brings their order.
func FirstName(name string) string {
	first, _, _ := strings.Cut(strings.TrimSpace(name), " ")
	return first
}
