package api_test

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// checkSessionCookie fails unless the answer sets the session cookie name as the API contract says.
func checkSessionCookie(t *testing.T, r response, name string, maxAge time.Duration) {
	t.Helper()
	c := r.cookie(name)
	if c == nil {
		t.Fatalf("no %s cookie in %v", name, r.header.Values("Set-Cookie"))
	}
	if c.Value == "" || len(c.Value) < 43 || !c.HttpOnly || c.SameSite != http.SameSiteLaxMode || c.Path != "/" || c.Secure {
		t.Fatalf("%s cookie = %+v", name, c)
	}
	if c.MaxAge != int(maxAge.Seconds()) {
		t.Fatalf("%s cookie Max-Age = %d, want %d", name, c.MaxAge, int(maxAge.Seconds()))
	}
}

// checkClearedCookie fails unless the answer deletes the cookie name.
func checkClearedCookie(t *testing.T, r response, name string) {
	t.Helper()
	c := r.cookie(name)
	if c == nil || c.Value != "" || c.MaxAge >= 0 || !c.HttpOnly || c.SameSite != http.SameSiteLaxMode || c.Path != "/" {
		t.Fatalf("%s cookie not cleared: %v", name, r.header.Values("Set-Cookie"))
	}
}

func TestRegister(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.client()
		want(t, c.get("/api/user/is-auth"), 401)

		r := c.post("/api/user/register", map[string]string{"name": " Sita Gurung ", "email": "Sita@Example.com", "password": "namaste-123"})
		want(t, r, 200, "Account Created")
		u := r.body["user"].(map[string]any)
		if id, _ := u["_id"].(string); id == "" || u["name"] != "Sita Gurung" || u["email"] != "Sita@Example.com" {
			t.Fatalf("user = %v", u)
		}
		if cart, isMap := u["cartItems"].(map[string]any); !isMap || len(cart) != 0 {
			t.Fatalf("cartItems of a new user = %#v", u["cartItems"])
		}
		if strings.Contains(string(r.raw), "password") || strings.Contains(string(r.raw), "$2a$") || strings.Contains(string(r.raw), "namaste") {
			t.Fatal("password or hash in the answer")
		}
		checkSessionCookie(t, r, "haat_session", 30*24*time.Hour)
		if got := c.user(); got["_id"] != u["_id"] || got["email"] != "Sita@Example.com" {
			t.Fatalf("is-auth after register = %v", got)
		}

		for name, tc := range map[string]struct {
			body   map[string]string
			status int
			msg    string
		}{
			"email taken in other case": {map[string]string{"name": "Other", "email": "sita@EXAMPLE.com", "password": "long enough"}, 409, "An account with this email already exists"},
			"email taken with spaces":   {map[string]string{"name": "Other", "email": "  sita@example.com ", "password": "long enough"}, 409, "An account with this email already exists"},
			"7-character password":      {map[string]string{"name": "Ram", "email": "ram@example.com", "password": "1234567"}, 400, "Password must be at least 8 characters"},
			"no password":               {map[string]string{"name": "Ram", "email": "ram@example.com"}, 400, "Password must be at least 8 characters"},
			"73-character password":     {map[string]string{"name": "Ram", "email": "ram@example.com", "password": strings.Repeat("x", 73)}, 400, "Password must be at most 72 characters"},
			"email without domain":      {map[string]string{"name": "Ram", "email": "ram@", "password": "long enough"}, 400, "Please enter a valid email address"},
			"email without at":          {map[string]string{"name": "Ram", "email": "ram.example.com", "password": "long enough"}, 400, "Please enter a valid email address"},
			"email with a display name": {map[string]string{"name": "Ram", "email": "Ram <ram@example.com>", "password": "long enough"}, 400, "Please enter a valid email address"},
			"no email":                  {map[string]string{"name": "Ram", "email": "", "password": "long enough"}, 400, "Email is required"},
			"blank name":                {map[string]string{"name": " ", "email": "ram@example.com", "password": "long enough"}, 400, "Name is required"},
			"no name":                   {map[string]string{"email": "ram@example.com", "password": "long enough"}, 400, "Name is required"},
			"name too long":             {map[string]string{"name": strings.Repeat("n", 101), "email": "ram@example.com", "password": "long enough"}, 400, "Name is too long"},
		} {
			t.Run(name, func(t *testing.T) {
				g := s.client()
				r := g.post("/api/user/register", tc.body)
				want(t, r, tc.status, tc.msg)
				if len(r.header.Values("Set-Cookie")) != 0 {
					t.Fatalf("a refused register set a cookie: %v", r.header.Values("Set-Cookie"))
				}
				want(t, g.get("/api/user/is-auth"), 401)
			})
		}
		want(t, c.post("/api/user/register", `{"name":"Ram","email":"ram@example.com","password":12345678}`), 400, "Invalid value for password")
		want(t, c.post("/api/user/register", `{"name":"Ram",`), 400, "Request body is not valid JSON")

		// None of the refused registrations made an account: the address is still free.
		want(t, s.client().post("/api/user/register", map[string]string{"name": "Ram", "email": "ram@example.com", "password": "long enough"}), 200)

		// An 8-character password is enough.
		want(t, s.client().post("/api/user/register", map[string]string{"name": "Hari", "email": "hari@example.com", "password": "tole-42a"}), 200)
	})
}

// TestRegisterPasswordRule refuses a password on the list of the most common ones, whatever its
// case, or one of spaces only, with a message to show; the address stays free for a good one.
func TestRegisterPasswordRule(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		for password, msg := range map[string]string{
			"password123":   "This password is too common; choose another",
			"12345678":      "This password is too common; choose another",
			"Iloveyou1":     "This password is too common; choose another",
			"          ":    "Password must not be only spaces",
			" \t \t \t \t ": "Password must not be only spaces",
		} {
			r := s.client().post("/api/user/register", map[string]string{"name": "Ram", "email": "ram@example.com", "password": password})
			want(t, r, 400, msg)
		}
		r := s.client().post("/api/user/register", map[string]string{"name": "Ram", "email": "ram@example.com", "password": "password123"},
			"Accept-Language", "ne")
		want(t, r, 400, "यो पासवर्ड धेरै चलेको छ; अर्को छान्नुहोस्")
		want(t, s.client().post("/api/user/register", map[string]string{"name": "Ram", "email": "ram@example.com", "password": "namaste-123"}), 200)
	})
}

func TestLogin(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		s.shopper("sita@example.com")
		c := s.client()
		wrong := c.post("/api/user/login", map[string]string{"email": "sita@example.com", "password": "wrong password"})
		unknown := c.post("/api/user/login", map[string]string{"email": "nobody@example.com", "password": shopperPassword})
		empty := c.post("/api/user/login", map[string]string{})
		want(t, wrong, 401, "Invalid email or password")
		want(t, unknown, 401, wrong.message())
		want(t, empty, 401, wrong.message())
		for _, r := range []response{wrong, unknown, empty} {
			if len(r.header.Values("Set-Cookie")) != 0 {
				t.Fatal("a failed login set a cookie")
			}
		}
		want(t, c.get("/api/user/is-auth"), 401)

		r := c.post("/api/user/login", map[string]string{"email": " SITA@example.com ", "password": shopperPassword})
		want(t, r, 200, "Logged In")
		u := r.body["user"].(map[string]any)
		if u["name"] != "Sita Gurung" || u["email"] != "sita@example.com" || u["_id"] == "" {
			t.Fatalf("login user = %v", u)
		}
		if _, isMap := u["cartItems"].(map[string]any); !isMap {
			t.Fatalf("login user without cartItems: %v", u)
		}
		if strings.Contains(string(r.raw), "password") {
			t.Fatal("password in the login answer")
		}
		checkSessionCookie(t, r, "haat_session", 30*24*time.Hour)
		want(t, c.get("/api/user/is-auth"), 200)

		// The password is case-sensitive.
		want(t, s.client().post("/api/user/login", map[string]string{"email": "sita@example.com", "password": strings.ToUpper(shopperPassword)}), 401)
	})
}

func TestIsAuthShowsTheCart(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.shopper("sita@example.com")
		c.setCart(map[string]int{s.rice.ID: 3})
		r := c.get("/api/user/is-auth")
		want(t, r, 200)
		u := r.body["user"].(map[string]any)
		if cart := u["cartItems"].(map[string]any); len(cart) != 1 || cart[s.rice.ID] != 3.0 {
			t.Fatalf("cartItems = %v", u["cartItems"])
		}
		if u["name"] != "Sita Gurung" || u["email"] != "sita@example.com" || u["_id"] == "" {
			t.Fatalf("user = %v", u)
		}
		// The cart lives on the server: another login to the same account sees it.
		other := s.client()
		want(t, other.post("/api/user/login", map[string]string{"email": "sita@example.com", "password": shopperPassword}), 200)
		if cart := other.cart(); cart[s.rice.ID] != 3.0 {
			t.Fatalf("cart in a second browser = %v", cart)
		}
	})
}

func TestLogout(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.shopper("sita@example.com")
		stolen := c.jarCookie("haat_session")
		if stolen == nil {
			t.Fatal("no session cookie after register")
		}
		r := c.get("/api/user/logout")
		want(t, r, 200, "Logged Out")
		checkClearedCookie(t, r, "haat_session")
		if c.jarCookie("haat_session") != nil {
			t.Fatal("the browser kept the session cookie")
		}
		want(t, c.get("/api/user/is-auth"), 401)
		want(t, c.get("/api/order/user"), 401)

		// The session is gone on the server too: the old cookie no longer works.
		thief := s.client()
		u, _ := http.NewRequest("GET", s.server.URL, nil)
		thief.http.Jar.SetCookies(u.URL, []*http.Cookie{stolen})
		want(t, thief.get("/api/user/is-auth"), 401)
		want(t, thief.get("/api/address/get"), 401)

		// Logging out without a session is harmless.
		want(t, s.client().get("/api/user/logout"), 200, "Logged Out")
	})
}

func TestLoginEndsThePreviousSessionOfTheBrowser(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		s.shopper("b@example.com")
		c := s.shopper("a@example.com")
		old := c.jarCookie("haat_session")
		want(t, c.post("/api/user/login", map[string]string{"email": "b@example.com", "password": shopperPassword}), 200)
		if c.user()["email"] != "b@example.com" {
			t.Fatal("the browser is not b's after b logged in")
		}
		thief := s.client()
		u, _ := http.NewRequest("GET", s.server.URL, nil)
		thief.http.Jar.SetCookies(u.URL, []*http.Cookie{old})
		want(t, thief.get("/api/user/is-auth"), 401)
	})
}

func TestSessionExpiry(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		shopper, seller := s.shopper("sita@example.com"), s.seller()
		s.clock.advance(6 * 24 * time.Hour)
		want(t, shopper.get("/api/user/is-auth"), 200)
		want(t, seller.get("/api/seller/auth-seller"), 200)
		s.clock.advance(2 * 24 * time.Hour) // 8 days: past the seller's 7
		want(t, shopper.get("/api/user/is-auth"), 200)
		want(t, seller.get("/api/seller/auth-seller"), 401)
		s.clock.advance(23 * 24 * time.Hour) // 31 days: past the shopper's 30
		want(t, shopper.get("/api/user/is-auth"), 401)
		want(t, shopper.get("/api/order/user"), 401)
	})
}

func TestForgedSessionCookies(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		shopper := s.shopper("sita@example.com")
		token := shopper.jarCookie("haat_session").Value
		changed := token[:len(token)-1] + "A"
		if changed == token {
			changed = token[:len(token)-1] + "B"
		}
		u, _ := http.NewRequest("GET", s.server.URL, nil)
		for name, cookies := range map[string][]*http.Cookie{
			"made-up shopper token":        {{Name: "haat_session", Value: "not-a-real-token"}},
			"made-up seller token":         {{Name: "haat_seller", Value: "not-a-real-token"}},
			"shopper token as seller":      {{Name: "haat_seller", Value: token}},
			"empty cookies":                {{Name: "haat_session", Value: ""}, {Name: "haat_seller", Value: ""}},
			"very long token":              {{Name: "haat_session", Value: strings.Repeat("A", 4000)}},
			"token with changed last char": {{Name: "haat_session", Value: changed}},
		} {
			t.Run(name, func(t *testing.T) {
				c := s.client()
				c.http.Jar.SetCookies(u.URL, cookies)
				want(t, c.get("/api/user/is-auth"), 401)
				want(t, c.get("/api/seller/auth-seller"), 401)
				want(t, c.get("/api/order/user"), 401)
			})
		}
	})
}

func TestSeller(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.client()
		want(t, c.get("/api/seller/auth-seller"), 401, "Not Authorized")
		wrong := c.post("/api/seller/login", map[string]string{"email": sellerEmail, "password": "wrong password"})
		want(t, wrong, 401, "Invalid email or password")
		want(t, c.post("/api/seller/login", map[string]string{"email": "nobody@haat.example", "password": sellerPassword}), 401, wrong.message())
		want(t, c.get("/api/seller/auth-seller"), 401)

		r := c.post("/api/seller/login", map[string]string{"email": "  " + sellerEmail + " ", "password": sellerPassword})
		want(t, r, 200, "Logged In")
		checkSessionCookie(t, r, "haat_seller", 7*24*time.Hour)
		if r.cookie("haat_session") != nil {
			t.Fatal("seller login set a shopper cookie")
		}
		want(t, c.get("/api/seller/auth-seller"), 200)

		// A seller session is no shopper session.
		want(t, c.get("/api/user/is-auth"), 401)
		want(t, c.get("/api/order/user"), 403, "Please log in as a shopper")

		r = c.get("/api/seller/logout")
		want(t, r, 200, "Logged Out")
		checkClearedCookie(t, r, "haat_seller")
		want(t, c.get("/api/seller/auth-seller"), 401)

		t.Run("email in another case", func(t *testing.T) {
			want(t, s.client().post("/api/seller/login", map[string]string{"email": " SELLER@Haat.Example", "password": sellerPassword}), 200)
		})
		t.Run("shopper is refused", func(t *testing.T) {
			shopper := s.shopper("sita@example.com")
			want(t, shopper.get("/api/seller/auth-seller"), 403, "Only sellers can do this")
			// A shopper's password is no seller's password.
			want(t, s.client().post("/api/seller/login", map[string]string{"email": "sita@example.com", "password": shopperPassword}), 401)
			// Nor is a seller a shopper.
			want(t, s.client().post("/api/user/login", map[string]string{"email": sellerEmail, "password": sellerPassword}), 401)
		})
	})
}

func TestShopperAndSellerSessionsAreSeparate(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.shopper("sita@example.com")
		s.loginSeller(c)
		want(t, c.get("/api/user/is-auth"), 200)
		want(t, c.get("/api/seller/auth-seller"), 200)
		want(t, c.get("/api/order/user"), 200)
		want(t, c.get("/api/order/seller"), 200)

		want(t, c.get("/api/seller/logout"), 200)
		want(t, c.get("/api/seller/auth-seller"), 403)
		want(t, c.get("/api/user/is-auth"), 200)

		s.loginSeller(c)
		want(t, c.get("/api/user/logout"), 200)
		want(t, c.get("/api/user/is-auth"), 401)
		want(t, c.get("/api/seller/auth-seller"), 200)
	})
}

func TestSecureCookiesBehindHTTPS(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		r := s.client().post("/api/user/register", map[string]string{"name": "Sita", "email": "sita@example.com", "password": shopperPassword},
			"Origin", "https://haat.example")
		want(t, r, 200)
		if c := r.cookie("__Host-haat_session"); c == nil || !c.Secure || !c.HttpOnly || c.SameSite != http.SameSiteLaxMode {
			t.Fatalf("cookie behind HTTPS = %v", r.header.Values("Set-Cookie"))
		}
		r = s.client().post("/api/seller/login", map[string]string{"email": sellerEmail, "password": sellerPassword},
			"Origin", "https://haat.example")
		want(t, r, 200)
		if c := r.cookie("__Host-haat_seller"); c == nil || !c.Secure {
			t.Fatalf("seller cookie behind HTTPS = %v", r.header.Values("Set-Cookie"))
		}
	}, withPublicURL("https://haat.example"))
}

// failLogins sends n logins to email with a wrong password from c (a shopper login, or a seller
// login for the seller's email).
func failLogins(t *testing.T, c *client, email string, n int, header ...string) {
	t.Helper()
	path := "/api/user/login"
	if email == sellerEmail {
		path = "/api/seller/login"
	}
	for range n {
		want(t, c.post(path, map[string]string{"email": email, "password": "guess"}, header...), 401)
	}
}

// wantRetryAfter fails unless the answer says to retry after about want seconds.
func wantRetryAfter(t *testing.T, r response, want int) {
	t.Helper()
	// The store's clock runs on while the test does: the answer may be that much less.
	got, err := strconv.Atoi(r.header.Get("Retry-After"))
	if err != nil || got > want || got < want-2-int(r.storeAge.Seconds()) {
		t.Fatalf("Retry-After %q, want about %d", r.header.Get("Retry-After"), want)
	}
}

const limited = "Too many failed login attempts. Please try again in 15 minutes."

func TestLoginRateLimit(t *testing.T) {
	right := map[string]string{"email": "sita@example.com", "password": shopperPassword}
	sellerRight := map[string]string{"email": sellerEmail, "password": sellerPassword}

	t.Run("ten failures from one address refuse the account there, not the address", func(t *testing.T) {
		eachStore(t, func(t *testing.T, s *store) {
			s.shopper("sita@example.com")
			s.shopper("ravi@example.com")
			c := s.client()
			failLogins(t, c, " SITA@example.com", 10)
			r := c.post("/api/user/login", right)
			want(t, r, 429, limited)
			wantRetryAfter(t, r, 900)
			if r.cookie("haat_session") != nil {
				t.Fatal("a refused login set a session cookie")
			}
			// The limit is per account and address: another browser there without the account's
			// device cookie is refused too.
			want(t, s.client().post("/api/user/login", right), 429, limited)
			// The same address still logs in to other accounts, and as the seller.
			want(t, c.post("/api/user/login", map[string]string{"email": "ravi@example.com", "password": shopperPassword}), 200)
			want(t, s.client().post("/api/seller/login", sellerRight), 200)
			// Other calls are not limited.
			want(t, s.shopper("").get("/api/user/is-auth"), 200)
		})
	})
	t.Run("the seller login has the same rules", func(t *testing.T) {
		eachStore(t, func(t *testing.T, s *store) {
			s.shopper("sita@example.com")
			c := s.client()
			failLogins(t, c, sellerEmail, 10)
			r := c.post("/api/seller/login", sellerRight)
			want(t, r, 429, limited)
			wantRetryAfter(t, r, 900)
			want(t, c.get("/api/seller/auth-seller"), 401)
			want(t, c.post("/api/user/login", right), 200)
		})
	})
	t.Run("an unknown account is limited like a known one", func(t *testing.T) {
		eachStore(t, func(t *testing.T, s *store) {
			c := s.client()
			failLogins(t, c, "nobody@example.com", 10)
			want(t, c.post("/api/user/login", map[string]string{"email": "nobody@example.com", "password": "guess"}), 429, limited)
		})
	})
	t.Run("nine failures still allow the right password", func(t *testing.T) {
		eachStore(t, func(t *testing.T, s *store) {
			s.shopper("sita@example.com")
			c := s.client()
			failLogins(t, c, "sita@example.com", 9)
			failLogins(t, c, sellerEmail, 9)
			want(t, c.post("/api/user/login", right), 200)
			want(t, s.client().post("/api/seller/login", sellerRight), 200)
		})
	})
	t.Run("a successful login does not reset the count", func(t *testing.T) {
		eachStore(t, func(t *testing.T, s *store) {
			s.shopper("victim@example.com")
			c := s.client()
			guess := map[string]string{"email": "victim@example.com", "password": "guess"}
			for range 9 {
				want(t, c.post("/api/user/login", guess), 401)
			}
			// Browsers without the account's device cookie.
			want(t, s.client().post("/api/user/login", map[string]string{"email": "victim@example.com", "password": shopperPassword}), 200)
			want(t, s.client().post("/api/user/login", guess), 401)
			want(t, s.client().post("/api/user/login", guess), 429)
		})
	})
	t.Run("the window ends after 15 minutes", func(t *testing.T) {
		eachStore(t, func(t *testing.T, s *store) {
			s.shopper("sita@example.com")
			c := s.client()
			failLogins(t, c, "sita@example.com", 10)
			s.clock.advance(14 * time.Minute)
			r := c.post("/api/user/login", right)
			want(t, r, 429)
			wantRetryAfter(t, r, 60)
			s.clock.advance(2 * time.Minute)
			want(t, c.post("/api/user/login", right), 200)
			// A new window: ten more failures are needed to be refused again.
			failLogins(t, c, "sita@example.com", 9)
			want(t, c.post("/api/user/login", right), 200)
		})
	})
	t.Run("failures from other addresses do not refuse the account", func(t *testing.T) {
		eachStore(t, func(t *testing.T, s *store) {
			s.shopper("sita@example.com")
			for i := range 10 {
				failLogins(t, s.client(), "sita@example.com", 1, "X-Forwarded-For", fmt.Sprintf("203.0.113.%d", i+1))
			}
			want(t, s.client().post("/api/user/login", right, "X-Forwarded-For", "198.51.100.7"), 200)
		}, withClientIPHeader("X-Forwarded-For"))
	})
	t.Run("a hundred failures from one address refuse it, not its neighbours", func(t *testing.T) {
		eachStore(t, func(t *testing.T, s *store) {
			s.shopper("sita@example.com")
			c := s.client()
			// A guesser behind the proxy tries ten accounts ten times each, and the seller; the
			// client may put anything first, the proxy appends the address it saw.
			for i := range 9 {
				email := fmt.Sprintf("shopper%d@example.com", i)
				s.shopper(email)
				failLogins(t, c, email, 10, "X-Forwarded-For", fmt.Sprintf("10.9.9.%d, 203.0.113.5", i))
			}
			failLogins(t, c, sellerEmail, 10, "X-Forwarded-For", "203.0.113.5")
			r := c.post("/api/user/login", right, "X-Forwarded-For", "1.2.3.4, 203.0.113.5")
			want(t, r, 429, limited)
			wantRetryAfter(t, r, 900)
			// Another shopper behind another address is not affected.
			want(t, c.post("/api/user/login", right, "X-Forwarded-For", "203.0.113.6"), 200)
		}, withClientIPHeader("X-Forwarded-For"))
	})
	t.Run("a client-address header that is no IP address is ignored", func(t *testing.T) {
		eachStore(t, func(t *testing.T, s *store) {
			s.shopper("sita@example.com")
			c := s.client()
			// The proxy passes the header on as the client sent it: made-up values must not
			// each get a count of their own.
			for i := range 10 {
				email := fmt.Sprintf("shopper%d@example.com", i)
				s.shopper(email)
				for j := range 10 {
					failLogins(t, c, email, 1, "X-Real-Ip", fmt.Sprintf("spoofed-%d-%d", i, j))
				}
			}
			want(t, c.post("/api/user/login", right, "X-Real-Ip", "anything"), 429, limited)
			want(t, c.post("/api/user/login", right), 429, limited)
			want(t, c.post("/api/user/login", right, "X-Real-Ip", "203.0.113.9"), 200)
		}, withClientIPHeader("X-Real-Ip"))
	})
	t.Run("IPv6 addresses count per /64", func(t *testing.T) {
		eachStore(t, func(t *testing.T, s *store) {
			s.shopper("sita@example.com")
			c := s.client()
			// A phone picks a new address of its /64 for every request.
			for i := range 10 {
				email := fmt.Sprintf("shopper%d@example.com", i)
				s.shopper(email)
				for j := range 10 {
					failLogins(t, c, email, 1, "X-Forwarded-For", fmt.Sprintf("2001:db8:1:2:%x::%x", i*10+j, j+1))
				}
			}
			want(t, c.post("/api/user/login", right, "X-Forwarded-For", "2001:db8:1:2:ffff:ffff:ffff:ffff"), 429, limited)
			want(t, c.post("/api/user/login", right, "X-Forwarded-For", "2001:db8:1:3::1"), 200)
		}, withClientIPHeader("X-Forwarded-For"))
	})
	t.Run("oversized and malformed bodies are not counted", func(t *testing.T) {
		eachStore(t, func(t *testing.T, s *store) {
			s.shopper("sita@example.com")
			c := s.client()
			for range 12 {
				want(t, c.post("/api/user/login", `{"email":`), 400)
			}
			want(t, c.post("/api/user/login", right), 200)
		})
	})
}

// TestSignUpRateLimit: one address tries at most 20 sign-ups an hour (a household or an office
// behind one address fits); emails found taken and refused input count too, so that nobody can
// test thousands of emails for an account, or of inputs, for free.
func TestSignUpRateLimit(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		signUp := func(email, addr, password string) response {
			t.Helper()
			return s.client().post("/api/user/register", map[string]string{"name": "Sita", "email": email, "password": password},
				"X-Forwarded-For", addr)
		}
		// Refused input counts.
		for i := range 5 {
			want(t, signUp(fmt.Sprintf("short%d@example.com", i), "203.0.113.5", "short"), 400)
		}
		for i := range 14 {
			want(t, signUp(fmt.Sprintf("sita%d@example.com", i), "203.0.113.5", shopperPassword), 200)
		}
		want(t, signUp("sita0@example.com", "203.0.113.5", shopperPassword), 409)
		r := signUp("ravi@example.com", "203.0.113.5", shopperPassword)
		want(t, r, 429, "Too many sign-ups from your network. Please try again in 60 minutes.")
		wantRetryAfter(t, r, 3600)
		// The same /64 is the same network; another address is not affected.
		for i := range 20 {
			want(t, signUp(fmt.Sprintf("v6-%d@example.com", i), fmt.Sprintf("2001:db8::%x", i+1), shopperPassword), 200)
		}
		want(t, signUp("v6-more@example.com", "2001:db8::ffff:1", shopperPassword), 429)
		want(t, signUp("ravi@example.com", "203.0.113.6", shopperPassword), 200)
		s.clock.advance(59 * time.Minute)
		r = signUp("gita@example.com", "203.0.113.5", shopperPassword)
		want(t, r, 429, "Too many sign-ups from your network. Please try again in 1 minute.")
		wantRetryAfter(t, r, 60)
		s.clock.advance(time.Minute)
		want(t, signUp("gita@example.com", "203.0.113.5", shopperPassword), 200)
	}, withClientIPHeader("X-Forwarded-For"))
}

// TestLoginRateLimitUnderConcurrency sends many wrong passwords at once from one address: no
// more than ten of them may be checked, or the limit can be beaten by sending guesses in parallel.
func TestLoginRateLimitUnderConcurrency(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		s.shopper("sita@example.com")
		const attempts = 40
		statuses := make([]int, attempts)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range attempts {
			wg.Go(func() {
				<-start
				res, err := http.Post(s.server.URL+"/api/user/login", "application/json",
					strings.NewReader(`{"email":"sita@example.com","password":"guess"}`))
				if err != nil {
					t.Error(err)
					return
				}
				res.Body.Close()
				statuses[i] = res.StatusCode
			})
		}
		close(start)
		wg.Wait()
		checked := 0
		for _, st := range statuses {
			switch st {
			case 401:
				checked++
			case 429:
			default:
				t.Fatalf("status %d among %v", st, statuses)
			}
		}
		if checked > 10 {
			t.Errorf("%d of %d parallel wrong passwords were checked; the limit is 10", checked, attempts)
		}
	})
}
