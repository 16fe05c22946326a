package api

import (
	"context"
	"net/http"
	"net/netip"
	"strings"
	"time"

	"haat"
	"haat/staff"
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

// authorize checks that the request has the session a route needs: a shopper's for role user, a
// seller's whose role reaches the part of the seller area otherwise (haat.Access). It answers 401
// without any session, 403 with a session of the other kind only, or of a role that does not reach
// the part. The context it returns names the subject, the signed-in seller, and the actor of the
// order steps taken.
func (s *Server) authorize(r *http.Request, role string) (context.Context, error) {
	kind, other := haat.RoleUser, haat.RoleSeller
	if role != user {
		kind, other = haat.RoleSeller, haat.RoleUser
	}
	id, err := s.sessionOf(r, kind)
	if err != nil {
		return nil, err
	}
	if id != "" {
		ctx := context.WithValue(r.Context(), ctxKey(kind), id)
		if kind == haat.RoleUser {
			return haat.WithActor(ctx, haat.Actor{ID: id, Role: haat.ActorShopper}), nil
		}
		seller, err := s.Sellers.Seller(ctx, id)
		if haat.ErrorCode(err) == haat.ENOTFOUND {
			return nil, haat.Errorf(haat.EUNAUTHORIZED, "Not Authorized")
		} else if err != nil {
			return nil, err
		}
		if !seller.Role.May(haat.Access(role)) {
			return nil, staff.ErrRoleForbids
		}
		return haat.WithActor(context.WithValue(ctx, sellerKey{}, seller), haat.StaffActor(seller)), nil
	}
	if otherID, err := s.sessionOf(r, other); err != nil {
		return nil, err
	} else if otherID != "" {
		if kind == haat.RoleSeller {
			return nil, haat.Errorf(haat.EFORBIDDEN, "Only sellers can do this")
		}
		return nil, haat.Errorf(haat.EFORBIDDEN, "Please log in as a shopper")
	}
	return nil, haat.Errorf(haat.EUNAUTHORIZED, "Not Authorized")
}

type sellerKey struct{}

// signedInSeller is the seller account authorize found for a seller route.
func signedInSeller(ctx context.Context) *haat.Seller {
	s, _ := ctx.Value(sellerKey{}).(*haat.Seller)
	return s
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
	s.clearSession(w, r, role)
	return nil
}

// clearSession clears the session cookie of role, whose session has ended.
func (s *Server) clearSession(w http.ResponseWriter, r *http.Request, role string) {
	http.SetCookie(w, &http.Cookie{
		Name: s.cookieName(role), Value: "", Path: "/", MaxAge: -1,
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: s.secure(r),
	})
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
