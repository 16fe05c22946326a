package payment_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"haat"
	"haat/payment"
	"haat/payment/fonepaytest"
	"haat/sqlstore"
	"haat/sqlstore/sqlstoretest"
)

// TestFonepaySignatureVectors: dataValidation as Fonepay's document computes it (HMAC-SHA512 in
// hex): its worked example, and the signature of its request example, whose PRN is the long one.
// The status check's message (PRN,MERCHANT-CODE) is signed the same way; its vector was computed
// with `printf '5d76d323-d1f6,NBQM' | openssl dgst -sha512 -hmac a7e3512f5032480a83137793cb2021dc`.
func TestFonepaySignatureVectors(t *testing.T) {
	const key = "a7e3512f5032480a83137793cb2021dc"
	for message, want := range map[string]string{
		"14,5d76d323-d1f6,NBQM,test1,test2":                        "5ae718032328ae5615fa4694dfbf3ecd13432bd49031e7285a3f8bc122ecbb8e833e83c7a11f895d30f3e8fd1906317aece113675166ae0d804ecf32a8bbdbaf",
		"14,5d76d323-d1f6-4a38-8231-0063f9581c98,NBQM,test1,test2": "43d2f0939e58e038c3122cc1e65f86af01998dce3e9f70a41a664dc0dbd45dfd74b4c4cbb77afef8a5ae9854ab48fcbd7edfc93156f663a8c60f28830eaca7d7",
		"5d76d323-d1f6,NBQM":                                       "16c3b65023eeb61982ca69fd9062689a24ac26479c49271022137f718bdbec64224cdf9080f3c82b517389aa84821dccdefd0a024a60d4c7da2d0a7d092da47d",
	} {
		if got := payment.FonepaySignature(key, message); got != want {
			t.Errorf("%s: %s", message, got)
		}
	}
	// The document's request example on its development server, with its test merchant.
	if got := payment.FonepaySignature("fonepay", "50,check,fonepay123,test1,test2"); got != "f036eb09c5402a91e1926e904a423e66d041add18423959dad512b6f5fa37f1ea023197f6faae42f84b357914f5ed77723255d108b38c20c058677cfc8ac4204" {
		t.Errorf("development example: %s", got)
	}
}

// TestQRAmount reads field 54 of the document's example QR, and of the stand-in's.
func TestQRAmount(t *testing.T) {
	example := "000201010212153137910524005204460000000NBQM:29226400011fonepay.com0104NBQM020329206061367695204541153035245402145802NP5911Fonepaytest6008District622107032292021098418456336304d3f7"
	if m, err := payment.QRAmount(example); err != nil || m != 1400 {
		t.Errorf("document's QR: %v, %v", m, err)
	}
	if m, err := payment.QRAmount(fonepaytest.QRMessage("fonepay123", "601.8", "ABC")); err != nil || m != 60180 {
		t.Errorf("stand-in's QR: %v, %v", m, err)
	}
	for _, qr := range []string{"", "000201", "0002015802NP", "00020154xx"} {
		if _, err := payment.QRAmount(qr); err == nil {
			t.Errorf("%q: an amount", qr)
		}
	}
}

// fonepayAPI serves a stand-in of Fonepay and returns it with a provider configured for it.
func fonepayAPI(t *testing.T) (*fonepaytest.Server, *payment.Fonepay) {
	t.Helper()
	f := fonepaytest.New()
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	p, err := payment.NewFonepay(fonepaytest.Config(srv.URL + "/api"))
	if err != nil {
		t.Fatal(err)
	}
	return f, p
}

// TestFonepayQRRequest: the QR request's body is the documented one, signed over its fields in the
// documented order, for the amount asked; remarks are kept to what Fonepay takes.
func TestFonepayQRRequest(t *testing.T) {
	f, p := fonepayAPI(t)
	qr, socket, err := p.CreateQR(ctx, 60180, "PRN0001", "Patan Fresh (पाटन)", "Order 1042, at the door please")
	if err != nil {
		t.Fatal(err)
	}
	if m, _ := payment.QRAmount(qr); m != 60180 || !strings.HasPrefix(socket, "ws://") {
		t.Fatalf("qr %q, socket %q", qr, socket)
	}
	got := f.QRRequests[0]
	want := payment.FonepayQRRequest{Amount: "601.8", Remarks1: "Patan Fresh", Remarks2: "Order 1042 at the door pl", PRN: "PRN0001",
		MerchantCode: "fonepay123", Username: "bijayk", Password: "password"}
	want.DataValidation = payment.FonepaySignature("fonepay", "601.8,PRN0001,fonepay123,Patan Fresh,Order 1042 at the door pl")
	if got != want {
		t.Fatalf("body\n%+v\nwant\n%+v", got, want)
	}
	// A PRN is used once.
	if _, _, err := p.CreateQR(ctx, 60180, "PRN0001", "a", "b"); err == nil || !strings.Contains(err.Error(), "Duplicate PRN") {
		t.Fatalf("PRN used twice: %v", err)
	}
	// A code for another amount than asked is never shown.
	f.Amount = "6.02"
	if _, _, err := p.CreateQR(ctx, 60180, "PRN0002", "a", "b"); err == nil {
		t.Fatal("a QR of another amount was taken")
	}
	f.Amount = ""
	// Fonepay's refusals: a wrong secret (dataValidation), a wrong user.
	for name, c := range map[string]payment.FonepayConfig{
		"secret":   {MerchantCode: fonepaytest.MerchantCode, SecretKey: "wrong", Username: fonepaytest.Username, Password: fonepaytest.Password},
		"password": {MerchantCode: fonepaytest.MerchantCode, SecretKey: fonepaytest.SecretKey, Username: fonepaytest.Username, Password: "wrong"},
	} {
		c.APIURL = serveAPI(t, f)
		bad, _ := payment.NewFonepay(c)
		if _, _, err := bad.CreateQR(ctx, 60180, "PRN-"+name, "a", "b"); err == nil {
			t.Errorf("wrong %s: a QR", name)
		}
		if _, err := bad.QRStatus(ctx, "PRN0001"); err == nil {
			t.Errorf("wrong %s: a status", name)
		}
	}
}

// serveAPI serves f on a server of its own and returns its API root.
func serveAPI(t *testing.T, f *fonepaytest.Server) string {
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	return srv.URL + "/api"
}

// fonepayStatus answers status checks with a body a test sets.
type fonepayStatus struct{ body string }

func (s *fonepayStatus) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	fmt.Fprint(w, s.body)
}

// TestFonepayStatusParsing: only success for the PRN and merchant asked about pays; failed and
// pending wait; anything else is an error, not a state.
func TestFonepayStatusParsing(t *testing.T) {
	s := &fonepayStatus{}
	srv := httptest.NewServer(s)
	defer srv.Close()
	p, _ := payment.NewFonepay(fonepaytest.Config(srv.URL + "/api"))
	for _, tc := range []struct {
		body string
		want haat.AttemptState // "" for an error
	}{
		{`{"fonepayTraceId":17404,"merchantCode":"fonepay123","paymentStatus":"success","prn":"P1"}`, haat.PaymentPaid},
		{`{"fonepayTraceId":17420,"merchantCode":"fonepay123","paymentStatus":"failed","prn":"P1"}`, haat.PaymentPending},
		{`{"fonepayTraceId":17420,"merchantCode":"fonepay123","paymentStatus":"pending","prn":"P1"}`, haat.PaymentPending},
		{`{"fonepayTraceId":17404,"merchantCode":"fonepay123","paymentStatus":"success","prn":"P2"}`, ""},
		{`{"fonepayTraceId":17404,"merchantCode":"NBQM","paymentStatus":"success","prn":"P1"}`, ""},
		{`{"documentation":"Merchant request Exception","errorCode":406,"message":"Data Validation Failed"}`, ""},
		{`{"paymentStatus":"refunded","prn":"P1"}`, ""},
		{`<html>`, ""},
	} {
		s.body = tc.body
		got, err := p.QRStatus(ctx, "P1")
		if got != tc.want || (tc.want == "") != (err != nil) {
			t.Errorf("%s: %q, %v", tc.body, got, err)
		}
	}
}

// TestFonepayFlow: checkout asks for a QR of the order's amount and sends the shopper to the
// store's page of it; the order is paid only when the status check says so, once, and only its
// shopper learns about it.
func TestFonepayFlow(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		f, p := fonepayAPI(t)
		g, _ := newGateway(db, p)
		u, o := sqlstoretest.OnlineOrderIn(t, db, "a@example.com", haat.NPR)
		redirect, err := g.Begin(ctx, o, "fonepay", "")
		if err != nil {
			t.Fatal(err)
		}
		prns := f.PRNs()
		if len(prns) != 1 || redirect != "https://haat.example/pay/fonepay/"+prns[0] || len(prns[0]) > 25 {
			t.Fatalf("redirect %s, PRNs %v", redirect, prns)
		}
		prn := prns[0]
		if f.QRRequests[0].Amount != "601.8" {
			t.Fatalf("QR asked for %s", f.QRRequests[0].Amount)
		}

		// Before it is paid: pending, with the code.
		qp, err := g.QRPayment(ctx, u.ID, "fonepay", prn)
		if err != nil || qp.State != haat.PaymentPending || qp.QR == nil || qp.QR.Size < 21 || qp.Amount != 60180 || qp.OrderID != o.ID {
			t.Fatalf("before paying: %+v, %v", qp, err)
		}
		if st, paid := statusOf(t, db, u); paid || st != haat.StatusAwaitingPayment {
			t.Fatalf("before paying: %s %v", st, paid)
		}
		// Nobody else learns of it.
		for _, tc := range [][3]string{{"someone", "fonepay", prn}, {u.ID, "sandbox", prn}, {u.ID, "fonepay", "NOPE"}, {u.ID, "fonepay", ""}} {
			if _, err := g.QRPayment(ctx, tc[0], tc[1], tc[2]); haat.ErrorCode(err) != haat.ENOTFOUND {
				t.Errorf("%v: %v", tc, err)
			}
		}

		// Paid: the status check says so, and the order is placed and paid, without its code.
		f.Pay(prn)
		qp, err = g.QRPayment(ctx, u.ID, "fonepay", prn)
		if err != nil || qp.State != haat.PaymentPaid || qp.QR != nil {
			t.Fatalf("after paying: %+v, %v", qp, err)
		}
		if st, paid := statusOf(t, db, u); !paid || st != haat.StatusOrderPlaced {
			t.Fatalf("after paying: %s %v", st, paid)
		}
		// Asked again, answered from the store: Fonepay is not asked about a settled payment.
		checks := f.StatusChecks(prn)
		if qp, err := g.QRPayment(ctx, u.ID, "fonepay", prn); err != nil || qp.State != haat.PaymentPaid || f.StatusChecks(prn) != checks {
			t.Fatalf("again: %+v, %v, %d checks", qp, err, f.StatusChecks(prn)-checks)
		}
		if err := g.Reconcile(ctx, 0); err != nil || f.StatusChecks(prn) != checks {
			t.Fatalf("reconcile after paying: %v, %d checks", err, f.StatusChecks(prn)-checks)
		}
	})
}

// TestFonepayReconcile: a QR paid while nobody watched its page is found by the reconciliation; one
// left unpaid expires with its window.
func TestFonepayReconcile(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		f, p := fonepayAPI(t)
		g, _ := newGateway(db, p)
		now := time.Now()
		g.Now = func() time.Time { return now }
		u, o := sqlstoretest.OnlineOrderIn(t, db, "a@example.com", haat.NPR)
		if _, err := g.Begin(ctx, o, "", ""); err != nil {
			t.Fatal(err)
		}
		f.Pay(f.PRNs()[0])
		if err := g.Reconcile(ctx, -time.Minute); err != nil {
			t.Fatal(err)
		}
		if st, paid := statusOf(t, db, u); !paid || st != haat.StatusOrderPlaced {
			t.Fatalf("paid while away: %s %v", st, paid)
		}

		v, o2 := sqlstoretest.OnlineOrderIn(t, db, "b@example.com", haat.NPR)
		if _, err := g.Begin(ctx, o2, "", ""); err != nil {
			t.Fatal(err)
		}
		now = now.Add(p.Window() + time.Minute)
		db.Now = g.Now
		if err := g.Reconcile(ctx, time.Minute); err != nil {
			t.Fatal(err)
		}
		orders, _ := db.UserOrders(ctx, v.ID)
		if len(orders) != 1 || orders[0].IsPaid || orders[0].Status == haat.StatusOrderPlaced || orders[0].Status == haat.StatusAwaitingPayment {
			t.Fatalf("unpaid past its window: %+v", orders)
		}
	})
}

// TestFonepayRefusals: a store in dollars, and a Fonepay that refuses the request, start nothing.
func TestFonepayRefusals(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		f, _ := fonepayAPI(t)
		c := fonepaytest.Config(serveAPI(t, f))
		c.SecretKey = "wrong"
		bad, _ := payment.NewFonepay(c)
		g, _ := newGateway(db, bad)
		u, o := sqlstoretest.OnlineOrderIn(t, db, "a@example.com", haat.NPR)
		if _, err := g.Begin(ctx, o, "", ""); haat.ErrorCode(err) != haat.EUNAVAILABLE {
			t.Fatalf("refused QR request: %v", err)
		}
		if st, _ := statusOf(t, db, u); st != haat.StatusPaymentFailed {
			t.Fatalf("order after a refused QR request: %s", st)
		}
		if _, err := payment.NewFonepay(payment.FonepayConfig{MerchantCode: "m", SecretKey: "s"}); err == nil {
			t.Error("a Fonepay without user, password and URL")
		}
	})
}
