package haat

import (
	"strings"
	"unicode/utf8"

	"haat/nepal"
)

// Address is a saved delivery address of a user. The spec's ten fields come first; a Nepali
// address keeps its province in State, its municipality in City and its tole in Street, and adds
// District, Ward and Landmark, which an address from the spec's form leaves out.
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
	// District is one of Nepal's 77 districts (its English name, as in Districts), in the province
	// State names; given, the address is a Nepali one and follows Nepal's rules.
	District string `json:"district,omitempty"`
	// Ward is the ward number within the municipality, 1 to MaxWard; 0 when not given.
	Ward int `json:"ward,omitempty"`
	// Landmark helps the rider find the door: "opposite Bhatbhateni, blue gate".
	Landmark string `json:"landmark,omitempty"`
	// Default marks the saved address the shopper chose as their default (addressbook.Default); an
	// order's copy of its address has none.
	Default bool `json:"-"`
}

// Length caps of an address's fields, in characters: generous for Nepali and foreign addresses
// alike.
const (
	MaxPersonName = 60 // first name, last name
	MaxStreet     = 200
	MaxPlace      = 80 // city, state, country
	MaxZipcode    = 10
	MaxPhone      = 20
	MaxLandmark   = 120 // a Nepali address's landmark
	MaxWard       = 35  // the highest ward number; the most wards a Nepali municipality has is 33 (Pokhara)
)

// Nepal is the country whose addresses follow Nepal's rules (provinces, districts, wards, a
// Nepali mobile number), as the address form writes it.
const Nepal = "Nepal"

// IsNepal reports whether a country as written names Nepal, in English or Nepali, in any case.
func IsNepal(country string) bool {
	c := strings.TrimSpace(country)
	return strings.EqualFold(c, Nepal) || c == "नेपाल"
}

// Validate trims the fields and checks them. An address with a District is a Nepali one (its
// country must be Nepal): province and district from the lists, the district in that province,
// municipality, ward and tole required, a Nepali mobile number (stored as its 10 digits), zip
// code and email optional. Any other address, such as one from the spec's form, which knows no
// district, follows the spec's rules: all ten fields present, a numeric zip code, an email.
func (a *Address) Validate() error {
	for _, v := range []*string{&a.FirstName, &a.LastName, &a.Email, &a.Street, &a.City, &a.State, &a.Zipcode,
		&a.Country, &a.Phone, &a.District, &a.Landmark} {
		*v = strings.TrimSpace(*v)
	}
	a.Zipcode, a.Phone = ASCIIDigits(a.Zipcode), ASCIIDigits(a.Phone)
	if utf8.RuneCountInString(a.Landmark) > MaxLandmark {
		return Errorf(EINVALID, "Landmark is too long")
	}
	if a.Ward != 0 && (a.Ward < 1 || a.Ward > MaxWard) {
		return Errorf(EINVALID, "Ward must be a number from 1 to %d", MaxWard)
	}
	if a.District != "" {
		return a.validateNepali()
	}
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
		if err := checkField(f.label, *f.v, f.max, true); err != nil {
			return err
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

// validateNepali checks a trimmed Nepali address and writes its province, district and country
// as the lists name them and its phone as 10 digits.
func (a *Address) validateNepali() error {
	if !IsNepal(a.Country) {
		return Errorf(EINVALID, "District is only for addresses in Nepal")
	}
	a.Country = Nepal
	for _, f := range []struct {
		label    string
		v        string
		max      int
		required bool
	}{
		{"First name", a.FirstName, MaxPersonName, true}, {"Last name", a.LastName, MaxPersonName, true},
		{"Province", a.State, MaxPlace, true}, {"District", a.District, MaxPlace, true},
		{"Municipality", a.City, MaxPlace, true}, {"Tole or street", a.Street, MaxStreet, true},
		{"Phone", a.Phone, MaxPhone, true}, {"Email", a.Email, MaxEmail, false}, {"Zip code", a.Zipcode, MaxZipcode, false},
	} {
		if err := checkField(f.label, f.v, f.max, f.required); err != nil {
			return err
		}
	}
	p := nepal.FindProvince(a.State)
	if p == nil {
		return Errorf(EINVALID, "Province must be one of Nepal's %d provinces", len(nepal.Provinces))
	}
	d := nepal.FindDistrict(a.District)
	if d == nil {
		return Errorf(EINVALID, "District must be one of Nepal's %d districts", len(nepal.Districts))
	}
	if d.Province != p.Name {
		return Errorf(EINVALID, "%s district is in %s Province, not %s", districtName(d.Name), provinceName(d.Province), provinceName(p.Name))
	}
	a.State, a.District = p.Name, d.Name
	if a.Ward == 0 {
		return Errorf(EINVALID, "Ward must be a number from 1 to %d", MaxWard)
	}
	phone, err := NepaliMobile(a.Phone)
	if err != nil {
		return err
	}
	a.Phone = phone
	if a.Email != "" {
		if _, err := NormalizeEmail(a.Email); err != nil {
			return err
		}
	}
	if !digits(a.Zipcode) {
		return Errorf(EINVALID, "Zip code must be a number")
	}
	return nil
}

// checkField checks a trimmed field's presence and its length cap in characters.
func checkField(label, v string, max int, required bool) error {
	if v == "" && required {
		return Errorf(EINVALID, "%s is required", label)
	}
	if utf8.RuneCountInString(v) > max {
		return Errorf(EINVALID, "%s is too long", label)
	}
	return nil
}
