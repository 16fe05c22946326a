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
