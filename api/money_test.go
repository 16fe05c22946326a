package api_test

import (
	"testing"
)

// TestPriceBound: a price is at most 10,000,000 in the store's currency, on add (as fields and as
// the original client's productData) and on update; an order of the most of the dearest product
// is priced exactly.
func TestPriceBound(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		seller := s.seller()
		img := upload{"tea.png", pngFile(t)}
		const refused = "Price must be at most 10,000,000"
		for _, tc := range []struct {
			name   string
			fields map[string]string
			status int
		}{
			{"fields, one paisa above", productForm(map[string]string{"price": "10000000.01", "offerPrice": "1"}), 400},
			{"fields, offer price too", productForm(map[string]string{"price": "10000000.01", "offerPrice": "10000000.01"}), 400},
			{"fields, far above", productForm(map[string]string{"price": "999999999999999", "offerPrice": "999999999999999"}), 400},
			{"productData, one paisa above", map[string]string{"productData": `{"name":"Tea","description":["a"],"category":"Drinks","price":10000000.01,"offerPrice":"5"}`}, 400},
			{"productData as text", map[string]string{"productData": `{"name":"Tea","description":["a"],"category":"Drinks","price":"10000000.01","offerPrice":"5"}`}, 400},
			{"fields, the bound", productForm(map[string]string{"price": "10000000", "offerPrice": "10000000"}), 200},
			{"productData, the bound", map[string]string{"productData": `{"name":"Tea","description":["a"],"category":"Drinks","price":10000000,"offerPrice":9999999.99}`}, 200},
		} {
			t.Run(tc.name, func(t *testing.T) {
				before := len(s.products())
				r := seller.addProduct(tc.fields, img)
				if tc.status == 400 {
					want(t, r, 400, refused)
					if len(s.products()) != before {
						t.Fatal("a refused product was stored")
					}
					return
				}
				want(t, r, 200, "Product Added")
			})
		}

		t.Run("in Nepali", func(t *testing.T) {
			body, ct := multipartProduct(productForm(map[string]string{"price": "10000000.01"}), img)
			want(t, seller.do("POST", "/api/product/add", body, ct, "Accept-Language", "ne"), 400, "मूल्य बढीमा १,००,००,००० हुनुपर्छ")
		})

		r := seller.addProduct(productForm(map[string]string{"price": "10000000", "offerPrice": "10000000"}), img)
		want(t, r, 200)
		id := r.body["product"].(map[string]any)["_id"].(string)
		t.Run("update", func(t *testing.T) {
			want(t, seller.updateProduct(map[string]string{"id": id, "price": "10000000.01"}), 400, refused)
			want(t, seller.updateProduct(map[string]string{"id": id, "price": "10000000", "offerPrice": "9999999.99"}), 200)
			want(t, seller.updateProduct(map[string]string{"id": id, "offerPrice": "10000000"}), 200)
		})

		t.Run("an order of the dearest", func(t *testing.T) {
			shopper := s.shopper("")
			want(t, shopper.post("/api/order/cod", order(id, 100, shopper.addAddress())), 200)
			// 100 × 10,000,000 and 2% tax: 1,020,000,000, exactly.
			if got := shopper.orders()[0].(map[string]any)["amount"]; got != 1_020_000_000.0 {
				t.Fatalf("amount = %v, want 1020000000", got)
			}
		})
	})
}
