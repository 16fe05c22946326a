package api_test

import (
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"haat"
	"haat/api"
	"haat/payment"
)

// withSandbox offers online payment through the built-in test page.
func withSandbox(s *api.Server) {
	sb := payment.NewSandbox()
	db := s.Orders.(haat.PaymentAttemptService)
	s.Payments = &payment.Gateway{Attempts: db, Providers: []payment.Provider{sb}, Logger: slog.New(slog.DiscardHandler)}
}

// checkout places an online order for two bags of rice and returns the payment page's address.
func (c *client) checkout(addr string, method string) string {
	c.s.t.Helper()
	body := order(c.s.rice.ID, 2, addr)
	if method != "" {
		body["method"] = method
	}
	r := c.post("/api/order/stripe", body)
	want(c.s.t, r, 200)
	u, _ := r.body["url"].(string)
	if u == "" {
		c.s.t.Fatalf("no url: %s", r.raw)
	}
	return u
}

// answer submits the sandbox page's form and returns the status and where it sends the browser.
func (c *client) answer(page, action string, header ...string) (int, string) {
	c.s.t.Helper()
	req, _ := http.NewRequest("POST", page, strings.NewReader(url.Values{"action": {action}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	noFollow := *c.http
	noFollow.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	res, err := noFollow.Do(req)
	if err != nil {
		c.s.t.Fatal(err)
	}
	res.Body.Close()
	return res.StatusCode, res.Header.Get("Location")
}

func TestSandboxPayment(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		cfg := s.client().get("/api/config")
		if m := cfg.body["paymentMethods"].([]any); len(m) != 1 || m[0].(map[string]any)["id"] != "sandbox" || m[0].(map[string]any)["label"] != "Test payment" {
			t.Fatalf("paymentMethods = %v", cfg.body["paymentMethods"])
		}
		c := s.shopper("")
		addr := c.addAddress()
		c.setCart(map[string]int{s.rice.ID: 2})

		page := c.checkout(addr, "sandbox")
		if !strings.HasPrefix(page, s.server.URL+"/api/payment/sandbox/") {
			t.Fatalf("url = %s", page)
		}
		o := c.orders()[0].(map[string]any)
		if o["status"] != "Awaiting Payment" || o["isPaid"] != false || o["paymentType"] != "Online" || o["canPay"] != true {
			t.Fatalf("order before payment = %v", o)
		}
		if len(c.cart()) != 1 || len(s.sellerOrders()) != 0 {
			t.Fatal("an unpaid online order emptied the cart or reached the seller")
		}
		res, err := c.http.Get(page)
		if err != nil {
			t.Fatal(err)
		}
		html, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || !strings.Contains(string(html), "Test mode: no money moves") || !strings.Contains(string(html), "$601.80") {
			t.Fatalf("test page %d: %s", res.StatusCode, html)
		}

		if st, _ := c.answer(page, "pay", "Sec-Fetch-Site", "cross-site"); st != 403 {
			t.Fatalf("cross-site pay: %d", st)
		}
		st, to := c.answer(page, "pay")
		if st != 303 || to != s.server.URL+"/loader?next=my-orders" {
			t.Fatalf("pay: %d → %s", st, to)
		}
		o = c.orders()[0].(map[string]any)
		if o["status"] != "Order Placed" || o["isPaid"] != true || o["canPay"] != false {
			t.Fatalf("order after payment = %v", o)
		}
		if len(c.cart()) != 0 {
			t.Fatal("a paid order left the cart full")
		}
		seller := s.sellerOrders()
		if len(seller) != 1 || seller[0].(map[string]any)["isPaid"] != true {
			t.Fatalf("seller orders = %v", seller)
		}
		// Paying again, or cancelling afterwards, changes nothing.
		for _, action := range []string{"pay", "cancel"} {
			if st, _ := c.answer(page, action); st != 409 {
				t.Fatalf("%s after payment: %d", action, st)
			}
		}
		if o := c.orders()[0].(map[string]any); o["status"] != "Order Placed" || o["isPaid"] != true {
			t.Fatalf("order after a second answer = %v", o)
		}

		// A cancelled payment leaves the order unpaid, marked failed, and the cart as it was.
		c.setCart(map[string]int{s.rice.ID: 2})
		page = c.checkout(addr, "")
		st, to = c.answer(page, "cancel")
		if st != 303 || to != s.server.URL+"/cart" {
			t.Fatalf("cancel: %d → %s", st, to)
		}
		o = c.orders()[0].(map[string]any)
		if o["status"] != "Payment Failed" || o["isPaid"] != false || o["canPay"] != true {
			t.Fatalf("cancelled order = %v", o)
		}
		if len(c.cart()) != 1 || len(s.sellerOrders()) != 1 {
			t.Fatal("a cancelled payment emptied the cart or reached the seller")
		}
		if st, _ := c.answer(page, "pay"); st != 409 {
			t.Fatalf("pay after cancel: %d", st)
		}
		if o := c.orders()[0].(map[string]any); o["status"] != "Payment Failed" || o["isPaid"] != false {
			t.Fatalf("cancelled order after a late pay = %v", o)
		}

		// Refused before any order is stored.
		n := len(c.orders())
		want(t, c.post("/api/order/stripe", map[string]any{"items": []any{map[string]any{"product": s.rice.ID, "quantity": 1}}, "address": addr, "method": "bitcoin"}),
			400, `Unknown payment method "bitcoin"`)
		if len(c.orders()) != n {
			t.Fatal("an order was stored for an unknown method")
		}
		if st, _ := c.answer(s.server.URL+"/api/payment/sandbox/nope", "pay"); st != 404 {
			t.Fatalf("unknown attempt: %d", st)
		}
	}, withSandbox)
}

// TestPayAgain: an online order whose payment failed can be paid again from My Orders, by its
// shopper only, and only while it is unpaid.
func TestPayAgain(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.shopper("")
		addr := c.addAddress()
		c.setCart(map[string]int{s.rice.ID: 2})
		c.answer(c.checkout(addr, ""), "cancel")
		id := c.orders()[0].(map[string]any)["_id"].(string)

		other := s.shopper("")
		want(t, other.post("/api/order/pay", map[string]string{"id": id}), 404, "Order not found")
		want(t, s.client().post("/api/order/pay", map[string]string{"id": id}), 401)
		want(t, c.post("/api/order/pay", map[string]string{"id": id, "method": "bitcoin"}), 400, `Unknown payment method "bitcoin"`)

		r := c.post("/api/order/pay", map[string]string{"id": id})
		want(t, r, 200)
		page := r.body["url"].(string)
		if st, _ := c.answer(page, "pay"); st != 303 {
			t.Fatalf("pay: %d", st)
		}
		o := c.orders()[0].(map[string]any)
		if len(c.orders()) != 1 || o["status"] != "Order Placed" || o["isPaid"] != true {
			t.Fatalf("order after paying again = %v", o)
		}
		if len(c.cart()) != 0 {
			t.Fatal("the cart was kept after the order was paid")
		}
		want(t, c.post("/api/order/pay", map[string]string{"id": id}), 409, "This order does not await payment")

		want(t, c.post("/api/order/cod", order(s.rice.ID, 1, addr)), 200)
		cod := c.orders()[0].(map[string]any)["_id"].(string)
		want(t, c.post("/api/order/pay", map[string]string{"id": cod}), 409, "This order does not await payment")
	}, withSandbox)
}

// TestPaymentCallbackErrors: the providers' callback routes answer their errors as every API
// call does, in JSON.
func TestPaymentCallbackErrors(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.shopper("")
		c.setCart(map[string]int{s.rice.ID: 2})
		page := strings.TrimPrefix(c.checkout(c.addAddress(), "sandbox"), s.server.URL)

		want(t, s.client().get(page), 401, "Please log in to pay for your order")
		want(t, s.shopper("").get(page), 404, "Unknown test payment")
		want(t, c.get("/api/payment/sandbox/nope"), 404, "Unknown test payment")
		want(t, c.post(page, `{}`, "Sec-Fetch-Site", "cross-site"), 403, "Cross-site request refused")
		r := c.do("PUT", page, nil, "")
		want(t, r, 405, "Method Not Allowed")
		if r.header.Get("Allow") != "GET, HEAD, POST" {
			t.Fatalf("Allow %q", r.header.Get("Allow"))
		}
		want(t, c.get("/api/payment/nothing"), 404, "Not Found")
		if o := c.orders()[0].(map[string]any); o["status"] != "Awaiting Payment" {
			t.Fatalf("order after refused answers = %v", o)
		}
	}, withSandbox)
}
