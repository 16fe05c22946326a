package payment_test

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"haat"
	"haat/api"
	"haat/payment"
	"haat/sqlstore"
	"haat/sqlstore/sqlstoretest"
)

var ctx = context.Background()

// logBuffer collects a service's log lines.
type logBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}
func (l *logBuffer) count(s string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Count(l.b.String(), s)
}
func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func newGateway(db *sqlstore.DB, providers ...payment.Provider) (*payment.Gateway, *logBuffer) {
	logs := &logBuffer{}
	return &payment.Gateway{Attempts: db, Providers: providers, PublicURL: "https://haat.example",
		Logger: slog.New(slog.NewTextHandler(logs, nil))}, logs
}

// serveCallbacks serves the provider's callback routes of a rupee store and returns the service,
// the server, and a browser that does not follow redirects (to see where they go).
func serveCallbacks(t *testing.T, db *sqlstore.DB, p payment.Provider) (*payment.Gateway, *httptest.Server, *http.Client) {
	s, _ := newGateway(db, p)
	var h http.Handler
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { h.ServeHTTP(w, r) }))
	t.Cleanup(srv.Close)
	s.PublicURL = srv.URL
	h = callbacks(s)
	return s, srv, &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// callbacks serves the providers' callback routes as the store does: mounted in its API, which
// answers their errors and limits the return pages per client address.
func callbacks(s *payment.Gateway) http.Handler {
	return (&api.Server{Payments: s, Limiter: s.Attempts.(haat.RateLimiter), Logger: slog.New(slog.DiscardHandler)}).Handler()
}

// scripted is a provider whose answers a test sets; it stands for a remote provider in the
// reconciliation tests.
type scripted struct {
	answers map[string]haat.PaymentResult
	errs    map[string]error
	window  time.Duration
}

func (p *scripted) Name() string                            { return "scripted" }
func (p *scripted) Label() string                           { return "Scripted" }
func (p *scripted) Window() time.Duration                   { return p.window }
func (p *scripted) Routes(*payment.Gateway) []payment.Route { return nil }
func (p *scripted) Begin(_ context.Context, c payment.Checkout) (string, string, error) {
	return "https://provider.example/pay/" + c.Attempt.ID, "ref-" + c.Attempt.OrderID, nil
}
func (p *scripted) Check(_ context.Context, a *haat.PaymentAttempt) (haat.PaymentResult, error) {
	if err := p.errs[a.Reference]; err != nil {
		return haat.PaymentResult{}, err
	}
	if r, ok := p.answers[a.Reference]; ok {
		return r, nil
	}
	return haat.PaymentResult{State: haat.PaymentPending}, nil
}

func statusOf(t *testing.T, db *sqlstore.DB, u *haat.User) (haat.OrderStatus, bool) {
	t.Helper()
	orders, err := db.UserOrders(ctx, u.ID)
	if err != nil || len(orders) != 1 {
		t.Fatalf("orders = %v, %v", orders, err)
	}
	return orders[0].Status, orders[0].IsPaid
}

func TestReconcile(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		start := time.Now()
		now := start
		db.Now = func() time.Time { return now }
		p := &scripted{answers: map[string]haat.PaymentResult{}, errs: map[string]error{}, window: time.Hour}
		s, _ := newGateway(db, p)
		s.Now = db.Now

		paidU, paidO := sqlstoretest.OnlineOrder(t, db, "paid@example.com")
		slowU, slowO := sqlstoretest.OnlineOrder(t, db, "slow@example.com")
		downU, downO := sqlstoretest.OnlineOrder(t, db, "down@example.com")
		for _, o := range []*haat.Order{paidO, slowO, downO} {
			if _, err := s.Begin(ctx, o, "", ""); err != nil {
				t.Fatal(err)
			}
		}
		p.answers["ref-"+paidO.ID] = haat.PaymentResult{State: haat.PaymentPaid, Amount: 60180, Currency: "usd"}
		p.errs["ref-"+downO.ID] = context.DeadlineExceeded

		// Younger than the grace period: nobody is asked yet.
		if err := s.Reconcile(ctx, 5*time.Minute); err != nil {
			t.Fatal(err)
		}
		if st, paid := statusOf(t, db, paidU); paid || st != haat.StatusAwaitingPayment {
			t.Fatalf("asked before the grace period: %s %v", st, paid)
		}

		now = start.Add(6 * time.Minute)
		err := s.Reconcile(ctx, 5*time.Minute)
		if err == nil || !strings.Contains(err.Error(), "deadline") {
			t.Fatalf("a provider that does not answer is not reported: %v", err)
		}
		if st, paid := statusOf(t, db, paidU); !paid || st != haat.StatusOrderPlaced {
			t.Fatalf("paid attempt after reconciliation: %s %v", st, paid)
		}
		if st, paid := statusOf(t, db, slowU); paid || st != haat.StatusAwaitingPayment {
			t.Fatalf("pending attempt within its window: %s %v", st, paid)
		}

		// Past the provider's window, a payment still pending expires, and its order, past its
		// time to pay, is cancelled; one whose provider does not answer stays pending until it
		// does, its order kept for the money that may have arrived.
		now = start.Add(2 * time.Hour)
		s.Reconcile(ctx, 5*time.Minute)
		if st, paid := statusOf(t, db, slowU); paid || st != haat.StatusCancelled {
			t.Fatalf("expired attempt: %s %v", st, paid)
		}
		if st, _ := statusOf(t, db, downU); st != haat.StatusAwaitingPayment {
			t.Fatalf("unanswered attempt: %s", st)
		}
		delete(p.errs, "ref-"+downO.ID)
		if err := s.Reconcile(ctx, 5*time.Minute); err != nil {
			t.Fatal(err)
		}
		if st, _ := statusOf(t, db, downU); st != haat.StatusCancelled {
			t.Fatalf("attempt after the provider answered: %s", st)
		}

		// An attempt whose provider is no longer configured waits a day, then expires.
		goneU, goneO := sqlstoretest.OnlineOrder(t, db, "gone@example.com")
		if _, err := s.Begin(ctx, goneO, "", ""); err != nil {
			t.Fatal(err)
		}
		s.Providers = nil
		now = now.Add(23 * time.Hour)
		if err := s.Reconcile(ctx, 5*time.Minute); err != nil {
			t.Fatal(err)
		}
		if st, _ := statusOf(t, db, goneU); st != haat.StatusAwaitingPayment {
			t.Fatalf("orphaned attempt before a day: %s", st)
		}
		now = now.Add(2 * time.Hour)
		if err := s.Reconcile(ctx, 5*time.Minute); err != nil {
			t.Fatal(err)
		}
		if st, _ := statusOf(t, db, goneU); st != haat.StatusPaymentFailed {
			t.Fatalf("orphaned attempt after a day: %s", st)
		}
	})
}

// failing is a provider that cannot start payments.
type failing struct{ scripted }

func (failing) Begin(context.Context, payment.Checkout) (string, string, error) {
	return "", "", context.DeadlineExceeded
}

func TestBeginFailureIsRecorded(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s, logs := newGateway(db, &failing{scripted{window: time.Hour}})
		u, o := sqlstoretest.OnlineOrder(t, db, "a@example.com")
		_, err := s.Begin(ctx, o, "", "")
		if haat.ErrorCode(err) != haat.EUNAVAILABLE {
			t.Fatalf("err = %v", err)
		}
		if st, paid := statusOf(t, db, u); paid || st != haat.StatusPaymentFailed {
			t.Fatalf("order after a refused start: %s %v", st, paid)
		}
		if logs.count("payment could not start") != 1 {
			t.Fatal("the refusal is not logged")
		}
		if _, err := s.Begin(ctx, o, "nope", ""); haat.ErrorCode(err) != haat.EINVALID {
			t.Fatalf("unknown method: %v", err)
		}
	})
}

// perAttempt is a scripted provider whose references name the attempt, and which remembers the
// return link of the last checkout.
type perAttempt struct {
	scripted
	returnURL string
}

func (p *perAttempt) Begin(_ context.Context, c payment.Checkout) (string, string, error) {
	p.returnURL = c.ReturnURL
	return "https://provider.example/pay/" + c.Attempt.ID, "ref-" + c.Attempt.ID, nil
}

// TestReconcileSuperseded: money that arrives unannounced for a superseded attempt is found by
// the reconciliation within its provider's window and recorded as owed back.
func TestReconcileSuperseded(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		start := time.Now()
		now := start
		db.Now = func() time.Time { return now }
		p := &perAttempt{scripted: scripted{answers: map[string]haat.PaymentResult{}, errs: map[string]error{}, window: time.Hour}}
		s, _ := newGateway(db, p)
		s.Now, s.PublicURL = db.Now, ""
		u, o := sqlstoretest.OnlineOrder(t, db, "a@example.com")
		if _, err := s.Begin(ctx, o, "", "https://shop.example/"); err != nil {
			t.Fatal(err)
		}
		if p.returnURL != "https://shop.example/loader?next=my-orders" {
			t.Fatalf("return link without a public URL = %q", p.returnURL)
		}
		first, _ := db.PendingPayments(ctx, now.Add(time.Second), time.Time{})
		now = now.Add(time.Second)
		if _, err := s.Begin(ctx, o, "", "https://shop.example"); err != nil {
			t.Fatal(err)
		}
		p.answers[first[0].Reference] = haat.PaymentResult{State: haat.PaymentPaid, Amount: 60180, Currency: "USD"}

		now = start.Add(6 * time.Minute)
		if err := s.Reconcile(ctx, 5*time.Minute); err != nil {
			t.Fatal(err)
		}
		orders, _ := db.UserOrders(ctx, u.ID)
		if got := orders[0]; got.IsPaid || got.Status != haat.StatusAwaitingPayment || got.Refund != haat.RefundDue {
			t.Fatalf("order after a superseded attempt was found paid = %+v", got)
		}
	})
}
