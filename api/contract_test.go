package api_test

import (
	"bytes"
	"net/http"
	"strings"
	"testing"
)

func TestContract(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.shopper("a@example.com")
		t.Run("unknown route", func(t *testing.T) { want(t, c.get("/api/nothing/here"), 404) })
		t.Run("wrong method", func(t *testing.T) {
			r := c.post("/api/product/list", `{}`)
			want(t, r, 405)
			if r.header.Get("Allow") != "GET" {
				t.Fatalf("Allow = %q", r.header.Get("Allow"))
			}
		})
		t.Run("not JSON", func(t *testing.T) {
			want(t, c.do("POST", "/api/cart/update", strings.NewReader(`{"cartItems":{}}`), "text/plain"), 415)
		})
		t.Run("body over 1 MB", func(t *testing.T) {
			big := `{"cartItems":{"` + strings.Repeat("x", 1<<20) + `":1}}`
			want(t, c.do("POST", "/api/cart/update", strings.NewReader(big), "application/json"), 413)
		})
		t.Run("cross-site request", func(t *testing.T) {
			body := `{"cartItems":{"` + s.rice.ID + `":5}}`
			want(t, c.do("POST", "/api/cart/update", strings.NewReader(body), "application/json", "Origin", "http://evil.example"), 403)
			if len(c.cart()) != 0 {
				t.Fatal("cross-site request changed the cart")
			}
			want(t, c.do("POST", "/api/cart/update", strings.NewReader(body), "application/json", "Origin", s.server.URL), 200)
			want(t, c.do("GET", "/api/user/logout", nil, "", "Sec-Fetch-Site", "cross-site"), 403)
			want(t, c.get("/api/user/is-auth"), 200)
		})
		t.Run("config", func(t *testing.T) {
			r := c.get("/api/config")
			want(t, r, 200)
			if r.body["currency"] != "USD" || r.body["currencySymbol"] != "$" {
				t.Fatalf("config = %v", r.body)
			}
		})
		t.Run("healthz", func(t *testing.T) {
			res, err := http.Get(s.server.URL + "/healthz")
			if err != nil || res.StatusCode != 200 {
				t.Fatalf("healthz: %v %v", res, err)
			}
			res.Body.Close()
		})
		t.Run("no caching of API answers", func(t *testing.T) {
			if cc := c.get("/api/user/is-auth").header.Get("Cache-Control"); cc != "no-store" {
				t.Fatalf("Cache-Control = %q", cc)
			}
		})
		t.Run("security headers", func(t *testing.T) {
			h := c.get("/api/config").header
			if h.Get("X-Content-Type-Options") != "nosniff" || !strings.Contains(h.Get("Content-Security-Policy"), "frame-ancestors 'none'") {
				t.Fatalf("headers = %v", h)
			}
		})
		t.Run("trailing data", func(t *testing.T) {
			want(t, c.do("POST", "/api/cart/update", bytes.NewBufferString(`{"cartItems":{}} {"x":1}`), "application/json"), 400)
		})
	})
}
