package api_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"
)

// TestSellerIsAuth: older clients check the seller session at GET /api/seller/is-auth; it
// answers like /api/seller/auth-seller.
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
			// Sign-up and login also give the browser the account's device cookie (TestLoginDeviceCookies).
			if len(r.header.Values("Set-Cookie")) != 2 {
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

// TestProductTextCaps: every text of a product has a cap, so that no seller (or stolen seller
// session) can store megabytes that every visitor then downloads with the product list.
func TestProductTextCaps(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		seller := s.seller()
		img := upload{"tea.png", pngFile(t)}
		lines := func(n int, line string) string {
			l := make([]string, n)
			for i := range l {
				l[i] = line
			}
			b, _ := json.Marshal(l)
			return string(b)
		}
		before := len(s.products())
		for name, tc := range map[string]struct {
			change map[string]string
			msg    string
		}{
			"5 MB weight":            {map[string]string{"weight": strings.Repeat("w", 5<<20)}, "Weight is too long"},
			"41-character weight":    {map[string]string{"weight": strings.Repeat("क", 41)}, "Weight is too long"},
			"121-character name":     {map[string]string{"name": strings.Repeat("च", 121)}, "Product name is too long"},
			"301-character line":     {map[string]string{"description": lines(1, strings.Repeat("ल", 301))}, "Each description line must be at most 300 characters"},
			"21 description lines":   {map[string]string{"description": lines(21, "Whole leaf")}, "Product description has too many lines"},
			"a 1 MB plain-text line": {map[string]string{"description": strings.Repeat("d", 1<<20)}, "Each description line must be at most 300 characters"},
		} {
			t.Run(name, func(t *testing.T) {
				want(t, seller.addProduct(productForm(tc.change), img), 400, tc.msg)
				if n := len(s.products()); n != before {
					t.Fatalf("a refused product was stored: %d products", n)
				}
				if n := s.storedFiles(); n != 0 {
					t.Fatalf("a refused product left %d image files", n)
				}
			})
		}
		// Up to the caps, counted in characters (Devanagari takes three bytes each), all is kept.
		name, weight, line := strings.Repeat("च", 120), strings.Repeat("क", 40), strings.Repeat("ल", 300)
		want(t, seller.addProduct(productForm(map[string]string{"name": name, "weight": weight, "description": lines(20, line)}), img), 200)
		p := s.products()[0]
		if p["name"] != name || p["weight"] != weight || len(p["description"].([]any)) != 20 || p["description"].([]any)[19] != line {
			t.Fatalf("product at the caps = %v", p)
		}
	})
}

// TestAddressFieldCaps: each address field has its cap, with the field's own message; the
// longest realistic Nepali address (in Devanagari) fits.
func TestAddressFieldCaps(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		a := s.shopper("")
		caps := map[string]struct {
			label string
			max   int
		}{
			"firstName": {"First name", 60}, "lastName": {"Last name", 60}, "street": {"Street", 200},
			"city": {"City", 80}, "state": {"State", 80}, "country": {"Country", 80},
		}
		for field, c := range caps {
			want(t, a.post("/api/address/add", map[string]any{"address": addressWith(map[string]string{field: strings.Repeat("न", c.max+1)})}),
				400, c.label+" is too long")
			want(t, a.post("/api/address/add", map[string]any{"address": addressWith(map[string]string{field: strings.Repeat("न", c.max)})}), 200)
		}
		want(t, a.post("/api/address/add", map[string]any{"address": addressWith(map[string]string{"zipcode": "12345678901"})}), 400, "Zip code is too long")
		want(t, a.post("/api/address/add", map[string]any{"address": addressWith(map[string]string{"phone": "+977 98 1111 1111 1111"})}), 400, "Phone is too long")
		want(t, a.post("/api/address/add", map[string]any{"address": addressWith(map[string]string{"phone": "+977-981-111-1111"})}), 200)
		long := strings.Repeat("a", 64) + "@" + strings.Repeat("b", 185) + ".com"
		want(t, a.post("/api/address/add", map[string]any{"address": addressWith(map[string]string{"email": long})}), 200)
		want(t, a.post("/api/address/add", map[string]any{"address": addressWith(map[string]string{"email": "x" + long})}), 400, "Email is too long")
		want(t, a.post("/api/address/add", map[string]any{"address": addressWith(map[string]string{"street": strings.Repeat("s", 5<<20/10)})}), 400, "Street is too long")
		if n := len(a.addresses()); n != len(caps)+2 {
			t.Fatalf("%d addresses stored, want %d", n, len(caps)+2)
		}
	})
}

// TestAddressBookCap: a shopper keeps at most 20 addresses, also when many are sent at once.
func TestAddressBookCap(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		a := s.shopper("")
		for range 5 {
			a.addAddress()
		}
		const parallel = 40
		statuses := make([]int, parallel)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range parallel {
			wg.Go(func() {
				<-start
				statuses[i] = a.post("/api/address/add", map[string]any{"address": validAddress}).status
			})
		}
		close(start)
		wg.Wait()
		saved := 0
		for _, st := range statuses {
			switch st {
			case 200:
				saved++
			case 409:
			default:
				t.Fatalf("status %d among %v", st, statuses)
			}
		}
		if n := len(a.addresses()); n != 20 || saved != 15 {
			t.Fatalf("%d addresses kept after %d of %d parallel saves; want 20 and 15", n, saved, parallel)
		}
		want(t, a.post("/api/address/add", map[string]any{"address": validAddress}), 409, "You can save at most 20 addresses")
		// Another shopper's book is their own.
		s.shopper("").addAddress()
	})
}
