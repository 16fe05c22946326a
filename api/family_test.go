package api_test

import (
	"fmt"
	"testing"
)

// TestPackSizes: pack sizes of one product are products of one family, each with its size label;
// the shop's search and categories list the family once (its newest size in stock) and every
// product carries the family's sizes, smallest price first; each size keeps its own id, price and
// stock, and a cart orders them as any product.
func TestPackSizes(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		seller := s.seller()
		img := upload{"rice.png", pngFile(t)}
		add := func(size, price, family string) string {
			t.Helper()
			r := seller.addProduct(productForm(map[string]string{"name": "Basmati Rice", "category": "Grains", "price": price, "offerPrice": price,
				"weight": "", "family": family, "size": size}), img)
			want(t, r, 200)
			return r.body["product"].(map[string]any)["_id"].(string)
		}
		want(t, seller.addProduct(productForm(map[string]string{"family": "basmati-rice"}), img), 400, "A product of a family needs its size, such as 1 kg")
		want(t, seller.addProduct(productForm(map[string]string{"size": "1 kg"}), img), 400, "Only a product of a family has a size")
		small := add("1 kg", "200", " Basmati-Rice ")
		big := add("25 kg", "4500", "basmati-rice")
		middle := add("5 kg", "950", "basmati-rice")

		found := func(query string) []map[string]any {
			t.Helper()
			r := s.client().get("/api/product/search?" + query)
			want(t, r, 200)
			var out []map[string]any
			for _, p := range r.body["products"].([]any) {
				if p := p.(map[string]any); p["name"] == "Basmati Rice" {
					out = append(out, p)
				}
			}
			return out
		}
		sizesOf := func(p map[string]any) string {
			var out []string
			for _, z := range p["sizes"].([]any) {
				z := z.(map[string]any)
				out = append(out, fmt.Sprint(z["size"], " ", z["offerPrice"], " ", z["inStock"]))
			}
			return fmt.Sprint(out)
		}
		for _, q := range []string{"", "category=Grains", "q=basmati"} {
			list := found(q)
			if len(list) != 1 || list[0]["_id"] != middle || list[0]["family"] != "basmati-rice" {
				t.Fatalf("%q lists the family %d times: %v", q, len(list), list)
			}
			if got := sizesOf(list[0]); got != "[1 kg 200 true 5 kg 950 true 25 kg 4500 true]" {
				t.Fatalf("sizes: %s", got)
			}
		}

		// The newest size out of stock: the family is listed by the newest in stock.
		want(t, seller.post("/api/product/stock", map[string]any{"id": middle, "inStock": false}), 200)
		if list := found(""); len(list) != 1 || list[0]["_id"] != big || sizesOf(list[0]) != "[1 kg 200 true 5 kg 950 false 25 kg 4500 true]" {
			t.Fatalf("with 5 kg out of stock: %v", list)
		}
		r := s.client().get("/api/product/get?id=" + middle + "&id=" + small)
		want(t, r, 200)
		products := r.body["products"].([]any)
		if len(products) != 2 || sizesOf(products[0].(map[string]any)) != "[1 kg 200 true 5 kg 950 false 25 kg 4500 true]" || products[1].(map[string]any)["size"] != "1 kg" {
			t.Fatalf("get: %v", products)
		}

		// Each size is a product of its own in a cart and an order.
		c := s.shopper("")
		address := c.addAddress()
		want(t, c.post("/api/order/cod", map[string]any{"address": address, "items": []map[string]any{{"product": small, "quantity": 2}, {"product": big, "quantity": 1}}}), 200)
		o := c.orders()[0].(map[string]any)
		items := o["items"].([]any)
		if o["amount"] != 4998.0 || items[0].(map[string]any)["product"].(map[string]any)["size"] != "1 kg" || items[1].(map[string]any)["product"].(map[string]any)["size"] != "25 kg" {
			t.Fatalf("order of two sizes: %v", o)
		}

		// Out of the family again.
		want(t, seller.updateProduct(map[string]string{"id": small, "family": "", "size": ""}), 200)
		if list := found("q=basmati"); len(list) != 2 {
			t.Fatalf("after 1 kg left the family: %v", list)
		}
	})
}
