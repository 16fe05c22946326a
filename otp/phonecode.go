package otp

import (
	"context"
	"strings"
	"time"

	"haat"
)

// Sign-in by phone: a shopper asks for a one-time code by SMS and signs in with it. A code is
// Digits random digits, stored only as a hash, valid for ValidFor and dead after
// MaxTries wrong tries. A number gets at most one code per ResendAfter and PerNumber per
// Window asked from one client address: the limits tie to who asks, so that nobody elsewhere can
// keep the number's owner from getting a code. A client address asks for at most PerAddress per
// Window (a household or an office behind one address signs in several people), and the whole
// store sends at most its configured number of codes an hour (SMS pumping).
const (
	Digits      = 6
	ValidFor    = 5 * time.Minute
	MaxTries    = 5
	ResendAfter = time.Minute
	PerNumber   = 5
	PerAddress  = 20
	Window      = time.Hour
)

// PhoneCode is the code last sent to a number for one browser that asked, as the store keeps it.
type PhoneCode struct {
	Phone string
	// Requester names the browser that asked for the code (the hash of its sign-in cookie): only
	// it may try the code, so that nobody else can end the code or spend its tries.
	Requester string
	Hash      string
	ExpiresAt time.Time
	// Tries counts the tries made with the code, the one being made included.
	Tries     int
	CreatedAt time.Time
}

// ErrMobileNumber is the answer for a number that is not a Nepali mobile number.
var ErrMobileNumber = haat.Errorf(haat.EINVALID, "Enter a 10-digit mobile number starting with 97 or 98")

// ErrCodeForm is the answer for a code that is not Digits digits; it counts as no try.
var ErrCodeForm = haat.Errorf(haat.EINVALID, "Enter the %d-digit code from the SMS", Digits)

// ErrCodeExpired is the answer for a number without a live code: none was sent, it expired, or it
// was used.
var ErrCodeExpired = haat.Errorf(haat.EINVALID, "That code has expired; ask for a new one")

// ErrCodeDead is the answer once a code has had MaxTries wrong tries.
var ErrCodeDead = haat.Errorf(haat.EINVALID, "Too many wrong codes; ask for a new one")

// CheckTry says whether the code may be tried at now: it must not have expired, nor have used up
// its tries.
func (c *PhoneCode) CheckTry(now time.Time) error {
	if c == nil || !now.Before(c.ExpiresAt) {
		return ErrCodeExpired
	}
	if c.Tries >= MaxTries {
		return ErrCodeDead
	}
	return nil
}

// WrongCode is the answer to a wrong code, counting the tries the code has left.
func (c *PhoneCode) WrongCode() error {
	left := MaxTries - c.Tries
	if left <= 0 {
		return ErrCodeDead
	}
	if left == 1 {
		return haat.Errorf(haat.EINVALID, "Wrong code; %d try left", left)
	}
	return haat.Errorf(haat.EINVALID, "Wrong code; %d tries left", left)
}

// SentCode is the answer to asking for a code. It is the same whether the number has an account or
// not: asking for codes tells nobody who shops here.
type SentCode struct {
	// Phone is the number the code went to, as its 10 digits.
	Phone string `json:"phone"`
	// ResendIn is how many seconds the shopper waits before asking again.
	ResendIn int `json:"resendIn"`
	// DevCode is the code itself, only in development when no real SMS is sent.
	DevCode string `json:"devCode,omitempty"`
}

// ErrSMSCeiling is the answer when the store has sent as many codes this hour as it may.
var ErrSMSCeiling = haat.Errorf(haat.EUNAVAILABLE, "Too many codes are being sent right now; try again in a few minutes")

// ShopperName checks the name a shopper who signed up by phone gives: trimmed, required, at most
// haat.MaxNameBytes.
func ShopperName(name string) (string, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return "", haat.Errorf(haat.EINVALID, "Name is required")
	}
	if len(name) > haat.MaxNameBytes {
		return "", haat.Errorf(haat.EINVALID, "Name is too long")
	}
	return name, nil
}

// PhoneSignIn is signing in by phone: it sends codes and checks them.
type PhoneSignIn interface {
	// SendCode sends a new code to the number for requester (the browser asking), if the limits
	// of the number asked from the client network from (see PerNumber) and the store's allow;
	// the code the requester had before dies, other browsers' codes live on.
	SendCode(ctx context.Context, phone, from, requester string) (*SentCode, error)
	// VerifyCode checks the code sent to the number for requester and returns its shopper,
	// creating the account (with name, which may be empty) on the number's first sign-in;
	// created says so.
	VerifyCode(ctx context.Context, phone, requester, code, name string) (u *haat.User, created bool, err error)
}

// Store keeps the codes sent and the shoppers who sign in by phone.
type Store interface {
	// SavePhoneCode keeps hash as the number's code for requester, valid for ValidFor,
	// replacing the requester's earlier one, and returns it as stored.
	SavePhoneCode(ctx context.Context, phone, requester, hash string) (*PhoneCode, error)
	// SaveCode keeps hash as the code for key (a number, or another address a code was sent to)
	// and requester, valid for validFor, replacing the requester's earlier one.
	SaveCode(ctx context.Context, key, requester, hash string, validFor time.Duration) (*PhoneCode, error)
	// DeletePhoneCode forgets the number's code for requester made at createdAt, if it is still
	// the requester's.
	DeletePhoneCode(ctx context.Context, phone, requester string, createdAt time.Time) error
	// TryPhoneCode counts a try of the number's code for requester, if CheckTry allows one, and
	// returns the code with the try counted; otherwise CheckTry's error.
	TryPhoneCode(ctx context.Context, phone, requester string) (*PhoneCode, error)
	// UsePhoneCode ends the number's code for requester made at createdAt, which was right, and
	// the number's other codes, and returns the shopper with the number, created with name if
	// there is none; created says so. A code used meanwhile (a second request with it) answers
	// ErrCodeExpired.
	UsePhoneCode(ctx context.Context, phone, requester string, createdAt time.Time, name string) (u *haat.User, created bool, err error)
	// SpendPhoneCode ends the number's code for requester made at createdAt, which was right,
	// and the number's other codes; a code used meanwhile answers ErrCodeExpired.
	SpendPhoneCode(ctx context.Context, phone, requester string, createdAt time.Time) error
}
