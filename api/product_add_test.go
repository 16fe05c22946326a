package api_test

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"haat/images"
)

func TestProductAdd(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		seller := s.seller()
		img := upload{"tea.png", pngFile(t)}
		text := upload{"tea.png", []byte("not really a picture, just text")}
		for name, tc := range map[string]struct {
			fields map[string]string
			files  []upload
			msg    string
		}{
			"no images":              {productForm(nil), nil, "Please add at least one image"},
			"five images":            {productForm(nil), []upload{img, img, img, img, img}, "A product can have at most 4 images"},
			"text renamed .png":      {productForm(nil), []upload{text}, "Images must be JPEG, PNG, WebP or GIF"},
			"second file is text":    {productForm(nil), []upload{img, text}, "Image 2: Images must be JPEG, PNG, WebP or GIF"},
			"svg":                    {productForm(nil), []upload{{"tea.svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`)}}, "Images must be JPEG, PNG, WebP or GIF"},
			"truncated png":          {productForm(nil), []upload{{"tea.png", img.data[:len(img.data)/2]}}, "This image file is damaged or unsupported"},
			"image over 5 MB":        {productForm(nil), []upload{{"big.png", bytes.Repeat([]byte{0}, images.MaxBytes+1)}}, "Each image must be at most 5 MB"},
			"over 40 megapixels":     {productForm(nil), []upload{{"huge.png", hugePNG(t, 8000, 5001)}}, "Each image must be at most 40 megapixels"},
			"price below 1":          {productForm(map[string]string{"price": "0.99", "offerPrice": "0.5"}), []upload{img}, "Price must be at least 1"},
			"price 0":                {productForm(map[string]string{"price": "0", "offerPrice": "0"}), []upload{img}, "Price must be at least 1"},
			"negative price":         {productForm(map[string]string{"price": "-5", "offerPrice": "1"}), []upload{img}, "Price must be at least 1"},
			"offer above price":      {productForm(map[string]string{"offerPrice": "550.01"}), []upload{img}, "Offer price cannot be more than the price"},
			"negative offer":         {productForm(map[string]string{"offerPrice": "-1"}), []upload{img}, "Offer price cannot be negative"},
			"price not a number":     {productForm(map[string]string{"price": "abc"}), []upload{img}, "Price must be a number with at most 2 decimals"},
			"price with 3 decimals":  {productForm(map[string]string{"price": "5.555"}), []upload{img}, "Price must be a number with at most 2 decimals"},
			"price in exponent form": {productForm(map[string]string{"price": "1e3"}), []upload{img}, "Price must be a number with at most 2 decimals"},
			"no price":               {productForm(map[string]string{"price": ""}), []upload{img}, "Price is required"},
			"no offer price":         {productForm(map[string]string{"offerPrice": ""}), []upload{img}, "Offer price is required"},
			"unknown category":       {productForm(map[string]string{"category": "Toys"}), []upload{img}, "Please choose a valid category"},
			"no category":            {productForm(map[string]string{"category": ""}), []upload{img}, "Please choose a valid category"},
			"no name":                {productForm(map[string]string{"name": ""}), []upload{img}, "Product name is required"},
			"blank name":             {productForm(map[string]string{"name": "   "}), []upload{img}, "Product name is required"},
			"name too long":          {productForm(map[string]string{"name": strings.Repeat("n", 201)}), []upload{img}, "Product name is too long"},
			"no description":         {productForm(map[string]string{"description": ""}), []upload{img}, "Product description is required"},
			"empty description list": {productForm(map[string]string{"description": "[]"}), []upload{img}, "Product description is required"},
			"blank description":      {productForm(map[string]string{"description": `["  ", ""]`}), []upload{img}, "Product description is required"},
		} {
			t.Run(name, func(t *testing.T) {
				want(t, seller.addProduct(tc.fields, tc.files...), 400, tc.msg)
				if n := len(s.products()); n != 2 {
					t.Fatalf("a refused product was stored: %d products", n)
				}
				if n := s.storedFiles(); n != 0 {
					t.Fatalf("a refused product left %d image files", n)
				}
			})
		}

		t.Run("success", func(t *testing.T) {
			r := seller.addProduct(productForm(nil), img, upload{"photo.jpg", jpegFile(t)})
			want(t, r, 200, "Product Added")
			list := s.products()
			if len(list) != 3 {
				t.Fatalf("%d products after add", len(list))
			}
			tea := list[0]
			if id, _ := tea["_id"].(string); id == "" || tea["name"] != "Ilam Tea" || tea["category"] != "Drinks" || tea["price"] != 550.0 ||
				tea["offerPrice"] != 495.5 || tea["inStock"] != true || tea["weight"] != "250 g" {
				t.Fatalf("new product = %v", tea)
			}
			if d := fmt.Sprint(tea["description"]); d != "[Whole leaf From Ilam]" {
				t.Fatalf("description = %s", d)
			}
			if p, _ := r.body["product"].(map[string]any); p == nil || p["_id"] != tea["_id"] {
				t.Fatalf("answer product = %v, listed %v", r.body["product"], tea["_id"])
			}
			urls := tea["image"].([]any)
			if len(urls) != 2 || urls[0] == urls[1] {
				t.Fatalf("images = %v", urls)
			}
			for i, u := range urls {
				u := u.(string)
				if !strings.HasPrefix(u, "/media/uploads/") || strings.Contains(u, "tea") || strings.Contains(u, "photo") {
					t.Fatalf("image URL %q", u)
				}
				res, err := http.Get(s.server.URL + u)
				if err != nil {
					t.Fatal(err)
				}
				body := make([]byte, 8)
				n, _ := res.Body.Read(body)
				res.Body.Close()
				if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "image/") || n == 0 {
					t.Fatalf("GET %s: %d %q", u, res.StatusCode, res.Header.Get("Content-Type"))
				}
				// The transparent PNG stays a PNG; the opaque JPEG stays a JPEG.
				if wantType := []string{"image/png", "image/jpeg"}[i]; res.Header.Get("Content-Type") != wantType {
					t.Fatalf("image %d served as %q, want %s", i, res.Header.Get("Content-Type"), wantType)
				}
			}
			want(t, seller.get("/api/product/list"), 200)
		})

		t.Run("each format, four images", func(t *testing.T) {
			want(t, seller.addProduct(productForm(map[string]string{"name": "Four Photos"}), img, upload{"b.jpg", jpegFile(t)},
				upload{"c.gif", gifFile(t)}, upload{"d.png", pngFile(t)}), 200)
			if p := s.products()[0]; p["name"] != "Four Photos" || len(p["image"].([]any)) != 4 {
				t.Fatalf("product = %v", p)
			}
		})

		t.Run("recognised by content, not name", func(t *testing.T) {
			want(t, seller.addProduct(productForm(map[string]string{"name": "Named Oddly"}), upload{"notes.txt", pngFile(t)}), 200)
		})

		t.Run("plain-text description and boundary prices", func(t *testing.T) {
			r := seller.addProduct(productForm(map[string]string{"description": "Line one\n\n  Line two  \n", "price": "1", "offerPrice": "1"}), img)
			want(t, r, 200)
			p := s.products()[0]
			if d := p["description"].([]any); len(d) != 2 || d[0] != "Line one" || d[1] != "Line two" {
				t.Fatalf("description = %v", d)
			}
			if p["price"] != 1.0 || p["offerPrice"] != 1.0 {
				t.Fatalf("prices = %v %v", p["price"], p["offerPrice"])
			}
			want(t, seller.addProduct(productForm(map[string]string{"name": "Free Sample", "offerPrice": "0"}), img), 200)
		})

		t.Run("four images near the 5 MB limit", func(t *testing.T) {
			big := upload{"big.png", nearLimitPNG(t)}
			want(t, seller.addProduct(productForm(map[string]string{"name": "Big Photos"}), big, big, big, big), 200)
			if p := s.products()[0]; p["name"] != "Big Photos" || len(p["image"].([]any)) != 4 {
				t.Fatalf("product = %v", p)
			}
		})

		t.Run("refused to others", func(t *testing.T) {
			before, files := len(s.products()), s.storedFiles()
			want(t, s.client().addProduct(productForm(nil), img), 401)
			want(t, s.shopper("").addProduct(productForm(nil), img), 403)
			if len(s.products()) != before || s.storedFiles() != files {
				t.Fatal("a refused caller added a product")
			}
		})
	})
}

// TestProductAddProductData sends products as older clients do: one multipart field productData
// holding JSON, beside the images.
func TestProductAddProductData(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		seller := s.seller()
		img := upload{"tea.png", pngFile(t)}
		productData := func(v string) map[string]string { return map[string]string{"productData": v} }

		t.Run("the original client's request", func(t *testing.T) {
			// The original form sends its input values as they are: the prices as strings.
			r := seller.addProduct(productData(`{"name":"Ilam Tea","description":["Whole leaf","From Ilam"],"category":"Drinks","price":"550","offerPrice":"495.50"}`),
				img, upload{"photo.jpg", jpegFile(t)})
			want(t, r, 200, "Product Added")
			tea := s.products()[0]
			if tea["name"] != "Ilam Tea" || tea["category"] != "Drinks" || tea["price"] != 550.0 || tea["offerPrice"] != 495.5 ||
				tea["inStock"] != true || fmt.Sprint(tea["description"]) != "[Whole leaf From Ilam]" || len(tea["image"].([]any)) != 2 {
				t.Fatalf("new product = %v", tea)
			}
			if _, has := tea["weight"]; has {
				t.Fatalf("weight = %v, want none", tea["weight"])
			}
		})

		t.Run("numbers, weight, and the separate fields ignored", func(t *testing.T) {
			fields := productForm(map[string]string{"name": "Ignored Name", "price": "abc"})
			fields["productData"] = `{"name":"  Jumla Rice ","description":["Red rice",""],"category":"grains","price":320,"offerPrice":295.5,"weight":"1 kg"}`
			want(t, seller.addProduct(fields, img), 200, "Product Added")
			rice := s.products()[0]
			if rice["name"] != "Jumla Rice" || rice["category"] != "Grains" || rice["price"] != 320.0 || rice["offerPrice"] != 295.5 ||
				rice["weight"] != "1 kg" || fmt.Sprint(rice["description"]) != "[Red rice]" {
				t.Fatalf("new product = %v", rice)
			}
		})

		for name, tc := range map[string]struct {
			data, msg string
		}{
			"not JSON":              {`{"name":"Tea",`, "productData must be a JSON object with name, description, category, price and offerPrice"},
			"empty":                 {``, "productData must be a JSON object with name, description, category, price and offerPrice"},
			"an array":              {`[1,2]`, "productData must be a JSON object with name, description, category, price and offerPrice"},
			"description as text":   {`{"name":"Tea","description":"Whole leaf","category":"Drinks","price":5,"offerPrice":4}`, "productData: description has the wrong type"},
			"name as number":        {`{"name":5,"description":["a"],"category":"Drinks","price":5,"offerPrice":4}`, "productData: name has the wrong type"},
			"no price":              {`{"name":"Tea","description":["a"],"category":"Drinks","offerPrice":4}`, "Price is required"},
			"null offer price":      {`{"name":"Tea","description":["a"],"category":"Drinks","price":5,"offerPrice":null}`, "Offer price is required"},
			"price not a number":    {`{"name":"Tea","description":["a"],"category":"Drinks","price":"five","offerPrice":4}`, "Price must be a number with at most 2 decimals"},
			"price with 3 decimals": {`{"name":"Tea","description":["a"],"category":"Drinks","price":5.555,"offerPrice":4}`, "Price must be a number with at most 2 decimals"},
			"price as a boolean":    {`{"name":"Tea","description":["a"],"category":"Drinks","price":true,"offerPrice":4}`, "Price must be a number with at most 2 decimals"},
			"offer above price":     {`{"name":"Tea","description":["a"],"category":"Drinks","price":"5","offerPrice":"5.01"}`, "Offer price cannot be more than the price"},
			"no description":        {`{"name":"Tea","category":"Drinks","price":5,"offerPrice":4}`, "Product description is required"},
			"unknown category":      {`{"name":"Tea","description":["a"],"category":"Toys","price":5,"offerPrice":4}`, "Please choose a valid category"},
			"no name":               {`{"description":["a"],"category":"Drinks","price":5,"offerPrice":4}`, "Product name is required"},
		} {
			t.Run(name, func(t *testing.T) {
				before, files := len(s.products()), s.storedFiles()
				// Valid separate fields do not rescue a bad productData.
				fields := productForm(nil)
				fields["productData"] = tc.data
				want(t, seller.addProduct(fields, img), 400, tc.msg)
				if len(s.products()) != before || s.storedFiles() != files {
					t.Fatal("a refused product was stored")
				}
			})
		}
	})
}

func TestProductStock(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		seller := s.seller()
		want(t, seller.post("/api/product/stock", map[string]any{"id": s.dal.ID, "inStock": true}), 200, "Stock Updated")
		want(t, seller.post("/api/product/stock", map[string]any{"id": s.rice.ID, "inStock": false}), 200, "Stock Updated")
		list := s.products()
		if list[0]["_id"] != s.dal.ID || list[0]["inStock"] != true || list[1]["inStock"] != false {
			t.Fatalf("stock not switched: %v", list)
		}
		// Setting the same value again is fine.
		want(t, seller.post("/api/product/stock", map[string]any{"id": s.rice.ID, "inStock": false}), 200)

		for name, tc := range map[string]struct {
			body   any
			status int
			msg    string
		}{
			"unknown id":          {map[string]any{"id": "01NOTAPRODUCT", "inStock": true}, 404, "Product not found"},
			"missing inStock":     {map[string]any{"id": s.rice.ID}, 400, "inStock must be true or false"},
			"null inStock":        {map[string]any{"id": s.rice.ID, "inStock": nil}, 400, "inStock must be true or false"},
			"inStock as a string": {map[string]any{"id": s.rice.ID, "inStock": "true"}, 400, "Invalid value for inStock"},
			"inStock as a number": {map[string]any{"id": s.rice.ID, "inStock": 1}, 400, "Invalid value for inStock"},
			"missing id":          {map[string]any{"inStock": true}, 400, "Product id is required"},
			"not JSON":            {`{"id":`, 400, "Request body is not valid JSON"},
		} {
			t.Run(name, func(t *testing.T) { want(t, seller.post("/api/product/stock", tc.body), tc.status, tc.msg) })
		}
		want(t, s.shopper("").post("/api/product/stock", map[string]any{"id": s.rice.ID, "inStock": true}), 403)
		want(t, s.client().post("/api/product/stock", map[string]any{"id": s.rice.ID, "inStock": true}), 401)
		if list := s.products(); list[0]["inStock"] != true || list[1]["inStock"] != false {
			t.Fatalf("a refused call changed the stock: %v", list)
		}
	})
}
