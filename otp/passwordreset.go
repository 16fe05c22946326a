package otp

import (
	"context"
	"time"

	"haat"
)

// A forgotten password: the shopper asks for a code sent to their account's e-mail or mobile
// number, and sets a new password with it. Codes are kept and limited as sign-in codes are (see
// Digits): only as a hash, for the browser that asked, MaxTries tries, one per
// ResendAfter and PerNumber per Window for an address asked from one client network,
// PerAddress per client network; a reset code lives ResetValidFor. The answer to asking is the
// same whether an account has the address or not; a code goes out only when one has.
const ResetValidFor = 15 * time.Minute

// ResetRequest names the account whose password is forgotten: by its e-mail or by its mobile
// number (one of them).
type ResetRequest struct {
	Email string
	Phone string
}

// ErrResetCodeForm is the answer for a reset code that is not Digits digits; it counts as no try.
var ErrResetCodeForm = haat.Errorf(haat.EINVALID, "Enter the %d-digit code we sent you", Digits)

// ErrResetAddress is the answer to a reset that names neither an e-mail nor a number, or both.
var ErrResetAddress = haat.Errorf(haat.EINVALID, "Enter your email or your mobile number")

// PasswordReset sends reset codes and sets new passwords with them.
type PasswordReset interface {
	// SendResetCode sends a reset code for requester (the browser asking) to the account with the
	// e-mail or number, in lang, if the limits allow it; the answer is the same whether there is
	// such an account or not. ResendIn is how many seconds to wait before asking again.
	SendResetCode(ctx context.Context, to ResetRequest, lang haat.Language, from, requester string) (resendIn int, err error)
	// ResetPassword sets password (ValidatePassword) on the account the code was sent for, once the
	// code is right, and ends every session of the account.
	ResetPassword(ctx context.Context, to ResetRequest, requester, code, password string) error
}

// ResetMailer sends a reset code to an e-mail address, written in lang.
type ResetMailer interface {
	SendResetCode(ctx context.Context, email string, lang haat.Language, code string) error
}

// ResetAccounts finds the account a reset names and sets its password.
type ResetAccounts interface {
	// ResetAccount returns the open account with the e-mail or number, or ENOTFOUND.
	ResetAccount(ctx context.Context, to ResetRequest) (*haat.User, error)
	// SetPassword sets the account's password and ends its sessions but the one whose token is
	// keep ("" ends all), in one transaction.
	SetPassword(ctx context.Context, userID, password, keep string) error
}
