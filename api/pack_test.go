package api_test

import (
	"fmt"
	"sync"
	"testing"

	"haat"
)

// addWeighed adds, as the seller, tomatoes sold by weight (Rs. 180/kg in steps of 250 g) and
// coriander sold by the bunch (Rs. 20), and returns their ids.
func (s *store) addWeighed() (tomatoes, coriander string) {
	t := s.t
	t.Helper()
	seller := s.seller()
	img := upload{"p.png", pngFile(t)}
	r := seller.addProduct(productForm(map[string]string{"name": "Local Tomatoes", "category": "Vegetables", "price": "200", "offerPrice": "180",
		"weight": "", "soldBy": "weight", "step": "250"}), img)
	want(t, r, 200)
	tomatoes = r.body["product"].(map[string]any)["_id"].(string)
	r = seller.addProduct(productForm(map[string]string{"name": "Coriander", "category": "Vegetables", "price": "20", "offerPrice": "20", "weight": "1 bunch"}), img)
	want(t, r, 200)
	return tomatoes, r.body["product"].(map[string]any)["_id"].(string)
}

// TestPackOrder: an order with goods sold by weight is packed with their weights, not by a change
// of status; the packing settles its bill (a cash order pays the weight packed, at most 10% over
// the estimate, and nothing for what was short), which the seller and the shopper see; a packing
// sent again answers the same, another is refused; of two packers at once one wins and the other
// is told; a paid online order packed for less owes the difference back.
func TestPackOrder(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		tomatoes, coriander := s.addWeighed()
		seller := s.seller()
		c := s.shopper("")
		address := c.addAddress()
		place := func() string {
			t.Helper()
			want(t, c.post("/api/order/cod", map[string]any{"address": address, "items": []map[string]any{
				{"product": tomatoes, "quantity": 3}, {"product": coriander, "quantity": 1}, {"product": s.rice.ID, "quantity": 1}}}), 200, "Order Placed Successfully")
			return c.orders()[0].(map[string]any)["_id"].(string)
		}
		id := place()
		// 135 + 20 + 295 = 450, 2% = 9: 459.
		if o := c.orders()[0].(map[string]any); o["amount"] != 459.0 {
			t.Fatalf("placed: %v", o["amount"])
		}
		want(t, seller.post("/api/order/status", map[string]string{"id": id, "status": "Packed"}), 409,
			"Weigh the goods sold by weight: pack this order with their weights")
		want(t, seller.post("/api/order/pack", map[string]any{"id": id, "lines": []any{}}), 400, "Weigh Local Tomatoes")
		want(t, seller.post("/api/order/pack", map[string]any{"id": id, "lines": []any{map[string]any{"product": tomatoes, "grams": 750}, map[string]any{"product": coriander, "quantity": 2}}}), 400,
			"Pack 0 to 1 of Coriander")
		want(t, c.post("/api/order/pack", map[string]any{"id": id, "lines": []any{}}), 403)
		want(t, seller.post("/api/order/pack", map[string]any{"id": "nope", "lines": []any{}}), 404, "Order not found")
		if o := s.sellerOrder(id); o["status"] != "Order Placed" || o["amount"] != 459.0 {
			t.Fatalf("a refused packing changed the order: %v", o)
		}

		packing := map[string]any{"id": id, "lines": []any{
			map[string]any{"product": tomatoes, "grams": 820},
			map[string]any{"product": coriander, "quantity": 0},
		}}
		r := seller.post("/api/order/pack", packing)
		want(t, r, 200, "Order Packed")
		// 820 g at 180 is 147.60 (12.60 over the estimate, within 10%), no coriander: 295 + 147.60 =
		// 442.60, 2% = 8.85: 451.45.
		packed := r.body["order"].(map[string]any)
		if packed["status"] != "Packed" || packed["amount"] != 451.45 {
			t.Fatalf("packed: %v", packed)
		}
		adjustments := packed["bill"].(map[string]any)["adjustments"].([]any)
		if len(adjustments) != 2 || fmt.Sprint(adjustments[0].(map[string]any)["amount"], adjustments[1].(map[string]any)["amount"]) != "12.6 -20" {
			t.Fatalf("adjustments: %v", adjustments)
		}
		items := c.orders()[0].(map[string]any)["items"].([]any)
		if got := fmt.Sprint(items[0].(map[string]any)["packed"], items[1].(map[string]any)["packed"], items[2].(map[string]any)["packed"]); got != "map[grams:820 quantity:3] map[quantity:0] map[quantity:1]" {
			t.Fatalf("the shopper's packed items: %s", got)
		}
		if o := c.orders()[0].(map[string]any); o["amount"] != 451.45 || o["status"] != "Packed" {
			t.Fatalf("the shopper's order: %v", o)
		}

		// The same packing again answers the same; another is refused.
		r = seller.post("/api/order/pack", packing)
		want(t, r, 200, "Order Packed")
		if again := r.body["order"].(map[string]any); again["amount"] != 451.45 || len(again["bill"].(map[string]any)["adjustments"].([]any)) != 2 {
			t.Fatalf("packed again: %v", again)
		}
		want(t, seller.post("/api/order/pack", map[string]any{"id": id, "lines": []any{map[string]any{"product": tomatoes, "grams": 900}}}), 409,
			"The order is already Packed")

		// Weighed far over: a cash order pays at most 10% more than the estimate (148.50).
		far := place()
		r = seller.post("/api/order/pack", map[string]any{"id": far, "lines": []any{map[string]any{"product": tomatoes, "grams": 1500}}})
		want(t, r, 200)
		if a := r.body["order"].(map[string]any)["bill"].(map[string]any)["adjustments"].([]any); len(a) != 1 || a[0].(map[string]any)["amount"] != 13.5 {
			t.Fatalf("weighed far over: %v", a)
		}

		// Two packers at once: one packs it, the other is told.
		both := place()
		var wg sync.WaitGroup
		codes := make([]int, 2)
		for i, grams := range []int{700, 800} {
			wg.Go(func() {
				codes[i] = seller.post("/api/order/pack", map[string]any{"id": both, "lines": []any{map[string]any{"product": tomatoes, "grams": grams}}}).status
			})
		}
		wg.Wait()
		if fmt.Sprint(codes) != "[200 409]" && fmt.Sprint(codes) != "[409 200]" {
			t.Fatalf("two packers at once: %v", codes)
		}
	})
}

// TestPackOnlineOrderOwesBack: a paid online order is never charged more than it paid, and what was
// packed below it is due back to the shopper, as the seller sees and records.
func TestPackOnlineOrderOwesBack(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		tomatoes, _ := s.addWeighed()
		seller := s.seller()
		c := s.shopper("")
		address := c.addAddress()
		// payOnline places an online order for 1 kg of tomatoes (180, 2% = 3.60: 183.60), pays it and
		// returns its id.
		payOnline := func() string {
			t.Helper()
			r := c.post("/api/order/stripe", order(tomatoes, 4, address))
			want(t, r, 200)
			c.answer(r.body["url"].(string), "pay")
			return c.orders()[0].(map[string]any)["_id"].(string)
		}
		id := payOnline()

		r := seller.post("/api/order/pack", map[string]any{"id": id, "lines": []any{map[string]any{"product": tomatoes, "grams": 1200}}})
		want(t, r, 200)
		if o := r.body["order"].(map[string]any); o["amount"] != 183.6 || o["refund"] != nil {
			t.Fatalf("weighed over, paid online: %v", o)
		}

		under := payOnline()
		r = seller.post("/api/order/pack", map[string]any{"id": under, "lines": []any{map[string]any{"product": tomatoes, "grams": 900}}})
		want(t, r, 200)
		// 900 g: 162, 2% = 3.24: 165.24; 18.36 of the 183.60 paid is due back.
		o := r.body["order"].(map[string]any)
		refunds := o["refunds"].([]any)
		if o["amount"] != 165.24 || o["refund"] != "due" || len(refunds) != 1 || refunds[0].(map[string]any)["amount"] != 18.36 {
			t.Fatalf("weighed under, paid online: %v", o)
		}
		if mine := c.orders()[0].(map[string]any); mine["refund"] != "due" || mine["amount"] != 165.24 {
			t.Fatalf("the shopper's order: %v", mine)
		}
		want(t, seller.post("/api/order/refunded", map[string]string{"id": under}), 200, "Marked Refunded")

		// Cancelled after packing, the whole payment is due back.
		third := payOnline()
		want(t, seller.post("/api/order/pack", map[string]any{"id": third, "lines": []any{map[string]any{"product": tomatoes, "grams": 900}}}), 200)
		s.walk(seller, third, haat.StatusCancelled)
		if so := s.sellerOrder(third); so["refunds"].([]any)[0].(map[string]any)["amount"] != 183.6 {
			t.Fatalf("cancelled after packing: %v", so["refunds"])
		}
	}, withSandbox)
}

// TestPickList: the pick list adds up what the orders waiting to be packed want, product by
// product in the shop's order of categories, and leaves out orders already packed; only sellers
// see it, and a slot it does not know is refused.
func TestPickList(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		tomatoes, coriander := s.addWeighed()
		seller := s.seller()
		c := s.shopper("")
		address := c.addAddress()
		for _, q := range []int{3, 2, 4} {
			want(t, c.post("/api/order/cod", map[string]any{"address": address, "items": []map[string]any{
				{"product": tomatoes, "quantity": q}, {"product": coriander, "quantity": 1}, {"product": s.rice.ID, "quantity": 1}}}), 200)
		}
		packed := c.orders()[0].(map[string]any)["_id"].(string)
		want(t, seller.post("/api/order/pack", map[string]any{"id": packed, "lines": []any{map[string]any{"product": tomatoes, "grams": 1000}}}), 200)

		r := seller.get("/api/seller/picklist")
		want(t, r, 200)
		var got []string
		for _, l := range r.body["lines"].([]any) {
			l := l.(map[string]any)
			got = append(got, fmt.Sprint(l["name"], " ", l["quantity"], " ", l["grams"], " ", l["orders"]))
		}
		// Coriander and tomatoes (Vegetables, by name), then rice (Grains); the packed order left out.
		if r.body["orders"] != 2.0 || fmt.Sprint(got) != "[Coriander 2 <nil> 2 Local Tomatoes 5 1250 2 Jumla Red Rice 2 <nil> 2]" {
			t.Fatalf("pick list: %v orders, %v", r.body["orders"], got)
		}
		want(t, c.get("/api/seller/picklist"), 403)
		want(t, seller.get("/api/seller/picklist?slot=tomorrow"), 400)
		if r := seller.get("/api/seller/picklist?slot=2026-01-01"); r.status != 200 || r.body["orders"] != 0.0 || len(r.body["lines"].([]any)) != 0 {
			t.Fatalf("a day without orders: %d %v", r.status, r.body)
		}
	})
}
