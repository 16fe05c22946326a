package api_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"
	"log/slog"
	"math/rand/v2"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"haat"
	"haat/api"
	"haat/app"
	"haat/images"
	"haat/metrics"
	"haat/otp"
	"haat/sqlstore"
	"haat/sqlstore/sqlstoretest"
)

var ctx = context.Background()

// store is a running server on a fresh database with a small catalogue and a seller.
type store struct {
	t       testing.TB
	db      *sqlstore.DB
	api     *api.Server
	server  *httptest.Server
	clock   *clock
	started time.Time // when the store started, in real time
	logs    *syncBuffer
	uploads string       // folder the image store writes to
	rice    haat.Product // in stock, offer price 295
	dal     haat.Product // out of stock
	emails  atomic.Int64
	// texts are the SMS the store sent (sign-in codes), kept instead of sent.
	texts *textBox
}

// textBox is an sms.Sender that keeps the messages; fail makes it refuse them.
type textBox struct {
	mu   sync.Mutex
	sent []sentText
	fail bool
}

type sentText struct{ to, text string }

func (b *textBox) Send(_ context.Context, to, text string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.fail {
		return fmt.Errorf("the SMS provider refused it")
	}
	b.sent = append(b.sent, sentText{to, text})
	return nil
}

// last returns the last message sent to a number, or "".
func (b *textBox) last(to string) string {
	b.mu.Lock()
	defer b.mu.Unlock()
	for i := len(b.sent) - 1; i >= 0; i-- {
		if b.sent[i].to == to {
			return b.sent[i].text
		}
	}
	return ""
}

const sellerEmail, sellerPassword = "seller@haat.example", "seller-password"

// shopperPassword is the password of every shopper the harness registers.
const shopperPassword = "namaste-123"

// clock is the database's time: real time plus an offset that tests move forward.
type clock struct {
	mu     sync.Mutex
	offset time.Duration
}

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return time.Now().Add(c.offset)
}

func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.offset += d
}

// syncBuffer collects the server's log lines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// option changes the server before it starts.
type option func(*api.Server)

func withPublicURL(u string) option      { return func(s *api.Server) { s.PublicURL = u } }
func withClientIPHeader(h string) option { return func(s *api.Server) { s.ClientIPHeader = h } }

// withSMSPerHour sets the store's ceiling of sign-in codes sent an hour.
func withSMSPerHour(n int) option {
	return func(s *api.Server) { s.PhoneSignIn.(*otp.Service).PerHour = n }
}

// inProduction runs the store as production does (no HAAT_ENV=development): loopback is an
// address like any other.
func inProduction(s *api.Server) { s.Development = false }

// metricsToken is the bearer token of /metrics on a server started withMetrics.
const metricsToken = "metrics-t0ken"

// withMetrics counts the store's metrics and answers them on /metrics to metricsToken.
func withMetrics(s *api.Server) {
	s.Metrics, s.MetricsToken = metrics.New(), metricsToken
}

// newServer starts a server on db with no products and no seller.
func newServer(t testing.TB, db *sqlstore.DB, opts ...option) *store {
	t.Helper()
	dir := t.TempDir()
	imgs, err := images.Open(ctx, "", dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { imgs.Close() })
	s := &store{t: t, db: db, clock: &clock{}, started: time.Now(), logs: &syncBuffer{}, uploads: filepath.Join(dir, "uploads")}
	db.Now = s.clock.now
	// The tests' clients come from loopback; in development, as the browser tests run the store,
	// they are not held to the per-address limits (inProduction holds them).
	s.texts = &textBox{}
	s.api = app.NewServer(app.Config{DB: db, Images: imgs, Currency: "USD", SMS: s.texts, CodeCost: 4,
		Logger: slog.New(slog.NewTextHandler(s.logs, nil)), Development: true}, func(srv *api.Server) {
		for _, o := range opts {
			o(srv)
		}
	})
	s.server = httptest.NewServer(s.api.Handler())
	t.Cleanup(s.server.Close)
	return s
}

// newStore starts a server with two products (rice in stock, dal out of stock) and a seller.
func newStore(t testing.TB, db *sqlstore.DB, opts ...option) *store {
	t.Helper()
	s := newServer(t, db, opts...)
	s.rice = haat.Product{Name: "Jumla Red Rice", Category: "Grains", Price: 32000, OfferPrice: 29500, StockOn: true,
		Image: []string{"/media/catalogue/jumla-rice.webp"}, Description: []string{"Hill-grown"}, Weight: "1 kg"}
	s.dal = haat.Product{Name: "Masoor Dal", Category: "Grains", Price: 18000, OfferPrice: 16550, StockOn: false,
		Image: []string{"/media/catalogue/masoor-dal.webp"}, Description: []string{"Split red lentils"}}
	s.rice = s.addProduct(s.rice)
	s.dal = s.addProduct(s.dal)
	if err := db.UpsertSeller(ctx, sellerEmail, sellerPassword); err != nil {
		t.Fatal(err)
	}
	return s
}

// addProduct stores p directly in the database and returns it with its id.
func (s *store) addProduct(p haat.Product) haat.Product {
	s.t.Helper()
	if err := s.db.CreateProduct(ctx, &p); err != nil {
		s.t.Fatal(err)
	}
	return p
}

// eachStore runs fn on a fresh store over every test database.
func eachStore(t *testing.T, fn func(t *testing.T, s *store), opts ...option) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) { fn(t, newStore(t, db, opts...)) })
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
	// storeAge is the real time from the store's start to the answer: the most the store's clock
	// has run on between any two of its answers (seconds, on a busy machine).
	storeAge time.Duration
}

func (r response) message() string { m, _ := r.body["message"].(string); return m }
func (r response) success() bool   { b, _ := r.body["success"].(bool); return b }

// cookie returns the cookie named name that the answer sets, or nil.
func (r response) cookie(name string) *http.Cookie {
	for _, line := range r.header.Values("Set-Cookie") {
		if c, err := http.ParseSetCookie(line); err == nil && c.Name == name {
			return c
		}
	}
	return nil
}

// do sends a request; header holds name, value pairs.
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
		c.s.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	r := response{status: res.StatusCode, header: res.Header, raw: raw, storeAge: time.Since(c.s.started)}
	if strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") && method != "HEAD" {
		if err := json.Unmarshal(raw, &r.body); err != nil {
			c.s.t.Fatalf("%s %s: bad JSON %q", method, path, raw)
		}
	}
	return r
}

func (c *client) get(path string) response { c.s.t.Helper(); return c.do("GET", path, nil, "") }

// post sends v as JSON; a string is sent as it is.
func (c *client) post(path string, v any, header ...string) response {
	c.s.t.Helper()
	var b []byte
	switch v := v.(type) {
	case string:
		b = []byte(v)
	default:
		b, _ = json.Marshal(v)
	}
	return c.do("POST", path, bytes.NewReader(b), "application/json", header...)
}

// want fails the test unless the answer has the status, and for errors a JSON body with
// success false and a message; message, if given, must match exactly.
func want(t testing.TB, r response, status int, message ...string) {
	t.Helper()
	if r.status != status {
		t.Fatalf("status %d, want %d: %s", r.status, status, r.raw)
	}
	if status >= 400 {
		if r.body == nil || r.success() || r.message() == "" {
			t.Fatalf("error without JSON {success:false, message}: %s", r.raw)
		}
		if _, isBool := r.body["success"].(bool); !isBool {
			t.Fatalf("error without a success field: %s", r.raw)
		}
	}
	// A file to save (the order export) is the one answer that is not JSON.
	if status < 300 && !r.success() && !strings.HasPrefix(r.header.Get("Content-Type"), "text/csv") {
		t.Fatalf("success is not true: %s", r.raw)
	}
	if len(message) > 0 && r.message() != message[0] {
		t.Fatalf("message %q, want %q", r.message(), message[0])
	}
}

// newEmail returns an address no shopper of this store has used.
func (s *store) newEmail() string {
	return fmt.Sprintf("shopper%d@example.com", s.emails.Add(1))
}

// shopper registers a new shopper with email, or a fresh one when email is "", and returns the browser.
func (s *store) shopper(email string) *client {
	s.t.Helper()
	if email == "" {
		email = s.newEmail()
	}
	c := s.client()
	want(s.t, c.post("/api/user/register", map[string]string{"name": "Sita Gurung", "email": email, "password": shopperPassword}), 200)
	return c
}

// seller logs a new browser in as the seller.
func (s *store) seller() *client {
	s.t.Helper()
	c := s.client()
	s.loginSeller(c)
	return c
}

func (s *store) loginSeller(c *client) {
	s.t.Helper()
	want(s.t, c.post("/api/seller/login", map[string]string{"email": sellerEmail, "password": sellerPassword}), 200, "Logged In")
}

var validAddress = map[string]string{"firstName": "Sita", "lastName": "Gurung", "email": "sita@example.com",
	"street": "Lakeside 4", "city": "Pokhara", "state": "Gandaki", "zipcode": "33700", "country": "Nepal", "phone": "9811111111"}

// addressWith returns validAddress with the changes; an empty value removes the field.
func addressWith(change map[string]string) map[string]string {
	a := map[string]string{}
	for k, v := range validAddress {
		a[k] = v
	}
	for k, v := range change {
		if v == "" {
			delete(a, k)
		} else {
			a[k] = v
		}
	}
	return a
}

// addAddress saves an address for c and returns its id.
func (c *client) addAddress() string {
	c.s.t.Helper()
	r := c.post("/api/address/add", map[string]any{"address": validAddress})
	want(c.s.t, r, 200, "Address Added")
	a, _ := r.body["address"].(map[string]any)
	if _, has := a["userId"]; has {
		c.s.t.Fatal("address answer names its user")
	}
	id, _ := a["_id"].(string)
	if id == "" {
		c.s.t.Fatalf("address answer without _id: %s", r.raw)
	}
	return id
}

func (c *client) addresses() []any {
	c.s.t.Helper()
	r := c.get("/api/address/get")
	want(c.s.t, r, 200)
	return r.body["addresses"].([]any)
}

func (c *client) orders() []any {
	c.s.t.Helper()
	r := c.get("/api/order/user")
	want(c.s.t, r, 200)
	return r.body["orders"].([]any)
}

func (c *client) user() map[string]any {
	c.s.t.Helper()
	r := c.get("/api/user/is-auth")
	want(c.s.t, r, 200)
	return r.body["user"].(map[string]any)
}

func (c *client) cart() map[string]any {
	c.s.t.Helper()
	return c.user()["cartItems"].(map[string]any)
}

func (c *client) setCart(items map[string]int) {
	c.s.t.Helper()
	want(c.s.t, c.post("/api/cart/update", map[string]any{"cartItems": items}), 200, "Cart Updated")
}

// products returns the product list as anyone sees it.
func (s *store) products() []map[string]any {
	s.t.Helper()
	r := s.client().get("/api/product/list")
	want(s.t, r, 200)
	var list []map[string]any
	for _, p := range r.body["products"].([]any) {
		list = append(list, p.(map[string]any))
	}
	return list
}

// sellerOrders returns the seller's order list.
func (s *store) sellerOrders() []any {
	s.t.Helper()
	r := s.seller().get("/api/order/seller")
	want(s.t, r, 200)
	return r.body["orders"].([]any)
}

// storedFiles counts the files the image store holds.
func (s *store) storedFiles() int {
	s.t.Helper()
	entries, err := os.ReadDir(s.uploads)
	if err != nil && !os.IsNotExist(err) {
		s.t.Fatal(err)
	}
	return len(entries)
}

// jarCookie returns the cookie named name that c's jar would send to the API, or nil.
func (c *client) jarCookie(name string) *http.Cookie {
	req, _ := http.NewRequest("GET", c.s.server.URL+"/api/", nil)
	for _, ck := range c.http.Jar.Cookies(req.URL) {
		if ck.Name == name {
			return ck
		}
	}
	return nil
}

// pngFile returns a small PNG picture with transparent pixels.
func pngFile(t testing.TB) []byte {
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

// jpegFile returns a small opaque JPEG picture.
func jpegFile(t testing.TB) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 64, 48))
	for i := range img.Pix {
		img.Pix[i] = byte(i)
	}
	for i := 3; i < len(img.Pix); i += 4 {
		img.Pix[i] = 255
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// gifFile returns a small GIF picture.
func gifFile(t testing.TB) []byte {
	img := image.NewPaletted(image.Rect(0, 0, 20, 20), []color.Color{color.White, color.RGBA{0, 128, 0, 255}})
	for x := range 20 {
		img.SetColorIndex(x, x, 1)
	}
	var b bytes.Buffer
	if err := gif.Encode(&b, img, nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// hugePNG returns a PNG whose header claims width × height pixels; only the header is real,
// which is all a check of the pixel count should need to read.
func hugePNG(t *testing.T, width, height uint32) []byte {
	b := pngFile(t)
	// Signature (8), then the IHDR chunk: length (4), "IHDR" (4), width (4), height (4), 5 more bytes, CRC (4).
	if string(b[12:16]) != "IHDR" {
		t.Fatal("unexpected PNG layout")
	}
	binary.BigEndian.PutUint32(b[16:20], width)
	binary.BigEndian.PutUint32(b[20:24], height)
	binary.BigEndian.PutUint32(b[29:33], crc32.ChecksumIEEE(b[12:29]))
	return b
}

var (
	bigPNGOnce sync.Once
	bigPNG     []byte
)

// nearLimitPNG returns an opaque noise PNG just under the 5 MB limit of one image.
func nearLimitPNG(t *testing.T) []byte {
	bigPNGOnce.Do(func() {
		const side = 1290 // 1290² pixels × 3 bytes, stored uncompressed: about 4.99 MB
		img := image.NewNRGBA(image.Rect(0, 0, side, side))
		rng := rand.New(rand.NewPCG(1, 2))
		for i := range img.Pix {
			if i%4 == 3 {
				img.Pix[i] = 255
			} else {
				img.Pix[i] = byte(rng.UintN(256))
			}
		}
		var b bytes.Buffer
		if err := (&png.Encoder{CompressionLevel: png.NoCompression}).Encode(&b, img); err != nil {
			panic(err)
		}
		bigPNG = b.Bytes()
	})
	if len(bigPNG) > images.MaxBytes || len(bigPNG) < images.MaxBytes*9/10 {
		t.Fatalf("near-limit PNG is %d bytes", len(bigPNG))
	}
	return bigPNG
}

// upload is one file of an add-product form.
type upload struct {
	name string
	data []byte
}

// productForm is a valid add-product form; change replaces fields, and an empty value removes one.
func productForm(change map[string]string) map[string]string {
	f := map[string]string{"name": "Ilam Tea", "description": `["Whole leaf","From Ilam"]`, "category": "drinks",
		"price": "550", "offerPrice": "495.50", "weight": "250 g"}
	for k, v := range change {
		if v == "" {
			delete(f, k)
		} else {
			f[k] = v
		}
	}
	return f
}

// multipartProduct builds an add-product form with files under "images".
func multipartProduct(fields map[string]string, files ...upload) (io.Reader, string) {
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for k, v := range fields {
		w.WriteField(k, v)
	}
	for _, f := range files {
		fw, _ := w.CreateFormFile("images", f.name)
		fw.Write(f.data)
	}
	w.Close()
	return &b, w.FormDataContentType()
}

// addProduct posts an add-product form as c.
func (c *client) addProduct(fields map[string]string, files ...upload) response {
	c.s.t.Helper()
	body, ct := multipartProduct(fields, files...)
	return c.do("POST", "/api/product/add", body, ct)
}

// zeros is an endless stream of zero bytes.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// streamingUpload returns an add-product form whose one file has size bytes, written as the
// request is sent, so the test never holds the body in memory.
func streamingUpload(size int64) (io.Reader, string) {
	pr, pw := io.Pipe()
	w := multipart.NewWriter(pw)
	ct := w.FormDataContentType()
	go func() {
		err := func() error {
			for k, v := range productForm(nil) {
				if err := w.WriteField(k, v); err != nil {
					return err
				}
			}
			fw, err := w.CreateFormFile("images", "big.png")
			if err != nil {
				return err
			}
			if _, err := io.Copy(fw, io.LimitReader(zeros{}, size)); err != nil {
				return err
			}
			return w.Close()
		}()
		pw.CloseWithError(err)
	}()
	return pr, ct
}

// order is an order request for one product.
func order(product string, quantity any, address string) map[string]any {
	return map[string]any{"items": []map[string]any{{"product": product, "quantity": quantity}}, "address": address}
}
