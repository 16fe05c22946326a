package payment_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"haat"
	"haat/payment"
	"haat/sqlstore"
	"haat/sqlstore/sqlstoretest"
)

// khaltiAPI stands in for KPG-2: initiate and lookup with the documented bodies and status codes.
type khaltiAPI struct {
	mu       sync.Mutex
	statuses map[string]string // pidx → lookup status
	amount   int64             // what lookup says was paid; 0 means the initiated amount
	initiate []map[string]any
	auth     string
	lookups  int // how many lookups were asked
	// refunds are the bodies of the refunds asked, by transaction id.
	refunds map[string][]map[string]any
}

func (k *khaltiAPI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	k.mu.Lock()
	defer k.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	k.auth = r.Header.Get("Authorization")
	if k.auth != "Key test-secret" {
		w.WriteHeader(401)
		fmt.Fprint(w, `{"detail":"Invalid token.","status_code":401}`)
		return
	}
	var body map[string]any
	json.NewDecoder(r.Body).Decode(&body)
	switch r.URL.Path {
	case "/api/v2/epayment/initiate/":
		k.initiate = append(k.initiate, body)
		if body["amount"].(float64) < 1000 {
			w.WriteHeader(400)
			fmt.Fprint(w, `{"amount":["Amount should be greater than Rs. 10, that is 1000 paisa."],"error_key":"validation_error"}`)
			return
		}
		pidx := fmt.Sprintf("pidx%d", len(k.initiate))
		k.statuses[pidx] = "Initiated"
		fmt.Fprintf(w, `{"pidx":%q,"payment_url":"https://test-pay.khalti.com/?pidx=%s","expires_at":"2026-11-22T16:26:16.471649+05:45","expires_in":1800}`, pidx, pidx)
	case "/api/v2/epayment/lookup/":
		k.lookups++
		pidx := body["pidx"].(string)
		st, ok := k.statuses[pidx]
		if !ok {
			w.WriteHeader(404)
			fmt.Fprint(w, `{"detail":"Not found.","error_key":"validation_error"}`)
			return
		}
		amount := k.amount
		if amount == 0 {
			amount = int64(k.initiate[0]["amount"].(float64))
		}
		tx := `null`
		if st == "Completed" || st == "Refunded" {
			tx = `"GFq9PFS7b2iYvL8Lir9oXe"`
		}
		if st == "Expired" || st == "User canceled" {
			w.WriteHeader(400) // as Khalti answers these
		}
		fmt.Fprintf(w, `{"pidx":%q,"total_amount":%d,"status":%q,"transaction_id":%s,"fee":0,"refunded":%v}`, pidx, amount, st, tx, st == "Refunded")
	case "/api/merchant-transaction/GFq9PFS7b2iYvL8Lir9oXe/refund/":
		if k.refunds == nil {
			k.refunds = map[string][]map[string]any{}
		}
		k.refunds["GFq9PFS7b2iYvL8Lir9oXe"] = append(k.refunds["GFq9PFS7b2iYvL8Lir9oXe"], body)
		fmt.Fprint(w, `{"detail":"Transaction refund successful."}`)
	default:
		w.WriteHeader(404)
	}
}

func (k *khaltiAPI) set(pidx, status string) { k.mu.Lock(); k.statuses[pidx] = status; k.mu.Unlock() }

func TestKhaltiFlow(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		k := &khaltiAPI{statuses: map[string]string{}}
		api := httptest.NewServer(k)
		defer api.Close()
		p, err := payment.NewKhalti(payment.KhaltiConfig{SecretKey: "test-secret", APIURL: api.URL + "/api/v2"})
		if err != nil {
			t.Fatal(err)
		}
		s, srv, client := serveCallbacks(t, db, p)
		back := func(pidx string) string {
			t.Helper()
			res, err := client.Get(srv.URL + "/api/payment/khalti/return?pidx=" + pidx + "&status=Completed&amount=60180&purchase_order_id=x")
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			return res.Header.Get("Location")
		}

		u, o := sqlstoretest.OnlineOrderIn(t, db, "a@example.com", haat.NPR)
		s.StoreName = func(context.Context) string { return "Patan Fresh" }
		redirect, err := s.Begin(ctx, o, "khalti", "")
		if err != nil || redirect != "https://test-pay.khalti.com/?pidx=pidx1" {
			t.Fatalf("begin: %q, %v", redirect, err)
		}
		in := k.initiate[0]
		if in["amount"] != 60180.0 || in["return_url"] != srv.URL+"/api/payment/khalti/return" || in["website_url"] != srv.URL || in["purchase_order_id"] == "" {
			t.Fatalf("initiate body = %v", in)
		}
		// The order's name names the store as its seller set it.
		if in["purchase_order_name"] != "Patan Fresh order "+o.ID {
			t.Fatalf("order name %v", in["purchase_order_name"])
		}

		// The return says Completed, but it is not signed: lookup decides.
		if to := back("pidx1"); to != srv.URL+"/loader?next=my-orders" {
			t.Fatalf("return while Initiated: %s", to)
		}
		if st, paid := statusOf(t, db, u); paid || st != haat.StatusAwaitingPayment {
			t.Fatalf("paid on an unsigned return: %s %v", st, paid)
		}
		k.set("pidx1", "Completed")
		k.amount = 100
		back("pidx1")
		if _, paid := statusOf(t, db, u); paid {
			t.Fatal("paid for less than the order")
		}
		k.amount = 0
		if to := back("pidx1"); to != srv.URL+"/loader?next=my-orders" {
			t.Fatalf("return when Completed: %s", to)
		}
		if st, paid := statusOf(t, db, u); !paid || st != haat.StatusOrderPlaced {
			t.Fatalf("after Completed: %s %v", st, paid)
		}

		// Cancelled and expired, which lookup answers with HTTP 400.
		for i, tc := range []struct {
			status string
			want   haat.OrderStatus
		}{{"User canceled", haat.StatusPaymentFailed}, {"Expired", haat.StatusPaymentFailed}} {
			u, o := sqlstoretest.OnlineOrderIn(t, db, fmt.Sprintf("c%d@example.com", i), haat.NPR)
			if _, err := s.Begin(ctx, o, "khalti", ""); err != nil {
				t.Fatal(err)
			}
			pidx := fmt.Sprintf("pidx%d", len(k.initiate))
			k.set(pidx, tc.status)
			if to := back(pidx); to != srv.URL+"/cart" {
				t.Fatalf("%s: back to %s", tc.status, to)
			}
			if st, paid := statusOf(t, db, u); paid || st != tc.want {
				t.Fatalf("%s: %s %v", tc.status, st, paid)
			}
		}
		if to := back("unknown"); to != srv.URL+"/cart" {
			t.Fatalf("unknown pidx: %s", to)
		}
	})
}

func TestKhaltiLookupStatuses(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		k := &khaltiAPI{statuses: map[string]string{}}
		api := httptest.NewServer(k)
		defer api.Close()
		p, _ := payment.NewKhalti(payment.KhaltiConfig{SecretKey: "test-secret", APIURL: api.URL + "/api/v2/"})
		s, _ := newGateway(db, p)
		_, o := sqlstoretest.OnlineOrderIn(t, db, "a@example.com", haat.NPR)
		if _, err := s.Begin(ctx, o, "", ""); err != nil {
			t.Fatal(err)
		}
		a := &haat.PaymentAttempt{Reference: "pidx1"}
		for st, want := range map[string]haat.AttemptState{"Completed": haat.PaymentPaid, "Pending": haat.PaymentPending, "Initiated": haat.PaymentPending,
			"Expired": haat.PaymentExpired, "User canceled": haat.PaymentCancelled, "Refunded": haat.PaymentFailed} {
			k.set("pidx1", st)
			r, err := p.Check(ctx, a)
			if err != nil || r.State != want {
				t.Errorf("%s: %+v, %v", st, r, err)
			}
			if st == "Completed" && (r.Amount != 60180 || r.Currency != "NPR") {
				t.Errorf("Completed: %v %s", r.Amount, r.Currency)
			}
		}
		if _, err := p.Check(ctx, &haat.PaymentAttempt{Reference: "nope"}); err == nil {
			t.Error("a 404 lookup was taken for a status")
		}
		bad, _ := payment.NewKhalti(payment.KhaltiConfig{SecretKey: "wrong", APIURL: api.URL + "/api/v2/"})
		if _, err := bad.Check(ctx, a); err == nil {
			t.Error("an unauthorised lookup was taken for a status")
		}
	})
}

func TestKhaltiRefusals(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		k := &khaltiAPI{statuses: map[string]string{}}
		api := httptest.NewServer(k)
		defer api.Close()
		wrongKey, _ := payment.NewKhalti(payment.KhaltiConfig{SecretKey: "wrong", APIURL: api.URL + "/api/v2/"})
		s, _ := newGateway(db, wrongKey)
		u, o := sqlstoretest.OnlineOrderIn(t, db, "a@example.com", haat.NPR)
		if _, err := s.Begin(ctx, o, "", ""); haat.ErrorCode(err) != haat.EUNAVAILABLE {
			t.Fatalf("initiate with a wrong key: %v", err)
		}
		if st, _ := statusOf(t, db, u); st != haat.StatusPaymentFailed {
			t.Fatalf("order after a refused initiate: %s", st)
		}
		// Below Khalti's minimum of Rs 10: refused with a message, without asking Khalti.
		p, _ := payment.NewKhalti(payment.KhaltiConfig{SecretKey: "test-secret", APIURL: api.URL + "/api/v2/"})
		_, _, err := p.Begin(ctx, payment.Checkout{Attempt: &haat.PaymentAttempt{ID: "a1", Amount: 999}, Order: &haat.Order{ID: "o1"}})
		if haat.ErrorMessage(err) != "Khalti takes payments of Rs. 10 or more" {
			t.Fatalf("below the minimum: %v", err)
		}
		if _, _, err := p.Begin(ctx, payment.Checkout{Attempt: &haat.PaymentAttempt{ID: "a2", Amount: 1000}, Order: &haat.Order{ID: "o2"}}); err != nil {
			t.Fatalf("at the minimum: %v", err)
		}
		if len(k.initiate) != 1 { // the call at the minimum (the wrong key was refused before)
			t.Fatalf("Khalti took %d initiations", len(k.initiate))
		}
	})
}

// TestOrderName: a provider's name of an order names the store, or none for a store without a name.
func TestOrderName(t *testing.T) {
	o := &haat.Order{ID: "0192"}
	if got := (payment.Checkout{Order: o, StoreName: "Haat"}).OrderName(); got != "Haat order 0192" {
		t.Errorf("named: %q", got)
	}
	if got := (payment.Checkout{Order: o}).OrderName(); got != "Order 0192" {
		t.Errorf("unnamed: %q", got)
	}
}

// TestKhaltiPartRefund: a refund of part of an order paid by Khalti is made at once through
// Khalti's Refund API: the transaction from a lookup, then the amount in paisa.
func TestKhaltiPartRefund(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		k := &khaltiAPI{statuses: map[string]string{}}
		api := httptest.NewServer(k)
		defer api.Close()
		p, err := payment.NewKhalti(payment.KhaltiConfig{SecretKey: "test-secret", APIURL: api.URL + "/api/v2"})
		if err != nil {
			t.Fatal(err)
		}
		s, _ := newGateway(db, p)
		_, o := sqlstoretest.OnlineOrderIn(t, db, "k@example.com", haat.NPR)
		if _, err := s.Begin(ctx, o, "khalti", ""); err != nil {
			t.Fatal(err)
		}
		k.set("pidx1", "Completed")
		if err := s.Confirm(ctx, haat.PaymentResult{Provider: "khalti", Reference: "pidx1", State: haat.PaymentPaid, Amount: 60180, Currency: "NPR"}); err != nil {
			t.Fatal(err)
		}
		_, r, err := payment.Refunds{Store: db, Gateway: s}.RefundPart(ctx, haat.PartRefund{OrderID: o.ID, Reason: "Torn bag", Way: haat.RefundToPayment,
			Lines: []haat.RefundLine{{Product: o.Items[0].Product.ID, Quantity: 1}}})
		if err != nil {
			t.Fatal(err)
		}
		k.mu.Lock()
		defer k.mu.Unlock()
		if r.State != haat.RefundRefunded || r.RefundReference != "GFq9PFS7b2iYvL8Lir9oXe" || len(k.refunds["GFq9PFS7b2iYvL8Lir9oXe"]) != 1 ||
			k.refunds["GFq9PFS7b2iYvL8Lir9oXe"][0]["amount"] != float64(r.Amount) || r.Amount != 30090 {
			t.Fatalf("refund = %+v, asked of Khalti: %v", r, k.refunds)
		}
	})
}
