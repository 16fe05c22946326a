package api_test

import (
	"strings"
	"sync"
	"testing"

	"haat"
)

// credit returns the shopper's balance in minor units and their ledger's entries, newest first.
func (c *client) credit() (int64, []map[string]any) {
	c.s.t.Helper()
	r := c.get("/api/user/credit")
	want(c.s.t, r, 200)
	var entries []map[string]any
	for _, e := range r.body["entries"].([]any) {
		entries = append(entries, e.(map[string]any))
	}
	return paisa(r.body["balance"]), entries
}

// goodwill has the owner give the shopper of order id amount of goodwill credit, and checks it
// was given.
func (s *store) goodwill(owner *client, id string, amount any) {
	s.t.Helper()
	want(s.t, owner.post("/api/seller/credit", map[string]any{"order": id, "amount": amount, "reason": "Sorry for the late delivery"}), 200, "Store credit given")
}

// withCredit is a new shopper with an address, given amount of goodwill credit on a delivered
// order of theirs (two bags of rice, 601.80).
func (s *store) withCredit(owner *client, amount any) (*client, string) {
	s.t.Helper()
	c, id, _ := s.deliveredOrder(owner)
	s.goodwill(owner, id, amount)
	return c, c.addresses()[0].(map[string]any)["_id"].(string)
}

// quoteWithCredit is the quote of n bags of rice to address, with the shopper's credit if use.
func (c *client) quoteWithCredit(address string, n int, use bool) map[string]any {
	c.s.t.Helper()
	body := order(c.s.rice.ID, n, address)
	body["useCredit"] = use
	r := c.post("/api/cart/quote", body)
	want(c.s.t, r, 200)
	return r.body["quote"].(map[string]any)
}

// creditOrder is the body of an order of n bags of rice to address that uses the shopper's credit.
func creditOrder(rice string, n int, address string) map[string]any {
	body := order(rice, n, address)
	body["useCredit"] = true
	return body
}

// TestGoodwillCredit: the owner gives the shopper of an order goodwill credit, with a reason, at
// most the order's total in all; the shopper sees the balance and the entry, naming its reason and
// order; another shopper sees none of it. Packers, riders and shoppers cannot give credit, and a
// refused grant changes nothing.
func TestGoodwillCredit(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		owner := s.seller()
		c, id, number := s.deliveredOrder(owner)
		other := s.shopper("")
		if balance, entries := c.credit(); balance != 0 || len(entries) != 0 {
			t.Fatalf("a new shopper's credit: %d, %v", balance, entries)
		}
		body := func(amount any, reason string) map[string]any {
			return map[string]any{"order": id, "amount": amount, "reason": reason}
		}
		want(t, s.staff("packer").post("/api/seller/credit", body(50, "late")), 403)
		want(t, s.staff("rider").post("/api/seller/credit", body(50, "late")), 403)
		want(t, c.post("/api/seller/credit", body(50, "late")), 403)
		want(t, s.client().post("/api/seller/credit", body(50, "late")), 401)
		for name, tc := range map[string]struct {
			body   map[string]any
			status int
			msg    string
		}{
			"no reason":        {body(50, "  "), 400, "Say why the shopper is given store credit"},
			"no amount":        {map[string]any{"order": id, "reason": "late"}, 400, "Enter an amount of store credit above 0"},
			"zero":             {body(0, "late"), 400, "Enter an amount of store credit above 0"},
			"negative":         {body(-5, "late"), 400, "Enter an amount of store credit above 0"},
			"three decimals":   {body(1.005, "late"), 400, `"1.005" is not a valid amount`},
			"not a number":     {body("lots", "late"), 400, `"lots" is not a valid amount`},
			"over the total":   {body(601.81, "late"), 400, "The goodwill credit of an order adds up to at most its total: 601.8 more at most"},
			"no order":         {map[string]any{"amount": 5, "reason": "late"}, 400, "Order id is required"},
			"an unknown order": {map[string]any{"order": "01NOTANORDER", "amount": 5, "reason": "late"}, 404, "Order not found"},
			"a long reason":    {body(5, strings.Repeat("x", haat.MaxCreditNote+1)), 400, "The note must be at most 200 characters"},
		} {
			t.Run(name, func(t *testing.T) { want(t, owner.post("/api/seller/credit", tc.body), tc.status, tc.msg) })
		}
		if balance, entries := c.credit(); balance != 0 || len(entries) != 0 {
			t.Fatalf("refused grants gave credit: %d, %v", balance, entries)
		}

		r := owner.post("/api/seller/credit", body("100", " Sorry   for the wait "))
		want(t, r, 200, "Store credit given")
		if e := r.body["entry"].(map[string]any); paisa(e["amount"]) != 10000 || e["reason"] != "goodwill" || e["orderId"] != id || e["note"] != "Sorry for the wait" {
			t.Fatalf("entry answered: %v", e)
		}
		// Nepali digits, as the owner may type them: ५०१.८० is what the order's total leaves.
		want(t, owner.post("/api/seller/credit", body("५०१.८१", "more")), 400, "The goodwill credit of an order adds up to at most its total: 501.8 more at most")
		s.goodwill(owner, id, "५०१.८०")
		balance, entries := c.credit()
		if balance != 60180 || len(entries) != 2 {
			t.Fatalf("credit after two grants: %d, %v", balance, entries)
		}
		first := entries[1]
		if paisa(first["amount"]) != 10000 || first["reason"] != "goodwill" || first["orderId"] != id || int64(first["orderNumber"].(float64)) != number ||
			first["note"] != "Sorry for the wait" || first["at"] == nil || first["_id"] == "" {
			t.Fatalf("the first entry: %v", first)
		}
		want(t, owner.post("/api/seller/credit", body("0.01", "more")), 400, "The goodwill credit of an order adds up to at most its total: 0 more at most")
		if balance, entries := other.credit(); balance != 0 || len(entries) != 0 {
			t.Fatalf("another shopper sees credit: %d, %v", balance, entries)
		}
		// Another shopper's quote and order use none of it.
		address := other.addAddress()
		if q := other.quoteWithCredit(address, 1, true); q["credit"] != 0.0 || q["creditUsed"] != 0.0 || q["toPay"] != q["total"] || q["problem"] == nil {
			t.Fatalf("another shopper's quote: %v", q)
		}
		want(t, other.post("/api/order/cod", creditOrder(s.rice.ID, 1, address)), 409, "You have no store credit to use; please check your order again")
		if balance, _ := c.credit(); balance != 60180 {
			t.Fatalf("the shopper's balance after another's order: %d", balance)
		}
	})
}

// TestCreditSpentOnce: orders placed at the same moment that would each spend the same credit:
// exactly one is placed with it, the others are refused and change nothing.
func TestCreditSpentOnce(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		owner := s.seller()
		c, address := s.withCredit(owner, 100)
		const n = 6
		statuses := make([]int, n)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range n {
			wg.Go(func() {
				<-start
				statuses[i] = c.post("/api/order/cod", creditOrder(s.rice.ID, 1, address)).status
			})
		}
		close(start)
		wg.Wait()
		placed := 0
		for _, st := range statuses {
			switch st {
			case 200:
				placed++
			case 409:
			default:
				t.Fatalf("statuses %v", statuses)
			}
		}
		if placed != 1 {
			t.Fatalf("%d orders spent the same credit (statuses %v)", placed, statuses)
		}
		balance, entries := c.credit()
		spent := 0
		for _, e := range entries {
			if e["reason"] == "spent" {
				spent++
			}
		}
		if balance != 0 || spent != 1 || len(c.orders()) != 2 {
			t.Fatalf("after orders at once: balance %d, %d spent, %d orders", balance, spent, len(c.orders()))
		}
		want(t, c.post("/api/order/cod", order(s.rice.ID, 1, address)), 200)
	})
}
