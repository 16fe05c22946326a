package api

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"math"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"time"

	"haat"
)

// Session cookies: shopper and seller sessions are separate.
var cookieNames = map[string]string{haat.RoleUser: "haat_session", haat.RoleSeller: "haat_seller"}

// cookieName is the name of the session cookie of role. A store whose public URL is https
// prefixes it with __Host-: browsers then accept the cookie only when it is Secure, for
// Path=/ and without a Domain, so no other host or plain-HTTP page can plant or shadow it.
func (s *Server) cookieName(role string) string {
	if s.httpsOnly() {
		return "__Host-" + cookieNames[role]
	}
	return cookieNames[role]
}

// httpsOnly reports whether the store's public address is https.
func (s *Server) httpsOnly() bool { return strings.HasPrefix(s.PublicURL, "https://") }

// Session lifetimes.
var sessionTTL = map[string]time.Duration{haat.RoleUser: 30 * 24 * time.Hour, haat.RoleSeller: 7 * 24 * time.Hour}

type ctxKey string

// subject returns the id of the logged-in user or seller that authorize put in the context.
func subject(ctx context.Context, role string) string {
	id, _ := ctx.Value(ctxKey(role)).(string)
	return id
}

// sessionOf returns the subject of the request's session of role, or "".
func (s *Server) sessionOf(r *http.Request, role string) (string, error) {
	c, err := r.Cookie(s.cookieName(role))
	if err != nil || c.Value == "" {
		return "", nil
	}
	id, err := s.Sessions.SessionSubject(r.Context(), role, c.Value)
	if haat.ErrorCode(err) == haat.ENOTFOUND {
		return "", nil
	}
	return id, err
}

// authorize checks that the request has a session of role: 401 without any session, 403 with
// a session of the other role only.
func (s *Server) authorize(r *http.Request, role string) (context.Context, error) {
	id, err := s.sessionOf(r, role)
	if err != nil {
		return nil, err
	}
	if id != "" {
		return context.WithValue(r.Context(), ctxKey(role), id), nil
	}
	other := haat.RoleSeller
	if role == haat.RoleSeller {
		other = haat.RoleUser
	}
	if otherID, err := s.sessionOf(r, other); err != nil {
		return nil, err
	} else if otherID != "" {
		if role == haat.RoleSeller {
			return nil, haat.Errorf(haat.EFORBIDDEN, "Only sellers can do this")
		}
		return nil, haat.Errorf(haat.EFORBIDDEN, "Please log in as a shopper")
	}
	return nil, haat.Errorf(haat.EUNAUTHORIZED, "Not Authorized")
}

// startSession creates a session for subject and sets its cookie, ending the session the
// browser had before, if any.
func (s *Server) startSession(w http.ResponseWriter, r *http.Request, role, subjectID string) error {
	if c, err := r.Cookie(s.cookieName(role)); err == nil && c.Value != "" {
		if err := s.Sessions.DeleteSession(r.Context(), role, c.Value); err != nil {
			return err
		}
	}
	ttl := sessionTTL[role]
	token, err := s.Sessions.CreateSession(r.Context(), role, subjectID, ttl)
	if err != nil {
		return err
	}
	http.SetCookie(w, &http.Cookie{
		Name: s.cookieName(role), Value: token, Path: "/", MaxAge: int(ttl.Seconds()),
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: s.secure(r),
	})
	return nil
}

// endSession deletes the request's session of role, if any, and clears its cookie.
func (s *Server) endSession(w http.ResponseWriter, r *http.Request, role string) error {
	if c, err := r.Cookie(s.cookieName(role)); err == nil && c.Value != "" {
		if err := s.Sessions.DeleteSession(r.Context(), role, c.Value); err != nil {
			return err
		}
	}
	http.SetCookie(w, &http.Cookie{
		Name: s.cookieName(role), Value: "", Path: "/", MaxAge: -1,
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: s.secure(r),
	})
	return nil
}

func (s *Server) secure(r *http.Request) bool {
	return r.TLS != nil || s.httpsOnly()
}

// clientAddr is the address the request came from. Behind a proxy, header names the header it
// sets (X-Forwarded-For: the last entry, the one it added); a value that is not an IP address
// is ignored, and the connection's address counts.
func clientAddr(r *http.Request, header string) netip.Addr {
	if header != "" {
		if a, ok := parseAddr(lastEntry(r.Header.Values(header))); ok {
			return a
		}
	}
	a, _ := parseAddr(r.RemoteAddr)
	return a
}

// parseAddr reads an IP address, with or without a port.
func parseAddr(s string) (netip.Addr, bool) {
	s = strings.TrimSpace(s)
	if ap, err := netip.ParseAddrPort(s); err == nil {
		return ap.Addr().Unmap().WithZone(""), true
	}
	if a, err := netip.ParseAddr(s); err == nil {
		return a.Unmap().WithZone(""), true
	}
	return netip.Addr{}, false
}

// clientIP is the client's address as text, for the request log.
func clientIP(r *http.Request, header string) string {
	if a := clientAddr(r, header); a.IsValid() {
		return a.String()
	}
	return r.RemoteAddr
}

// ownMachine reports whether the request comes from the developer's own machine, which the
// per-address limits let through: only in development (Server.Development), from loopback.
func (s *Server) ownMachine(r *http.Request) bool {
	return s.Development && clientAddr(r, s.ClientIPHeader).IsLoopback()
}

// addressKey names the client's network for the rate limits: an IPv4 address, or the /64 of
// an IPv6 address (one household or phone gets a whole /64 and picks addresses from it freely).
func addressKey(r *http.Request, header string) string {
	a := clientAddr(r, header)
	if !a.IsValid() {
		return "unknown"
	}
	if a.Is6() {
		return netip.PrefixFrom(a, 64).Masked().String()
	}
	return a.String()
}

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
	token, err := s.Sessions.CreateSession(r.Context(), deviceRole(role), account, haat.DeviceCookieTTL)
	if err != nil {
		return err
	}
	http.SetCookie(w, &http.Cookie{
		Name: s.deviceCookieName(role), Value: token, Path: "/", MaxAge: int(haat.DeviceCookieTTL.Seconds()),
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
// its address, and the account as a whole; past haat.LoginSlowAfter failures of the account it is
// also slowed (haat.LoginSlowdown). Call loginResult with the outcome.
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
		ok, retry, err := take("login:device:"+hashKey(token), haat.LoginFailuresPerAccount, haat.LoginWindow)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, refuse(retry, errTooManyLogins)
		}
		return try, nil
	}
	addr := addressKey(r, s.ClientIPHeader)
	for _, l := range []slot{{"login:" + addr, haat.LoginFailuresPerAddress}, {try.account + ":" + addr, haat.LoginFailuresPerAccount}} {
		ok, retry, err := take(l.key, l.limit, haat.LoginWindow)
		if err != nil {
			s.giveBackAll(r, try)
			return nil, err
		}
		if !ok {
			return nil, refuse(retry, errTooManyLogins)
		}
	}
	failures, err := s.Limiter.Attempts(r.Context(), try.account, haat.LoginWindow)
	if err != nil {
		s.giveBackAll(r, try)
		return nil, err
	}
	if wait := haat.LoginSlowdown(failures); wait > 0 {
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
	if _, _, err := take(try.account, math.MaxInt32, haat.LoginWindow); err != nil { // counted, never refused
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
func (s *Server) signUpAttempt(w http.ResponseWriter, r *http.Request) error {
	if s.ownMachine(r) {
		return nil
	}
	ok, retry, err := s.Limiter.Attempt(r.Context(), "signup:"+addressKey(r, s.ClientIPHeader), haat.SignUpsPerAddress, haat.SignUpWindow)
	if err != nil {
		return err
	}
	if !ok {
		minutes := int(math.Ceil(retry.Minutes()))
		if minutes == 1 {
			return tooMany(w, retry, haat.Errorf(haat.ETOOMANY, "Too many sign-ups from your network. Please try again in %d minute.", minutes))
		}
		return tooMany(w, retry, haat.Errorf(haat.ETOOMANY, "Too many sign-ups from your network. Please try again in %d minutes.", minutes))
	}
	return nil
}

// signUpResult keeps the slot of every attempt the shopper made, one that failed on its input
// too (so that nobody can try thousands of emails or passwords for free), and gives back only the
// slot of an attempt the store itself failed.
func (s *Server) signUpResult(r *http.Request, err error) error {
	if haat.ErrorCode(err) == haat.EINTERNAL && !s.ownMachine(r) {
		s.giveBack(r, "signup:"+addressKey(r, s.ClientIPHeader), haat.SignUpsPerAddress)
	}
	return err
}
