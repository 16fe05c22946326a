// Package haat holds the domain of the Haat grocery store: products, users, carts,
// addresses and orders, the money and tax rules, and the errors shown to people.
// It imports no database, HTTP or payment-provider code.
package haat

import (
	"errors"
	"fmt"
	"math"
	"time"
)

// Error codes say what kind of failure an error is; the HTTP layer maps them to status codes.
const (
	EINVALID       = "invalid"       // bad input; the message is shown as is
	EUNAUTHORIZED  = "unauthorized"  // no valid session
	EFORBIDDEN     = "forbidden"     // a session of the wrong role
	ENOTFOUND      = "not_found"     // unknown id
	ECONFLICT      = "conflict"      // e.g. an email already registered
	EUNPROCESSABLE = "unprocessable" // well-formed, but not to be done (a request key sent with another request)
	ETOOMANY       = "too_many"      // rate limited
	ETOOLARGE      = "too_large"     // a request body over its size limit
	EUNAVAILABLE   = "unavailable"   // a service the store depends on (a payment provider) is not answering
	EINTERNAL      = "internal"      // anything else; never shown in detail
)

// Error is an application error whose Message is safe to show to a shopper or seller.
// The format and arguments it was written from are kept, so that the message can be written
// again in another language (see Template).
type Error struct {
	Code    string
	Message string
	// RetryAfter, on a refusal of too many requests (ETOOMANY) or while a service is not
	// answering (EUNAVAILABLE), is how long until the next is worth trying; zero when the refusal
	// does not say.
	RetryAfter time.Duration
	format     string
	args       []any
}

func (e *Error) Error() string { return fmt.Sprintf("haat: code=%s message=%s", e.Code, e.Message) }

// TooManyFor is the refusal of an attempt that may be made again in retry: minute is its message
// when that is a minute away at most, minutes when more, each given args and then the minutes to
// wait (rounded up). The refusal carries retry, for the answer's Retry-After.
func TooManyFor(retry time.Duration, minute, minutes string, args ...any) *Error {
	n := max(1, int(math.Ceil(retry.Minutes())))
	format := minutes
	if n == 1 {
		format = minute
	}
	args = append(args[:len(args):len(args)], n)
	return &Error{Code: ETOOMANY, Message: fmt.Sprintf(format, args...), RetryAfter: retry, format: format, args: args}
}

// RetryIn is a copy of the error that says to try again after retry (the answer's Retry-After).
func (e *Error) RetryIn(retry time.Duration) *Error {
	c := *e
	c.RetryAfter = retry
	return &c
}

// Errorf returns an application error with a user-facing message.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...), format: format, args: args}
}

// Template is the format and arguments the error's message was written from (empty for an error
// not made by Errorf or TooManyFor), for writing it again in another language (locale.Error).
func (e *Error) Template() (format string, args []any) { return e.format, e.args }

// ErrorCode returns the code of an application error, or EINTERNAL for any other error.
func ErrorCode(err error) string {
	var e *Error
	if err == nil {
		return ""
	} else if errors.As(err, &e) {
		return e.Code
	}
	return EINTERNAL
}

// ErrorMessage returns the user-facing message of an application error, or a generic text for
// any other error; locale.ErrorMessage writes it in another language.
func ErrorMessage(err error) string {
	var e *Error
	if err == nil {
		return ""
	} else if errors.As(err, &e) {
		return e.Message
	}
	return "Something went wrong"
}
