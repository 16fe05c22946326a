package haat

import (
	"context"
	"strings"
	"unicode/utf8"
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
	// Default marks the saved address the shopper chose as their default (DefaultAddress); an
	// order's copy of its address has none.
	Default bool `json:"-"`
}

// DefaultAddress is the address the cart preselects among a shopper's saved addresses, oldest
// first: the one they made their default, else the first (as the spec has it); nil when there are
// none.
func DefaultAddress(list []Address) *Address {
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
	p := FindProvince(a.State)
	if p == nil {
		return Errorf(EINVALID, "Province must be one of Nepal's %d provinces", len(Provinces))
	}
	d := FindDistrict(a.District)
	if d == nil {
		return Errorf(EINVALID, "District must be one of Nepal's %d districts", len(Districts))
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

// AddressService stores users' addresses. An address another user saved, or one deleted, is
// ENOTFOUND ("Address not found") to every method, as one that never existed. Orders keep a copy
// of the address they were placed with: editing or deleting a saved address changes no order.
type AddressService interface {
	// CreateAddress saves a validated address for a.UserID, who may have at most MaxAddresses.
	CreateAddress(ctx context.Context, a *Address) error
	// UpdateAddress replaces the fields of a.UserID's address a.ID with a's, validated as
	// CreateAddress does; it stays their default if it was.
	UpdateAddress(ctx context.Context, a *Address) error
	// DeleteAddress removes the user's address id from their saved addresses; when it was their
	// default, they have none chosen (DefaultAddress falls back to the first).
	DeleteAddress(ctx context.Context, userID, id string) error
	// SetDefaultAddress makes the user's address id their default, and no other.
	SetDefaultAddress(ctx context.Context, userID, id string) error
	// Addresses returns the user's addresses, oldest first, their default marked (see DefaultAddress).
	Addresses(ctx context.Context, userID string) ([]Address, error)
}

// Province is one of Nepal's seven provinces.
type Province struct {
	// Name is the English name, as an address's state holds it.
	Name string `json:"name"`
	// Nepali is the name in Devanagari.
	Nepali string `json:"nepali"`
}

// District is one of Nepal's 77 districts.
type District struct {
	// Name is the English name, as an address's district holds it.
	Name string `json:"name"`
	// Nepali is the name in Devanagari.
	Nepali string `json:"nepali"`
	// Province is the English name of the province the district is in.
	Province string `json:"province"`
}

// Provinces are Nepal's seven provinces, east to west.
var Provinces = []Province{
	{"Koshi", "कोशी"}, {"Madhesh", "मधेश"}, {"Bagmati", "बागमती"}, {"Gandaki", "गण्डकी"},
	{"Lumbini", "लुम्बिनी"}, {"Karnali", "कर्णाली"}, {"Sudurpashchim", "सुदूरपश्चिम"},
}

// Districts are Nepal's 77 districts, by province and then in alphabetical order.
var Districts = []District{
	{"Bhojpur", "भोजपुर", "Koshi"}, {"Dhankuta", "धनकुटा", "Koshi"}, {"Ilam", "इलाम", "Koshi"},
	{"Jhapa", "झापा", "Koshi"}, {"Khotang", "खोटाङ", "Koshi"}, {"Morang", "मोरङ", "Koshi"},
	{"Okhaldhunga", "ओखलढुङ्गा", "Koshi"}, {"Panchthar", "पाँचथर", "Koshi"}, {"Sankhuwasabha", "संखुवासभा", "Koshi"},
	{"Solukhumbu", "सोलुखुम्बु", "Koshi"}, {"Sunsari", "सुनसरी", "Koshi"}, {"Taplejung", "ताप्लेजुङ", "Koshi"},
	{"Terhathum", "तेह्रथुम", "Koshi"}, {"Udayapur", "उदयपुर", "Koshi"},

	{"Bara", "बारा", "Madhesh"}, {"Dhanusha", "धनुषा", "Madhesh"}, {"Mahottari", "महोत्तरी", "Madhesh"},
	{"Parsa", "पर्सा", "Madhesh"}, {"Rautahat", "रौतहट", "Madhesh"}, {"Saptari", "सप्तरी", "Madhesh"},
	{"Sarlahi", "सर्लाही", "Madhesh"}, {"Siraha", "सिराहा", "Madhesh"},

	{"Bhaktapur", "भक्तपुर", "Bagmati"}, {"Chitwan", "चितवन", "Bagmati"}, {"Dhading", "धादिङ", "Bagmati"},
	{"Dolakha", "दोलखा", "Bagmati"}, {"Kathmandu", "काठमाडौं", "Bagmati"}, {"Kavrepalanchok", "काभ्रेपलाञ्चोक", "Bagmati"},
	{"Lalitpur", "ललितपुर", "Bagmati"}, {"Makwanpur", "मकवानपुर", "Bagmati"}, {"Nuwakot", "नुवाकोट", "Bagmati"},
	{"Ramechhap", "रामेछाप", "Bagmati"}, {"Rasuwa", "रसुवा", "Bagmati"}, {"Sindhuli", "सिन्धुली", "Bagmati"},
	{"Sindhupalchok", "सिन्धुपाल्चोक", "Bagmati"},

	{"Baglung", "बागलुङ", "Gandaki"}, {"Gorkha", "गोरखा", "Gandaki"}, {"Kaski", "कास्की", "Gandaki"},
	{"Lamjung", "लमजुङ", "Gandaki"}, {"Manang", "मनाङ", "Gandaki"}, {"Mustang", "मुस्ताङ", "Gandaki"},
	{"Myagdi", "म्याग्दी", "Gandaki"}, {"Nawalparasi (Bardaghat Susta East)", "नवलपरासी (बर्दघाट सुस्ता पूर्व)", "Gandaki"},
	{"Parbat", "पर्वत", "Gandaki"}, {"Syangja", "स्याङ्जा", "Gandaki"}, {"Tanahun", "तनहुँ", "Gandaki"},

	{"Arghakhanchi", "अर्घाखाँची", "Lumbini"}, {"Banke", "बाँके", "Lumbini"}, {"Bardiya", "बर्दिया", "Lumbini"},
	{"Dang", "दाङ", "Lumbini"}, {"Gulmi", "गुल्मी", "Lumbini"}, {"Kapilvastu", "कपिलवस्तु", "Lumbini"},
	{"Nawalparasi (Bardaghat Susta West)", "नवलपरासी (बर्दघाट सुस्ता पश्चिम)", "Lumbini"}, {"Palpa", "पाल्पा", "Lumbini"},
	{"Pyuthan", "प्युठान", "Lumbini"}, {"Rolpa", "रोल्पा", "Lumbini"}, {"Rukum East", "पूर्वी रुकुम", "Lumbini"},
	{"Rupandehi", "रुपन्देही", "Lumbini"},

	{"Dailekh", "दैलेख", "Karnali"}, {"Dolpa", "डोल्पा", "Karnali"}, {"Humla", "हुम्ला", "Karnali"},
	{"Jajarkot", "जाजरकोट", "Karnali"}, {"Jumla", "जुम्ला", "Karnali"}, {"Kalikot", "कालिकोट", "Karnali"},
	{"Mugu", "मुगु", "Karnali"}, {"Rukum West", "पश्चिमी रुकुम", "Karnali"}, {"Salyan", "सल्यान", "Karnali"},
	{"Surkhet", "सुर्खेत", "Karnali"},

	{"Achham", "अछाम", "Sudurpashchim"}, {"Baitadi", "बैतडी", "Sudurpashchim"}, {"Bajhang", "बझाङ", "Sudurpashchim"},
	{"Bajura", "बाजुरा", "Sudurpashchim"}, {"Dadeldhura", "डडेल्धुरा", "Sudurpashchim"}, {"Darchula", "दार्चुला", "Sudurpashchim"},
	{"Doti", "डोटी", "Sudurpashchim"}, {"Kailali", "कैलाली", "Sudurpashchim"}, {"Kanchanpur", "कञ्चनपुर", "Sudurpashchim"},
}

// FindProvince returns the province named s (its English name in any case, with or without
// "Province", or its Nepali name, with or without प्रदेश), or nil.
func FindProvince(s string) *Province {
	s = strings.TrimSpace(s)
	for _, suffix := range []string{" Province", " province", " प्रदेश"} {
		s = strings.TrimSuffix(s, suffix)
	}
	for i, p := range Provinces {
		if strings.EqualFold(p.Name, s) || p.Nepali == s {
			return &Provinces[i]
		}
	}
	return nil
}

// FindDistrict returns the district named s (its English name in any case, or its Nepali name),
// or nil.
func FindDistrict(s string) *District {
	s = strings.TrimSpace(s)
	for i, d := range Districts {
		if strings.EqualFold(d.Name, s) || d.Nepali == s {
			return &Districts[i]
		}
	}
	return nil
}
