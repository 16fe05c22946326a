package api_test

import (
	"fmt"
	"net/http"
	"strconv"
	"testing"
	"time"

	"haat/login"
)

// TestLoginDeviceCookies: a guesser's wrong passwords do not lock the rightful owner out (OWASP's
// device cookies). Failures count per account and address, and per device cookie; a browser that
// signed in to the account before keeps its way in; clients without a cookie are slowed once the
// account has many failures, never locked for long.
func TestLoginDeviceCookies(t *testing.T) {
	from := func(ip string) []string { return []string{"X-Forwarded-For", ip} }
	const attacker, home, cafe = "203.0.113.66", "198.51.100.7", "192.0.2.44"
	for _, tc := range []struct {
		role, path, email, password, device string
	}{
		{"shopper", "/api/user/login", "sita@example.com", shopperPassword, "haat_device"},
		{"seller", "/api/seller/login", sellerEmail, sellerPassword, "haat_seller_device"},
	} {
		right := map[string]string{"email": tc.email, "password": tc.password}
		guess := map[string]string{"email": tc.email, "password": "guess"}

		t.Run(tc.role+": an attacker at one address does not stop the owner", func(t *testing.T) {
			eachStore(t, func(t *testing.T, s *store) {
				if tc.role == "shopper" {
					s.shopper(tc.email)
				}
				// The owner signed in before, at home: the browser keeps a device cookie.
				owner := s.client()
				r := owner.post(tc.path, right, from(home)...)
				want(t, r, 200)
				if c := r.cookie(tc.device); c == nil || !c.HttpOnly || c.Path != "/" || c.MaxAge < 300*24*3600 {
					t.Fatalf("device cookie %v", r.header.Values("Set-Cookie"))
				}
				attack := s.client()
				for range login.FailuresPerAccount {
					want(t, attack.post(tc.path, guess, from(attacker)...), 401)
				}
				r = attack.post(tc.path, right, from(attacker)...)
				want(t, r, 429, limited)
				wantRetryAfter(t, r, 900)
				// The owner gets in: at another address without a cookie, and with the cookie at
				// home and even at the attacker's address (a shared network).
				want(t, s.client().post(tc.path, right, from(cafe)...), 200)
				want(t, owner.post(tc.path, right, from(home)...), 200)
				want(t, owner.post(tc.path, right, from(attacker)...), 200)
				// The attacker is still held back.
				want(t, attack.post(tc.path, guess, from(attacker)...), 429, limited)
				// A device cookie counts its own failures: a stolen one is no free pass.
				for range login.FailuresPerAccount {
					want(t, owner.post(tc.path, guess, from(home)...), 401)
				}
				want(t, owner.post(tc.path, right, from(home)...), 429, limited)
			}, withClientIPHeader("X-Forwarded-For"))
		})

		t.Run(tc.role+": many addresses slow the account, the owner's browser gets in at once", func(t *testing.T) {
			eachStore(t, func(t *testing.T, s *store) {
				if tc.role == "shopper" {
					s.shopper(tc.email)
				}
				owner := s.client()
				want(t, owner.post(tc.path, right, from(home)...), 200)
				// A botnet: each address stays under its own limit.
				for i := range login.SlowAfter {
					want(t, s.client().post(tc.path, guess, from(fmt.Sprintf("10.0.%d.%d", i/200, i%200+1))...), 401)
				}
				want(t, s.client().post(tc.path, guess, from("10.1.0.1")...), 401)
				r := s.client().post(tc.path, guess, from("10.1.0.2")...)
				want(t, r, 429, "Too many failed logins to this account. Please try again in 1 second.")
				wantRetryAfter(t, r, 1)
				// The owner's browser is not held back; one without the cookie only briefly.
				want(t, owner.post(tc.path, right, from(home)...), 200)
				want(t, s.client().post(tc.path, right, from(cafe)...), 429)
				s.clock.advance(time.Second)
				want(t, s.client().post(tc.path, right, from(cafe)...), 200)
				// The wait grows with the failures, and stays short: a guesser who waits each time
				// gets far fewer tries.
				for i := 0; i < 60; {
					r := s.client().post(tc.path, guess, from(fmt.Sprintf("10.2.0.%d", i+1))...)
					switch r.status {
					case 401:
						i++
					case 429:
						secs, _ := strconv.Atoi(r.header.Get("Retry-After"))
						s.clock.advance(time.Duration(secs) * time.Second)
					default:
						t.Fatalf("%d %s", r.status, r.raw)
					}
				}
				r = s.client().post(tc.path, guess, from("10.3.0.1")...)
				want(t, r, 429)
				if secs, _ := strconv.Atoi(r.header.Get("Retry-After")); secs < 2 || secs > int(login.SlowdownMax.Seconds()) {
					t.Fatalf("Retry-After %q under a long attack", r.header.Get("Retry-After"))
				}
				want(t, owner.post(tc.path, right, from(home)...), 200)
			}, withClientIPHeader("X-Forwarded-For"))
		})
	}

	t.Run("a browser that signed up keeps its way in", func(t *testing.T) {
		eachStore(t, func(t *testing.T, s *store) {
			browser := s.client()
			r := browser.post("/api/user/register", map[string]string{"name": "Sita", "email": "Sita@example.com", "password": shopperPassword})
			want(t, r, 200)
			if r.cookie("haat_device") == nil {
				t.Fatalf("no device cookie: %v", r.header.Values("Set-Cookie"))
			}
			failLogins(t, s.client(), "sita@example.com", login.FailuresPerAccount)
			want(t, browser.post("/api/user/login", map[string]string{"email": " sita@example.com", "password": shopperPassword}), 200)
		})
	})

	t.Run("another account's device cookie is no way in", func(t *testing.T) {
		eachStore(t, func(t *testing.T, s *store) {
			s.shopper("sita@example.com")
			s.shopper("ravi@example.com")
			browser := s.client()
			want(t, browser.post("/api/user/login", map[string]string{"email": "ravi@example.com", "password": shopperPassword}), 200)
			failLogins(t, s.client(), "sita@example.com", login.FailuresPerAccount)
			want(t, browser.post("/api/user/login", map[string]string{"email": "sita@example.com", "password": shopperPassword}), 429, limited)
		})
	})

	t.Run("an https store names it __Host- and sends it Secure", func(t *testing.T) {
		eachStore(t, func(t *testing.T, s *store) {
			r := s.client().post("/api/seller/login", map[string]string{"email": sellerEmail, "password": sellerPassword}, "Origin", "https://haat.example")
			want(t, r, 200)
			if c := r.cookie("__Host-haat_seller_device"); c == nil || !c.Secure || !c.HttpOnly || c.SameSite != http.SameSiteLaxMode {
				t.Fatalf("device cookie %v", r.header.Values("Set-Cookie"))
			}
		}, withPublicURL("https://haat.example"))
	})
}
