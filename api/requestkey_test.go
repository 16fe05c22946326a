package api_test

import (
	"strings"
	"sync"
	"testing"
	"time"
)

// TestCashOrderSentAgain: a cash order sent again under its Idempotency-Key (its answer was lost)
// is answered as the first was and places nothing; the same key with another order is refused
// and changes nothing; each shopper's keys are their own, and a key is forgotten after a day.
func TestCashOrderSentAgain(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		a, b := s.shopper(""), s.shopper("")
		addrA, addrB := a.addAddress(), b.addAddress()
		body := order(s.rice.ID, 2, addrA)
		key := "Idempotency-Key"

		a.setCart(map[string]int{s.rice.ID: 2})
		want(t, a.post("/api/order/cod", body, key, "k-1"), 200, "Order Placed Successfully")
		a.setCart(map[string]int{s.rice.ID: 5}) // what the shopper put in the cart since
		want(t, a.post("/api/order/cod", body, key, "k-1"), 200, "Order Placed Successfully")
		if n := len(a.orders()); n != 1 {
			t.Fatalf("%d orders after the order was sent twice under one key", n)
		}
		if len(a.cart()) != 1 {
			t.Fatal("the order sent again emptied the cart filled since")
		}

		want(t, a.post("/api/order/cod", order(s.rice.ID, 3, addrA), key, "k-1"), 422, "This Idempotency-Key was used for another request")
		if n := len(a.orders()); n != 1 {
			t.Fatalf("%d orders after a key was sent with another order", n)
		}

		// The same key from another shopper is another key.
		want(t, b.post("/api/order/cod", order(s.rice.ID, 2, addrB), key, "k-1"), 200, "Order Placed Successfully")
		if len(b.orders()) != 1 || len(a.orders()) != 1 {
			t.Fatal("a shopper's key answered for another")
		}

		// A refused order keeps no key: sent again once it can be placed, it is.
		want(t, a.post("/api/order/cod", order(s.dal.ID, 1, addrA), key, "k-2"), 400, "Masoor Dal is out of stock")
		want(t, a.post("/api/order/cod", order(s.rice.ID, 1, addrA), key, "k-2"), 200)

		// Orders without a key are each placed, as the original storefront sends them.
		want(t, a.post("/api/order/cod", body), 200)
		want(t, a.post("/api/order/cod", body), 200)
		if n := len(a.orders()); n != 4 {
			t.Fatalf("%d orders, want 4", n)
		}

		// After a day the key is a new one.
		s.clock.advance(24*time.Hour + time.Minute)
		want(t, a.post("/api/order/cod", body, key, "k-1"), 200)
		if n := len(a.orders()); n != 5 {
			t.Fatalf("%d orders after the key had expired, want 5", n)
		}

		want(t, a.post("/api/order/cod", body, key, strings.Repeat("k", 256)), 400, "Idempotency-Key must be 1 to 255 characters")
		want(t, a.post("/api/order/cod", body, key, "two words"), 400, "Idempotency-Key must be 1 to 255 characters")
		if n := len(a.orders()); n != 5 {
			t.Fatalf("%d orders after bad keys, want 5", n)
		}
	})
}

// TestCashOrderSentAgainAtOnce: the same order sent many times at once under one key (a client
// retrying before the first answer came) places it once, and every call is answered as placed.
func TestCashOrderSentAgainAtOnce(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		a := s.shopper("")
		body := order(s.rice.ID, 1, a.addAddress())
		var wg sync.WaitGroup
		statuses := make([]int, 8)
		for i := range statuses {
			wg.Go(func() {
				statuses[i] = a.post("/api/order/cod", body, "Idempotency-Key", "same").status
			})
		}
		wg.Wait()
		for i, st := range statuses {
			if st != 200 {
				t.Fatalf("call %d answered %d", i, st)
			}
		}
		if n := len(a.orders()); n != 1 {
			t.Fatalf("%d orders from one key sent 8 times at once", n)
		}
	})
}

// TestOnlineOrderSentAgain: an online order or a payment started again, sent again under its key,
// answers the provider's page of the first call: no second order and no second payment.
func TestOnlineOrderSentAgain(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.shopper("")
		body := order(s.rice.ID, 2, c.addAddress())
		first := c.post("/api/order/stripe", body, "Idempotency-Key", "online-1")
		want(t, first, 200)
		again := c.post("/api/order/stripe", body, "Idempotency-Key", "online-1")
		want(t, again, 200)
		if first.body["url"] != again.body["url"] || first.body["url"] == "" {
			t.Fatalf("pages %v and %v", first.body["url"], again.body["url"])
		}
		// The same body to another route is another request.
		want(t, c.post("/api/order/cod", body, "Idempotency-Key", "online-1"), 422, "This Idempotency-Key was used for another request")
		if n := len(c.orders()); n != 1 {
			t.Fatalf("%d orders from an online order sent twice", n)
		}

		id := c.orders()[0].(map[string]any)["_id"].(string)
		pay := map[string]string{"id": id}
		p1 := c.post("/api/order/pay", pay, "Idempotency-Key", "pay-1")
		want(t, p1, 200)
		p2 := c.post("/api/order/pay", pay, "Idempotency-Key", "pay-1")
		want(t, p2, 200)
		if p1.body["url"] != p2.body["url"] || p1.body["url"] == first.body["url"] {
			t.Fatalf("payment started again: %v, sent again: %v, first: %v", p1.body["url"], p2.body["url"], first.body["url"])
		}
		want(t, c.post("/api/order/pay", map[string]string{"id": id, "method": "sandbox"}, "Idempotency-Key", "pay-1"), 422,
			"This Idempotency-Key was used for another request")
		// The page of the payment started last is the one that can be paid.
		if st, _ := c.answer(p2.body["url"].(string), "pay"); st != 303 {
			t.Fatalf("pay: %d", st)
		}
		if o := c.orders()[0].(map[string]any); o["isPaid"] != true {
			t.Fatalf("order after paying = %v", o)
		}
	}, withSandbox)
}
