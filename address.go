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

// Length caps of an address's fields, in characters: generous for Nepali and foreign addresses
// alike.
const (
	MaxPersonName = 60 // first name, last name
	MaxStreet     = 200
	MaxPlace      = 80 // city, state, country
	MaxZipcode    = 10
	MaxPhone      = 20
)

// Validate trims the fields and checks that all are present, within their length caps and
// sensible.
func (a *Address) Validate() error {
	fields := []struct {
		label string
		v     *string
		max   int
	}{
		{"First name", &a.FirstName, MaxPersonName}, {"Last name", &a.LastName, MaxPersonName}, {"Email", &a.Email, MaxEmail},
		{"Street", &a.Street, MaxStreet}, {"City", &a.City, MaxPlace}, {"State", &a.State, MaxPlace},
		{"Zip code", &a.Zipcode, MaxZipcode}, {"Country", &a.Country, MaxPlace}, {"Phone", &a.Phone, MaxPhone},
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
	if !digits(a.Zipcode) || len(a.Zipcode) > MaxZipcode {
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
