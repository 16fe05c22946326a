package haat

import (
	"context"
	"strings"
	"unicode/utf8"
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

// MaxAddresses is the most addresses one shopper may save.
const MaxAddresses = 20

// Validate trims the fields and checks that all are present and sensible. Each field has a
// length cap in characters, generous for Nepali and foreign addresses alike.
func (a *Address) Validate() error {
	fields := []struct {
		label string
		v     *string
		max   int
	}{
		{"First name", &a.FirstName, 60}, {"Last name", &a.LastName, 60}, {"Email", &a.Email, 254},
		{"Street", &a.Street, 200}, {"City", &a.City, 80}, {"State", &a.State, 80},
		{"Zip code", &a.Zipcode, 10}, {"Country", &a.Country, 80}, {"Phone", &a.Phone, 20},
	}
	for _, f := range fields {
		*f.v = strings.TrimSpace(*f.v)
		if *f.v == "" {
			return Errorf(EINVALID, "%s is required", f.label)
		}
		if utf8.RuneCountInString(*f.v) > f.max {
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
	// CreateAddress saves a validated address for a.UserID, who may have at most MaxAddresses.
	CreateAddress(ctx context.Context, a *Address) error
	// Addresses returns the user's addresses, oldest first (the first is preselected at checkout).
	Addresses(ctx context.Context, userID string) ([]Address, error)
}
