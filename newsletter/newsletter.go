// Package newsletter is the newsletter's list: an address given on the home page's signup is kept unconfirmed, and the
// store mails it a link to confirm it (double opt-in) when it sends mail; only confirmed
// addresses are the seller's to write to. A store that sends no mail keeps its signups
// unconfirmed: nobody has shown the address is theirs. Every address has a link of its own that
// takes it off the list.
//
// A shopper's own newsletter choice (haat.Notifications.Newsletter), made signed in, counts as a
// confirmed signup of the account's email: the export lists it, and the address's unsubscribe
// link turns it off too. The store keeps the list (Service).
package newsletter

import (
	"context"
	"strings"
	"time"

	"haat"
)

// MessageConfirm is the mail that asks a new subscriber to confirm their address.
const MessageConfirm haat.MessageKind = "newsletter_confirm"

// Limits of the newsletter's signup: per client address, and per e-mail address (so that nobody
// mails one person again and again), in Window.
const (
	SignupsPerAddress = 10
	SignupsPerEmail   = 3
	Window            = time.Hour
)

// Subscriber is a confirmed address of the newsletter's list.
type Subscriber struct {
	Email string
	// Since is when it was confirmed (or the account's choice, when it was made: its signup).
	Since time.Time
	// Account says the address is a shopper's account that chose the newsletter.
	Account bool
}

// Email checks an address given to the signup; its key is lower case.
func Email(email string) (string, error) {
	e, err := haat.NormalizeEmail(email)
	if err != nil {
		return "", err
	}
	return strings.ToLower(e), nil
}

// Service keeps the newsletter's list.
type Service interface {
	// Subscribe puts an address (Email) on the list unconfirmed, in the language the
	// signup was made in, and queues the mail that asks to confirm it when the store mails. An
	// address already confirmed is left as it is; one not yet confirmed, or taken off, is asked
	// again. It answers the same in every case.
	Subscribe(ctx context.Context, email string, lang haat.Language) error
	// ConfirmSubscription confirms the address of a confirmation token; ENOTFOUND for a token
	// that is unknown or was used.
	ConfirmSubscription(ctx context.Context, token string) error
	// Unsubscribe takes the address of an unsubscribe token off the list, and turns off the
	// newsletter choice of an account with that email; ENOTFOUND for an unknown token.
	Unsubscribe(ctx context.Context, token string) error
	// Subscribers lists the confirmed addresses, and those of the accounts that chose the
	// newsletter, once each, by address.
	Subscribers(ctx context.Context) ([]Subscriber, error)
}
