package account

import (
	"context"

	"haat"
	"haat/login"
)

// The shopper's own account: changing its e-mail, phone and password, signing out everywhere,
// taking a copy of its data and closing it.
//
// A closed account can no longer be signed in to: its name, e-mail, phone, password and
// addresses are gone, and so are its sessions, cart and wishes. Its orders stay, as the law
// keeps the records of sales for RecordYears years, with the name, phone, e-mail and the
// street of their addresses removed (the municipality, district, province and country stay: the
// place a sale was made to, and nobody's on their own). The account's e-mail and number are then
// free: signing up with them later makes a new account, which sees nothing of the closed one.

// RecordYears is how long the records of sales are kept, a closed account's orders
// included.
const RecordYears = 5

// Wrong passwords given for a change of the account (its password, e-mail, or closing it) are
// counted per account: PasswordTries in login.Window, as a login is.
const PasswordTries = login.FailuresPerAccount

// ErrWrongPassword is the answer to a wrong current password: 400, not 401, as the shopper is
// still signed in.
var ErrWrongPassword = haat.Errorf(haat.EINVALID, "Wrong password")

// ErrOrderOnItsWay is the answer to closing an account that has an order still to be delivered.
var ErrOrderOnItsWay = haat.Errorf(haat.ECONFLICT, "You have an order on its way; you can close your account once it is delivered or cancelled")

// OnItsWay says whether the order is still to be delivered: placed (or being paid for) and
// neither delivered nor cancelled. An account with such an order cannot be closed.
func OnItsWay(o *haat.Order) bool {
	switch o.Status {
	case haat.StatusOrderPlaced, haat.StatusPacked, haat.StatusOutForDelivery, haat.StatusAwaitingPayment:
		return true
	}
	return false
}

// CheckClosable says whether an account with these orders (newest first) and this balance of
// store credit may be closed: none may be on its way, and credit left goes with the account only
// when the shopper says they give it up (giveUpCredit): it is never lost unawares.
func CheckClosable(orders []haat.Order, credit haat.Money, giveUpCredit bool) error {
	for i := range orders {
		if OnItsWay(&orders[i]) {
			return ErrOrderOnItsWay
		}
	}
	if credit > 0 && !giveUpCredit {
		currency := haat.USD
		if len(orders) > 0 && orders[0].Currency != "" {
			currency = orders[0].Currency
		}
		return haat.Errorf(haat.ECONFLICT, "You have %s of store credit: spend it on an order first, or close the account giving it up", haat.Amount(currency, credit))
	}
	return nil
}

// Export is everything the store keeps about a shopper, as they take it away.
type Export struct {
	Profile   haat.User
	Addresses []haat.Address
	Orders    []haat.Order
	// Credit is their store credit and its ledger; Claims their claims about orders.
	Credit *haat.Credit
	Claims []haat.OrderClaim
}

// Proof is what a shopper shows to close their account: their password, or, for an
// account without one, the code texted to its number (asked for like a sign-in code) by the
// browser that asked for it (Requester).
type Proof struct {
	Password  string
	Code      string
	Requester string
	// GiveUpCredit says the shopper gives up the store credit they hold: an account holding some
	// closes only so (CheckClosable).
	GiveUpCredit bool
}

// SelfService is the signed-in shopper's care of their own account.
type SelfService interface {
	// ChangePassword sets a new password (ValidatePassword) once current is the account's
	// password (current is empty for an account that has none yet), and ends every other session
	// of the account, keeping the session whose token is keep.
	ChangePassword(ctx context.Context, userID, current, password, keep string) error
	// ChangeEmail sets the account's e-mail, once password is the account's password.
	ChangeEmail(ctx context.Context, userID, email, password string) (*haat.User, error)
	// ChangePhone sets the account's number to phone, once code is the code texted to it for
	// requester (the browser that asked for it); a number of another account is refused.
	ChangePhone(ctx context.Context, userID, phone, requester, code string) (*haat.User, error)
	// EndSessions ends every session of the account.
	EndSessions(ctx context.Context, userID string) error
	// Export is everything the store keeps about the account.
	Export(ctx context.Context, userID string) (*Export, error)
	// Close closes the account (see above), once proof holds and no order is on its way.
	Close(ctx context.Context, userID string, proof Proof) error
}

// Store keeps the accounts for SelfService.
type Store interface {
	// User returns a user with their cart.
	User(ctx context.Context, id string) (*haat.User, error)
	// CheckPassword answers nil when password is the account's, ErrWrongPassword otherwise.
	CheckPassword(ctx context.Context, userID, password string) error
	// SetPassword sets the account's password and ends its sessions but the one whose token is
	// keep ("" ends all), in one transaction.
	SetPassword(ctx context.Context, userID, password, keep string) error
	// SetEmail sets the account's e-mail, which no other account may have.
	SetEmail(ctx context.Context, userID, email string) error
	// SetPhone sets the account's number, which no other account may have.
	SetPhone(ctx context.Context, userID, phone string) error
	// EndUserSessions ends every session of the account.
	EndUserSessions(ctx context.Context, userID string) error
	// Addresses returns a user's addresses, oldest first.
	Addresses(ctx context.Context, userID string) ([]haat.Address, error)
	// UserOrders returns the orders a shopper sees, newest first.
	UserOrders(ctx context.Context, userID string) ([]haat.Order, error)
	// Credit returns a shopper's store credit: the balance and the ledger.
	Credit(ctx context.Context, userID string) (*haat.Credit, error)
	// UserClaims returns a shopper's claims, newest first, and what they may still claim.
	UserClaims(ctx context.Context, userID string) ([]haat.OrderClaim, map[string][]haat.ClaimableLine, error)
	// CloseAccount closes the account, when CheckClosable allows it (giveUpCredit: the shopper
	// gives up the store credit they hold), in one transaction.
	CloseAccount(ctx context.Context, userID string, giveUpCredit bool) error
}

// PhoneCodeCheck checks a code texted to a number, as signing in does, and spends it.
type PhoneCodeCheck interface {
	// SpendCode checks the code texted to phone for requester, counting the try, and ends it
	// when it is right.
	SpendCode(ctx context.Context, phone, requester, code string) error
}
