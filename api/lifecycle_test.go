package api_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"haat/api"
	"haat/sqlstore"
	"haat/sqlstore/sqlstoretest"
)

// get answers path of the server at base: status, body and headers.
func get(t *testing.T, base, path string, header ...string) (int, string, http.Header) {
	t.Helper()
	req, _ := http.NewRequest("GET", base+path, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(body), res.Header
}

// TestStarting: while the store opens its database, its address says it is alive and not ready,
// and every call is asked to come again, in the caller's language.
func TestStarting(t *testing.T) {
	srv := httptest.NewServer(api.Starting())
	defer srv.Close()
	if st, body, _ := get(t, srv.URL, "/healthz"); st != 200 || body != "ok\n" {
		t.Fatalf("healthz while starting: %d %q", st, body)
	}
	if st, _, _ := get(t, srv.URL, "/readyz"); st != 503 {
		t.Fatalf("readyz while starting: %d", st)
	}
	for lang, message := range map[string]string{"en": "The store is starting, try again", "ne": "पसल खुल्दैछ, फेरि प्रयास गर्नुहोस्"} {
		st, body, h := get(t, srv.URL, "/api/product/list", "Accept-Language", lang)
		var answer map[string]any
		if err := json.Unmarshal([]byte(body), &answer); err != nil || st != 503 || answer["message"] != message || answer["success"] != false ||
			h.Get("Retry-After") != "1" || h.Get("Cache-Control") != "no-store" {
			t.Fatalf("a call while starting (%s): %d %s %v", lang, st, body, h)
		}
	}
	if st, body, _ := get(t, srv.URL, "/home"); st != 503 || !strings.Contains(body, "The store is starting") {
		t.Fatalf("a page while starting: %d %q", st, body)
	}
}

// TestReadyUntilStopped: a running store is ready; once it shuts down (Stop) it says it is not,
// while it still answers what it is asked.
func TestReadyUntilStopped(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := newStore(t, db)
		if st, body, _ := get(t, s.server.URL, "/readyz"); st != 200 || body != "ready\n" {
			t.Fatalf("readyz: %d %q", st, body)
		}
		s.api.Stop()
		if st, _, _ := get(t, s.server.URL, "/readyz"); st != 503 {
			t.Fatalf("readyz after Stop: %d", st)
		}
		if st, _, _ := get(t, s.server.URL, "/healthz"); st != 200 {
			t.Fatalf("healthz after Stop: %d", st)
		}
		want(t, s.client().get("/api/product/list"), 200)
	})
}
