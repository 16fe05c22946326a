// Package addressbook is a shopper's saved addresses (Service, which the store answers): how many
// they may save and the one the cart preselects; an address and its rules are the domain's
// (haat.Address).
package addressbook

import (
	"context"

	"haat"
)

// MaxAddresses is the most addresses one shopper may save.
const MaxAddresses = 20

// Default is the address the cart preselects among a shopper's saved addresses, oldest
// first: the one they made their default, else the first (as the spec has it); nil when there are
// none.
func Default(list []haat.Address) *haat.Address {
	for i := range list {
		if list[i].Default {
			return &list[i]
		}
	}
	if len(list) == 0 {
		return nil
	}
	return &list[0]
}

// Service stores users' addresses. An address another user saved, or one deleted, is
// ENOTFOUND ("Address not found") to every method, as one that never existed. Orders keep a copy
// of the address they were placed with: editing or deleting a saved address changes no order.
type Service interface {
	// CreateAddress saves a validated address for a.UserID, who may have at most MaxAddresses.
	CreateAddress(ctx context.Context, a *haat.Address) error
	// UpdateAddress replaces the fields of a.UserID's address a.ID with a's, validated as
	// CreateAddress does; it stays their default if it was.
	UpdateAddress(ctx context.Context, a *haat.Address) error
	// DeleteAddress removes the user's address id from their saved addresses; when it was their
	// default, they have none chosen (Default falls back to the first).
	DeleteAddress(ctx context.Context, userID, id string) error
	// SetDefaultAddress makes the user's address id their default, and no other.
	SetDefaultAddress(ctx context.Context, userID, id string) error
	// Addresses returns the user's addresses, oldest first, their default marked (see Default).
	Addresses(ctx context.Context, userID string) ([]haat.Address, error)
}
