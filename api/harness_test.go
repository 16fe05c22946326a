package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"strings"
	"testing"

	"haat"
	"haat/api"
	"haat/images"
	"haat/sqlstore"
	"haat/sqlstore/sqlstoretest"
)

var ctx = context.Background()

// store is a running server on a fresh database with a small catalogue and a seller.
type store struct {
	t      *testing.T
	db     *sqlstore.DB
	server *httptest.Server
	rice   haat.Product // in stock, 295
	dal    haat.Product // out of stock
}

const sellerEmail, sellerPassword = "seller@haat.example", "seller-password"

func newStore(t *testing.T, db *sqlstore.DB) *store {
	t.Helper()
	imgs, err := images.Open(ctx, "", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { imgs.Close() })
	srv := &api.Server{Users: db, Sellers: db, Sessions: db, Limiter: db, Products: db, Addresses: db, Orders: db,
		Images: imgs, Currency: "USD", Health: db.Ping, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	s := &store{t: t, db: db, server: httptest.NewServer(srv.Handler())}
	t.Cleanup(s.server.Close)
	s.rice = haat.Product{Name: "Jumla Red Rice", Category: "Grains", Price: 32000, OfferPrice: 29500, InStock: true,
		Image: []string{"/media/catalogue/jumla-rice.webp"}, Description: []string{"Hill-grown"}, Weight: "1 kg"}
	s.dal = haat.Product{Name: "Masoor Dal", Category: "Grains", Price: 18000, OfferPrice: 16550, InStock: false,
		Image: []string{"/media/catalogue/masoor-dal.webp"}, Description: []string{"Split red lentils"}}
	for _, p := range []*haat.Product{&s.rice, &s.dal} {
		if err := db.CreateProduct(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.UpsertSeller(ctx, sellerEmail, sellerPassword); err != nil {
		t.Fatal(err)
	}
	return s
}

// eachStore runs fn on a fresh store over every test database.
func eachStore(t *testing.T, fn func(t *testing.T, s *store)) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) { fn(t, newStore(t, db)) })
}

// client is one browser: its own cookie jar.
type client struct {
	s    *store
	http *http.Client
}

func (s *store) client() *client {
	jar, _ := cookiejar.New(nil)
	return &client{s: s, http: &http.Client{Jar: jar}}
}

// response is a decoded API answer.
type response struct {
	status int
	header http.Header
	body   map[string]any
	raw    []byte
}

func (r response) message() string { m, _ := r.body["message"].(string); return m }
func (r response) success() bool   { b, _ := r.body["success"].(bool); return b }

func (c *client) do(method, path string, body io.Reader, contentType string, header ...string) response {
	c.s.t.Helper()
	req, err := http.NewRequest(method, c.s.server.URL+path, body)
	if err != nil {
		c.s.t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	res, err := c.http.Do(req)
	if err != nil {
		c.s.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	r := response{status: res.StatusCode, header: res.Header, raw: raw}
	if strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
		if err := json.Unmarshal(raw, &r.body); err != nil {
			c.s.t.Fatalf("%s %s: bad JSON %q", method, path, raw)
		}
	}
	return r
}

func (c *client) get(path string) response { c.s.t.Helper(); return c.do("GET", path, nil, "") }

func (c *client) post(path string, v any) response {
	c.s.t.Helper()
	var b []byte
	switch v := v.(type) {
	case string:
		b = []byte(v)
	default:
		b, _ = json.Marshal(v)
	}
	return c.do("POST", path, bytes.NewReader(b), "application/json")
}

// want fails the test unless the answer has the status, and for errors a JSON body with a message.
func want(t *testing.T, r response, status int, message ...string) {
	t.Helper()
	if r.status != status {
		t.Fatalf("status %d, want %d: %s", r.status, status, r.raw)
	}
	if status >= 400 && (r.body == nil || r.success() || r.message() == "") {
		t.Fatalf("error without {success:false, message}: %s", r.raw)
	}
	if status < 300 && !r.success() {
		t.Fatalf("success is not true: %s", r.raw)
	}
	if len(message) > 0 && r.message() != message[0] {
		t.Fatalf("message %q, want %q", r.message(), message[0])
	}
}

func (s *store) shopper(email string) *client {
	s.t.Helper()
	c := s.client()
	want(s.t, c.post("/api/user/register", map[string]string{"name": "Sita Gurung", "email": email, "password": "namaste-123"}), 200)
	return c
}

func (s *store) seller() *client {
	s.t.Helper()
	c := s.client()
	want(s.t, c.post("/api/seller/login", map[string]string{"email": sellerEmail, "password": sellerPassword}), 200)
	return c
}

var validAddress = map[string]string{"firstName": "Sita", "lastName": "Gurung", "email": "sita@example.com",
	"street": "Lakeside 4", "city": "Pokhara", "state": "Gandaki", "zipcode": "33700", "country": "Nepal", "phone": "9811111111"}

// addAddress saves an address for c and returns its id.
func (c *client) addAddress() string {
	c.s.t.Helper()
	r := c.post("/api/address/add", map[string]any{"address": validAddress})
	want(c.s.t, r, 200, "Address Added")
	if _, has := r.body["address"].(map[string]any)["userId"]; has {
		c.s.t.Fatal("address answer names its user")
	}
	return r.body["address"].(map[string]any)["_id"].(string)
}

func (c *client) orders() []any {
	c.s.t.Helper()
	r := c.get("/api/order/user")
	want(c.s.t, r, 200)
	return r.body["orders"].([]any)
}

func (c *client) cart() map[string]any {
	c.s.t.Helper()
	r := c.get("/api/user/is-auth")
	want(c.s.t, r, 200)
	return r.body["user"].(map[string]any)["cartItems"].(map[string]any)
}

// pngFile returns a small PNG picture.
func pngFile(t *testing.T) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 40, 30))
	for x := range 40 {
		img.Set(x, x%30, color.RGBA{200, 40, 40, 255})
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// multipartProduct builds an add-product form; files are (name, content) pairs.
func multipartProduct(fields map[string]string, files ...[2][]byte) (io.Reader, string) {
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for k, v := range fields {
		w.WriteField(k, v)
	}
	for _, f := range files {
		fw, _ := w.CreateFormFile("images", string(f[0]))
		fw.Write(f[1])
	}
	w.Close()
	return &b, w.FormDataContentType()
}
