package api_test

import (
	"testing"
)

// TestSessionRoutes: the storefront's checks at start answer 200 for a guest too, with null, and
// the account of a session of their own role only.
func TestSessionRoutes(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		guest := s.client()
		for _, path := range []string{"/api/user/session", "/api/seller/session"} {
			r := guest.get(path)
			want(t, r, 200)
			if string(r.raw) != map[string]string{"/api/user/session": `{"success":true,"user":null}`, "/api/seller/session": `{"seller":null,"success":true}`}[path]+"\n" {
				t.Fatalf("%s for a guest: %s", path, r.raw)
			}
		}
		shopper := s.shopper(s.newEmail())
		r := shopper.get("/api/user/session")
		want(t, r, 200)
		if u, _ := r.body["user"].(map[string]any); u == nil || u["_id"] == "" || u["cartItems"] == nil {
			t.Fatalf("shopper's session: %s", r.raw)
		}
		if r := shopper.get("/api/seller/session"); r.body["seller"] != nil {
			t.Fatalf("a shopper is taken for a seller: %s", r.raw)
		}
		seller := s.seller()
		if r := seller.get("/api/seller/session"); r.status != 200 || r.body["seller"].(map[string]any)["email"] != "seller@haat.example" {
			t.Fatalf("seller's session: %s", r.raw)
		}
		if r := seller.get("/api/user/session"); r.body["user"] != nil {
			t.Fatalf("a seller is taken for a shopper: %s", r.raw)
		}
		// Signed out, the session is gone.
		want(t, shopper.get("/api/user/logout"), 200)
		if r := shopper.get("/api/user/session"); r.status != 200 || r.body["user"] != nil {
			t.Fatalf("after logout: %s", r.raw)
		}
	})
}
