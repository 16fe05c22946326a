package api_test

import (
	"maps"
	"strings"
	"testing"
)

// TestSoldByWeight: a seller adds goods sold by weight (prices per kilogram, bought in steps of
// grams) through the form and the import, and refuses what does not make sense; the cart's
// quote and the order placed from it charge the weight bought, and the order keeps the step it was
// sold in after the product changes.
func TestSoldByWeight(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		seller := s.seller()
		img := upload{"tomato.png", pngFile(t)}
		// with is the form of tomatoes sold by weight, changed by change ("" leaves a field out).
		with := func(change map[string]string) map[string]string {
			fields := map[string]string{"name": "Local Tomatoes", "category": "Vegetables", "price": "200", "offerPrice": "180",
				"weight": "", "soldBy": "weight", "step": "250"}
			maps.Copy(fields, change)
			return productForm(fields)
		}
		tomatoes := with(nil)
		for name, tc := range map[string]struct {
			change map[string]string
			msg    string
		}{
			"no step":             {map[string]string{"step": ""}, "A product sold by weight needs a step in grams"},
			"step too small":      {map[string]string{"step": "5"}, "Step must be a whole number of grams from 10 to 5000"},
			"step not a number":   {map[string]string{"step": "quarter"}, "Step must be a whole number of grams from 10 to 5000"},
			"unknown way to sell": {map[string]string{"soldBy": "litre"}, `Sold by must be "unit" or "weight"`},
			"a step by the unit":  {map[string]string{"soldBy": "unit"}, "Only a product sold by weight has a step"},
		} {
			t.Run(name, func(t *testing.T) { want(t, seller.addProduct(with(tc.change), img), 400, tc.msg) })
		}
		r := seller.addProduct(tomatoes, img)
		want(t, r, 200, "Product Added")
		p := r.body["product"].(map[string]any)
		id := p["_id"].(string)
		if p["soldBy"] != "weight" || p["step"] != 250.0 || p["offerPrice"] != 180.0 {
			t.Fatalf("added: %v", p)
		}
		listed := s.products()[0]
		if listed["soldBy"] != "weight" || listed["step"] != 250.0 {
			t.Fatalf("listed: %v", listed)
		}
		// A product sold by the unit says nothing of either, as the spec's products.
		for _, p := range s.products()[1:] {
			if _, ok := p["soldBy"]; ok {
				t.Fatalf("a product sold by the unit carries soldBy: %v", p)
			}
			if _, ok := p["step"]; ok {
				t.Fatalf("a product sold by the unit carries step: %v", p)
			}
		}

		// 750 g at 180 a kg is 135; with 2 kg of rice at 295 that is 725, under the flat 2%.
		c := s.shopper("")
		address := c.addAddress()
		cart := map[string]any{"items": []map[string]any{{"product": id, "quantity": 3}, {"product": s.rice.ID, "quantity": 1}}, "address": address}
		r = c.post("/api/cart/quote", cart)
		want(t, r, 200)
		q := r.body["quote"].(map[string]any)
		if l := q["lines"].([]any)[0].(map[string]any); l["amount"] != 135.0 || q["subtotal"] != 430.0 || q["total"] != 438.6 {
			t.Fatalf("quote: %v", q)
		}
		want(t, c.post("/api/order/cod", cart), 200, "Order Placed Successfully")
		order := c.orders()[0].(map[string]any)
		item := order["items"].([]any)[0].(map[string]any)
		product := item["product"].(map[string]any)
		if item["quantity"] != 3.0 || product["soldBy"] != "weight" || product["step"] != 250.0 || product["offerPrice"] != 180.0 {
			t.Fatalf("ordered item: %v", item)
		}
		if order["amount"] != 438.6 || order["bill"].(map[string]any)["lines"].([]any)[0] != 135.0 {
			t.Fatalf("order: amount %v, bill %v", order["amount"], order["bill"])
		}

		// Sold by the unit from now on: the step goes, and the order keeps what it was sold as.
		want(t, seller.updateProduct(map[string]string{"id": id, "soldBy": "unit"}), 200)
		if p := s.products()[0]; p["_id"] != id || p["soldBy"] != nil || p["step"] != nil {
			t.Fatalf("turned to the unit: %v", p)
		}
		want(t, seller.updateProduct(map[string]string{"id": id, "soldBy": "weight"}), 400, "A product sold by weight needs a step in grams")
		want(t, seller.updateProduct(map[string]string{"id": id, "soldBy": "weight", "step": "500"}), 200)
		if p := s.products()[0]; p["soldBy"] != "weight" || p["step"] != 500.0 {
			t.Fatalf("by weight again: %v", p)
		}
		order = c.orders()[0].(map[string]any)
		if product := order["items"].([]any)[0].(map[string]any)["product"].(map[string]any); product["step"] != 250.0 || order["amount"] != 438.6 {
			t.Fatalf("the order changed with its product: %v", order)
		}

		// The import sets both, and an export says how each product is sold.
		header := exportCSVHeader
		csv := header + "DAL-1,Masoor Dal Loose,,Grains,190,180,,,Red lentils,,,,weight,500,,\n" +
			"DAL-2,Masoor Dal 1 kg,,Grains,190,180,1 kg,,Red lentils,,,,,,,\n"
		want(t, seller.importProducts(importForm{csv: csv, dryRun: "false"}), 200)
		products := s.bySKU()
		if p := products["DAL-1"]; p["soldBy"] != "weight" || p["step"] != 500.0 {
			t.Fatalf("imported by weight: %v", p)
		}
		if p := products["DAL-2"]; p["soldBy"] != nil || p["step"] != nil {
			t.Fatalf("imported by the unit: %v", p)
		}
		bad := header + "DAL-3,Masoor Dal,,Grains,190,180,,,Red lentils,,,,weight,,,\n"
		if rows := importRows(seller.importProducts(importForm{csv: bad, dryRun: "false"})); len(rows) != 1 || !strings.HasSuffix(rows[0], "A product sold by weight needs a step in grams") {
			t.Fatalf("a row by weight without a step: %v", rows)
		}
		export := seller.get("/api/product/export.csv")
		want(t, export, 200)
		for _, line := range strings.Split(string(export.raw), "\n") {
			line = strings.TrimSpace(line)
			if strings.HasPrefix(line, "DAL-1,") && !strings.HasSuffix(line, ",weight,500,,") ||
				strings.HasPrefix(line, "DAL-2,") && !strings.HasSuffix(line, ",unit,,,") {
				t.Errorf("exported: %s", line)
			}
		}
	})
}
