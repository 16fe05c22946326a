package haat

import (
	"context"
	"strings"
)

// Address is a saved delivery address of a user.
type Address struct {
	ID        string `json:"_id"`
	UserID    string `json:"-"`
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
	Email     string `json:"email"`
	Street    string `json:"street"`
	City      string `json:"city"`
	State     string `json:"state"`
	Zipcode   string `json:"zipcode"`
	Country   string `json:"country"`
	Phone     string `json:"phone"`
}

// Validate trims the fields and checks that all are present and sensible.
func (a *Address) Validate() error {
	fields := []struct {
		label string
		v     *string
	}{
		{"First name", &a.FirstName}, {"Last name", &a.LastName}, {"Email", &a.Email},
		{"Street", &a.Street}, {"City", &a.City}, {"State", &a.State},
		{"Zip code", &a.Zipcode}, {"Country", &a.Country}, {"Phone", &a.Phone},
	}
	for _, f := range fields {
		*f.v = strings.TrimSpace(*f.v)
		if *f.v == "" {
			return Errorf(EINVALID, "%s is required", f.label)
		}
		if len(*f.v) > 200 {
			return Errorf(EINVALID, "%s is too long", f.label)
		}
	}
	if _, err := NormalizeEmail(a.Email); err != nil {
		return err
	}
	if !digits(a.Zipcode) || len(a.Zipcode) > 10 {
		return Errorf(EINVALID, "Zip code must be a number")
	}
	phone := strings.TrimPrefix(a.Phone, "+")
	phone = strings.NewReplacer(" ", "", "-", "").Replace(phone)
	if len(phone) < 7 || len(phone) > 15 || !digits(phone) {
		return Errorf(EINVALID, "Please enter a valid phone number")
	}
	return nil
}

// AddressService stores users' addresses.
type AddressService interface {
	// CreateAddress saves a validated address for a.UserID.
	CreateAddress(ctx context.Context, a *Address) error
	// Addresses returns the user's addresses, oldest first (the first is preselected at checkout).
	Addresses(ctx context.Context, userID string) ([]Address, error)
}
