package haat

import (
	"encoding/json"
	"net/url"
	"strings"
	"unicode/utf8"
)

// StoreDetails are the store's identity as shoppers see it: its name, contact and where to find
// it. Every page, text and paper that names the store takes it from here.
type StoreDetails struct {
	// Name is the store's name, as the header, titles and texts show it.
	Name string `json:"name"`
	// NameNe is the store's name in Nepali; empty: the storefront in Nepali shows Name.
	NameNe string `json:"nameNe"`
	// Logo is where the store's logo is served (uploaded at POST /api/seller/logo); empty: none.
	Logo string `json:"logo"`
	// Tagline is a short line under the name, in the footer and on the landing page.
	Tagline string `json:"tagline"`
	// Phone is the support phone number shoppers may call.
	Phone string `json:"phone"`
	// Email is the support e-mail address shoppers may write to.
	Email string `json:"email"`
	// Address is where the store or its office is.
	Address string `json:"address"`
	// Hours are when support answers, as the seller writes them ("9 AM-9 PM daily"), or
	// AroundTheClock.
	Hours string `json:"hours"`
	// Social are the store's pages on social networks.
	Social SocialLinks `json:"social"`
	// Promise is how fast the store delivers, in the seller's words ("Delivered within 30
	// minutes"), said where the store has no delivery slots; empty: no speed promise at all.
	Promise string `json:"promise"`
	// SellingPoints are the store's selling points, in the order the pages show them.
	SellingPoints []SellingPoint `json:"claims"`
}

// AroundTheClock is the support hours of a store that answers at any hour.
const AroundTheClock = "24/7"

// SocialLinks are the addresses of the store's pages on social networks; empty: none.
type SocialLinks struct {
	Facebook  string `json:"facebook"`
	Instagram string `json:"instagram"`
	TikTok    string `json:"tiktok"`
	YouTube   string `json:"youtube"`
}

// SellingPoint is one of the store's selling points: a short title and a sentence.
type SellingPoint struct {
	Title string `json:"title"`
	Text  string `json:"text"`
}

// Policy is the store's returns and refunds policy, from which the help centre writes its text.
type Policy struct {
	// ReturnDays is how many days after delivery an item may be returned; 0: no returns.
	ReturnDays int `json:"returnDays"`
	// MissingHours is how many hours after delivery a missing or damaged item may be reported.
	MissingHours int `json:"missingHours"`
	// RefundDays is how many days a refund takes to reach the shopper, at most MaxRefundDays.
	RefundDays int `json:"refundDays"`
	// PerishablesReturnable is whether perishables may be returned when not defective.
	PerishablesReturnable bool `json:"perishablesReturnable"`
}

// LegalDetails are what the E-Commerce Act 2081 asks a Nepali online seller to show. The
// registered name and PAN are the invoice details' (InvoiceDetails).
type LegalDetails struct {
	// RegistrationNo is the business's registration number (company or firm registration).
	RegistrationNo string `json:"registrationNo"`
	// DocscpListing is the store's listing number at the Department of Commerce, Supplies and
	// Consumer Protection.
	DocscpListing string `json:"docscpListing"`
	// GrievanceOfficer is who hears shoppers' complaints.
	GrievanceOfficer GrievanceOfficer `json:"grievanceOfficer"`
}

// GrievanceOfficer is the person a shopper may take a complaint to.
type GrievanceOfficer struct {
	Name  string `json:"name"`
	Phone string `json:"phone"`
	Email string `json:"email"`
}

// Length caps of the store's details, policy and legal details, in characters, and the bounds of
// their numbers.
const (
	MaxStoreName         = 60
	MaxTagline           = 120
	MaxStoreAddress      = 200
	MaxStoreHours        = 60
	MaxSocialURL         = 200
	MaxPromise           = 120
	MaxSellingPoints     = 8
	MaxSellingPointTitle = 60
	MaxSellingPointText  = 200
	MaxReturnDays        = 90
	MaxMissingHours      = 168
	MaxRefundDays        = 7
	MaxRegistrationNo    = 40
	MaxOfficerName       = 80
	MinStorePhone        = 7
	MaxStorePhone        = 15
)

// Validate checks the store's details as a seller sets them and trims them: every text within
// its cap, the phone and e-mail well formed, social links web addresses. Empty fields are allowed
// (StoreComplete says what a store that opens needs).
func (d *StoreDetails) Validate() error {
	switch {
	case tooLong(&d.Name, MaxStoreName):
		return Errorf(EINVALID, "The store's name may be at most %d characters", MaxStoreName)
	case tooLong(&d.NameNe, MaxStoreName):
		return Errorf(EINVALID, "The store's Nepali name may be at most %d characters", MaxStoreName)
	case tooLong(&d.Tagline, MaxTagline):
		return Errorf(EINVALID, "The tagline may be at most %d characters", MaxTagline)
	case tooLong(&d.Address, MaxStoreAddress):
		return Errorf(EINVALID, "The store's address may be at most %d characters", MaxStoreAddress)
	case tooLong(&d.Hours, MaxStoreHours):
		return Errorf(EINVALID, "The support hours may be at most %d characters", MaxStoreHours)
	case tooLong(&d.Promise, MaxPromise):
		return Errorf(EINVALID, "The delivery promise may be at most %d characters", MaxPromise)
	case !storePhone(&d.Phone):
		return Errorf(EINVALID, "Please enter the store's phone number: %d to %d digits", MinStorePhone, MaxStorePhone)
	case !optionalEmail(&d.Email):
		return Errorf(EINVALID, "Please enter a valid e-mail address for the store")
	case d.Logo != "" && !strings.HasPrefix(d.Logo, "/media/"):
		return Errorf(EINVALID, "Upload the logo as an image")
	case len(d.SellingPoints) > MaxSellingPoints:
		return Errorf(EINVALID, "A store may show at most %d selling points", MaxSellingPoints)
	}
	for _, link := range []*string{&d.Social.Facebook, &d.Social.Instagram, &d.Social.TikTok, &d.Social.YouTube} {
		if !socialURL(link) {
			return Errorf(EINVALID, "A social link is a web address starting with https://, at most %d characters", MaxSocialURL)
		}
	}
	if d.SellingPoints == nil {
		d.SellingPoints = []SellingPoint{}
	}
	for i := range d.SellingPoints {
		c := &d.SellingPoints[i]
		switch {
		case tooLong(&c.Title, MaxSellingPointTitle):
			return Errorf(EINVALID, "A selling point's title may be at most %d characters", MaxSellingPointTitle)
		case tooLong(&c.Text, MaxSellingPointText):
			return Errorf(EINVALID, "A selling point's text may be at most %d characters", MaxSellingPointText)
		case c.Title == "":
			return Errorf(EINVALID, "Every selling point needs a title")
		}
	}
	return nil
}

// StoreComplete reports whether the store's details say who it is and how to reach it, as a
// store that opens to shoppers needs: a name, a phone number, an e-mail address and an address.
func (d *StoreDetails) StoreComplete() bool {
	return d.Name != "" && d.Phone != "" && d.Email != "" && d.Address != ""
}

// DisplayName is the store's name in lang: the Nepali name in Nepali when it has one.
func (d *StoreDetails) DisplayName(lang Language) string {
	if lang == Nepali && d.NameNe != "" {
		return d.NameNe
	}
	return d.Name
}

// Validate checks the store's policy: days and hours within their bounds, refunds within the
// seven days the law allows.
func (p *Policy) Validate() error {
	switch {
	case p.ReturnDays < 0 || p.ReturnDays > MaxReturnDays:
		return Errorf(EINVALID, "Returns may be accepted for 0 to %d days", MaxReturnDays)
	case p.MissingHours < 0 || p.MissingHours > MaxMissingHours:
		return Errorf(EINVALID, "Missing items may be reported for 0 to %d hours", MaxMissingHours)
	case p.RefundDays < 1 || p.RefundDays > MaxRefundDays:
		return Errorf(EINVALID, "A refund must reach the shopper within 1 to %d days", MaxRefundDays)
	}
	return nil
}

// DefaultPolicy is the policy of a store that never set one: the spec's (returns within 7 days,
// missing items within 24 hours, refunds within 5 days, perishables only when defective).
var DefaultPolicy = Policy{ReturnDays: 7, MissingHours: 24, RefundDays: 5}

// Validate checks the legal details as a seller sets them and trims them; empty fields are
// allowed (LegalComplete says whether the law's list is whole).
func (l *LegalDetails) Validate() error {
	g := &l.GrievanceOfficer
	switch {
	case tooLong(&l.RegistrationNo, MaxRegistrationNo):
		return Errorf(EINVALID, "The registration number may be at most %d characters", MaxRegistrationNo)
	case tooLong(&l.DocscpListing, MaxRegistrationNo):
		return Errorf(EINVALID, "The listing number may be at most %d characters", MaxRegistrationNo)
	case tooLong(&g.Name, MaxOfficerName):
		return Errorf(EINVALID, "The grievance officer's name may be at most %d characters", MaxOfficerName)
	case !storePhone(&g.Phone):
		return Errorf(EINVALID, "Please enter the grievance officer's phone number: %d to %d digits", MinStorePhone, MaxStorePhone)
	case !optionalEmail(&g.Email):
		return Errorf(EINVALID, "Please enter a valid e-mail address for the grievance officer")
	}
	return nil
}

// LegalComplete reports whether the store shows all the law asks of an online seller: with the
// invoice details (registered name and PAN), a registration number, a DoCSCP listing number and a
// grievance officer who can be reached.
func (s *StoreSettings) LegalComplete() bool {
	l, g := s.Legal, s.Legal.GrievanceOfficer
	return s.Invoice != nil && s.Invoice.LegalName != "" && s.Invoice.PAN != "" &&
		l.RegistrationNo != "" && l.DocscpListing != "" && g.Name != "" && g.Phone != "" && g.Email != ""
}

// StoreComplete reports whether the store's details are complete (see StoreDetails.StoreComplete).
func (s *StoreSettings) StoreComplete() bool { return s.Store.StoreComplete() }

// tooLong trims *s and reports whether it is longer than max characters.
func tooLong(s *string, max int) bool {
	*s = strings.TrimSpace(*s)
	return utf8.RuneCountInString(*s) > max
}

// storePhone checks a phone number shoppers may call, landline or mobile: MinStorePhone to
// MaxStorePhone digits (ASCII or Devanagari), with spaces, dashes, brackets and a leading +
// allowed; empty is allowed. It writes it trimmed, in ASCII digits.
func storePhone(s *string) bool {
	*s = ASCIIDigits(strings.TrimSpace(*s))
	if *s == "" {
		return true
	}
	n := 0
	for i, r := range *s {
		switch {
		case r >= '0' && r <= '9':
			n++
		case r == ' ' || r == '-' || r == '(' || r == ')' || (r == '+' && i == 0):
		default:
			return false
		}
	}
	return n >= MinStorePhone && n <= MaxStorePhone
}

// optionalEmail checks an e-mail address that may be empty (see NormalizeEmail), trimmed.
func optionalEmail(s *string) bool {
	*s = strings.TrimSpace(*s)
	if *s == "" {
		return true
	}
	_, err := NormalizeEmail(*s)
	return err == nil
}

// socialURL checks a social link, trimmed: empty, or an https address of at most MaxSocialURL
// characters.
func socialURL(s *string) bool {
	*s = strings.TrimSpace(*s)
	if *s == "" {
		return true
	}
	u, err := url.Parse(*s)
	return err == nil && u.Scheme == "https" && u.Host != "" && len(*s) <= MaxSocialURL
}

// UnmarshalJSON reads a selling point whole: a field left out of a selling point sent is empty, not
// the value of the selling point that was in its place.
func (c *SellingPoint) UnmarshalJSON(b []byte) error {
	type plain SellingPoint
	var p plain
	err := json.Unmarshal(b, &p)
	*c = SellingPoint(p)
	return err
}
