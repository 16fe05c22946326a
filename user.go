package haat

import (
	"context"
	"net/mail"
	"strings"
	"time"

	"haat/commonpasswords"
)

// MinPasswordLength is the shortest password accepted on register.
const MinPasswordLength = 8

// MaxPasswordBytes is the longest password accepted, in bytes: bcrypt reads no further.
const MaxPasswordBytes = 72

// MaxNameBytes is the longest name a shopper may sign up with, in bytes.
const MaxNameBytes = 100

// ValidatePassword checks a new password of a shopper or a seller, whoever sets it (sign-up,
// `haat seller add`, HAAT_SELLER_PASSWORD, a reset): long enough, not only spaces, and not one of
// the most common passwords (package commonpasswords).
func ValidatePassword(password string) error {
	if len(password) < MinPasswordLength {
		return Errorf(EINVALID, "Password must be at least %d characters", MinPasswordLength)
	}
	if len(password) > MaxPasswordBytes {
		return Errorf(EINVALID, "Password must be at most %d characters", MaxPasswordBytes)
	}
	if strings.TrimSpace(password) == "" {
		return Errorf(EINVALID, "Password must not be only spaces")
	}
	if commonpasswords.Contains(password) {
		return Errorf(EINVALID, "This password is too common; choose another")
	}
	return nil
}

// Registration is what a shopper signs up with.
type Registration struct {
	Name, Email, Password string
}

// Validate trims the name and email and checks all three.
func (r *Registration) Validate() error {
	r.Name = strings.TrimSpace(r.Name)
	if r.Name == "" {
		return Errorf(EINVALID, "Name is required")
	}
	if len(r.Name) > MaxNameBytes {
		return Errorf(EINVALID, "Name is too long")
	}
	email, err := NormalizeEmail(r.Email)
	if err != nil {
		return err
	}
	r.Email = email
	return ValidatePassword(r.Password)
}

// User is a shopper's account. The password hash never leaves the store package.
type User struct {
	ID    string `json:"_id"`
	Name  string `json:"name"`
	Email string `json:"email"`
	// Phone is the mobile number of a shopper who signs in by phone (10 digits); such a shopper
	// has no email ("") and no password.
	Phone     string `json:"phone,omitempty"`
	CartItems Cart   `json:"cartItems"`
	// Language is the language the shopper chose to read the store in, empty while they chose none:
	// the storefront then keeps the browser's choice.
	Language Language `json:"language,omitempty"`
	// Notifications are the kinds of message the shopper chose to get.
	Notifications Notifications `json:"notifications"`
	// HasPassword says the account has a password: it signs in with its e-mail and password, and
	// shows the password to change it or close the account (one without shows a texted code).
	HasPassword bool      `json:"hasPassword"`
	CreatedAt   time.Time `json:"-"`

	// CartVersion goes up by one with every change of the cart; a client names it to update safely.
	CartVersion int64 `json:"cartVersion"`
}

// Seller is an account that may use the seller area: the owner's or a member of staff's.
type Seller struct {
	ID    string `json:"_id"`
	Email string `json:"email"`
	// Phone is the mobile number a member of staff signs in with instead of an email, if any.
	Phone string `json:"phone,omitempty"`
	// Name is what the store calls the member of staff (a rider's first name is told to shoppers);
	// empty for an owner who gave none.
	Name string `json:"name"`
	// Role is what the account may do; Reach lists the parts of the seller area it reaches.
	Role  StaffRole `json:"role"`
	Reach []Access  `json:"reach"`
	// Language is the language the seller chose to read the seller area in, empty while they chose
	// none: the seller area then keeps the browser's choice.
	Language Language `json:"language,omitempty"`
}

// Session roles: shopper and seller sessions live in separate cookies.
const (
	RoleUser   = "user"
	RoleSeller = "seller"
)

// MaxEmail is the longest email address accepted, of a shopper, a seller or an address.
const MaxEmail = 254

// NormalizeEmail trims an email address and checks its form; the stored key is lower case.
func NormalizeEmail(s string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", Errorf(EINVALID, "Email is required")
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s || !strings.Contains(s[strings.LastIndexByte(s, '@')+1:], ".") || len(s) > MaxEmail {
		return "", Errorf(EINVALID, "Please enter a valid email address")
	}
	return s, nil
}

// UserService manages shopper accounts, sessions and carts.
type UserService interface {
	// Register creates a user; the email must be unused regardless of case.
	Register(ctx context.Context, name, email, password string) (*User, error)
	// Authenticate returns the user whose email and password match.
	Authenticate(ctx context.Context, email, password string) (*User, error)
	// User returns a user with their cart.
	User(ctx context.Context, id string) (*User, error)
	// SetCart replaces a user's cart after checking every product and quantity, whatever its version.
	SetCart(ctx context.Context, userID string, cart Cart) error
	// UpdateCart replaces a user's cart like SetCart and answers its new version. With ifVersion
	// set, the cart is replaced only while it still has that version; otherwise nothing changes
	// and the error is a *CartConflict with the stored cart and version.
	UpdateCart(ctx context.Context, userID string, cart Cart, ifVersion *int64) (int64, error)
	// SetLanguage keeps the language a user reads the store in.
	SetLanguage(ctx context.Context, userID string, lang Language) error
	// SetName keeps the name a shopper gives (otp.ShopperName checks it).
	SetName(ctx context.Context, userID, name string) error
	// SetNotifications changes the kinds of message a shopper gets, and answers them as they are now.
	SetNotifications(ctx context.Context, userID string, c NotificationChoice) (Notifications, error)
}

// SellerService manages seller accounts.
type SellerService interface {
	// UpsertSeller creates a seller or sets the password of an existing one; a new password
	// ends the seller's sessions.
	UpsertSeller(ctx context.Context, email, password string) error
	// AuthenticateSeller returns the seller whose email and password match.
	AuthenticateSeller(ctx context.Context, email, password string) (*Seller, error)
	// Seller returns the seller with id, or ENOTFOUND.
	Seller(ctx context.Context, id string) (*Seller, error)
	// SetSellerLanguage keeps the language a seller reads the seller area in.
	SetSellerLanguage(ctx context.Context, sellerID string, lang Language) error
}

// RateLimiter counts attempts per key in fixed windows.
//
// Every attempt takes a slot before it is tried (the password checked, the account created), in
// one atomic step, so that parallel attempts cannot all pass a check made before any of them
// was counted; an attempt that must not count (a login that did not fail on its credentials)
// gives its slot back. Counts are forgotten only when their window ends, so logging in to an
// account of one's own resets nothing.
type RateLimiter interface {
	// Attempt counts an attempt by key, allowing at most limit per window, and reports whether
	// it may go ahead; when it may not, retryAfter is the time left in the window.
	Attempt(ctx context.Context, key string, limit int, window time.Duration) (ok bool, retryAfter time.Duration, err error)
	// GiveBack returns the slot of an allowed attempt that must not count.
	GiveBack(ctx context.Context, key string, limit int) error
	// Attempts is the count of key's window that has not ended; 0 when there is none.
	Attempts(ctx context.Context, key string, window time.Duration) (int, error)
}
