package api_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"haat/api"
	"haat/payment"
	"haat/sqlstore"
	"haat/sqlstore/sqlstoretest"
)

// The fuzz targets send the store what no client of its own would: any body to every call that
// changes something, any product form and photo, any provider callback. Whatever comes, the store
// answers without a panic or a 5xx, a refusal is JSON with a message to show, and no answer shows
// a stack, SQL or a path of the machine. `make test` runs each for a few seconds beyond its seeds
// (testdata/fuzz holds inputs found before, run with the seeds by every go test).

// mutating are the calls that take a JSON body, and who makes them.
var mutating = []struct{ path, as string }{
	{"/api/user/register", "guest"}, {"/api/user/login", "guest"}, {"/api/user/otp/send", "guest"},
	{"/api/user/otp/verify", "guest"}, {"/api/user/language", "shopper"}, {"/api/seller/login", "guest"},
	{"/api/seller/language", "seller"}, {"/api/seller/slots", "seller"}, {"/api/seller/settings", "seller"},
	{"/api/product/stock", "seller"}, {"/api/product/archive", "seller"}, {"/api/product/notify", "shopper"},
	{"/api/cart/update", "shopper"}, {"/api/address/add", "shopper"}, {"/api/order/cod", "shopper"},
	{"/api/order/stripe", "shopper"}, {"/api/order/pay", "shopper"}, {"/api/order/cancel", "shopper"},
	{"/api/order/status", "seller"}, {"/api/order/paid", "seller"}, {"/api/order/refund", "seller"},
	{"/api/order/refunded", "seller"}, {"/api/seller/credit", "seller"},
}

// fuzzStore is a store with the test payment page, eSewa and Khalti (whose APIs answer "not
// found"), and a browser for each kind of caller. It is on PostgreSQL when HAAT_TEST_POSTGRES names
// a server, else on SQLite: PostgreSQL refuses more (a NUL character in text), so that text the
// store let through to it would answer 500 here.
func fuzzStore(f *testing.F) (s *store, as map[string]*http.Client) {
	provider := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusNotFound)
		io.WriteString(w, `{"detail":"Not found."}`)
	}))
	f.Cleanup(provider.Close)
	esewa, err := payment.NewEsewa(payment.EsewaConfig{ProductCode: "EPAYTEST", SecretKey: "8gBm/:&EnhH.1/q", FormURL: provider.URL, StatusURL: provider.URL})
	if err != nil {
		f.Fatal(err)
	}
	khalti, err := payment.NewKhalti(payment.KhaltiConfig{SecretKey: "test-key", APIURL: provider.URL})
	if err != nil {
		f.Fatal(err)
	}
	dialect := sqlstore.SQLite
	if sqlstoretest.HavePostgres() {
		dialect = sqlstore.Postgres
	}
	s = newStore(f, sqlstoretest.Open(f, dialect), withSandbox, func(a *api.Server) {
		a.Payments.Providers = append(a.Payments.Providers, esewa, khalti)
		a.Logger = slog.New(slog.DiscardHandler)
	})
	// Redirects are answers of their own: the pages they lead to are the storefront's.
	browser := func(c *client) *http.Client {
		return &http.Client{Jar: c.http.Jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	}
	return s, map[string]*http.Client{"guest": browser(s.client()), "shopper": browser(s.shopper("")), "seller": browser(s.seller())}
}

// send makes a request with c and checks its answer; it uses t only, as a fuzz target must.
func send(t *testing.T, c *http.Client, req *http.Request) {
	res, err := c.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", req.Method, req.URL.Path, err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	for _, leak := range []string{"goroutine ", ".go:", "sqlstore", "SELECT ", "INSERT ", "/tmp/", "/work/"} {
		if bytes.Contains(body, []byte(leak)) {
			t.Fatalf("%s %s answered %d with %q in it: %s", req.Method, req.URL.Path, res.StatusCode, leak, body)
		}
	}
	if res.StatusCode < 400 {
		return
	}
	var answer struct {
		Success *bool  `json:"success"`
		Message string `json:"message"`
	}
	if err := json.Unmarshal(body, &answer); err != nil || answer.Success == nil || *answer.Success || answer.Message == "" {
		t.Fatalf("%s %s answered %d without a JSON message: %s", req.Method, req.URL.Path, res.StatusCode, body)
	}
	// 503 is a provider or the store being busy, said as such; any other 5xx is a failure.
	if res.StatusCode >= 500 && res.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("%s %s answered %d: %s", req.Method, req.URL.Path, res.StatusCode, body)
	}
}

// sendable says whether an HTTP client can send v as a header value: visible ASCII and spaces.
func sendable(v string) bool {
	return strings.IndexFunc(v, func(r rune) bool { return r < ' ' || r > '~' }) < 0
}

// asBrowserSends writes a query string as a browser sends it: bytes that may not stand in a
// request line percent-encoded, the rest as they are.
func asBrowserSends(q string) string {
	var b strings.Builder
	for i := 0; i < len(q); i++ {
		if c := q[i]; c <= ' ' || c >= 0x7f || c == '#' {
			fmt.Fprintf(&b, "%%%02X", c)
		} else {
			b.WriteByte(c)
		}
	}
	return b.String()
}

func FuzzMutatingCalls(f *testing.F) {
	s, as := fuzzStore(f)
	for i := range mutating {
		for _, body := range []string{`{}`, `null`, `[]`, `""`, `{"id":"x","status":"Delivered"}`, `{"items":[{"product":"x","quantity":1e309}],"address":"a"}`,
			`{"cartItems":{"` + s.rice.ID + `":2},"version":-1}`, `{"email":"a@b.c","password":"` + strings.Repeat("p", 80) + `"}`,
			`{"address":{"firstName":"` + strings.Repeat("श", 200) + `","phone":"९८०१२३४५६७"}}`, `{"windows":[{"start":"25:00","end":"07:00","places":-1}]}`,
			`{"delivery":{"minimum":-5,"area":["` + "\x00" + `"]}}`, `{"language":"ne"}`, `{"phone":"+977 9801234567","code":"12345"}`, `{"a":` + strings.Repeat("[", 1000),
			// Text that is not text, escaped as JSON writes it or as bytes, in values and keys.
			`{"name":"a\u0000","email":"n\u0000@b.co","password":"long enough","phone":"98\u00001234567","id":"\u0000","inStock":true}`,
			`{"email":"\u0000@b.co","password":"x","address":{"firstName":"\u0000"},"cartItems":{"\u0000":1}}`,
			`{"items":[{"product":"\u0000","quantity":1}],"address":"\u0000","status":"Packed","orderId":"\u0000"}`,
			"{\"name\":\"\xff\",\"email\":\"\xfe@b.co\",\"password\":\"\xc3\x28long enough\"}"} {
			f.Add(uint8(i), []byte(body), "")
		}
	}
	f.Add(uint8(14), []byte(`{"items":[{"product":"`+s.rice.ID+`","quantity":1}],"address":"x"}`), "key-1")
	f.Fuzz(func(t *testing.T, which uint8, body []byte, key string) {
		call := mutating[int(which)%len(mutating)]
		req, err := http.NewRequest("POST", s.server.URL+call.path, bytes.NewReader(body))
		if err != nil {
			t.Skip()
		}
		req.Header.Set("Content-Type", "application/json")
		if key != "" && sendable(key) {
			req.Header.Set("Idempotency-Key", key)
		}
		send(t, as[call.as], req)
	})
}

func FuzzProductForm(f *testing.F) {
	s, as := fuzzStore(f)
	png, jpeg, gif := pngFile(f), jpegFile(f), gifFile(f)
	f.Add("Jumla Red Rice", "Grains", "320", "295", "Hill-grown\nred rice", "12", png)
	f.Add("", "Nope", "-1", "abc", "", "x", jpeg)
	f.Add(strings.Repeat("चामल", 100), "grains", "1e9", "0.001", strings.Repeat("\n", 500), "-3", gif)
	f.Add("Rice", "Dairy", "100", "200", "d", "", []byte("GIF89a not really"))
	f.Add("Rice", "Dairy", "100", "50", "d", "", png[:len(png)/2])
	f.Add("Rice\x00", "Dairy", "100", "50", "d\xff", "\x00", png)
	f.Fuzz(func(t *testing.T, name, category, price, offer, description, stock string, photo []byte) {
		var b bytes.Buffer
		w := multipart.NewWriter(&b)
		data, _ := json.Marshal(map[string]any{"name": name, "category": category, "price": price, "offerPrice": offer,
			"description": strings.Split(description, "\n"), "stock": stock})
		w.WriteField("productData", string(data))
		part, _ := w.CreateFormFile("images", "photo.png")
		part.Write(photo)
		w.Close()
		req, _ := http.NewRequest("POST", s.server.URL+"/api/product/add", &b)
		req.Header.Set("Content-Type", w.FormDataContentType())
		send(t, as["seller"], req)
	})
}

func FuzzPaymentCallbacks(f *testing.F) {
	s, as := fuzzStore(f)
	routes := []string{"POST /api/payment/stripe/webhook", "GET /api/payment/sandbox/", "POST /api/payment/sandbox/",
		"GET /api/payment/esewa/pay/", "GET /api/payment/esewa/return", "GET /api/payment/esewa/failure",
		"GET /api/payment/khalti/return"}
	for i := range routes {
		f.Add(uint8(i), "x", "data=eyJ0cmFuc2FjdGlvbl91dWlkIjoiMSJ9&pidx=abc&ref=1", []byte("action=pay"))
		f.Add(uint8(i), "01JXXXXXXXXXXXXXXXXXXXXXXX", "pidx=%ZZ&status=Completed", []byte(`{"type":"checkout.session.completed"}`))
		f.Add(uint8(i), "\x00", "pidx=\x00&data=\xff&ref=\x00", []byte("action=pay"))
	}
	f.Fuzz(func(t *testing.T, which uint8, ref, query string, body []byte) {
		method, path, _ := strings.Cut(routes[int(which)%len(routes)], " ")
		if strings.HasSuffix(path, "/") {
			path += url.PathEscape(ref)
		}
		req, err := http.NewRequest(method, s.server.URL+path+"?"+asBrowserSends(query), bytes.NewReader(body))
		if err != nil {
			t.Skip()
		}
		if method == "POST" {
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			if sendable(ref) {
				req.Header.Set("Stripe-Signature", "t=1,v1="+ref)
			}
		}
		// The shopper's browser comes back from the provider's page; the provider calls as a guest.
		c := as["shopper"]
		if strings.Contains(path, "webhook") {
			c = as["guest"]
		}
		send(t, c, req)
	})
}
