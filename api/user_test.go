package api_test

import (
	"net/http"
	"strings"
	"testing"
)

func TestRegisterLoginLogout(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.client()
		want(t, c.get("/api/user/is-auth"), 401)

		r := c.post("/api/user/register", map[string]string{"name": " Sita Gurung ", "email": "Sita@Example.com", "password": "namaste-123"})
		want(t, r, 200)
		u := r.body["user"].(map[string]any)
		if u["_id"] == "" || u["name"] != "Sita Gurung" || u["email"] != "Sita@Example.com" || u["cartItems"] == nil {
			t.Fatalf("user = %v", u)
		}
		if strings.Contains(string(r.raw), "password") || strings.Contains(string(r.raw), "$2a$") {
			t.Fatal("password or hash in the answer")
		}
		cookie := r.header.Get("Set-Cookie")
		if !strings.Contains(cookie, "HttpOnly") || !strings.Contains(cookie, "SameSite=Lax") || !strings.Contains(cookie, "Path=/") {
			t.Fatalf("session cookie = %q", cookie)
		}
		want(t, c.get("/api/user/is-auth"), 200)

		for name, body := range map[string]map[string]string{
			"taken in other case": {"name": "Other", "email": "sita@EXAMPLE.com", "password": "long enough"},
		} {
			t.Run(name, func(t *testing.T) { want(t, s.client().post("/api/user/register", body), 409) })
		}
		for name, body := range map[string]map[string]string{
			"short password": {"name": "Ram", "email": "ram@example.com", "password": "1234567"},
			"bad email":      {"name": "Ram", "email": "ram@", "password": "long enough"},
			"no name":        {"name": " ", "email": "ram@example.com", "password": "long enough"},
			"no email":       {"name": "Ram", "email": "", "password": "long enough"},
		} {
			t.Run(name, func(t *testing.T) { want(t, s.client().post("/api/user/register", body), 400) })
		}
		want(t, s.client().post("/api/user/login", map[string]string{"email": "ram@example.com", "password": "long enough"}), 401)

		want(t, c.get("/api/user/logout"), 200, "Logged Out")
		want(t, c.get("/api/user/is-auth"), 401)

		other := s.client()
		wrong := other.post("/api/user/login", map[string]string{"email": "sita@example.com", "password": "wrong password"})
		unknown := other.post("/api/user/login", map[string]string{"email": "nobody@example.com", "password": "namaste-123"})
		want(t, wrong, 401)
		want(t, unknown, 401, wrong.message())
		r = other.post("/api/user/login", map[string]string{"email": " SITA@example.com ", "password": "namaste-123"})
		want(t, r, 200)
		if r.body["user"].(map[string]any)["name"] != "Sita Gurung" {
			t.Fatalf("login user = %v", r.body["user"])
		}
		want(t, other.get("/api/user/is-auth"), 200)
	})
}

func TestLogoutEndsTheSessionOnTheServer(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.shopper("sita@example.com")
		u := s.server.URL
		req, _ := http.NewRequest("GET", u+"/api/user/is-auth", nil)
		stolen := c.http.Jar.Cookies(req.URL)
		want(t, c.get("/api/user/logout"), 200)
		thief := s.client()
		thief.http.Jar.SetCookies(req.URL, stolen)
		want(t, thief.get("/api/user/is-auth"), 401)
	})
}

func TestSeller(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.client()
		want(t, c.get("/api/seller/auth-seller"), 401)
		want(t, c.post("/api/seller/login", map[string]string{"email": sellerEmail, "password": "wrong password"}), 401)
		want(t, c.post("/api/seller/login", map[string]string{"email": "  " + sellerEmail + " ", "password": sellerPassword}), 200, "Logged In")
		want(t, c.get("/api/seller/auth-seller"), 200)
		// A seller session is no shopper session: the storefront is told "not signed in".
		want(t, c.get("/api/user/is-auth"), 401)
		want(t, c.get("/api/order/user"), 403)
		want(t, c.get("/api/seller/logout"), 200, "Logged Out")
		want(t, c.get("/api/seller/auth-seller"), 401)

		shopper := s.shopper("sita@example.com")
		want(t, shopper.get("/api/seller/auth-seller"), 403)
		// A shopper's password is no seller's password.
		want(t, s.client().post("/api/seller/login", map[string]string{"email": "sita@example.com", "password": "namaste-123"}), 401)
	})
}

func TestLoginRateLimit(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		s.shopper("sita@example.com")
		c := s.client()
		for i := range 10 {
			path := "/api/user/login"
			if i%2 == 1 {
				path = "/api/seller/login"
			}
			want(t, c.post(path, map[string]string{"email": "sita@example.com", "password": "guess"}), 401)
		}
		want(t, c.post("/api/user/login", map[string]string{"email": "sita@example.com", "password": "namaste-123"}), 429)
		want(t, c.post("/api/seller/login", map[string]string{"email": sellerEmail, "password": sellerPassword}), 429)
	})
}

func TestLoginRateLimitNotResetByOwnAccount(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		s.shopper("victim@example.com")
		s.shopper("attacker@example.com")
		c := s.client()
		guess := map[string]string{"email": "victim@example.com", "password": "guess"}
		for range 9 {
			want(t, c.post("/api/user/login", guess), 401)
		}
		want(t, c.post("/api/user/login", map[string]string{"email": "attacker@example.com", "password": "namaste-123"}), 200)
		want(t, c.post("/api/user/login", guess), 401)
		want(t, c.post("/api/user/login", guess), 429)
	})
}
