package api

import (
	"crypto/sha256"
	"encoding/hex"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"haat"
	"haat/login"
)

// accountKey names the account a login is for, whether or not it exists (so an unknown email
// behaves as a known one), without keeping the email itself.
func accountKey(role, email string) string {
	sum := sha256.Sum256([]byte(strings.ToLower(strings.TrimSpace(email))))
	return "login:" + role + ":" + hex.EncodeToString(sum[:16])
}

var errTooManyLogins = haat.Errorf(haat.ETOOMANY, "Too many failed login attempts. Please try again in 15 minutes.")

// tooMany answers a refused attempt with err: Retry-After in whole seconds, at least one.
func tooMany(w http.ResponseWriter, retryAfter time.Duration, err *haat.Error) error {
	w.Header().Set("Retry-After", strconv.Itoa(int(max(1, math.Ceil(retryAfter.Seconds())))))
	return err
}

// Device cookies: a browser that signed in to an account keeps one for the account (one per role;
// signing in to another account of the role replaces it). Its token is kept hashed with the
// sessions, under the role "device:<role>", with the account's key (accountKey) as its subject,
// so that a login finds it before it knows the account.
var deviceCookieNames = map[string]string{haat.RoleUser: "haat_device", haat.RoleSeller: "haat_seller_device"}

// deviceCookieName is the name of role's device cookie, with __Host- on an https store as for the
// session cookies.
func (s *Server) deviceCookieName(role string) string {
	if s.httpsOnly() {
		return "__Host-" + deviceCookieNames[role]
	}
	return deviceCookieNames[role]
}

func deviceRole(role string) string { return "device:" + role }

// device returns the request's device cookie of role when it names account (an accountKey), or "".
func (s *Server) device(r *http.Request, role, account string) (string, error) {
	c, err := r.Cookie(s.deviceCookieName(role))
	if err != nil || c.Value == "" {
		return "", nil
	}
	subject, err := s.Sessions.SessionSubject(r.Context(), deviceRole(role), c.Value)
	if haat.ErrorCode(err) == haat.ENOTFOUND || subject != account {
		return "", nil
	}
	return c.Value, err
}

// rememberDevice gives the browser that has just signed in to account (or signed up for it) a
// device cookie for it, unless it has one.
func (s *Server) rememberDevice(w http.ResponseWriter, r *http.Request, role, account string) error {
	if token, err := s.device(r, role, account); err != nil || token != "" {
		return err
	}
	if c, err := r.Cookie(s.deviceCookieName(role)); err == nil && c.Value != "" {
		if err := s.Sessions.DeleteSession(r.Context(), deviceRole(role), c.Value); err != nil {
			return err
		}
	}
	token, err := s.Sessions.CreateSession(r.Context(), deviceRole(role), account, login.DeviceCookieTTL)
	if err != nil {
		return err
	}
	http.SetCookie(w, &http.Cookie{
		Name: s.deviceCookieName(role), Value: token, Path: "/", MaxAge: int(login.DeviceCookieTTL.Seconds()),
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: s.secure(r),
	})
	return nil
}

// loginTry is a login under way: the account it is for, and the limits' slots it took, to be kept
// when it fails on its credentials and given back otherwise.
type loginTry struct {
	role, account string
	slots         []slot
}

// slot is one slot of a limit taken.
type slot struct {
	key   string
	limit int
}

// loginAttempt takes the slots of the limits a login counts against before the password is
// checked, and refuses the attempt when one is used up. A browser with the account's device cookie
// counts against its cookie only. Any other client counts against its address, the account from
// its address, and the account as a whole; past login.SlowAfter failures of the account it is
// also slowed (login.Slowdown). Call loginResult with the outcome.
func (s *Server) loginAttempt(w http.ResponseWriter, r *http.Request, role, email string) (*loginTry, error) {
	try := &loginTry{role: role, account: accountKey(role, email)}
	token, err := s.device(r, role, try.account)
	if err != nil {
		return nil, err
	}
	take := func(key string, limit int, window time.Duration) (bool, time.Duration, error) {
		ok, retry, err := s.Limiter.Attempt(r.Context(), key, limit, window)
		if err == nil && ok {
			try.slots = append(try.slots, slot{key, limit})
		}
		return ok, retry, err
	}
	refuse := func(retry time.Duration, err *haat.Error) error {
		s.giveBackAll(r, try) // not tried: the slots taken so far are not used
		return tooMany(w, retry, err)
	}
	if token != "" {
		ok, retry, err := take("login:device:"+hashKey(token), login.FailuresPerAccount, login.Window)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, refuse(retry, errTooManyLogins)
		}
		return try, nil
	}
	addr := addressKey(r, s.ClientIPHeader)
	for _, l := range []slot{{"login:" + addr, login.FailuresPerAddress}, {try.account + ":" + addr, login.FailuresPerAccount}} {
		ok, retry, err := take(l.key, l.limit, login.Window)
		if err != nil {
			s.giveBackAll(r, try)
			return nil, err
		}
		if !ok {
			return nil, refuse(retry, errTooManyLogins)
		}
	}
	failures, err := s.Limiter.Attempts(r.Context(), try.account, login.Window)
	if err != nil {
		s.giveBackAll(r, try)
		return nil, err
	}
	if wait := login.Slowdown(failures); wait > 0 {
		// The slow-down's slot is not given back: it spaces the tries, whatever their outcome.
		ok, retry, err := s.Limiter.Attempt(r.Context(), try.account+":slow", 1, wait)
		if err != nil {
			s.giveBackAll(r, try)
			return nil, err
		}
		if !ok {
			return nil, refuse(retry, slowedDown(retry))
		}
	}
	if _, _, err := take(try.account, math.MaxInt32, login.Window); err != nil { // counted, never refused
		s.giveBackAll(r, try)
		return nil, err
	}
	return try, nil
}

// slowedDown is the answer to a client held back by an account's slow-down.
func slowedDown(retry time.Duration) *haat.Error {
	secs := int(max(1, math.Ceil(retry.Seconds())))
	if secs == 1 {
		return haat.Errorf(haat.ETOOMANY, "Too many failed logins to this account. Please try again in %d second.", secs)
	}
	return haat.Errorf(haat.ETOOMANY, "Too many failed logins to this account. Please try again in %d seconds.", secs)
}

// loginResult keeps the attempt's slots when it failed on its credentials and gives them back
// otherwise; a login that succeeded gives the browser the account's device cookie. It passes the
// result on.
func (s *Server) loginResult(w http.ResponseWriter, r *http.Request, try *loginTry, err error) error {
	if haat.ErrorCode(err) != haat.EUNAUTHORIZED {
		s.giveBackAll(r, try)
	}
	if err != nil {
		return err
	}
	return s.rememberDevice(w, r, try.role, try.account)
}

// giveBackAll gives back every slot the login took.
func (s *Server) giveBackAll(r *http.Request, try *loginTry) {
	for _, sl := range try.slots {
		s.giveBack(r, sl.key, sl.limit)
	}
	try.slots = nil
}

// hashKey names a secret (a device token) in a limit's key without keeping it.
func hashKey(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(sum[:16])
}

func (s *Server) giveBack(r *http.Request, key string, limit int) {
	if err := s.Limiter.GiveBack(r.Context(), key, limit); err != nil {
		s.Logger.ErrorContext(r.Context(), "rate limit", "err", err)
	}
}

// signUpAttempt takes a slot of the client address's sign-up limit before an account is
// created, and refuses the attempt when it is used up. Call signUpResult with the outcome.
// In development requests from the machine itself (the browser tests) are not limited.
func (s *Server) signUpAttempt(r *http.Request) error {
	if s.ownMachine(r) {
		return nil
	}
	ok, retry, err := s.Limiter.Attempt(r.Context(), "signup:"+addressKey(r, s.ClientIPHeader), login.SignUpsPerAddress, login.SignUpWindow)
	if err != nil {
		return err
	}
	if !ok {
		return haat.TooManyFor(retry, "Too many sign-ups from your network. Please try again in %d minute.",
			"Too many sign-ups from your network. Please try again in %d minutes.")
	}
	return nil
}

// signUpResult keeps the slot of every attempt the shopper made, one that failed on its input
// too (so that nobody can try thousands of emails or passwords for free), and gives back only the
// slot of an attempt the store itself failed.
func (s *Server) signUpResult(r *http.Request, err error) error {
	if haat.ErrorCode(err) == haat.EINTERNAL && !s.ownMachine(r) {
		s.giveBack(r, "signup:"+addressKey(r, s.ClientIPHeader), login.SignUpsPerAddress)
	}
	return err
}
