package api_test

import "testing"

// TestUserLanguage: a signed-in shopper's choice of language is kept with their account and comes
// back with them on every device; an unknown language changes nothing.
func TestUserLanguage(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		want(t, s.client().post("/api/user/language", map[string]string{"language": "ne"}), 401)
		c := s.shopper("")
		if lang, set := c.user()["language"]; set {
			t.Fatalf("a new shopper has language %v, want none", lang)
		}
		want(t, c.post("/api/user/language", map[string]string{"language": "ne"}), 200, "Language saved")
		if lang := c.user()["language"]; lang != "ne" {
			t.Fatalf("language = %v, want ne", lang)
		}
		want(t, c.post("/api/user/language", map[string]string{"language": "fr"}), 400, `Unknown language "fr": choose en or ne`)
		want(t, c.post("/api/user/language", map[string]string{}), 400, `Unknown language "": choose en or ne`)
		if lang := c.user()["language"]; lang != "ne" {
			t.Fatalf("after refusals language = %v, want ne", lang)
		}
		want(t, c.post("/api/user/language", map[string]string{"language": "en"}), 200)
		if lang := c.user()["language"]; lang != "en" {
			t.Fatalf("language = %v, want en", lang)
		}
		want(t, s.seller().post("/api/user/language", map[string]string{"language": "ne"}), 403)
	})
}

// TestSellerLanguage: a seller's choice of language is kept with their account, answered on sign-in
// and by the session check, so another browser follows it; only a seller may set it.
func TestSellerLanguage(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		want(t, s.client().post("/api/seller/language", map[string]string{"language": "ne"}), 401)
		want(t, s.shopper("").post("/api/seller/language", map[string]string{"language": "ne"}), 403, "Only sellers can do this")
		c := s.seller()
		sellerOf := func(r response) map[string]any {
			t.Helper()
			want(t, r, 200)
			seller, _ := r.body["seller"].(map[string]any)
			if seller == nil || seller["email"] != sellerEmail || seller["_id"] == "" {
				t.Fatalf("no seller in %s", r.raw)
			}
			return seller
		}
		if lang, set := sellerOf(c.get("/api/seller/auth-seller"))["language"]; set {
			t.Fatalf("a new seller has language %v, want none", lang)
		}
		want(t, c.post("/api/seller/language", map[string]string{"language": "ne"}), 200, "Language saved")
		if lang := sellerOf(c.get("/api/seller/auth-seller"))["language"]; lang != "ne" {
			t.Fatalf("language = %v, want ne", lang)
		}
		want(t, c.post("/api/seller/language", map[string]string{"language": "fr"}), 400, `Unknown language "fr": choose en or ne`)
		want(t, c.post("/api/seller/language", map[string]string{}), 400, `Unknown language "": choose en or ne`)

		// Another browser: the sign-in answers the language, the older session check too.
		other := s.client()
		login := other.post("/api/seller/login", map[string]string{"email": sellerEmail, "password": sellerPassword})
		if lang := sellerOf(login)["language"]; lang != "ne" || login.message() != "Logged In" {
			t.Fatalf("sign-in answered %s, want the seller with language ne", login.raw)
		}
		if lang := sellerOf(other.get("/api/seller/is-auth"))["language"]; lang != "ne" {
			t.Fatalf("is-auth language = %v, want ne", lang)
		}
		want(t, other.post("/api/seller/language", map[string]string{"language": "en"}), 200)
		if lang := sellerOf(c.get("/api/seller/auth-seller"))["language"]; lang != "en" {
			t.Fatalf("language = %v, want en", lang)
		}
		// The seller's language is not the shopper's: a shopper's account keeps its own.
		shopper := s.shopper("")
		want(t, shopper.post("/api/user/language", map[string]string{"language": "ne"}), 200)
		if lang := sellerOf(c.get("/api/seller/auth-seller"))["language"]; lang != "en" {
			t.Fatalf("after a shopper's choice the seller's language = %v, want en", lang)
		}
	})
}
