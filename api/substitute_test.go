package api_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"haat"
	"haat/notify"
	"haat/sms"
)

// TestSubstitutes: each line of an order says what the shopper wants if it is not there at packing
// (a similar item, leave it out, or a product they name), an order that says nothing takes the
// store's default, and the order keeps what was chosen; a product named must be sold, and not the
// line's own.
func TestSubstitutes(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		tomatoes, coriander := s.addWeighed()
		seller := s.seller()
		c := s.shopper("")
		address := c.addAddress()
		place := func(items ...map[string]any) response {
			t.Helper()
			return c.post("/api/order/cod", map[string]any{"address": address, "items": items})
		}
		line := func(product string, substitute string) map[string]any {
			l := map[string]any{"product": product, "quantity": 1}
			if substitute != "" {
				l["substitute"] = substitute
			}
			return l
		}
		chosen := func() string {
			t.Helper()
			var out []string
			for _, it := range c.orders()[0].(map[string]any)["items"].([]any) {
				out = append(out, fmt.Sprint(it.(map[string]any)["substitute"]))
			}
			return fmt.Sprint(out)
		}
		want(t, place(line(tomatoes, "none"), line(coriander, tomatoes), line(s.rice.ID, "")), 200)
		if got := chosen(); got != fmt.Sprintf("[none %s best]", tomatoes) {
			t.Fatalf("chosen: %s", got)
		}
		want(t, seller.post("/api/seller/settings", map[string]any{"substitute": "none"}), 200)
		want(t, place(line(s.rice.ID, ""), line(coriander, "best")), 200)
		if got := chosen(); got != "[none best]" {
			t.Fatalf("with the store's default none: %s", got)
		}
		want(t, seller.post("/api/seller/settings", map[string]any{"substitute": "cheapest"}), 400, `The store's substitute is "best" or "none"`)
		want(t, place(line(s.rice.ID, s.rice.ID)), 400, "A product cannot be its own substitute")
		want(t, place(line(s.rice.ID, "nope")), 400, "The substitute chosen for Jumla Red Rice is not sold")
		if r := s.client().get("/api/settings"); r.body["settings"].(map[string]any)["substitute"] != "none" {
			t.Fatalf("settings: %v", r.body["settings"])
		}
	})
}

// TestSubstituteAtPacking: the packer sends a substitute for what was not there. One the shopper
// named costs its own price and goes without asking; another costs at most what it replaces and
// is offered to the shopper (by SMS and in My Orders), who accepts or refuses it within 10 minutes
// while the order waits in the store; refused, it is taken off the bill (and owed back when paid
// online); unanswered, it stays. The order keeps what was ordered and what was sent.
func TestSubstituteAtPacking(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		stand := &smsStandIn{}
		sender := &sms.Sparrow{Token: "tok", From: "Haat", URL: stand.start(t)}
		tomatoes, coriander := s.addWeighed()
		seller := s.seller()
		r := seller.addProduct(productForm(map[string]string{"name": "Parsley", "category": "Vegetables", "price": "15", "offerPrice": "15", "weight": "1 bunch", "stock": "5"}),
			upload{"p.png", pngFile(t)})
		want(t, r, 200)
		parsley := r.body["product"].(map[string]any)["_id"].(string)
		// The parsley sent comes off its stock count while it is kept.
		stock := func(want float64) {
			t.Helper()
			if n, _ := s.stockOf(parsley); n != want {
				t.Fatalf("parsley's stock: %v, want %v", n, want)
			}
		}
		c := s.phoneShopper("9812345678")
		address := c.addAddress()
		place := func(payment string, substitute string) string {
			t.Helper()
			r := c.post("/api/order/"+payment, map[string]any{"address": address, "items": []map[string]any{
				{"product": tomatoes, "quantity": 3, "substitute": "none"}, {"product": coriander, "quantity": 2, "substitute": substitute}}})
			want(t, r, 200)
			if payment == "stripe" {
				c.answer(r.body["url"].(string), "pay")
			}
			return c.orders()[0].(map[string]any)["_id"].(string)
		}
		packing := func(id string) map[string]any {
			return map[string]any{"id": id, "lines": []any{map[string]any{"product": tomatoes, "grams": 750},
				map[string]any{"product": coriander, "quantity": 0, "substitute": map[string]any{"product": parsley, "quantity": 2}}}}
		}
		sent := func(o map[string]any) map[string]any {
			return o["items"].([]any)[1].(map[string]any)["packed"].(map[string]any)["substitute"].(map[string]any)
		}

		// Cash, "best": 2 parsley (30) for 2 coriander (40), offered. 135 + 30 = 165, 2% = 3.30.
		id := place("cod", "best")
		want(t, seller.post("/api/order/pack", map[string]any{"id": id, "lines": []any{
			map[string]any{"product": tomatoes, "grams": 0, "substitute": map[string]any{"product": parsley, "quantity": 1}}}}), 400,
			"The shopper asked to leave Local Tomatoes out if it is not there")
		r = seller.post("/api/order/pack", packing(id))
		want(t, r, 200, "Order Packed")
		if o := r.body["order"].(map[string]any); o["amount"] != 168.3 || sent(o)["answer"] != "awaited" || sent(o)["amount"] != 30.0 {
			t.Fatalf("packed with parsley offered: %v", o)
		}
		want(t, seller.post("/api/order/pack", packing(id)), 200, "Order Packed") // sent again
		stock(3)
		want(t, seller.post("/api/order/status", map[string]string{"id": id, "status": "Out for Delivery"}), 409,
			"Wait for the shopper to accept or refuse the substitute: they have 10 minutes")
		mine := c.orders()[0].(map[string]any)
		if o := sent(mine); o["answer"] != "awaited" || o["answerBy"] == nil || o["product"].(map[string]any)["name"] != "Parsley" {
			t.Fatalf("the shopper's offer: %v", o)
		}
		if err := notify.SendTexts(ctx, s.db, sender); err != nil {
			t.Fatal(err)
		}
		number := int64(mine["number"].(float64))
		if got := stand.texts(); !slices.Contains(got, fmt.Sprintf("9812345678: An item of your order #%d was not there, so we packed another instead. Accept or refuse it in My Orders within 10 minutes; if you do not answer, it stays in your order.", number)) {
			t.Fatalf("texts: %q", got)
		}
		other := s.shopper("")
		want(t, other.post("/api/order/substitute", map[string]any{"id": id, "product": coriander, "accept": false}), 404)
		want(t, seller.post("/api/order/substitute", map[string]any{"id": id, "product": coriander, "accept": false}), 403)
		want(t, c.post("/api/order/substitute", map[string]any{"id": id, "product": tomatoes, "accept": false}), 404, "No substitute was offered for this item")
		r = c.post("/api/order/substitute", map[string]any{"id": id, "product": coriander, "accept": false})
		want(t, r, 200, "Substitute refused")
		// The parsley is taken out: 135, 2% = 2.70.
		if o := r.body["order"].(map[string]any); o["amount"] != 137.7 || sent(o)["answer"] != "refused" || o["items"].([]any)[1].(map[string]any)["quantity"] != 2.0 {
			t.Fatalf("refused: %v", o)
		}
		want(t, c.post("/api/order/substitute", map[string]any{"id": id, "product": coriander, "accept": true}), 409, "You have answered already")
		stock(5)
		if o := s.sellerOrder(id); o["amount"] != 137.7 || sent(o)["answer"] != "refused" {
			t.Fatalf("the seller's refused order: %v", o)
		}
		if r := seller.get(fmt.Sprintf("/api/order/seller.csv?q=%%23%d", number)); !strings.Contains(string(r.raw),
			"Local Tomatoes 750 g; Coriander x 2 (packed 0), sent instead: Parsley x 2 (refused)") {
			t.Fatalf("the export: %s", r.raw)
		}
		s.walk(seller, id, haat.StatusOutForDelivery)

		// Online, unanswered: at the end of its 10 minutes it stays, and the order may go out.
		paid := place("stripe", "best")
		want(t, seller.post("/api/order/pack", packing(paid)), 200)
		want(t, seller.post("/api/order/refunded", map[string]string{"id": paid}), 409, "Wait for the shopper to accept or refuse the substitute: they have 10 minutes")
		s.clock.advance(haat.SubstituteAnswerTime)
		if o := s.sellerOrder(paid); sent(o)["answer"] != "accepted" || o["amount"] != 168.3 {
			t.Fatalf("unanswered: %v", o)
		}
		want(t, c.post("/api/order/substitute", map[string]any{"id": paid, "product": coriander, "accept": false}), 409,
			"The time to answer has passed: the substitute stays in your order")
		s.walk(seller, paid, haat.StatusOutForDelivery)
		stock(3)

		// Online, refused: what was paid for the parsley (30.60 with its tax) is owed back, with the
		// coriander's 10 that it did not replace.
		refused := place("stripe", "best")
		want(t, seller.post("/api/order/pack", packing(refused)), 200)
		r = c.post("/api/order/substitute", map[string]any{"id": refused, "product": coriander, "accept": false})
		want(t, r, 200)
		o := s.sellerOrder(refused)
		if refunds := o["refunds"].([]any); o["amount"] != 137.7 || len(refunds) != 1 || refunds[0].(map[string]any)["amount"] != 40.8 {
			t.Fatalf("refused, paid online: %v", o)
		}
		stock(3)

		// The shopper named the parsley: sent without asking, at its own price (two bunches, 30).
		named := place("cod", parsley)
		r = seller.post("/api/order/pack", packing(named))
		want(t, r, 200)
		if o := r.body["order"].(map[string]any); sent(o)["answer"] != "named" || o["amount"] != 168.3 {
			t.Fatalf("the named parsley: %v", o)
		}
		stock(1)
		s.walk(seller, named, haat.StatusCancelled)
		stock(3)
	}, withSandbox)
}
