package api_test

import (
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"haat"
	"haat/api"
	"haat/payment"
	"haat/payment/fonepaytest"
)

// withFonepay offers online payment through Fonepay Dynamic QR, served by the stand-in f. The
// gateway logs to the store's log.
func withFonepay(t *testing.T, f *fonepaytest.Server) option {
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	p, err := payment.NewFonepay(fonepaytest.Config(srv.URL + "/api"))
	if err != nil {
		t.Fatal(err)
	}
	return func(s *api.Server) {
		db := s.Orders.(haat.PaymentAttemptService)
		s.Payments = &payment.Gateway{Attempts: db, Providers: []payment.Provider{p}, Logger: s.Logger}
	}
}

// qrPayment is the shopper's answer about the payment by QR of the page at pageURL.
func (c *client) qrPayment(pageURL string) response {
	c.s.t.Helper()
	u, err := url.Parse(pageURL)
	if err != nil {
		c.s.t.Fatal(err)
	}
	ref := strings.TrimPrefix(u.Path, "/pay/fonepay/")
	return c.get("/api/order/qr?provider=fonepay&reference=" + url.QueryEscape(ref))
}

// TestFonepayCheckout: checkout with Fonepay answers the store's QR page for the order's amount;
// the order stays awaiting payment until Fonepay's status check says it was paid; then it is placed
// and paid once, whatever is asked again.
func TestFonepayCheckout(t *testing.T) {
	f := fonepaytest.New()
	eachStore(t, func(t *testing.T, s *store) {
		cfg := s.client().get("/api/config")
		if m := cfg.body["paymentMethods"].([]any); len(m) != 1 || m[0].(map[string]any)["id"] != "fonepay" || m[0].(map[string]any)["label"] != "Fonepay" {
			t.Fatalf("paymentMethods = %v", cfg.body["paymentMethods"])
		}
		c := s.shopper("")
		addr := c.addAddress()
		c.setCart(map[string]int{s.rice.ID: 2})
		page := c.checkout(addr, "fonepay")
		if !strings.HasPrefix(page, s.server.URL+"/pay/fonepay/") {
			t.Fatalf("url = %s", page)
		}
		prn := strings.TrimPrefix(page, s.server.URL+"/pay/fonepay/")
		r := c.qrPayment(page)
		want(t, r, 200)
		p := r.body["payment"].(map[string]any)
		qr, _ := p["qr"].(map[string]any)
		if p["state"] != "pending" || p["amount"] != 601.8 || p["currency"] != "NPR" || qr == nil || qr["size"].(float64) < 21 || !strings.HasPrefix(qr["path"].(string), "M") {
			t.Fatalf("before paying: %s", r.raw)
		}
		o := c.orders()[0].(map[string]any)
		if o["status"] != "Awaiting Payment" || o["isPaid"] != false || p["orderId"] != o["_id"] {
			t.Fatalf("order before paying = %v", o)
		}

		// Only its shopper may ask.
		want(t, s.shopper("").qrPayment(page), 404, "Payment not found")
		want(t, s.client().qrPayment(page), 401)
		want(t, c.get("/api/order/qr?provider=fonepay"), 400, "Payment provider and reference are required")
		want(t, c.get("/api/order/qr?provider=sandbox&reference="+prn), 404, "Payment not found")

		// Paid at Fonepay: the next question finds it, the order is placed and paid, the cart empty.
		f.Pay(prn)
		r = c.qrPayment(page)
		want(t, r, 200)
		if p := r.body["payment"].(map[string]any); p["state"] != "paid" || p["qr"] != nil {
			t.Fatalf("after paying: %s", r.raw)
		}
		o = c.orders()[0].(map[string]any)
		if o["status"] != "Order Placed" || o["isPaid"] != true || o["canPay"] != false {
			t.Fatalf("order after paying = %v", o)
		}
		if len(c.cart()) != 0 || len(s.sellerOrders()) != 1 {
			t.Fatal("a paid order left the cart full, or did not reach the seller")
		}
	}, withCurrency(haat.NPR), withFonepay(t, f))
}

// TestFonepayForgedAndReplayed: nothing but Fonepay's own status check pays an order: a made-up
// reference, another shopper's, a payment at Fonepay for a reference of nobody's order, and a
// payment asked about again once settled change nothing.
func TestFonepayForgedAndReplayed(t *testing.T) {
	f := fonepaytest.New()
	eachStore(t, func(t *testing.T, s *store) {
		c := s.shopper("")
		addr := c.addAddress()
		c.setCart(map[string]int{s.rice.ID: 2})
		page := c.checkout(addr, "fonepay")
		prn := strings.TrimPrefix(page, s.server.URL+"/pay/fonepay/")

		// Forged: references that are not this shopper's pending payment.
		other := s.shopper("")
		other.setCart(map[string]int{s.rice.ID: 1})
		otherPage := other.checkout(other.addAddress(), "fonepay")
		f.Pay(strings.TrimPrefix(otherPage, s.server.URL+"/pay/fonepay/"))
		want(t, c.qrPayment(otherPage), 404, "Payment not found")
		want(t, c.get("/api/order/qr?provider=fonepay&reference=FORGED0000000000000"), 404, "Payment not found")
		if f.Pay("FORGED0000000000000") {
			t.Fatal("the stand-in paid a QR it never made")
		}
		r := c.qrPayment(page)
		if p := r.body["payment"].(map[string]any); p["state"] != "pending" {
			t.Fatalf("after forged answers: %s", r.raw)
		}
		if o := c.orders()[0].(map[string]any); o["isPaid"] != false || o["status"] != "Awaiting Payment" {
			t.Fatalf("order after forged answers = %v", o)
		}

		// Paid once; asked again and again, it stays paid once, and Fonepay is not asked again.
		f.Pay(prn)
		want(t, c.qrPayment(page), 200)
		checks := f.StatusChecks(prn)
		for range 3 {
			if p := c.qrPayment(page).body["payment"].(map[string]any); p["state"] != "paid" {
				t.Fatalf("asked again: %v", p)
			}
		}
		if f.StatusChecks(prn) != checks {
			t.Fatalf("a settled payment asked Fonepay %d times more", f.StatusChecks(prn)-checks)
		}
		orders := c.orders()
		if len(orders) != 1 || orders[0].(map[string]any)["status"] != "Order Placed" || orders[0].(map[string]any)["isPaid"] != true {
			t.Fatalf("orders after asking again = %v", orders)
		}
		// The other shopper's order is paid at Fonepay, but nobody asked about it yet: the seller
		// sees this one only.
		if seller := s.sellerOrders(); len(seller) != 1 {
			t.Fatalf("seller orders = %d", len(seller))
		}

		// Paying a superseded code: the newer attempt is the order's; the old one is answered as
		// superseded, without its code.
		c.setCart(map[string]int{s.rice.ID: 1})
		first := c.checkout(addr, "fonepay")
		id := c.orders()[0].(map[string]any)["_id"].(string)
		r = c.post("/api/order/pay", map[string]string{"id": id, "method": "fonepay"})
		want(t, r, 200)
		if second := r.body["url"].(string); second == first {
			t.Fatal("pay again gave the same QR")
		}
		r = c.qrPayment(first)
		if p := r.body["payment"].(map[string]any); p["state"] != "superseded" || p["qr"] != nil {
			t.Fatalf("superseded: %s", r.raw)
		}
	}, withCurrency(haat.NPR), withFonepay(t, f))
}

// TestFonepayAmountMismatch: a QR that does not carry the order's amount is never shown: the
// checkout is refused, and the order's payment failed.
func TestFonepayAmountMismatch(t *testing.T) {
	f := fonepaytest.New()
	f.Amount = "1"
	eachStore(t, func(t *testing.T, s *store) {
		c := s.shopper("")
		addr := c.addAddress()
		c.setCart(map[string]int{s.rice.ID: 2})
		want(t, c.post("/api/order/stripe", map[string]any{"items": []any{map[string]any{"product": s.rice.ID, "quantity": 2}}, "address": addr, "method": "fonepay"}),
			503, "The payment provider is not answering. Please try again or choose another method.")
		if o := c.orders()[0].(map[string]any); o["status"] != "Payment Failed" || o["isPaid"] != false {
			t.Fatalf("order after a QR of another amount = %v", o)
		}
		// Not shown to the shopper either.
		want(t, c.get("/api/order/qr?provider=fonepay&reference="+f.PRNs()[0]), 404, "Payment not found")
	}, withCurrency(haat.NPR), withFonepay(t, f))
}
