package api_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// updateProduct posts an update form as c: fields, and files under "images".
func (c *client) updateProduct(fields map[string]string, files ...upload) response {
	c.s.t.Helper()
	body, ct := multipartProduct(fields, files...)
	return c.do("POST", "/api/product/update", body, ct)
}

// sellerProducts returns the seller's list of every product.
func (s *store) sellerProducts() []map[string]any {
	s.t.Helper()
	r := s.seller().get("/api/seller/products")
	want(s.t, r, 200)
	var list []map[string]any
	for _, p := range r.body["products"].([]any) {
		list = append(list, p.(map[string]any))
	}
	return list
}

// listed returns the product with id from list, or nil.
func listed(list []map[string]any, id string) map[string]any {
	for _, p := range list {
		if p["_id"] == id {
			return p
		}
	}
	return nil
}

// jsonText writes v as JSON.
func jsonText(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func TestProductUpdate(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		seller := s.seller()
		img := upload{"tea.png", pngFile(t)}
		r := seller.addProduct(productForm(nil), img, upload{"tea.jpg", jpegFile(t)})
		want(t, r, 200)
		tea := r.body["product"].(map[string]any)
		id := tea["_id"].(string)
		photos := tea["image"].([]any)
		u0, u1 := photos[0].(string), photos[1].(string)

		// A shopper orders the tea as it is now.
		shopper := s.shopper("")
		want(t, shopper.post("/api/order/cod", order(id, 2, shopper.addAddress())), 200)
		placed := shopper.orders()

		edit := func(change map[string]string) map[string]string {
			f := map[string]string{"id": id}
			for k, v := range change {
				f[k] = v
			}
			return f
		}
		unchanged := func(t *testing.T, files int) {
			t.Helper()
			got := listed(s.products(), id)
			if got["name"] != "Ilam Tea" || got["price"] != 550.0 || got["offerPrice"] != 495.5 || jsonText(got["image"]) != jsonText(photos) || got["weight"] != "250 g" {
				t.Fatalf("a refused update changed the product: %v", got)
			}
			if n := s.storedFiles(); n != files {
				t.Fatalf("a refused update left %d image files, want %d", n, files)
			}
		}
		files := s.storedFiles()

		text := upload{"tea.png", []byte("not really a picture")}
		for name, tc := range map[string]struct {
			fields map[string]string
			files  []upload
			status int
			msg    string
		}{
			"no id":                   {map[string]string{"name": "Tea"}, nil, 400, "Product id is required"},
			"unknown id":              {map[string]string{"id": "01NOTAPRODUCT", "name": "Tea"}, nil, 404, "Product not found"},
			"blank name":              {edit(map[string]string{"name": "  "}), nil, 400, "Product name is required"},
			"name too long":           {edit(map[string]string{"name": strings.Repeat("n", 121)}), nil, 400, "Product name is too long"},
			"empty description":       {edit(map[string]string{"description": "[]"}), nil, 400, "Product description is required"},
			"unknown category":        {edit(map[string]string{"category": "Toys"}), nil, 400, "Please choose a valid category"},
			"price 0":                 {edit(map[string]string{"price": "0"}), nil, 400, "Price must be at least 1"},
			"price not a number":      {edit(map[string]string{"price": "abc"}), nil, 400, "Price must be a number with at most 2 decimals"},
			"price emptied":           {edit(map[string]string{"price": ""}), nil, 400, "Price is required"},
			"offer above price":       {edit(map[string]string{"offerPrice": "550.01"}), nil, 400, "Offer price cannot be more than the price"},
			"price below the offer":   {edit(map[string]string{"price": "400"}), nil, 400, "Offer price cannot be more than the price"},
			"weight too long":         {edit(map[string]string{"weight": strings.Repeat("g", 41)}), nil, 400, "Weight is too long"},
			"every image removed":     {edit(map[string]string{"imageOrder": "[]"}), nil, 400, "Please add at least one image"},
			"five images":             {edit(map[string]string{"imageOrder": jsonText([]any{u0, u1, 0, 1, 2})}), []upload{img, img, img}, 400, "A product can have at most 4 images"},
			"five, new ones appended": {edit(nil), []upload{img, img, img}, 400, "A product can have at most 4 images"},
			"another product's image": {edit(map[string]string{"imageOrder": `["/media/catalogue/jumla-rice.webp"]`}), nil, 400, "Image 1 is not one of the product's images"},
			"an image twice":          {edit(map[string]string{"imageOrder": jsonText([]any{u0, u0})}), nil, 400, "Image 2 appears twice"},
			"a file twice":            {edit(map[string]string{"imageOrder": jsonText([]any{0, 0})}), []upload{img}, 400, "Image 2 appears twice"},
			"a file not sent":         {edit(map[string]string{"imageOrder": jsonText([]any{u0, 1})}), []upload{img}, 400, "Image 2 names no uploaded file"},
			"a file left out":         {edit(map[string]string{"imageOrder": jsonText([]any{u0})}), []upload{img}, 400, "Every uploaded image needs a place in the order of images"},
			"imageOrder not a list":   {edit(map[string]string{"imageOrder": `{"a":1}`}), nil, 400, "imageOrder must be a JSON array of image URLs and file numbers"},
			"imageOrder with a float": {edit(map[string]string{"imageOrder": `[0.5]`}), []upload{img}, 400, "imageOrder must be a JSON array of image URLs and file numbers"},
			"a bad photo":             {edit(map[string]string{"name": "Ilam Green Tea", "imageOrder": jsonText([]any{0, u0})}), []upload{text}, 400, "Images must be JPEG, PNG, WebP or GIF"},
			"a bad second photo":      {edit(map[string]string{"price": "600"}), []upload{img, text}, 400, "Image 2: Images must be JPEG, PNG, WebP or GIF"},
			"negative stock":          {edit(map[string]string{"stock": "-1"}), nil, 400, "Stock must be a whole number from 0 to 1000000"},
			"stock not a number":      {edit(map[string]string{"stock": "some"}), nil, 400, "Stock must be a whole number from 0 to 1000000"},
		} {
			t.Run(name, func(t *testing.T) {
				want(t, seller.updateProduct(tc.fields, tc.files...), tc.status, tc.msg)
				unchanged(t, files)
			})
		}

		t.Run("refused to others", func(t *testing.T) {
			want(t, s.client().updateProduct(edit(map[string]string{"name": "Guest Tea"}), img), 401)
			want(t, shopper.updateProduct(edit(map[string]string{"name": "Shopper Tea"}), img), 403)
			unchanged(t, files)
		})

		t.Run("price and a photo corrected", func(t *testing.T) {
			r := seller.updateProduct(edit(map[string]string{"name": " Ilam Green Tea ", "price": "600", "offerPrice": "450",
				"description": "First flush\nFrom Ilam", "category": "drinks", "imageOrder": jsonText([]any{u1, 0})}), upload{"new.jpg", jpegFile(t)})
			want(t, r, 200, "Product Updated")
			got := listed(s.products(), id)
			images := got["image"].([]any)
			if got["name"] != "Ilam Green Tea" || got["price"] != 600.0 || got["offerPrice"] != 450.0 || got["category"] != "Drinks" ||
				got["weight"] != "250 g" || got["inStock"] != true || got["createdAt"] != tea["createdAt"] ||
				fmt.Sprint(got["description"]) != "[First flush From Ilam]" || len(images) != 2 || images[0] != u1 {
				t.Fatalf("updated product = %v", got)
			}
			if u, _ := images[1].(string); !strings.HasPrefix(u, "/media/uploads/") || u == u0 || u == u1 {
				t.Fatalf("new image URL %q", images[1])
			}
			if jsonText(r.body["product"]) != jsonText(got) {
				t.Fatalf("answer %v, listed %v", r.body["product"], got)
			}
			if _, has := got["archived"]; has {
				t.Fatalf("the shop's list names the archived flag: %v", got)
			}
		})

		t.Run("only the weight cleared", func(t *testing.T) {
			before := listed(s.products(), id)
			want(t, seller.updateProduct(edit(map[string]string{"weight": ""})), 200)
			got := listed(s.products(), id)
			if _, has := got["weight"]; has || got["name"] != before["name"] || jsonText(got["image"]) != jsonText(before["image"]) {
				t.Fatalf("after clearing the weight: %v", got)
			}
		})

		t.Run("photos moved, new ones appended", func(t *testing.T) {
			before := listed(s.products(), id)["image"].([]any)
			want(t, seller.updateProduct(edit(nil), img), 200)
			after := listed(s.products(), id)["image"].([]any)
			if len(after) != 3 || after[0] != before[0] || after[1] != before[1] {
				t.Fatalf("images %v, then %v", before, after)
			}
			want(t, seller.updateProduct(edit(map[string]string{"imageOrder": jsonText([]any{after[2], after[0]})})), 200)
			if got := listed(s.products(), id)["image"].([]any); jsonText(got) != jsonText([]any{after[2], after[0]}) {
				t.Fatalf("reordered images %v", got)
			}
		})

		t.Run("stock counted, kept and no longer counted", func(t *testing.T) {
			want(t, seller.updateProduct(edit(map[string]string{"stock": "5"})), 200)
			if got := listed(s.products(), id); got["stock"] != 5.0 || got["inStock"] != true {
				t.Fatalf("after counting 5: %v", got)
			}
			want(t, shopper.post("/api/order/cod", order(id, 2, shopper.addresses()[0].(map[string]any)["_id"].(string))), 200)
			// An update without stock leaves the count as the order left it.
			want(t, seller.updateProduct(edit(map[string]string{"name": "Ilam Tea, First Flush"})), 200)
			if got := listed(s.products(), id); got["stock"] != 3.0 || got["name"] != "Ilam Tea, First Flush" {
				t.Fatalf("after an update without stock: %v", got)
			}
			r := seller.updateProduct(edit(map[string]string{"stock": "0"}))
			want(t, r, 200)
			if p := r.body["product"].(map[string]any); p["stock"] != 0.0 || p["inStock"] != false {
				t.Fatalf("answer after counting 0: %v", p)
			}
			want(t, seller.updateProduct(edit(map[string]string{"stock": ""})), 200)
			if got := listed(s.products(), id); got["stock"] != nil || got["inStock"] != true {
				t.Fatalf("after no longer counting: %v", got)
			}
		})

		t.Run("the order keeps the tea as it was bought", func(t *testing.T) {
			if got := shopper.orders(); jsonText(got[len(got)-1]) != jsonText(placed[0]) {
				t.Fatalf("order before %v\nafter %v", placed[0], got[len(got)-1])
			}
			item := placed[0].(map[string]any)["items"].([]any)[0].(map[string]any)["product"].(map[string]any)
			if item["name"] != "Ilam Tea" || item["offerPrice"] != 495.5 || jsonText(item["image"]) != jsonText(photos) {
				t.Fatalf("ordered item = %v", item)
			}
			seen := s.sellerOrders()[1].(map[string]any)["items"].([]any)[0].(map[string]any)["product"].(map[string]any)
			if seen["name"] != "Ilam Tea" || seen["offerPrice"] != 495.5 || seen["category"] != "Drinks" {
				t.Fatalf("the seller's order item = %v", seen)
			}
		})
	})
}

func TestProductArchive(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		seller := s.seller()
		a := s.shopper("")
		addr := a.addAddress()
		want(t, a.post("/api/order/cod", order(s.rice.ID, 1, addr)), 200)
		placed := a.orders()
		a.setCart(map[string]int{s.rice.ID: 2})

		archive := func(c *client, id string, archived any) response {
			return c.post("/api/product/archive", map[string]any{"id": id, "archived": archived})
		}
		for name, tc := range map[string]struct {
			body   any
			status int
			msg    string
		}{
			"unknown id":           {map[string]any{"id": "01NOTAPRODUCT", "archived": true}, 404, "Product not found"},
			"no id":                {map[string]any{"archived": true}, 400, "Product id is required"},
			"no archived":          {map[string]any{"id": s.rice.ID}, 400, "archived must be true or false"},
			"archived as a string": {map[string]any{"id": s.rice.ID, "archived": "true"}, 400, "Invalid value for archived"},
		} {
			t.Run(name, func(t *testing.T) { want(t, seller.post("/api/product/archive", tc.body), tc.status, tc.msg) })
		}
		want(t, archive(s.client(), s.rice.ID, true), 401)
		want(t, archive(a, s.rice.ID, true), 403)
		want(t, a.get("/api/seller/products"), 403)
		want(t, s.client().get("/api/seller/products"), 401)
		if listed(s.products(), s.rice.ID) == nil {
			t.Fatal("a refused caller archived the rice")
		}

		want(t, archive(seller, s.rice.ID, true), 200, "Product Archived")
		if list := s.products(); len(list) != 1 || list[0]["_id"] != s.dal.ID {
			t.Fatalf("the shop lists %v", list)
		}
		all := s.sellerProducts()
		if len(all) != 2 || listed(all, s.rice.ID)["archived"] != true || listed(all, s.dal.ID)["archived"] != false {
			t.Fatalf("the seller's list = %v", all)
		}

		const gone = "Jumla Red Rice is no longer sold"
		b := s.shopper("")
		want(t, b.post("/api/cart/update", map[string]any{"cartItems": map[string]int{s.rice.ID: 1}}), 400, gone)
		want(t, a.post("/api/order/cod", order(s.rice.ID, 1, addr)), 400, gone)
		if got := a.orders(); jsonText(got) != jsonText(placed) {
			t.Fatalf("orders before %v\nafter archiving %v", placed, got)
		}
		// A cart that holds it keeps it, for the storefront to show as no longer sold.
		if cart := a.cart(); cart[s.rice.ID] != 2.0 {
			t.Fatalf("cart = %v", cart)
		}

		// An archived product can still be corrected, and archiving twice is fine.
		want(t, seller.updateProduct(map[string]string{"id": s.rice.ID, "price": "330"}), 200)
		want(t, archive(seller, s.rice.ID, true), 200)
		if len(s.products()) != 1 {
			t.Fatal("a corrected archived product came back on sale")
		}

		want(t, archive(seller, s.rice.ID, false), 200, "Product Restored")
		rice := listed(s.products(), s.rice.ID)
		if rice == nil || rice["price"] != 330.0 || rice["inStock"] != true {
			t.Fatalf("restored rice = %v", rice)
		}
		if listed(s.sellerProducts(), s.rice.ID)["archived"] != false {
			t.Fatal("the seller's list still has the rice archived")
		}
		b.setCart(map[string]int{s.rice.ID: 1})
		want(t, a.post("/api/order/cod", order(s.rice.ID, 1, addr)), 200)
		if got := a.orders(); len(got) != 2 || jsonText(got[1]) != jsonText(placed[0]) {
			t.Fatalf("orders after restoring = %v", got)
		}
	})
}
