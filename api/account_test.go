package api_test

import (
	"net/http"
	"testing"
)

// TestSellerIsAuth: the spec's original client checks the seller session at
// GET /api/seller/is-auth; it answers like /api/seller/auth-seller.
func TestSellerIsAuth(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.client()
		want(t, c.get("/api/seller/is-auth"), 401, "Not Authorized")
		s.loginSeller(c)
		want(t, c.get("/api/seller/is-auth"), 200)
		want(t, s.shopper("").get("/api/seller/is-auth"), 403, "Only sellers can do this")
		want(t, c.get("/api/seller/logout"), 200)
		want(t, c.get("/api/seller/is-auth"), 401)
		want(t, c.post("/api/seller/is-auth", map[string]string{}), 405)
	})
}

const hsts = "max-age=63072000; includeSubDomains"

// TestHTTPSStoreUsesHostCookiesAndHSTS: with an https public URL every answer tells the browser
// to use HTTPS only, and the session cookies carry the __Host- prefix, so that no plain-HTTP
// page or other subdomain can plant a session cookie of its own in the shopper's browser.
func TestHTTPSStoreUsesHostCookiesAndHSTS(t *testing.T) {
	const origin = "https://haat.example"
	eachStore(t, func(t *testing.T, s *store) {
		for _, path := range []string{"/api/product/list", "/api/user/is-auth", "/api/no/such/route", "/healthz"} {
			if got := s.client().do("GET", path, nil, "").header.Get("Strict-Transport-Security"); got != hsts {
				t.Fatalf("%s: Strict-Transport-Security = %q, want %q", path, got, hsts)
			}
		}
		for _, tc := range []struct{ role, login, check, email, password string }{
			{"shopper", "/api/user/register", "/api/user/is-auth", "sita@example.com", shopperPassword},
			{"seller", "/api/seller/login", "/api/seller/auth-seller", sellerEmail, sellerPassword},
		} {
			name := "__Host-haat_session"
			if tc.role == "seller" {
				name = "__Host-haat_seller"
			}
			r := s.client().post(tc.login, map[string]string{"name": "Sita", "email": tc.email, "password": tc.password}, "Origin", origin)
			want(t, r, 200)
			c := r.cookie(name)
			if c == nil || !c.Secure || !c.HttpOnly || c.Path != "/" || c.Domain != "" || c.SameSite != http.SameSiteLaxMode {
				t.Fatalf("%s cookie = %v", tc.role, r.header.Values("Set-Cookie"))
			}
			if len(r.header.Values("Set-Cookie")) != 1 {
				t.Fatalf("%s login sets %v", tc.role, r.header.Values("Set-Cookie"))
			}
			browser := s.client()
			want(t, browser.do("GET", tc.check, nil, "", "Cookie", name+"="+c.Value), 200)
			// The unprefixed name, which anyone on another subdomain or on plain HTTP could set, is not read.
			want(t, browser.do("GET", tc.check, nil, "", "Cookie", name[len("__Host-"):]+"="+c.Value), 401)
			logout := "/api/user/logout"
			if tc.role == "seller" {
				logout = "/api/seller/logout"
			}
			r = browser.do("GET", logout, nil, "", "Cookie", name+"="+c.Value, "Origin", origin)
			want(t, r, 200)
			if cl := r.cookie(name); cl == nil || cl.MaxAge >= 0 || !cl.Secure || cl.Path != "/" {
				t.Fatalf("%s logout cookie = %v", tc.role, r.header.Values("Set-Cookie"))
			}
			want(t, browser.do("GET", tc.check, nil, "", "Cookie", name+"="+c.Value), 401)
		}
	}, withPublicURL(origin))
}

// TestPlainHTTPStoreKeepsCookieNamesWithoutHSTS: over plain HTTP (development, or no public URL)
// the cookies keep their names and no HSTS is sent, which would lock a browser out of the store.
func TestPlainHTTPStoreKeepsCookieNamesWithoutHSTS(t *testing.T) {
	for name, public := range map[string]string{"no public URL": "", "http public URL": "http://127.0.0.1:8080"} {
		t.Run(name, func(t *testing.T) { testPlainHTTPStore(t, public) })
	}
}

func testPlainHTTPStore(t *testing.T, public string) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.client()
		r := c.post("/api/user/register", map[string]string{"name": "Sita", "email": "sita@example.com", "password": shopperPassword})
		want(t, r, 200)
		if r.header.Get("Strict-Transport-Security") != "" {
			t.Fatalf("HSTS over plain HTTP (public URL %q)", public)
		}
		if r.cookie("haat_session") == nil {
			t.Fatalf("cookies over plain HTTP: %v", r.header.Values("Set-Cookie"))
		}
		want(t, c.get("/api/user/is-auth"), 200)
		r = c.post("/api/seller/login", map[string]string{"email": sellerEmail, "password": sellerPassword})
		if r.cookie("haat_seller") == nil {
			t.Fatalf("seller cookie over plain HTTP: %v", r.header.Values("Set-Cookie"))
		}
	}, withPublicURL(public))
}
