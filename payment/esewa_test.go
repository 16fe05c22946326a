package payment_test

import (
	"encoding/base64"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"

	"haat"
	"haat/payment"
	"haat/sqlstore"
	"haat/sqlstore/sqlstoretest"
)

const esewaSecret, esewaProduct = "8gBm/:&EnhH.1/q", "EPAYTEST"

func TestEsewaSignatureVector(t *testing.T) {
	got := payment.EsewaSignature(esewaSecret, "total_amount=110,transaction_uuid=241028,product_code=EPAYTEST")
	if got != "i94zsd3oXF6ZsSr/kGqT4sSzYQzjj1W/waxjWyRwaME=" {
		t.Fatalf("signature = %s", got)
	}
}

// esewaAnswer is the data eSewa appends to the success URL, signed over names with secret.
func esewaAnswer(secret string, fields map[string]string, names string) string {
	fields["signed_field_names"] = names
	var parts []string
	for _, n := range strings.Split(names, ",") {
		parts = append(parts, n+"="+fields[n])
	}
	fields["signature"] = payment.EsewaSignature(secret, strings.Join(parts, ","))
	var kv []string
	for k, v := range fields {
		kv = append(kv, fmt.Sprintf("%q:%q", k, v))
	}
	return base64.StdEncoding.EncodeToString([]byte("{" + strings.Join(kv, ",") + "}"))
}

const esewaNames = "transaction_code,status,total_amount,transaction_uuid,product_code,signed_field_names"

func esewaFields(uuid, amount string) map[string]string {
	return map[string]string{"transaction_code": "000AWEO", "status": "COMPLETE", "total_amount": amount,
		"transaction_uuid": uuid, "product_code": esewaProduct}
}

func TestEsewaAnswerVerification(t *testing.T) {
	ok := esewaAnswer(esewaSecret, esewaFields("241028", "1000.0"), esewaNames)
	fields, err := payment.VerifyEsewaAnswer(esewaSecret, esewaProduct, ok)
	if err != nil || fields["transaction_uuid"] != "241028" || fields["total_amount"] != "1000.0" {
		t.Fatalf("valid answer: %v, %v", fields, err)
	}
	// Numbers are checked exactly as eSewa wrote them.
	numeric := base64.StdEncoding.EncodeToString([]byte(fmt.Sprintf(
		`{"transaction_code":"000AWEO","status":"COMPLETE","total_amount":1000.0,"transaction_uuid":"241028","product_code":"EPAYTEST","signed_field_names":%q,"signature":%q}`,
		"total_amount,transaction_uuid,product_code,status",
		payment.EsewaSignature(esewaSecret, "total_amount=1000.0,transaction_uuid=241028,product_code=EPAYTEST,status=COMPLETE"))))
	if _, err := payment.VerifyEsewaAnswer(esewaSecret, esewaProduct, numeric); err != nil {
		t.Fatalf("numeric amount: %v", err)
	}

	raw, _ := base64.StdEncoding.DecodeString(ok)
	tampered := base64.StdEncoding.EncodeToString([]byte(strings.Replace(string(raw), `"1000.0"`, `"10.0"`, 1)))
	for name, data := range map[string]string{
		"amount changed":      tampered,
		"status not signed":   esewaAnswer(esewaSecret, esewaFields("241028", "1000.0"), "total_amount,transaction_uuid,product_code"),
		"amount not signed":   esewaAnswer(esewaSecret, esewaFields("241028", "1000.0"), "status,transaction_uuid,product_code"),
		"other product code":  esewaAnswer(esewaSecret, map[string]string{"status": "COMPLETE", "total_amount": "1000.0", "transaction_uuid": "241028", "product_code": "OTHERMERCHANT"}, esewaNames),
		"other secret":        esewaAnswer("not-the-secret", esewaFields("241028", "1000.0"), esewaNames),
		"signed field absent": esewaAnswer(esewaSecret, esewaFields("241028", "1000.0"), esewaNames+",ref_id"),
		"not base64":          "%%%",
		"not JSON":            base64.StdEncoding.EncodeToString([]byte("COMPLETE")),
	} {
		if _, err := payment.VerifyEsewaAnswer(esewaSecret, esewaProduct, data); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// esewaStatus stands in for eSewa's status API: it answers the status set for a transaction
// with the documented body, and a documented error body for "ERROR".
type esewaStatus struct {
	mu       sync.Mutex
	statuses map[string]string
	amounts  map[string]string
	asked    []url.Values
}

func (e *esewaStatus) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	e.mu.Lock()
	defer e.mu.Unlock()
	q := r.URL.Query()
	e.asked = append(e.asked, q)
	uuid := q.Get("transaction_uuid")
	st := e.statuses[uuid]
	w.Header().Set("Content-Type", "application/json")
	if st == "ERROR" {
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprint(w, `{"code":0,"error_message":"Service is currently unavailable"}`)
		return
	}
	amount := q.Get("total_amount")
	if a, ok := e.amounts[uuid]; ok {
		amount = a
	}
	ref := `null`
	if st == "COMPLETE" {
		ref = `"0001TS9"`
	}
	fmt.Fprintf(w, `{"product_code":%q,"transaction_uuid":%q,"total_amount":%s,"status":%q,"ref_id":%s}`, q.Get("product_code"), uuid, amount, st, ref)
}

func (e *esewaStatus) set(uuid, status string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.statuses[uuid] = status
}

func TestEsewaFlow(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		status := &esewaStatus{statuses: map[string]string{}, amounts: map[string]string{}}
		api := httptest.NewServer(status)
		defer api.Close()
		p, err := payment.NewEsewa(payment.EsewaConfig{ProductCode: esewaProduct, SecretKey: esewaSecret,
			FormURL: payment.EsewaUATFormURL, StatusURL: api.URL + "/api/epay/transaction/status/"})
		if err != nil {
			t.Fatal(err)
		}
		s, srv, client := serveCallbacks(t, db, p)
		get := func(path string) (*http.Response, string) {
			t.Helper()
			res, err := client.Get(srv.URL + path)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			body, _ := io.ReadAll(res.Body)
			return res, string(body)
		}
		begin := func(email string) (*haat.User, string) {
			u, o := sqlstoretest.OnlineOrderIn(t, db, email, haat.NPR)
			redirect, err := s.Begin(ctx, o, "esewa", "")
			if err != nil {
				t.Fatal(err)
			}
			return u, strings.TrimPrefix(redirect, srv.URL)
		}

		// The page posts the signed form to eSewa's UAT form, and its CSP lets it.
		u, page := begin("a@example.com")
		res, html := get(page)
		if res.StatusCode != 200 || !strings.Contains(html, `action="https://rc-epay.esewa.com.np/api/epay/main/v2/form"`) ||
			!strings.Contains(res.Header.Get("Content-Security-Policy"), "form-action https://rc-epay.esewa.com.np") {
			t.Fatalf("pay page %d %s\n%s", res.StatusCode, res.Header.Get("Content-Security-Policy"), html)
		}
		field := func(name string) string {
			m := regexp.MustCompile(`name="` + name + `" value="([^"]*)"`).FindStringSubmatch(html)
			if m == nil {
				t.Fatalf("form lacks %s:\n%s", name, html)
			}
			return strings.ReplaceAll(m[1], "&#43;", "+")
		}
		uuid := field("transaction_uuid")
		if field("total_amount") != "601.8" || field("product_code") != esewaProduct ||
			field("signed_field_names") != "total_amount,transaction_uuid,product_code" ||
			field("signature") != payment.EsewaSignature(esewaSecret, "total_amount=601.8,transaction_uuid="+uuid+",product_code=EPAYTEST") ||
			field("success_url") != srv.URL+"/api/payment/esewa/return" {
			t.Fatalf("form fields:\n%s", html)
		}

		// A forged answer is refused and changes nothing.
		res, _ = get("/api/payment/esewa/return?data=" + url.QueryEscape(esewaAnswer("forged", esewaFields(uuid, "601.8"), esewaNames)))
		if res.StatusCode != 400 {
			t.Fatalf("forged answer: %d", res.StatusCode)
		}
		// A signed answer whose payment eSewa's status API does not confirm (yet) is not paid.
		answer := esewaAnswer(esewaSecret, esewaFields(uuid, "601.8"), esewaNames)
		for _, answered := range []string{"PENDING", "NOT_FOUND", "ERROR"} {
			status.set(uuid, answered)
			res, _ = get("/api/payment/esewa/return?data=" + url.QueryEscape(answer))
			if res.StatusCode != 303 {
				t.Fatalf("%s: %d", answered, res.StatusCode)
			}
			if st, paid := statusOf(t, db, u); paid || st != haat.StatusAwaitingPayment {
				t.Fatalf("status API said %s: order %s, paid %v", answered, st, paid)
			}
		}
		// COMPLETE, but for less than the order: refused.
		status.set(uuid, "COMPLETE")
		status.amounts[uuid] = "100.0"
		get("/api/payment/esewa/return?data=" + url.QueryEscape(answer))
		if _, paid := statusOf(t, db, u); paid {
			t.Fatal("paid for a smaller amount")
		}
		delete(status.amounts, uuid)
		res, _ = get("/api/payment/esewa/return?data=" + url.QueryEscape(answer))
		if res.StatusCode != 303 || res.Header.Get("Location") != srv.URL+"/loader?next=my-orders" {
			t.Fatalf("complete: %d %s", res.StatusCode, res.Header.Get("Location"))
		}
		if st, paid := statusOf(t, db, u); !paid || st != haat.StatusOrderPlaced {
			t.Fatalf("after COMPLETE: %s %v", st, paid)
		}

		// The failure return: eSewa says CANCELED, so the attempt is; the shopper goes to the cart.
		u2, page2 := begin("b@example.com")
		_, html = get(page2)
		uuid2 := regexp.MustCompile(`name="transaction_uuid" value="([^"]*)"`).FindStringSubmatch(html)[1]
		status.set(uuid2, "CANCELED")
		res, _ = get("/api/payment/esewa/failure?ref=" + uuid2)
		if res.Header.Get("Location") != srv.URL+"/cart" {
			t.Fatalf("failure return: %s", res.Header.Get("Location"))
		}
		if st, paid := statusOf(t, db, u2); paid || st != haat.StatusPaymentFailed {
			t.Fatalf("after CANCELED: %s %v", st, paid)
		}
		// A settled attempt's pay page sends the shopper away instead of posting again.
		if res, _ := get(page2); res.StatusCode != 303 {
			t.Fatalf("pay page of a settled attempt: %d", res.StatusCode)
		}
	})
}

func TestEsewaCheckStatuses(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		status := &esewaStatus{statuses: map[string]string{}, amounts: map[string]string{}}
		api := httptest.NewServer(status)
		defer api.Close()
		p, _ := payment.NewEsewa(payment.EsewaConfig{ProductCode: esewaProduct, SecretKey: esewaSecret,
			FormURL: payment.EsewaUATFormURL, StatusURL: api.URL + "/status/"})
		s, _ := newGateway(db, p)
		_, o := sqlstoretest.OnlineOrderIn(t, db, "a@example.com", haat.NPR)
		if _, err := s.Begin(ctx, o, "", ""); err != nil {
			t.Fatal(err)
		}
		pending, _ := db.PendingPayments(ctx, o.CreatedAt.Add(1e12), o.CreatedAt)
		a := &pending[0]
		for st, want := range map[string]haat.AttemptState{"COMPLETE": haat.PaymentPaid, "PENDING": haat.PaymentPending, "AMBIGUOUS": haat.PaymentPending,
			"NOT_FOUND": haat.PaymentPending, "CANCELED": haat.PaymentCancelled, "FULL_REFUND": haat.PaymentFailed} {
			status.set(a.ID, st)
			r, err := p.Check(ctx, a)
			if err != nil || r.State != want {
				t.Errorf("%s: %+v, %v", st, r, err)
			}
			if st == "COMPLETE" && (r.Amount != 60180 || r.Currency != "NPR") {
				t.Errorf("COMPLETE amount %v %s", r.Amount, r.Currency)
			}
		}
		status.set(a.ID, "ERROR")
		if _, err := p.Check(ctx, a); err == nil {
			t.Error("an error answer was taken for a status")
		}
		q := status.asked[0]
		if q.Get("product_code") != esewaProduct || q.Get("total_amount") != "601.8" || q.Get("transaction_uuid") != a.ID {
			t.Errorf("status query = %v", q)
		}
	})
}
