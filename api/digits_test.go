package api_test

import (
	"fmt"
	"testing"
)

// TestDevanagariDigits: numbers typed on a Nepali keyboard are read as any others: a product's
// prices and stock, an address's zip code and phone, and an order number searched for.
func TestDevanagariDigits(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		seller := s.seller()
		r := seller.addProduct(productForm(map[string]string{"name": "Local Tomatoes", "category": "Vegetables", "price": "२००", "offerPrice": "१८०.५०",
			"weight": "1 kg", "stock": "१२"}), upload{"p.png", pngFile(t)})
		want(t, r, 200)
		p := r.body["product"].(map[string]any)
		if p["price"] != 200.0 || p["offerPrice"] != 180.5 || p["stock"] != 12.0 {
			t.Fatalf("product: %v", p)
		}
		c := s.shopper("")
		r = c.post("/api/address/add", map[string]any{"address": map[string]any{"firstName": "Sita", "lastName": "Gurung", "email": "s@example.com",
			"street": "Lakeside", "city": "Pokhara", "state": "Gandaki", "zipcode": "३३७००", "country": "Nepal", "phone": "९८११११११११"}})
		want(t, r, 200)
		address := c.addresses()[0].(map[string]any)
		if address["zipcode"] != "33700" || address["phone"] != "9811111111" {
			t.Fatalf("address: %v", address)
		}
		want(t, c.post("/api/order/cod", order(s.rice.ID, 1, address["_id"].(string))), 200)
		number := int64(c.orders()[0].(map[string]any)["number"].(float64))
		r = seller.get("/api/order/seller?q=" + fmt.Sprintf("%%23%s", devanagari(number)))
		want(t, r, 200)
		if orders := r.body["orders"].([]any); len(orders) != 1 {
			t.Fatalf("search #%s: %v", devanagari(number), orders)
		}
	})
}

// devanagari writes n in Devanagari digits.
func devanagari(n int64) string {
	var b []rune
	for _, d := range fmt.Sprint(n) {
		b = append(b, '०'+(d-'0'))
	}
	return string(b)
}
