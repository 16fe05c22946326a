package haat

import (
	"context"
	"errors"
	"time"
)

// A checkout call may be sent again when its answer was lost (a phone losing its connection as
// the order is placed). Sent with an Idempotency-Key, the retry is answered as the first call was
// and creates nothing: no second order, no second payment started.

// RequestKeyLife is how long a request key is kept: a request sent again under it later is a new one.
const RequestKeyLife = 24 * time.Hour

// maxRequestKey is the longest key accepted: a UUID is 36 characters.
const maxRequestKey = 255

// RequestKey is the Idempotency-Key of a call and the call it was first sent with (its route and
// body, hashed): the same key with another request is refused.
type RequestKey struct {
	Key     string
	Request string
}

// Validate checks the key's shape: 1 to 255 visible ASCII characters.
func (k RequestKey) Validate() error {
	if k.Key == "" || len(k.Key) > maxRequestKey {
		return Errorf(EINVALID, "Idempotency-Key must be 1 to %d characters", maxRequestKey)
	}
	for i := 0; i < len(k.Key); i++ {
		if c := k.Key[i]; c < '!' || c > '~' {
			return Errorf(EINVALID, "Idempotency-Key must be 1 to %d characters", maxRequestKey)
		}
	}
	return nil
}

// KeyUse is what the first call under a request key did: the order it placed or started a payment
// of, and the provider's page it answered, once one was started.
type KeyUse struct {
	UserID  string
	Key     RequestKey
	OrderID string
	Page    string
	UsedAt  time.Time
}

// Expired says whether the key was first used longer than RequestKeyLife before now.
func (u KeyUse) Expired(now time.Time) bool { return now.Sub(u.UsedAt) >= RequestKeyLife }

// Check refuses a key sent with another request than the one it was first used for.
func (u KeyUse) Check(k RequestKey) error {
	if u.Key.Request != k.Request {
		return Errorf(EUNPROCESSABLE, "This Idempotency-Key was used for another request")
	}
	return nil
}

// KeyUsedError is the answer of a call whose request key was used before, for the same request:
// nothing was done again, and Use is what the first call did.
type KeyUsedError struct{ Use KeyUse }

func (e *KeyUsedError) Error() string { return "haat: request key used before" }

// FirstUse returns what the first call under the key did when err says the key was used before.
func FirstUse(err error) (KeyUse, bool) {
	var used *KeyUsedError
	if errors.As(err, &used) {
		return used.Use, true
	}
	return KeyUse{}, false
}

// RequestKeyService keeps the request keys of calls that place no order (a payment started again);
// an order's key is kept with the order by OrderService.PlaceOrder.
type RequestKeyService interface {
	// UseKey records the first use of a key by the user, for a call about orderID, or returns a
	// *KeyUsedError with that use when the user sent it before with the same request
	// (EUNPROCESSABLE with another). A key older than RequestKeyLife is used anew.
	UseKey(ctx context.Context, userID, orderID string, k RequestKey) error
	// KeepPage records the provider's page the call under the user's key answered.
	KeepPage(ctx context.Context, userID, key, page string) error
}
