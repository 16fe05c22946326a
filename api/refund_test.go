package api_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"haat"
)

// pageStatus fetches a payment page with c's cookies and returns its status.
func (c *client) pageStatus(page string) int {
	c.s.t.Helper()
	res, err := c.http.Get(page)
	if err != nil {
		c.s.t.Fatal(err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res.StatusCode
}

// postAs sends v as JSON with the Host header host and the other headers (name, value pairs).
func (c *client) postAs(path string, v any, host string, header ...string) response {
	c.s.t.Helper()
	b, _ := json.Marshal(v)
	req, _ := http.NewRequest("POST", c.s.server.URL+path, bytes.NewReader(b))
	req.Host = host
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	res := c.sendAs(req)
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	r := response{status: res.StatusCode, header: res.Header, raw: raw}
	json.Unmarshal(raw, &r.body)
	return r
}

// sendAs sends a request whose Host differs from the test server's with c's cookies of the test
// server (the cookie jar would look for cookies of the Host), without following redirects.
func (c *client) sendAs(req *http.Request) *http.Response {
	c.s.t.Helper()
	u, _ := url.Parse(c.s.server.URL)
	for _, ck := range c.http.Jar.Cookies(u) {
		req.AddCookie(ck)
	}
	noJar := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := noJar.Do(req)
	if err != nil {
		c.s.t.Fatal(err)
	}
	return res
}

// attempts returns the order's payment attempts that are pending or superseded, by state.
func (s *store) attempts(orderID string) map[haat.AttemptState]int {
	s.t.Helper()
	list, err := s.db.PendingPayments(ctx, time.Now().Add(time.Hour), time.Time{})
	if err != nil {
		s.t.Fatal(err)
	}
	out := map[haat.AttemptState]int{}
	for _, a := range list {
		if a.OrderID == orderID {
			out[a.State]++
		}
	}
	return out
}

// TestSandboxPageIsTheShoppers: the test payment page can be seen, paid and cancelled only with
// the session of the shopper whose order it is; before, anyone who had the link could mark the
// order paid. An order paid there says it was a test payment, to the shopper and the seller.
func TestSandboxPageIsTheShoppers(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.shopper("")
		addr := c.addAddress()
		c.setCart(map[string]int{s.rice.ID: 2})
		page := c.checkout(addr, "sandbox")
		id := c.orders()[0].(map[string]any)["_id"].(string)

		for name, tc := range map[string]struct {
			who  *client
			want int
		}{
			"signed out":      {s.client(), 401},
			"another shopper": {s.shopper(""), 404},
			"the seller":      {s.seller(), 401},
		} {
			if st := tc.who.pageStatus(page); st != tc.want {
				t.Errorf("%s sees the test page: %d, want %d", name, st, tc.want)
			}
			for _, action := range []string{"pay", "cancel"} {
				if st, _ := tc.who.answer(page, action); st != tc.want {
					t.Errorf("%s answers %s: %d, want %d", name, action, st, tc.want)
				}
			}
		}
		if o := c.orders()[0].(map[string]any); o["status"] != "Awaiting Payment" || o["isPaid"] != false {
			t.Fatalf("order after others' answers = %v", o)
		}
		if st := c.pageStatus(page); st != 200 {
			t.Fatalf("the shopper's own page: %d", st)
		}
		if st, _ := c.answer(page, "pay"); st != 303 {
			t.Fatalf("the shopper pays: %d", st)
		}
		o := c.orders()[0].(map[string]any)
		if o["isPaid"] != true || o["testPayment"] != true {
			t.Fatalf("order paid on the test page = %v", o)
		}
		if so := s.sellerOrder(id); so["isPaid"] != true || so["testPayment"] != true {
			t.Fatalf("seller's order paid on the test page = %v", so)
		}
		_, cod := s.placeCashOrder()
		if so := s.sellerOrder(cod); so["testPayment"] != false {
			t.Fatalf("cash order = %v", so)
		}
	}, withSandbox)
}

// TestConcurrentPayNow: three Pay Now calls on one order at once leave one pending attempt; when
// every page handed out is paid, one payment is applied and the others are owed back.
func TestConcurrentPayNow(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.shopper("")
		addr := c.addAddress()
		c.setCart(map[string]int{s.rice.ID: 2})
		pages := []string{c.checkout(addr, "")}
		id := c.orders()[0].(map[string]any)["_id"].(string)

		var mu sync.Mutex
		var wg sync.WaitGroup
		statuses := []int{}
		for range 3 {
			wg.Go(func() {
				r := c.post("/api/order/pay", map[string]string{"id": id})
				mu.Lock()
				defer mu.Unlock()
				statuses = append(statuses, r.status)
				if u, _ := r.body["url"].(string); u != "" {
					pages = append(pages, u)
				}
			})
		}
		wg.Wait()
		if len(pages) != 4 {
			t.Fatalf("Pay Now answers %v", statuses)
		}
		if got := s.attempts(id); got[haat.PaymentPending] != 1 || got[haat.PaymentSuperseded] != 3 {
			t.Fatalf("attempts after three Pay Now calls = %v, want 1 pending, 3 superseded", got)
		}

		answers := make([]int, len(pages))
		for i, page := range pages {
			wg.Go(func() { answers[i], _ = c.answer(page, "pay") })
		}
		wg.Wait()
		for i, st := range answers {
			if st != 303 {
				t.Fatalf("page %d paid: %d", i, st)
			}
		}
		o := c.orders()
		if len(o) != 1 || o[0].(map[string]any)["isPaid"] != true || o[0].(map[string]any)["status"] != "Order Placed" {
			t.Fatalf("orders after paying every page = %v", o)
		}
		so := s.sellerOrder(id)
		refunds := so["refunds"].([]any)
		refs := map[string]bool{}
		for _, r := range refunds {
			r := r.(map[string]any)
			if r["state"] != "due" || r["provider"] != "sandbox" || r["amount"] != 601.8 || r["currency"] != "USD" || r["reference"] == "" {
				t.Fatalf("refund = %v", r)
			}
			refs[r["reference"].(string)] = true
		}
		if len(refunds) != 3 || len(refs) != 3 || so["canMarkRefunded"] != true || so["refund"] != "due" {
			t.Fatalf("seller's order after four payments = %v", so)
		}
		t.Logf("%s: Pay Now answers %v; attempts 1 pending + 3 superseded; 4 pages paid → order paid once (%v), %d payments flagged refund due",
			s.db.Dialect(), statuses, so["status"], len(refunds))
	}, withSandbox)
}

// TestCancelPaidOrderRefund: the seller may cancel a paid order; its payment is then owed back
// until the seller marks it refunded, and the shopper sees which.
func TestCancelPaidOrderRefund(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.shopper("")
		addr := c.addAddress()
		c.setCart(map[string]int{s.rice.ID: 2})
		c.answer(c.checkout(addr, ""), "pay")
		id := c.orders()[0].(map[string]any)["_id"].(string)
		seller := s.seller()

		so := s.sellerOrder(id)
		if len(so["refunds"].([]any)) != 0 || so["canMarkRefunded"] != false || so["canRefund"] != false {
			t.Fatalf("paid order = %v", so)
		}
		want(t, seller.post("/api/order/refunded", map[string]string{"id": id}), 409, "No refund is due for this order")

		s.walk(seller, id, haat.StatusPacked, haat.StatusCancelled)
		so = s.sellerOrder(id)
		refunds := so["refunds"].([]any)
		if len(refunds) != 1 || so["status"] != "Cancelled" || so["refund"] != "due" || so["canMarkRefunded"] != true || so["canRefund"] != false {
			t.Fatalf("cancelled paid order = %v", so)
		}
		if r := refunds[0].(map[string]any); r["amount"] != 601.8 || r["provider"] != "sandbox" || r["reference"] == "" || r["state"] != "due" {
			t.Fatalf("refund = %v", r)
		}
		if o := c.orders()[0].(map[string]any); o["status"] != "Cancelled" || o["refund"] != "due" {
			t.Fatalf("shopper's cancelled order = %v", o)
		}

		// Only the seller marks it, only an order with a refund due, and a sandbox refund is
		// made by hand.
		want(t, c.post("/api/order/refunded", map[string]string{"id": id}), 403)
		want(t, seller.post("/api/order/refunded", map[string]string{"id": "nope"}), 404, "Order not found")
		want(t, seller.post("/api/order/refunded", map[string]string{}), 400, "Order id is required")
		want(t, seller.post("/api/order/refund", map[string]string{"id": id}), 409,
			"No refund of this order can be made through the payment provider; mark it refunded by hand")

		r := seller.post("/api/order/refunded", map[string]string{"id": id})
		want(t, r, 200, "Marked Refunded")
		got := r.body["order"].(map[string]any)
		if got["refund"] != "refunded" || got["canMarkRefunded"] != false || got["refunds"].([]any)[0].(map[string]any)["state"] != "refunded" {
			t.Fatalf("order marked refunded = %v", got)
		}
		if o := c.orders()[0].(map[string]any); o["status"] != "Cancelled" || o["refund"] != "refunded" {
			t.Fatalf("shopper's refunded order = %v", o)
		}
		want(t, seller.post("/api/order/refunded", map[string]string{"id": id}), 409, "No refund is due for this order")

		// A cancelled cash order took no money: nothing is owed.
		_, cod := s.placeCashOrder()
		s.walk(seller, cod, haat.StatusCancelled)
		if so := s.sellerOrder(cod); len(so["refunds"].([]any)) != 0 || so["canMarkRefunded"] != false {
			t.Fatalf("cancelled cash order = %v", so)
		}
		want(t, seller.post("/api/order/refunded", map[string]string{"id": cod}), 409, "No refund is due for this order")
	}, withSandbox)
}

// TestPaymentLinksFromRequest: without a public URL, the payment page and the links back to the
// store use the address the shopper reached the store at; a proxy's X-Forwarded-* headers count
// only when a client-address header says there is a trusted proxy.
func TestPaymentLinksFromRequest(t *testing.T) {
	forwarded := []string{"X-Forwarded-Proto", "https", "X-Forwarded-Host", "shop.example"}
	for _, tc := range []struct {
		name    string
		opts    []option
		header  []string
		want    string
		backURL string
	}{
		{"the request's host", nil, forwarded, "http://haat.local:8443/api/payment/sandbox/", "http://haat.local:8443/loader?next=my-orders"},
		{"behind a proxy", []option{withClientIPHeader("X-Forwarded-For")}, forwarded, "https://shop.example/api/payment/sandbox/", "https://shop.example/loader?next=my-orders"},
		{"behind a proxy, a bad host", []option{withClientIPHeader("X-Forwarded-For")}, []string{"X-Forwarded-Host", "evil.example/x"},
			"http://haat.local:8443/api/payment/sandbox/", "http://haat.local:8443/loader?next=my-orders"},
		{"public URL", []option{withPublicURL("https://haat.example")}, forwarded, "https://haat.example/api/payment/sandbox/", "https://haat.example/loader?next=my-orders"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			eachStore(t, func(t *testing.T, s *store) {
				c := s.shopper("")
				addr := c.addAddress()
				c.setCart(map[string]int{s.rice.ID: 2})
				r := c.postAs("/api/order/stripe", order(s.rice.ID, 2, addr), "haat.local:8443", tc.header...)
				want(t, r, 200)
				page, _ := r.body["url"].(string)
				if !strings.HasPrefix(page, tc.want) {
					t.Fatalf("payment page %q, want %s…", page, tc.want)
				}
				// The page itself is reached through the test server; the way back uses the
				// address the shopper came by.
				local := s.server.URL + page[strings.Index(page, "/api/"):]
				req, _ := http.NewRequest("POST", local, strings.NewReader("action=pay"))
				req.Host = "haat.local:8443"
				req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
				for i := 0; i+1 < len(tc.header); i += 2 {
					req.Header.Set(tc.header[i], tc.header[i+1])
				}
				res := c.sendAs(req)
				res.Body.Close()
				if res.StatusCode != 303 || res.Header.Get("Location") != tc.backURL {
					t.Fatalf("after paying: %d → %s, want %s", res.StatusCode, res.Header.Get("Location"), tc.backURL)
				}
			}, append(tc.opts, withSandbox)...)
		})
	}
}
