package api

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestRouterChoosesAsServeMux: every route the router finds by its path is the one http.ServeMux
// chooses for the request, and the requests it leaves to the mux are those it may not decide:
// HEAD to a GET route, escaped or unclean paths, subtrees, wildcards.
func TestRouterChoosesAsServeMux(t *testing.T) {
	s := &Server{}
	s.Handler()
	var targets []string
	found := 0
	for _, rt := range s.routes() {
		method, path, _ := strings.Cut(rt.pattern, " ")
		filled := strings.NewReplacer("{", "", "}", "", "...", "").Replace(path)
		targets = append(targets, method+" "+filled, "HEAD "+filled, method+" "+filled+"/", method+" "+strings.Replace(filled, "/api/", "/api//", 1),
			method+" "+strings.Replace(filled, "/api/", "/%61pi/", 1), method+" "+strings.Replace(filled, "/api/", "/api%2F", 1), "OPTIONS "+filled)
		if !strings.Contains(path, "{") {
			found++
		}
	}
	// Paths of no API route, and a query, which does not change the route.
	targets = append(targets, "GET /healthz", "GET /metrics", "GET /api/nothing", "GET /", "GET /api/product/list?q=rice")
	found++
	exact := 0
	for _, target := range targets {
		method, uri, _ := strings.Cut(target, " ")
		r := httptest.NewRequest(method, uri, nil)
		_, want := s.router.mux.Handler(r)
		if e, ok := s.router.find(r); ok {
			exact++
			if e.pattern != want {
				t.Errorf("%s: the router chose %q, the mux %q", target, e.pattern, want)
			}
		}
	}
	if exact != found {
		t.Fatalf("the router found %d routes by their path, want %d (the routes with no wildcard)", exact, found)
	}
	if _, ok := s.router.find(httptest.NewRequest("GET", "/api/product/list", nil)); !ok {
		t.Fatal("the product list is not found by its path")
	}
	// The route chosen is served, with its pattern, as the mux would.
	var pattern string
	s.router.exact["/api/product/list"][0].handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { pattern = r.Pattern })
	s.router.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/api/product/list", nil))
	if pattern != "GET /api/product/list" {
		t.Fatalf("pattern %q", pattern)
	}
}
