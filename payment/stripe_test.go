package payment_test

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v85/webhook"

	"haat"
	"haat/payment"
	"haat/sqlstore"
	"haat/sqlstore/sqlstoretest"
)

const webhookSecret = "whsec_test_haat"

// stripeMock is the address of stripe-mock, which .ci/run starts; tests that create sessions need it.
func stripeMock(t *testing.T) string {
	u := os.Getenv("HAAT_TEST_STRIPE_MOCK")
	if u == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("HAAT_TEST_STRIPE_MOCK is not set in CI: start stripe-mock (see .ci/run)")
		}
		t.Skip("SKIPPED: HAAT_TEST_STRIPE_MOCK is not set; start stripe-mock -http-addr 127.0.0.1:12111 -https-addr 127.0.0.1:12112 and set it to http://127.0.0.1:12111")
	}
	return u
}

func newStripe(t *testing.T, apiURL string) *payment.Stripe {
	t.Helper()
	p, err := payment.NewStripe(payment.StripeConfig{SecretKey: "sk_test_123", WebhookSecret: webhookSecret, APIURL: apiURL})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestStripeCheckoutSession(t *testing.T) {
	mock := stripeMock(t)
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s, _ := newGateway(db, newStripe(t, mock))
		u, o := sqlstoretest.OnlineOrder(t, db, "a@example.com")
		url, err := s.Begin(ctx, o, "stripe", "")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(url, "https://") {
			t.Fatalf("url = %q", url)
		}
		pending, _ := db.PendingPayments(ctx, time.Now().Add(time.Minute), time.Time{})
		if len(pending) != 1 || !strings.HasPrefix(pending[0].Reference, "cs_") || pending[0].Provider != "stripe" {
			t.Fatalf("attempt = %+v", pending)
		}
		// Reconciliation reads the session back; stripe-mock's session is open, so nothing changes.
		if err := s.Reconcile(ctx, -time.Minute); err != nil {
			t.Fatal(err)
		}
		if st, paid := statusOf(t, db, u); paid || st != haat.StatusAwaitingPayment {
			t.Fatalf("order = %s %v", st, paid)
		}
	})
}

// stripeRequests records the form bodies a stand-in for the Stripe API receives.
func TestStripeSessionParameters(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		var form string
		api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			r.ParseForm()
			form = r.PostForm.Encode() + "&idempotency=" + r.Header.Get("Idempotency-Key")
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprint(w, `{"id":"cs_test_1","object":"checkout.session","url":"https://checkout.stripe.com/c/pay/cs_test_1"}`)
		}))
		defer api.Close()
		s, _ := newGateway(db, newStripe(t, api.URL))
		_, o := sqlstoretest.OnlineOrderIn(t, db, "a@example.com", haat.NPR)
		url, err := s.Begin(ctx, o, "stripe", "")
		if err != nil || url != "https://checkout.stripe.com/c/pay/cs_test_1" {
			t.Fatalf("url = %q, %v", url, err)
		}
		for _, want := range []string{
			"mode=payment",
			"success_url=https%3A%2F%2Fhaat.example%2Floader%3Fnext%3Dmy-orders",
			"cancel_url=https%3A%2F%2Fhaat.example%2Fcart",
			"line_items%5B0%5D%5Bprice_data%5D%5Bcurrency%5D=npr",
			"line_items%5B0%5D%5Bprice_data%5D%5Bunit_amount%5D=29500",
			"line_items%5B0%5D%5Bquantity%5D=2",
			"line_items%5B1%5D%5Bprice_data%5D%5Bproduct_data%5D%5Bname%5D=Tax+%282%25%29",
			"line_items%5B1%5D%5Bprice_data%5D%5Bunit_amount%5D=1180",
			"idempotency=haat-attempt-",
		} {
			if !strings.Contains(form, want) {
				t.Errorf("request lacks %s:\n%s", want, form)
			}
		}
		if _, err := db.PaymentAttempt(ctx, "stripe", "cs_test_1"); err != nil {
			t.Fatalf("reference not stored: %v", err)
		}
	})
}

// stripeEvent is a Checkout event as Stripe sends it.
func stripeEvent(id, typ, session, paymentStatus string, amount int64, currency string) []byte {
	status := "complete"
	if typ == "checkout.session.expired" {
		status = "expired"
	}
	return []byte(fmt.Sprintf(`{"id":%q,"object":"event","api_version":"2020-08-27","type":%q,"created":%d,
		"data":{"object":{"id":%q,"object":"checkout.session","status":%q,"payment_status":%q,"amount_total":%d,"currency":%q}}}`,
		id, typ, time.Now().Unix(), session, status, paymentStatus, amount, currency))
}

func TestStripeWebhook(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprintf(w, `{"id":"cs_%s","object":"checkout.session","url":"https://checkout.stripe.com/x"}`, r.Header.Get("Idempotency-Key"))
		}))
		defer api.Close()
		s, logs := newGateway(db, newStripe(t, api.URL))
		srv := httptest.NewServer(callbacks(s))
		defer srv.Close()
		order := func(email string) (*haat.User, string) {
			u, o := sqlstoretest.OnlineOrder(t, db, email)
			if _, err := s.Begin(ctx, o, "stripe", ""); err != nil {
				t.Fatal(err)
			}
			p, _ := db.PendingPayments(ctx, time.Now().Add(time.Hour), time.Time{})
			for _, a := range p {
				if a.OrderID == o.ID {
					return u, a.Reference
				}
			}
			t.Fatal("no attempt")
			return nil, ""
		}
		send := func(payload []byte, secret string, at time.Time) int {
			t.Helper()
			signed := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: secret, Timestamp: at})
			req, _ := http.NewRequest("POST", srv.URL+"/api/payment/stripe/webhook", bytes.NewReader(payload))
			req.Header.Set("Stripe-Signature", signed.Header)
			req.Header.Set("Content-Type", "application/json")
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			return res.StatusCode
		}

		u, ref := order("a@example.com")
		paid := stripeEvent("evt_paid", "checkout.session.completed", ref, "paid", 60180, "usd")
		if st := send(paid, "whsec_wrong", time.Now()); st != 400 {
			t.Fatalf("wrong secret: %d", st)
		}
		if st := send(paid, webhookSecret, time.Now().Add(-10*time.Minute)); st != 400 {
			t.Fatalf("too old: %d", st)
		}
		if st := send(stripeEvent("evt_x", "checkout.session.completed", ref, "paid", 60180, "usd")[1:], webhookSecret, time.Now()); st != 400 {
			t.Fatalf("malformed: %d", st)
		}
		if st, p := statusOf(t, db, u); p || st != haat.StatusAwaitingPayment {
			t.Fatalf("refused events changed the order: %s %v", st, p)
		}
		// An amount or currency that is not the order's is refused and not marked paid.
		if st := send(stripeEvent("evt_less", "checkout.session.completed", ref, "paid", 100, "usd"), webhookSecret, time.Now()); st != 409 {
			t.Fatalf("wrong amount: %d", st)
		}
		if st := send(stripeEvent("evt_npr", "checkout.session.completed", ref, "paid", 60180, "npr"), webhookSecret, time.Now()); st != 409 {
			t.Fatalf("wrong currency: %d", st)
		}
		if _, p := statusOf(t, db, u); p {
			t.Fatal("a mismatched amount marked the order paid")
		}
		// Valid, then the same event again: one effect.
		for range 2 {
			if st := send(paid, webhookSecret, time.Now()); st != 200 {
				t.Fatalf("valid event: %d", st)
			}
		}
		if st, p := statusOf(t, db, u); !p || st != haat.StatusOrderPlaced {
			t.Fatalf("order after payment: %s %v", st, p)
		}
		if n := logs.count("msg=payment provider=stripe"); n != 1 {
			t.Fatalf("the payment was applied %d times", n)
		}

		// A completed session whose payment is still processing is not paid until the async event.
		u2, ref2 := order("b@example.com")
		if st := send(stripeEvent("evt_2a", "checkout.session.completed", ref2, "unpaid", 60180, "usd"), webhookSecret, time.Now()); st != 200 {
			t.Fatalf("unpaid completion: %d", st)
		}
		if _, p := statusOf(t, db, u2); p {
			t.Fatal("an unpaid completed session marked the order paid")
		}
		send(stripeEvent("evt_2b", "checkout.session.async_payment_succeeded", ref2, "paid", 60180, "usd"), webhookSecret, time.Now())
		if st, p := statusOf(t, db, u2); !p || st != haat.StatusOrderPlaced {
			t.Fatalf("after async success: %s %v", st, p)
		}

		u3, ref3 := order("c@example.com")
		send(stripeEvent("evt_3", "checkout.session.async_payment_failed", ref3, "unpaid", 60180, "usd"), webhookSecret, time.Now())
		if st, p := statusOf(t, db, u3); p || st != haat.StatusPaymentFailed {
			t.Fatalf("after async failure: %s %v", st, p)
		}
		u4, ref4 := order("d@example.com")
		send(stripeEvent("evt_4", "checkout.session.expired", ref4, "unpaid", 60180, "usd"), webhookSecret, time.Now())
		if st, p := statusOf(t, db, u4); p || st != haat.StatusPaymentFailed {
			t.Fatalf("after expiry: %s %v", st, p)
		}
		// Events of other types, and sessions of other integrations, are acknowledged and ignored.
		if st := send([]byte(`{"id":"evt_5","object":"event","type":"customer.created","data":{"object":{}}}`), webhookSecret, time.Now()); st != 200 {
			t.Fatalf("other event: %d", st)
		}
		if st := send(stripeEvent("evt_6", "checkout.session.completed", "cs_elsewhere", "paid", 100, "usd"), webhookSecret, time.Now()); st != 200 {
			t.Fatalf("unknown session: %d", st)
		}
	})
}

// recorder passes requests on and remembers their methods and paths.
type recorder struct {
	mu    sync.Mutex
	calls []string
	// refunds are the bodies of the refunds asked for.
	refunds []url.Values
}

func (r *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	r.mu.Lock()
	r.calls = append(r.calls, req.Method+" "+req.URL.Path)
	if req.URL.Path == "/v1/refunds" && req.Body != nil {
		b, _ := io.ReadAll(req.Body)
		req.Body = io.NopCloser(bytes.NewReader(b))
		form, _ := url.ParseQuery(string(b))
		r.refunds = append(r.refunds, form)
	}
	r.mu.Unlock()
	return http.DefaultTransport.RoundTrip(req)
}

func (r *recorder) called(call string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Contains(r.calls, call)
}

// TestStripeSupersedeAndRefund: Pay Now expires the previous Checkout Session through the Stripe
// API; the payment of a cancelled order goes back through Stripe's refunds.
func TestStripeSupersedeAndRefund(t *testing.T) {
	mock := stripeMock(t)
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		rec := &recorder{}
		p, err := payment.NewStripe(payment.StripeConfig{SecretKey: "sk_test_123", WebhookSecret: webhookSecret, APIURL: mock,
			HTTPClient: &http.Client{Transport: rec}})
		if err != nil {
			t.Fatal(err)
		}
		s, _ := newGateway(db, p)
		u, o := sqlstoretest.OnlineOrder(t, db, "a@example.com")
		if _, err := s.Begin(ctx, o, "stripe", ""); err != nil {
			t.Fatal(err)
		}
		first, _ := db.PendingPayments(ctx, time.Now().Add(time.Hour), time.Time{})
		if len(first) != 1 {
			t.Fatalf("attempts = %+v", first)
		}
		if _, err := s.Begin(ctx, o, "stripe", ""); err != nil {
			t.Fatal(err)
		}
		if !rec.called("POST /v1/checkout/sessions/" + first[0].Reference + "/expire") {
			t.Fatalf("the superseded session was not expired: %v", rec.calls)
		}
		all, _ := db.PendingPayments(ctx, time.Now().Add(time.Hour), time.Time{})
		var newest haat.PaymentAttempt
		for _, a := range all {
			if a.State == haat.PaymentPending {
				newest = a
			}
		}
		if len(all) != 2 || newest.ID == "" || newest.ID == first[0].ID {
			t.Fatalf("attempts after Pay Now = %+v", all)
		}

		// Paid (as Stripe's webhook would say), then cancelled by the seller: a refund through Stripe.
		if err := s.Confirm(ctx, haat.PaymentResult{Provider: "stripe", Reference: newest.Reference, State: haat.PaymentPaid, Amount: 60180, Currency: "usd"}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Refund(ctx, o.ID); haat.ErrorCode(err) != haat.ECONFLICT {
			t.Fatalf("refund of a paid order that is not cancelled: %v", err)
		}
		if _, err := db.SetOrderStatus(ctx, o.ID, haat.StatusCancelled); err != nil {
			t.Fatal(err)
		}
		if !s.CanRefund("stripe") || s.CanRefund("sandbox") {
			t.Fatal("CanRefund")
		}
		got, err := s.Refund(ctx, o.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !rec.called("GET /v1/checkout/sessions/"+newest.Reference) || !rec.called("POST /v1/refunds") {
			t.Fatalf("no refund asked of Stripe: %v", rec.calls)
		}
		if got.Refund != haat.RefundRefunded || len(got.Refunds) != 1 || !strings.HasPrefix(got.Refunds[0].RefundReference, "re_") ||
			got.Refunds[0].Reference != newest.Reference {
			t.Fatalf("refunded order = %+v", got)
		}
		if _, err := s.Refund(ctx, o.ID); haat.ErrorCode(err) != haat.ECONFLICT {
			t.Fatalf("refunded twice: %v", err)
		}
		_ = u
	})
}

// TestStripePartRefund: a refund of part of an order paid through Stripe is made at once through
// Stripe's refunds, of that amount only, keyed by the refund (not the payment), and recorded made;
// a second one of the same payment is a refund of its own.
func TestStripePartRefund(t *testing.T) {
	mock := stripeMock(t)
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		rec := &recorder{}
		p, err := payment.NewStripe(payment.StripeConfig{SecretKey: "sk_test_123", WebhookSecret: webhookSecret, APIURL: mock,
			HTTPClient: &http.Client{Transport: rec}})
		if err != nil {
			t.Fatal(err)
		}
		s, _ := newGateway(db, p)
		_, o := sqlstoretest.OnlineOrder(t, db, "a@example.com") // 2 × rice at 295, and 2% tax
		if _, err := s.Begin(ctx, o, "stripe", ""); err != nil {
			t.Fatal(err)
		}
		pending, _ := db.PendingPayments(ctx, time.Now().Add(time.Hour), time.Time{})
		if err := s.Confirm(ctx, haat.PaymentResult{Provider: "stripe", Reference: pending[0].Reference, State: haat.PaymentPaid, Amount: 60180, Currency: "usd"}); err != nil {
			t.Fatal(err)
		}
		refunds := payment.Refunds{Store: db, Gateway: s}
		got, r, err := refunds.RefundPart(ctx, haat.PartRefund{OrderID: o.ID, Reason: "Torn bag", Way: haat.RefundToPayment,
			Lines: []haat.RefundLine{{Product: o.Items[0].Product.ID, Quantity: 1}}})
		if err != nil {
			t.Fatal(err)
		}
		if r.State != haat.RefundRefunded || r.Amount != 30090 || !strings.HasPrefix(r.RefundReference, "re_") || r.Provider != "stripe" ||
			r.Reference != pending[0].Reference || r.MadeAt == nil || got.Refund != haat.RefundRefunded {
			t.Fatalf("refund = %+v, order refund %q", r, got.Refund)
		}
		_, r2, err := refunds.RefundPart(ctx, haat.PartRefund{OrderID: o.ID, Reason: "Late", Way: haat.RefundToPayment, Amount: 1000})
		if err != nil {
			t.Fatal(err)
		}
		if r2.State != haat.RefundRefunded || r2.Amount != 1020 {
			t.Fatalf("second refund = %+v", r2)
		}
		rec.mu.Lock()
		defer rec.mu.Unlock()
		if len(rec.refunds) != 2 || rec.refunds[0].Get("amount") != "30090" || rec.refunds[1].Get("amount") != "1020" ||
			rec.refunds[0].Get("metadata[refund_id]") != r.ID {
			t.Fatalf("refunds asked of Stripe: %v", rec.refunds)
		}
	})
}
