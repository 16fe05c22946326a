// Package login is signing in to the store: its sessions (SessionService, which the store
// answers) and the limits on guessing a password or making accounts, with the slowdown of
// clients that have no device cookie (Slowdown).
package login

import (
	"context"
	"time"
)

// SessionService keeps login sessions; tokens are stored hashed.
type SessionService interface {
	// CreateSession starts a session for subject in role and returns its token.
	CreateSession(ctx context.Context, role, subjectID string, ttl time.Duration) (token string, err error)
	// SessionSubject returns the subject of a live session, or ENOTFOUND.
	SessionSubject(ctx context.Context, role, token string) (string, error)
	// DeleteSession ends a session.
	DeleteSession(ctx context.Context, role, token string) error
}

// Rate limits. Failed logins are counted per account from one client address (or one device, see
// below) and per client address. Many shoppers in Nepal share one address behind a carrier-grade
// NAT, so the address's ceiling is far higher than the account's: one guesser cannot lock a
// neighbourhood out, nor try many passwords on one account. Sign-ups are counted per address,
// generously for a household or an office.
//
// Device cookies (OWASP's "Slow down online guessing attacks with device cookies"): a browser that
// signed in to an account keeps a cookie naming it; its tries count only against that cookie, so
// nobody's failures elsewhere keep the rightful owner out. Failures from clients without one are
// also counted for the account as a whole: past SlowAfter in a window, those clients are
// slowed (Slowdown), never locked out for long.
const (
	FailuresPerAccount = 10
	FailuresPerAddress = 100
	Window             = 15 * time.Minute
	SlowAfter          = 30
	SlowdownMax        = 30 * time.Second
	DeviceCookieTTL    = 365 * 24 * time.Hour
	SignUpsPerAddress  = 20
	SignUpWindow       = time.Hour
)

// Slowdown is how long clients without a device cookie wait between tries on an account that
// had failures failed tries from such clients in the window: nothing up to SlowAfter, then a
// second, doubling every FailuresPerAccount failures more, at most SlowdownMax.
func Slowdown(failures int) time.Duration {
	if failures < SlowAfter {
		return 0
	}
	steps := (failures - SlowAfter) / FailuresPerAccount
	if steps >= 5 {
		return SlowdownMax
	}
	return min(SlowdownMax, time.Second<<steps)
}
