package api_test

import (
	"fmt"
	"testing"

	"haat"
)

// TestCartQuote: a guest's cart is priced line by line, with why each line that cannot be bought
// cannot; a shopper's quote, with their address, is the bill of the order then placed from it.
func TestCartQuote(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		seller := s.seller()
		want(t, seller.post("/api/seller/settings", valleyRules), 200)
		two := 2
		ghee := s.addProduct(haat.Product{Name: "Cow Ghee", Category: "Dairy", Price: 120000, OfferPrice: 118050, StockOn: true, Stock: &two,
			Image: []string{"/media/catalogue/ghee.webp"}, Description: []string{"Pure"}})
		old := s.addProduct(haat.Product{Name: "Old Tea", Category: "Drinks", Price: 500, OfferPrice: 500, StockOn: true, Archived: true,
			Image: []string{"/media/catalogue/tea.webp"}, Description: []string{"Old"}})
		items := func(lines ...any) []map[string]any {
			var list []map[string]any
			for i := 0; i < len(lines); i += 2 {
				list = append(list, map[string]any{"product": lines[i], "quantity": lines[i+1]})
			}
			return list
		}

		r := s.client().post("/api/cart/quote", map[string]any{"items": items(s.rice.ID, 2, s.dal.ID, 1, ghee.ID, 3, old.ID, 1, "nope", 1)})
		want(t, r, 200)
		q := r.body["quote"].(map[string]any)
		lines := q["lines"].([]any)
		reasons := []string{"", "Masoor Dal is out of stock", "Only 2 left of Cow Ghee", "Old Tea is no longer sold", "Product not found"}
		for i, l := range lines {
			l := l.(map[string]any)
			reason, _ := l["reason"].(string)
			if reason != reasons[i] {
				t.Errorf("line %d: reason %q, want %q", i, reason, reasons[i])
			}
		}
		// Only the rice is bought: 590 below the free threshold and the minimum of 500 is met.
		if lines[0].(map[string]any)["amount"] != 590.0 || q["subtotal"] != 590.0 || q["deliveryFee"] != 75.0 || q["tax"] != 11.8 ||
			q["total"] != 676.8 || q["missingForFree"] != 590.0 || q["problem"] != nil {
			t.Fatalf("guest quote: %v", q)
		}
		r = s.client().post("/api/cart/quote", map[string]any{"items": items(s.rice.ID, 1)})
		want(t, r, 200)
		if p := r.body["quote"].(map[string]any)["problem"]; p != "Minimum order is $500" {
			t.Errorf("below the minimum: %v", p)
		}
		want(t, s.client().post("/api/cart/quote", map[string]any{"items": items(s.rice.ID, 0)}), 400)
		many := make([]map[string]any, haat.MaxCartLines+1)
		for i := range many {
			many[i] = map[string]any{"product": fmt.Sprintf("p%d", i), "quantity": 1}
		}
		want(t, s.client().post("/api/cart/quote", map[string]any{"items": many}), 400, "Too many items in one order")

		c := s.shopper("")
		ar := c.post("/api/address/add", map[string]any{"address": addressWith(map[string]string{"city": "Kathmandu", "state": "Bagmati"})})
		want(t, ar, 200)
		address := ar.body["address"].(map[string]any)["_id"].(string)
		if p := s.client().post("/api/cart/quote", map[string]any{"items": items(s.rice.ID, 2), "address": address}).body["quote"].(map[string]any)["problem"]; p != "Address not found" {
			t.Errorf("a guest naming another's address: %v", p)
		}
		cart := map[string]any{"items": items(s.rice.ID, 2, ghee.ID, 1), "address": address}
		r = c.post("/api/cart/quote", cart)
		want(t, r, 200)
		q = r.body["quote"].(map[string]any)
		if q["problem"] != nil {
			t.Fatalf("quote: %v", q)
		}
		want(t, c.post("/api/order/cod", cart), 200, "Order Placed Successfully")
		bill := c.orders()[0].(map[string]any)["bill"].(map[string]any)
		for _, k := range []string{"subtotal", "deliveryFee", "tax", "total"} {
			if q[k] != bill[k] {
				t.Errorf("%s: quoted %v, the order's %v", k, q[k], bill[k])
			}
		}
		if len(bill["lines"].([]any)) != 2 || q["lines"].([]any)[1].(map[string]any)["amount"] != bill["lines"].([]any)[1] ||
			len(q["adjustments"].([]any)) != len(bill["adjustments"].([]any)) {
			t.Errorf("lines: quoted %v, the order's %v", q["lines"], bill["lines"])
		}
	})
}
