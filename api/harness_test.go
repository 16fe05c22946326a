package api_test

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
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
		Logger: slog.New(slog.NewTextHandler(s.logs, nil)), RequestLines: s.logs, Development: true}, func(srv *api.Server) {
		for _, o := range opts {
			o(srv)
		}
	})
	s.server = httptest.NewServer(s.api.Handler())
	t.Cleanup(s.server.Close)
	t.Cleanup(s.sent) // before the database closes
	return s
}

// sent waits for the codes the store sends after answering (password resets) to be sent.
func (s *store) sent() { app.Finish(s.api) }

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
