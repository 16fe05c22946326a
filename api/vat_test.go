package api_test

import (
	"testing"

	"haat"
)

// taxRule returns the tax rule the store answers to anyone.
func (c *client) taxRule() string {
	c.s.t.Helper()
	r := c.get("/api/settings")
	want(c.s.t, r, 200)
	rule, _ := r.body["settings"].(map[string]any)["taxRule"].(string)
	return rule
}

func TestTaxRuleSetting(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		anon := s.client()
		if rule := anon.taxRule(); rule != "flat" {
			t.Fatalf("a new store's tax rule is %q, want flat", rule)
		}
		want(t, s.shopper("").post("/api/seller/settings", map[string]any{"taxRule": "vat"}), 403)
		seller := s.seller()
		want(t, seller.post("/api/seller/settings", map[string]any{"taxRule": "gst"}), 400, `The tax rule is "flat" or "vat"`)
		want(t, seller.post("/api/seller/settings", map[string]any{"taxRule": 13}), 400)
		if anon.taxRule() != "flat" {
			t.Fatal("a refused tax rule was stored")
		}
		want(t, seller.post("/api/seller/settings", map[string]any{"taxRule": "vat"}), 200, "Settings saved")
		want(t, seller.post("/api/seller/settings", valleyRules), 200) // other settings keep the rule
		if anon.taxRule() != "vat" || anon.delivery() == nil {
			t.Fatalf("tax rule %q, delivery %v", anon.taxRule(), anon.delivery())
		}
	})
}

// TestOrdersUnderVAT: under Nepal VAT prices include the tax, so the amount is subtotal plus fee,
// and the VAT in it is 13/113 of the taxable goods and the delivery fee; exempt staples carry none.
// An order keeps its rule and its items' exemption when the store changes them.
func TestOrdersUnderVAT(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		butter := s.addProduct(haat.Product{Name: "DDC Table Butter", Category: "Dairy", Price: 30000, OfferPrice: 22600, StockOn: true,
			Image: []string{"/media/catalogue/butter.webp"}, Description: []string{"Salted"}})
		rice := s.addProduct(haat.Product{Name: "Basmati Rice", Category: "Grains", Price: 40000, OfferPrice: 35000, StockOn: true, VATExempt: true,
			Image: []string{"/media/catalogue/basmati.webp"}, Description: []string{"Long grain"}})
		a := s.shopper("")
		home := a.addAddressIn("Kathmandu", "Bagmati")
		seller := s.seller()
		want(t, seller.post("/api/seller/settings", map[string]any{"taxRule": "vat", "delivery": map[string]any{
			"districts": []string{"Kathmandu"}, "fee": 75, "freeFrom": 1000}}), 200)

		lines := map[string]any{"items": []map[string]any{{"product": butter.ID, "quantity": 1}, {"product": rice.ID, "quantity": 1}}, "address": home}
		want(t, a.post("/api/order/cod", lines), 200)
		o := a.orders()[0].(map[string]any)
		// 226 + 350 = 576, below Rs. 1,000: fee 75; VAT = (226 + 75) × 13/113 = 34.63.
		if o["amount"] != 651.0 || o["deliveryFee"] != 75.0 || o["tax"] != 34.63 || o["taxRule"] != "vat" {
			t.Fatalf("VAT order: amount %v fee %v tax %v rule %v", o["amount"], o["deliveryFee"], o["tax"], o["taxRule"])
		}
		items := o["items"].([]any)
		if p := items[1].(map[string]any)["product"].(map[string]any); p["vatExempt"] != true {
			t.Fatalf("the rice item is not marked exempt: %v", p)
		}

		// Staples only: no VAT, free delivery at the threshold.
		want(t, a.post("/api/order/cod", order(rice.ID, 3, home)), 200)
		if o := a.orders()[0].(map[string]any); o["amount"] != 1050.0 || o["tax"] != 0.0 || o["deliveryFee"] != 0.0 {
			t.Fatalf("exempt order: amount %v tax %v fee %v", o["amount"], o["tax"], o["deliveryFee"])
		}

		// Back to the flat rule: new orders pay 2% on top, old ones keep what they were charged.
		want(t, seller.post("/api/seller/settings", map[string]any{"taxRule": "flat"}), 200)
		want(t, a.post("/api/order/cod", order(butter.ID, 5, home)), 200)
		orders := a.orders()
		if o := orders[0].(map[string]any); o["amount"] != 1130+22.6 || o["tax"] != 22.6 || o["taxRule"] != "flat" {
			t.Fatalf("flat order: amount %v tax %v rule %v", o["amount"], o["tax"], o["taxRule"])
		}
		if o := orders[2].(map[string]any); o["amount"] != 651.0 || o["tax"] != 34.63 || o["taxRule"] != "vat" {
			t.Fatalf("the VAT order changed with the rule: %v %v %v", o["amount"], o["tax"], o["taxRule"])
		}
		// The seller sees the same.
		if o := s.sellerOrders()[2].(map[string]any); o["tax"] != 34.63 || o["taxRule"] != "vat" {
			t.Fatalf("seller's view of the VAT order: %v %v", o["tax"], o["taxRule"])
		}
	}, withCurrency(haat.NPR))
}

// TestProductVATExempt: a new product is exempt as its category usually is unless the seller says,
// and the seller can correct it.
func TestProductVATExempt(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		seller := s.seller()
		img := upload{"p.png", pngFile(t)}
		add := func(change map[string]string) map[string]any {
			r := seller.addProduct(productForm(change), img)
			want(t, r, 200)
			return r.body["product"].(map[string]any)
		}
		tea := add(nil) // drinks: taxable
		if tea["vatExempt"] != nil {
			t.Fatalf("tea is exempt: %v", tea["vatExempt"])
		}
		lentils := add(map[string]string{"name": "Masoor Dal", "category": "grains"})
		if lentils["vatExempt"] != true {
			t.Fatal("lentils are not exempt by default")
		}
		milk := add(map[string]string{"name": "Milk", "category": "Dairy", "vatExempt": "true"})
		if milk["vatExempt"] != true {
			t.Fatal("milk marked exempt is not")
		}
		want(t, seller.addProduct(productForm(map[string]string{"vatExempt": "yes"}), img), 400, "vatExempt must be true or false")

		want(t, seller.updateProduct(map[string]string{"id": lentils["_id"].(string), "vatExempt": "false"}), 200)
		want(t, seller.updateProduct(map[string]string{"id": milk["_id"].(string), "name": "DDC Milk"}), 200)
		list := s.sellerProducts()
		if p := listed(list, lentils["_id"].(string)); p["vatExempt"] != nil {
			t.Fatal("lentils stayed exempt after the correction")
		}
		if p := listed(list, milk["_id"].(string)); p["vatExempt"] != true || p["name"] != "DDC Milk" {
			t.Fatalf("an edit without vatExempt changed it: %v", p)
		}
	})
}
