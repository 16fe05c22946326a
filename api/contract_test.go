package api_test

import (
	"bytes"
	"io"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"haat/sqlstore"
	"haat/sqlstore/sqlstoretest"
)

func TestUnknownRoutes(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.shopper("")
		for _, tc := range []struct{ method, path string }{
			{"GET", "/api/nothing/here"},
			{"POST", "/api/nothing/here"},
			{"DELETE", "/api/nothing"},
			{"GET", "/api/"},
			{"GET", "/api/product"},
			{"GET", "/api/product/list/"},
			{"GET", "/api/product/list/extra"},
			{"GET", "/api/PRODUCT/LIST"},
		} {
			t.Run(tc.method+" "+tc.path, func(t *testing.T) {
				r := c.do(tc.method, tc.path, strings.NewReader("{}"), "application/json")
				want(t, r, 404, "Not Found")
				if r.body["success"] != false {
					t.Fatalf("body = %s", r.raw)
				}
			})
		}
	})
}

func TestWrongMethod(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.shopper("")
		s.loginSeller(c)
		for _, rt := range apiRoutes {
			wrong := []string{"POST", "PUT", "DELETE", "PATCH"}
			if rt.method == "POST" {
				wrong = []string{"GET", "HEAD", "PUT", "DELETE", "OPTIONS"}
			}
			for _, m := range wrong {
				t.Run(m+" "+rt.path, func(t *testing.T) {
					r := c.do(m, rt.path, strings.NewReader(`{}`), "application/json")
					allow := rt.method
					if allow == "GET" {
						allow = "GET, HEAD"
					}
					if r.status != 405 || r.header.Get("Allow") != allow {
						t.Fatalf("%d, Allow %q; want 405, Allow %q", r.status, r.header.Get("Allow"), allow)
					}
					if !strings.HasPrefix(r.header.Get("Content-Type"), "application/json") {
						t.Fatalf("Content-Type %q", r.header.Get("Content-Type"))
					}
					if m != "HEAD" {
						want(t, r, 405, "Method Not Allowed")
					}
				})
			}
		}
		// A wrong method changes nothing, even on a route that changes state.
		want(t, c.do("DELETE", "/api/user/logout", nil, ""), 405)
		want(t, c.get("/api/user/is-auth"), 200)
	})
}

func TestHeadOnReadRoutes(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		r := s.client().do("HEAD", "/api/product/list", nil, "")
		if r.status != 200 || len(r.raw) != 0 || !strings.HasPrefix(r.header.Get("Content-Type"), "application/json") {
			t.Fatalf("HEAD list: %d %q %q", r.status, r.header.Get("Content-Type"), r.raw)
		}
		if r := s.client().do("HEAD", "/api/order/user", nil, ""); r.status != 401 {
			t.Fatalf("HEAD of a shopper route as a guest: %d", r.status)
		}
	})
}

func TestJSONContentType(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.shopper("")
		s.loginSeller(c)
		for _, rt := range apiRoutes {
			if rt.method != "POST" || rt.body == "multipart" {
				continue
			}
			for _, ct := range []string{"text/plain", "", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/jsonp"} {
				t.Run(rt.path+" as "+ct, func(t *testing.T) {
					want(t, c.do("POST", rt.path, strings.NewReader(rt.body), ct), 415, "Content-Type must be application/json")
				})
			}
			t.Run(rt.path+" with charset", func(t *testing.T) {
				want(t, c.do("POST", rt.path, strings.NewReader(rt.body), "Application/JSON; charset=utf-8"), rt.status)
			})
		}
		// A refused content type changed nothing.
		want(t, c.do("POST", "/api/cart/update", strings.NewReader(`{"cartItems":{"`+s.rice.ID+`":1}}`), "text/plain"), 415)
		if len(c.cart()) != 0 {
			t.Fatal("cart changed by a text/plain request")
		}
	})
}

// TestProductAddMediaType: the upload route takes only multipart forms; any other body is an
// unsupported media type, as on the JSON routes.
func TestProductAddMediaType(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		seller := s.seller()
		for _, ct := range []string{"text/plain", "application/json", ""} {
			t.Run("Content-Type "+strconv.Quote(ct), func(t *testing.T) {
				want(t, seller.do("POST", "/api/product/add", strings.NewReader(`{"name":"Tea"}`), ct), 415)
			})
		}
		want(t, seller.do("POST", "/api/product/add", strings.NewReader(`--x--`), "multipart/form-data"), 400)
		if len(s.products()) != 2 {
			t.Fatal("product stored")
		}
	})
}

func TestJSONBodyLimit(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.shopper("")
		// Exactly 1 MB is accepted; one byte more is refused.
		pad := func(total int) string {
			head, tail := `{"cartItems":{`, `}}`
			return head + strings.Repeat(" ", total-len(head)-len(tail)) + tail
		}
		want(t, c.post("/api/cart/update", pad(1<<20)), 200)
		c.setCart(map[string]int{s.rice.ID: 2})
		want(t, c.post("/api/cart/update", pad(1<<20+1)), 413, "Request body too large")
		big := `{"cartItems":{"` + strings.Repeat("x", 2<<20) + `":1}}`
		want(t, c.post("/api/cart/update", big), 413, "Request body too large")
		if cart := c.cart(); len(cart) != 1 || cart[s.rice.ID] != 2.0 {
			t.Fatalf("cart changed by a refused body: %v", cart)
		}

		huge := `{"email":"sita@example.com","password":"` + strings.Repeat("p", 1<<20) + `"}`
		for _, path := range []string{"/api/user/register", "/api/user/login", "/api/seller/login", "/api/address/add", "/api/order/cod"} {
			t.Run(path, func(t *testing.T) { want(t, c.post(path, huge), 413) })
		}
		// Oversized logins are not failed logins.
		g := s.client()
		for range 11 {
			want(t, g.post("/api/user/login", huge), 413)
		}
		want(t, g.post("/api/seller/login", map[string]string{"email": sellerEmail, "password": sellerPassword}), 200)
	})
}

func TestMultipartBodyLimit(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		seller := s.seller()
		body, ct := streamingUpload(26 << 20)
		want(t, seller.do("POST", "/api/product/add", body, ct), 413, "Request body too large")
		if len(s.products()) != 2 || s.storedFiles() != 0 {
			t.Fatal("an oversized upload stored something")
		}
		// The connection or a new one still serves the seller.
		want(t, seller.get("/api/seller/auth-seller"), 200)
	})
}

func TestConfigAndHealth(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		for who, c := range map[string]*client{"guest": s.client(), "shopper": s.shopper(""), "seller": s.seller()} {
			t.Run("config as "+who, func(t *testing.T) {
				r := c.get("/api/config")
				want(t, r, 200)
				if r.body["currency"] != "USD" || r.body["currencySymbol"] != "$" {
					t.Fatalf("config = %v", r.body)
				}
			})
		}
		res, err := http.Get(s.server.URL + "/healthz")
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || strings.TrimSpace(string(body)) != "ok" || res.Header.Get("Cache-Control") != "no-store" {
			t.Fatalf("healthz: %d %q %v", res.StatusCode, body, res.Header)
		}
	})
}

func TestResponseHeaders(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.shopper("")
		for _, r := range []response{c.get("/api/user/is-auth"), c.get("/api/product/list"), s.client().get("/api/order/user"), c.get("/api/nope")} {
			h := r.header
			// The product list is the same for everyone and revalidated on every use (its ETag).
			cache := "no-store"
			if h.Get("ETag") != "" {
				cache = "no-cache"
			}
			if h.Get("Cache-Control") != cache || !strings.HasPrefix(h.Get("Content-Type"), "application/json") ||
				h.Get("X-Content-Type-Options") != "nosniff" || h.Get("X-Frame-Options") != "DENY" ||
				!strings.Contains(h.Get("Content-Security-Policy"), "frame-ancestors 'none'") {
				t.Fatalf("headers = %v", h)
			}
		}
	})
}

func TestTrailingData(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.shopper("")
		want(t, c.do("POST", "/api/cart/update", bytes.NewBufferString(`{"cartItems":{}} {"x":1}`), "application/json"), 400,
			"Request body must be a single JSON object")
		want(t, c.post("/api/cart/update", ""), 400, "Request body is not valid JSON")
		want(t, c.post("/api/cart/update", "{\"cartItems\":{}}\n"), 200)
	})
}

// TestInternalErrors: when the database fails, callers get 500 with a generic message, the
// log gets the details, and the readiness check says so (the process is still alive).
func TestInternalErrors(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := newStore(t, db)
		c := s.shopper("")
		db.Close()
		for _, r := range []response{c.get("/api/product/list"), c.get("/api/user/is-auth"), c.get("/api/order/user"),
			s.client().post("/api/user/login", map[string]string{"email": "a@example.com", "password": "whatever1"})} {
			want(t, r, 500, "Something went wrong")
			if strings.Contains(string(r.raw), "sql") || strings.Contains(string(r.raw), "closed") {
				t.Fatalf("details leaked: %s", r.raw)
			}
		}
		if logs := s.logs.String(); !strings.Contains(logs, "request failed") || !strings.Contains(logs, "sqlstore") {
			t.Fatalf("internal error not logged: %s", logs)
		} else if !regexp.MustCompile(`msg="request failed" .*request_id=[0-9a-f]{16}`).MatchString(logs) {
			t.Fatalf("the internal error's log line does not name its request: %s", logs)
		}
		for path, status := range map[string]int{"/readyz": http.StatusServiceUnavailable, "/healthz": http.StatusOK} {
			res, err := http.Get(s.server.URL + path)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if res.StatusCode != status {
				t.Fatalf("%s with the database down: %d, want %d", path, res.StatusCode, status)
			}
		}
	})
}
