// Package bench measures the store's hot paths end to end through the HTTP handler, on SQLite
// and (with HAAT_TEST_POSTGRES) PostgreSQL. Results and how to read them: RESULTS.md.
package bench

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"testing"

	"haat"
	"haat/app"
	"haat/metrics"
	"haat/sqlstore"
	"haat/sqlstore/sqlstoretest"
)

// fixture is a store with a catalogue of n products, one shopper with an address, and their cookie.
type fixture struct {
	db        *sqlstore.DB
	handler   http.Handler
	cookie    *http.Cookie
	productID string
	addressID string
}

func newFixture(b *testing.B, dialect string, n int) *fixture {
	b.Helper()
	ctx := context.Background()
	db := sqlstoretest.Open(b, dialect)
	products := make([]haat.Product, n)
	for i := range products {
		products[i] = haat.Product{Name: fmt.Sprintf("Product %d", i), Category: haat.Categories[i%7], Price: 32000,
			OfferPrice: 29500, StockOn: true, Weight: "1 kg", Image: []string{"/media/catalogue/rice.webp"},
			Description: []string{"Hill-grown red rice from Jumla", "Nutty flavour, cooks in 25 minutes"}}
	}
	if _, err := db.SeedCatalogue(ctx, products); err != nil {
		b.Fatal(err)
	}
	srv := app.NewServer(app.Config{DB: db, Currency: "USD", Logger: discardLogger(), RequestLines: io.Discard, Metrics: metrics.New()})
	f := &fixture{db: db, handler: srv.Handler()}

	rec := f.do(b, "POST", "/api/user/register", `{"name":"Sita","email":"sita@example.com","password":"long enough"}`)
	f.cookie = sessionCookie(b, rec, "haat_session")
	list, _ := db.Products(ctx)
	f.productID = list[0].ID
	f.do(b, "POST", "/api/address/add", `{"address":{"firstName":"Sita","lastName":"Gurung","email":"sita@example.com",
		"street":"Lakeside 4","city":"Pokhara","state":"Gandaki","zipcode":"33700","country":"Nepal","phone":"9811111111"}}`)
	addrs, _ := db.Addresses(ctx, userID(b, db, f.cookie.Value))
	f.addressID = addrs[0].ID
	return f
}

// sessionCookie is the cookie named name that an answer sets: the session's, not the browser's
// remembered device, which a sign-in sets too.
func sessionCookie(b *testing.B, rec *httptest.ResponseRecorder, name string) *http.Cookie {
	for _, c := range rec.Result().Cookies() {
		if c.Name == name {
			return c
		}
	}
	b.Fatalf("no %s cookie", name)
	return nil
}

func userID(b *testing.B, db *sqlstore.DB, token string) string {
	id, err := db.SessionSubject(context.Background(), haat.RoleUser, token)
	if err != nil {
		b.Fatal(err)
	}
	return id
}

func (f *fixture) do(b *testing.B, method, path, body string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, path, bytes.NewBufferString(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if f.cookie != nil {
		req.AddCookie(f.cookie)
	}
	rec := httptest.NewRecorder()
	f.handler.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		b.Fatalf("%s %s: %d %s", method, path, rec.Code, rec.Body)
	}
	return rec
}

func dialects() []string {
	if os.Getenv("HAAT_TEST_POSTGRES") != "" {
		return []string{sqlstore.SQLite, sqlstore.Postgres}
	}
	return []string{sqlstore.SQLite}
}

// BenchmarkHealthz is the reference: the cheapest request through all the middleware.
func BenchmarkHealthz(b *testing.B) {
	for _, d := range dialects() {
		b.Run(d, func(b *testing.B) {
			f := newFixture(b, d, 1)
			for b.Loop() {
				f.do(b, "GET", "/healthz", "")
			}
		})
	}
}

// BenchmarkProductList is the storefront's first call: the whole catalogue of 200 products.
func BenchmarkProductList(b *testing.B) {
	for _, d := range dialects() {
		b.Run(d, func(b *testing.B) {
			f := newFixture(b, d, 200)
			for b.Loop() {
				f.do(b, "GET", "/api/product/list", "")
			}
		})
	}
}

// BenchmarkProductListAnswer is the store's own cost of a product list answered from its
// snapshot (50 products), through all the middleware as the store runs it (request id, metrics,
// request log, security headers, routing), to a writer that costs nothing: gzipped (200), and to
// a client that holds it already (If-None-Match, 304).
func BenchmarkProductListAnswer(b *testing.B) {
	f := newFixture(b, sqlstore.SQLite, 50)
	req := httptest.NewRequest("GET", "/api/product/list", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	w := &nullWriter{header: http.Header{}}
	f.handler.ServeHTTP(w, req)
	etag := w.header.Get("ETag")
	if w.status != http.StatusOK || w.header.Get("Content-Encoding") != "gzip" || etag == "" {
		b.Fatalf("%d %v", w.status, w.header)
	}
	for _, c := range []struct {
		name        string
		ifNoneMatch string
		status      int
	}{{"gzip", "", http.StatusOK}, {"304", etag, http.StatusNotModified}} {
		b.Run(c.name, func(b *testing.B) {
			r := req.Clone(context.Background())
			if c.ifNoneMatch != "" {
				r.Header.Set("If-None-Match", c.ifNoneMatch)
			}
			b.ReportAllocs()
			for b.Loop() {
				clear(w.header)
				w.status = 0
				f.handler.ServeHTTP(w, r)
			}
			if w.status != c.status {
				b.Fatalf("status %d, want %d", w.status, c.status)
			}
		})
	}
}

// nullWriter is a ResponseWriter that keeps the status and headers and drops the body.
type nullWriter struct {
	header http.Header
	status int
}

func (w *nullWriter) Header() http.Header { return w.header }

func (w *nullWriter) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
	}
}

func (w *nullWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return len(b), nil
}

// BenchmarkIsAuth is the session check every page load makes: cookie → session → user and cart.
func BenchmarkIsAuth(b *testing.B) {
	for _, d := range dialects() {
		b.Run(d, func(b *testing.B) {
			f := newFixture(b, d, 10)
			for b.Loop() {
				f.do(b, "GET", "/api/user/is-auth", "")
			}
		})
	}
}

// BenchmarkPlaceOrder places a cash order of one line: a write transaction of four statements.
func BenchmarkPlaceOrder(b *testing.B) {
	for _, d := range dialects() {
		b.Run(d, func(b *testing.B) {
			f := newFixture(b, d, 10)
			body := fmt.Sprintf(`{"items":[{"product":%q,"quantity":2}],"address":%q}`, f.productID, f.addressID)
			for b.Loop() {
				f.do(b, "POST", "/api/order/cod", body)
			}
		})
	}
}

// BenchmarkSellerOrders reads the seller's Orders page with 5,000 orders in the store: the newest
// 50, and 50 from deep in the history (keyset paging, so both should cost the same).
func BenchmarkSellerOrders(b *testing.B) {
	for _, d := range dialects() {
		f := newFixture(b, d, 10)
		ctx := context.Background()
		uid := userID(b, f.db, f.cookie.Value)
		var ids []string
		for i := range 5000 {
			o, err := sqlstoretest.PlaceOrder(f.db, haat.NewOrder{UserID: uid, AddressID: f.addressID, PaymentType: haat.PaymentCOD,
				Lines: []haat.OrderLine{{ProductID: f.productID, Quantity: 1 + i%3}}})
			if err != nil {
				b.Fatal(err)
			}
			ids = append(ids, o.ID)
		}
		if err := f.db.UpsertSeller(ctx, "seller@haat.example", "seller-password"); err != nil {
			b.Fatal(err)
		}
		seller := &fixture{db: f.db, handler: f.handler}
		seller.cookie = sessionCookie(b, seller.do(b, "POST", "/api/seller/login", `{"email":"seller@haat.example","password":"seller-password"}`), "haat_seller")
		for _, page := range []struct{ name, query string }{{"newest", ""}, {"deep", "?before=" + ids[1000]}} {
			b.Run(d+"/"+page.name, func(b *testing.B) {
				for b.Loop() {
					seller.do(b, "GET", "/api/order/seller"+page.query, "")
				}
			})
		}
	}
}

func discardLogger() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }
