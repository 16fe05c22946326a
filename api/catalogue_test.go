package api_test

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"
	"testing"
)

func TestProductList(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		r := s.client().get("/api/product/list")
		want(t, r, 200)
		products := r.body["products"].([]any)
		if len(products) != 2 {
			t.Fatalf("%d products", len(products))
		}
		dal, rice := products[0].(map[string]any), products[1].(map[string]any)
		if dal["inStock"] != false || rice["inStock"] != true || rice["offerPrice"] != 295.0 || rice["price"] != 320.0 ||
			rice["_id"] != s.rice.ID || rice["weight"] != "1 kg" || rice["category"] != "Grains" || rice["createdAt"] == nil {
			t.Fatalf("products = %v", products)
		}
		if desc := rice["description"].([]any); len(desc) != 1 || desc[0] != "Hill-grown" {
			t.Fatalf("description = %v", desc)
		}
	})
}

func TestProductAdd(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		seller := s.seller()
		pic := pngFile(t)
		fields := func(change map[string]string) map[string]string {
			f := map[string]string{"name": "Ilam Tea", "description": `["Whole leaf","From Ilam"]`, "category": "drinks",
				"price": "550", "offerPrice": "495.50", "weight": "250 g"}
			for k, v := range change {
				if v == "" {
					delete(f, k)
				} else {
					f[k] = v
				}
			}
			return f
		}
		add := func(c *client, f map[string]string, files ...[2][]byte) response {
			body, ct := multipartProduct(f, files...)
			return c.do("POST", "/api/product/add", body, ct)
		}
		img := [2][]byte{[]byte("tea.png"), pic}

		for name, tc := range map[string]struct {
			fields map[string]string
			files  [][2][]byte
			msg    string
		}{
			"no images":       {fields(nil), nil, "Please add at least one image"},
			"five images":     {fields(nil), [][2][]byte{img, img, img, img, img}, "A product can have at most 4 images"},
			"text as png":     {fields(nil), [][2][]byte{{[]byte("tea.png"), []byte("not really a picture")}}, "Images must be JPEG, PNG, WebP or GIF"},
			"second is text":  {fields(nil), [][2][]byte{img, {[]byte("b.png"), []byte("not really a picture")}}, "Image 2: Images must be JPEG, PNG, WebP or GIF"},
			"price below 1":   {fields(map[string]string{"price": "0.99", "offerPrice": "0.5"}), [][2][]byte{img}, "Price must be at least 1"},
			"offer above":     {fields(map[string]string{"offerPrice": "551"}), [][2][]byte{img}, "Offer price cannot be more than the price"},
			"offer negative":  {fields(map[string]string{"offerPrice": "-1"}), [][2][]byte{img}, "Offer price cannot be negative"},
			"price not money": {fields(map[string]string{"price": "abc"}), [][2][]byte{img}, "Price must be a number with at most 2 decimals"},
			"bad category":    {fields(map[string]string{"category": "Toys"}), [][2][]byte{img}, "Please choose a valid category"},
			"no name":         {fields(map[string]string{"name": ""}), [][2][]byte{img}, "Product name is required"},
			"no description":  {fields(map[string]string{"description": "[]"}), [][2][]byte{img}, "Product description is required"},
			"no offer price":  {fields(map[string]string{"offerPrice": ""}), [][2][]byte{img}, "Offer price is required"},
		} {
			t.Run(name, func(t *testing.T) { want(t, add(seller, tc.fields, tc.files...), 400, tc.msg) })
		}
		if r := s.client().get("/api/product/list"); len(r.body["products"].([]any)) != 2 {
			t.Fatal("a refused product was stored")
		}

		want(t, add(s.client(), fields(nil), img), 401)
		want(t, add(s.shopper("sita@example.com"), fields(nil), img), 403)

		r := add(seller, fields(nil), img, img)
		want(t, r, 200, "Product Added")
		list := s.client().get("/api/product/list").body["products"].([]any)
		tea := list[0].(map[string]any)
		if tea["name"] != "Ilam Tea" || tea["category"] != "Drinks" || tea["offerPrice"] != 495.5 || tea["inStock"] != true {
			t.Fatalf("new product = %v", tea)
		}
		imgs := tea["image"].([]any)
		if len(imgs) != 2 || imgs[0] == imgs[1] {
			t.Fatalf("images = %v", imgs)
		}
		for _, u := range imgs {
			res, err := http.Get(s.server.URL + u.(string))
			if err != nil || res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "image/") {
				t.Fatalf("GET %s: %v %v", u, res.StatusCode, err)
			}
			res.Body.Close()
		}

		// Plain-text descriptions are taken one line per row.
		r = add(seller, fields(map[string]string{"description": "Line one\n\nLine two\n"}), img)
		want(t, r, 200)
		if d := r.body["product"].(map[string]any)["description"].([]any); len(d) != 2 || d[1] != "Line two" {
			t.Fatalf("description = %v", d)
		}
	})
}

func TestProductAddBodyLimit(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		seller := s.seller()
		big := bytes.Repeat([]byte{0}, 26<<20)
		body, ct := multipartProduct(map[string]string{"name": "Big"}, [2][]byte{[]byte("big.png"), big})
		want(t, seller.do("POST", "/api/product/add", body, ct), 413)
	})
}

func TestProductStock(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		seller := s.seller()
		want(t, seller.post("/api/product/stock", map[string]any{"id": s.dal.ID, "inStock": true}), 200, "Stock Updated")
		want(t, seller.post("/api/product/stock", map[string]any{"id": s.rice.ID, "inStock": false}), 200)
		list := s.client().get("/api/product/list").body["products"].([]any)
		if list[0].(map[string]any)["inStock"] != true || list[1].(map[string]any)["inStock"] != false {
			t.Fatalf("stock not switched: %v", list)
		}
		want(t, seller.post("/api/product/stock", map[string]any{"id": "nope", "inStock": true}), 404)
		want(t, seller.post("/api/product/stock", map[string]any{"id": s.rice.ID}), 400)
		want(t, seller.post("/api/product/stock", map[string]any{"id": s.rice.ID, "inStock": "yes"}), 400)
		want(t, seller.post("/api/product/stock", map[string]any{"inStock": true}), 400)
		want(t, s.shopper("sita@example.com").post("/api/product/stock", map[string]any{"id": s.rice.ID, "inStock": true}), 403)
		want(t, s.client().post("/api/product/stock", map[string]any{"id": s.rice.ID, "inStock": true}), 401)
	})
}

func TestCart(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.shopper("sita@example.com")
		want(t, c.post("/api/cart/update", map[string]any{"cartItems": map[string]int{s.rice.ID: 2, s.dal.ID: 1}}), 200, "Cart Updated")
		before := c.cart()
		if len(before) != 2 || before[s.rice.ID] != 2.0 {
			t.Fatalf("cart = %v", before)
		}
		for name, body := range map[string]string{
			"unknown product": fmt.Sprintf(`{"cartItems":{%q:1,"nope":1}}`, s.rice.ID),
			"zero":            fmt.Sprintf(`{"cartItems":{%q:0}}`, s.rice.ID),
			"negative":        fmt.Sprintf(`{"cartItems":{%q:-1}}`, s.rice.ID),
			"fraction":        fmt.Sprintf(`{"cartItems":{%q:1.5}}`, s.rice.ID),
			"string":          fmt.Sprintf(`{"cartItems":{%q:"2"}}`, s.rice.ID),
			"over 100":        fmt.Sprintf(`{"cartItems":{%q:101}}`, s.rice.ID),
			"no cartItems":    `{}`,
			"cartItems list":  `{"cartItems":[1,2]}`,
			"not json":        `{"cartItems":`,
		} {
			t.Run(name, func(t *testing.T) {
				want(t, c.post("/api/cart/update", body), 400)
				if after := c.cart(); len(after) != 2 || after[s.rice.ID] != 2.0 || after[s.dal.ID] != 1.0 {
					t.Fatalf("cart changed to %v", after)
				}
			})
		}
		want(t, c.post("/api/cart/update", `{"cartItems":{}}`), 200)
		if after := c.cart(); len(after) != 0 {
			t.Fatalf("cart not cleared: %v", after)
		}
	})
}

func TestAddresses(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		a, b := s.shopper("a@example.com"), s.shopper("b@example.com")
		id := a.addAddress()
		b.addAddress()
		r := a.get("/api/address/get")
		want(t, r, 200)
		list := r.body["addresses"].([]any)
		if len(list) != 1 || list[0].(map[string]any)["_id"] != id || list[0].(map[string]any)["city"] != "Pokhara" {
			t.Fatalf("a's addresses = %v", list)
		}
		for field := range validAddress {
			t.Run("without "+field, func(t *testing.T) {
				addr := map[string]string{}
				for k, v := range validAddress {
					if k != field {
						addr[k] = v
					}
				}
				want(t, a.post("/api/address/add", map[string]any{"address": addr}), 400)
			})
		}
		bad := map[string]string{}
		for k, v := range validAddress {
			bad[k] = v
		}
		bad["email"] = "not-an-email"
		want(t, a.post("/api/address/add", map[string]any{"address": bad}), 400)
		want(t, a.post("/api/address/add", `{}`), 400)
		if n := len(a.get("/api/address/get").body["addresses"].([]any)); n != 1 {
			t.Fatalf("refused addresses stored: %d", n)
		}
	})
}
