package api

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestRouteShapes fails while a route of the table has no shapes (routeShapes), or shapes name a
// route the table does not have.
func TestRouteShapes(t *testing.T) {
	table := map[string]bool{}
	for _, rt := range (&Server{}).routes() {
		table[rt.pattern] = true
		sh, ok := routeShapes[rt.pattern]
		switch {
		case !ok:
			t.Errorf("%s has no shapes: add them to routeShapes", rt.pattern)
		case sh.Answer == nil && sh.Media == "":
			t.Errorf("%s: its shapes say nothing of its answer", rt.pattern)
		case sh.Query != nil && !strings.HasPrefix(rt.pattern, "GET "):
			t.Errorf("%s: only a GET route takes its input as query parameters", rt.pattern)
		case sh.Request != nil && strings.HasPrefix(rt.pattern, "GET "):
			t.Errorf("%s: a GET route has no body", rt.pattern)
		}
	}
	for pattern := range routeShapes {
		if !table[pattern] {
			t.Errorf("routeShapes has %s, which the route table does not", pattern)
		}
	}
}

// TestOpenAPIDocument checks the description's structure: it is JSON, OpenAPI 3.1, has every
// route of the table with its role, and every $ref in it resolves.
func TestOpenAPIDocument(t *testing.T) {
	var doc struct {
		OpenAPI    string                               `json:"openapi"`
		Paths      map[string]map[string]map[string]any `json:"paths"`
		Components struct {
			Schemas map[string]any `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(openAPIDocument, &doc); err != nil {
		t.Fatalf("openapi.json is not JSON: %v", err)
	}
	if doc.OpenAPI != "3.1.0" {
		t.Errorf("openapi is %q, want 3.1.0", doc.OpenAPI)
	}
	for _, rt := range Routes(nil) {
		op, ok := doc.Paths[rt.Path][strings.ToLower(rt.Method)]
		if !ok {
			t.Errorf("%s %s is not in openapi.json", rt.Method, rt.Path)
			continue
		}
		if op["x-role"] != rt.Role {
			t.Errorf("%s %s: x-role is %v, want %s", rt.Method, rt.Path, op["x-role"], rt.Role)
		}
		if _, ok := op["responses"].(map[string]any)["200"]; !ok {
			t.Errorf("%s %s has no answer", rt.Method, rt.Path)
		}
	}
	var all any
	json.Unmarshal(openAPIDocument, &all)
	refs := 0
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			if ref, ok := v["$ref"].(string); ok {
				refs++
				name, found := strings.CutPrefix(ref, "#/components/schemas/")
				if _, ok := doc.Components.Schemas[name]; !found || !ok {
					t.Errorf("$ref %s resolves to nothing", ref)
				}
			}
			for _, e := range v {
				walk(e)
			}
		case []any:
			for _, e := range v {
				walk(e)
			}
		}
	}
	walk(all)
	if refs == 0 {
		t.Error("openapi.json refers to no schema")
	}
}

// TestOpenAPIAnswer: GET /api/openapi.json answers the description to anyone, with an entity tag
// it answers 304 to.
func TestOpenAPIAnswer(t *testing.T) {
	srv := httptest.NewServer((&Server{}).Handler())
	defer srv.Close()
	res, err := http.Get(srv.URL + "/api/openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	etag := res.Header.Get("ETag")
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") || etag == "" {
		t.Fatalf("status %d, Content-Type %q, ETag %q", res.StatusCode, res.Header.Get("Content-Type"), etag)
	}
	req, _ := http.NewRequest("GET", srv.URL+"/api/openapi.json", nil)
	req.Header.Set("If-None-Match", etag)
	res, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusNotModified {
		t.Errorf("with its ETag: status %d, want 304", res.StatusCode)
	}
}
