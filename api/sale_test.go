package api_test

import (
	"net/http"
	"net/url"
	"testing"
	"time"

	"haat"
)

// saleTime writes t as a seller's form sends a sale's start or end: in the store's time zone.
func saleTime(t time.Time) string { return t.In(haat.StoreZone).Format(haat.SaleTimeLayout) }

// searchIDs returns the ids of the first page of a product search with these parameters.
func (s *store) searchIDs(params url.Values) []string {
	s.t.Helper()
	r := s.client().get("/api/product/search?" + params.Encode())
	want(s.t, r, 200)
	var ids []string
	for _, p := range r.body["products"].([]any) {
		ids = append(ids, p.(map[string]any)["_id"].(string))
	}
	return ids
}

// TestScheduledSale: a sale the seller schedules starts and ends by itself, with no write, in the
// list, a product's look-up, the search by savings, the seller's list, the cart's quote and the
// order placed.
func TestScheduledSale(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		seller := s.seller()
		start := s.clock.now().Truncate(time.Minute).Add(time.Hour)
		end := start.Add(2 * time.Hour)
		// Tea saves 10 on its price of 550 every day, and 150 in its sale; rice saves 25.
		r := seller.addProduct(productForm(map[string]string{"offerPrice": "540", "salePrice": "400",
			"saleStart": saleTime(start), "saleEnd": saleTime(end)}), upload{"tea.png", pngFile(t)})
		want(t, r, 200)
		tea := r.body["product"].(map[string]any)
		id := tea["_id"].(string)
		if tea["offerPrice"] != 540.0 || tea["regularOfferPrice"] != 540.0 || tea["sale"].(map[string]any)["on"] != false {
			t.Fatalf("added before its sale: %v", tea)
		}
		sale := tea["sale"].(map[string]any)
		if at, _ := time.Parse(time.RFC3339, sale["start"].(string)); !at.Equal(start) || sale["price"] != 400.0 {
			t.Fatalf("the sale as stored: %v, want from %v", sale, start)
		}
		shopper := s.shopper("")
		address := shopper.addAddress()
		savings := url.Values{"sort": {"savings"}}

		priced := func(t *testing.T, offer float64, on bool, first string) {
			t.Helper()
			got := listed(s.products(), id)
			if got["offerPrice"] != offer || got["regularOfferPrice"] != 540.0 || got["sale"].(map[string]any)["on"] != on {
				t.Errorf("list: %v, want offer %v, on %v", got, offer, on)
			}
			r := s.client().get("/api/product/get?id=" + id)
			if p := r.body["products"].([]any)[0].(map[string]any); p["offerPrice"] != offer {
				t.Errorf("look-up: %v, want offer %v", p, offer)
			}
			if ids := s.searchIDs(savings); len(ids) != 2 || ids[0] != first {
				t.Errorf("by savings: %v, want %s first", ids, first)
			}
			if p := listed(s.sellerProducts(), id); p["offerPrice"] != offer || p["regularOfferPrice"] != 540.0 {
				t.Errorf("seller's list: %v, want offer %v", p, offer)
			}
			r = shopper.post("/api/cart/quote", map[string]any{"items": []map[string]any{{"product": id, "quantity": 2}}})
			want(t, r, 200)
			if q := r.body["quote"].(map[string]any); q["subtotal"] != 2*offer {
				t.Errorf("quote: %v, want a subtotal of %v", q, 2*offer)
			}
			want(t, shopper.post("/api/order/cod", order(id, 1, address)), 200)
			placed := shopper.orders()[0].(map[string]any)["items"].([]any)[0].(map[string]any)["product"].(map[string]any)
			if placed["offerPrice"] != offer {
				t.Errorf("order: item at %v, want %v", placed["offerPrice"], offer)
			}
		}
		t.Run("before", func(t *testing.T) { priced(t, 540, false, s.rice.ID) })
		before := s.client().get("/api/product/list")
		etag := before.header.Get("ETag")

		// The store's clock runs on as the test does: it is moved to the moment itself.
		s.clock.advance(start.Sub(s.clock.now()))
		t.Run("at the start", func(t *testing.T) { priced(t, 400, true, id) })
		// The list cached before the start is not answered as current.
		if r := s.client().do("GET", "/api/product/list", nil, "", "If-None-Match", etag); r.status != http.StatusOK || r.header.Get("ETag") == etag {
			t.Errorf("the list of before the sale is still current: %d %s", r.status, r.header.Get("ETag"))
		}

		s.clock.advance(end.Sub(s.clock.now()) - 2*time.Second)
		t.Run("just before the end", func(t *testing.T) { priced(t, 400, true, id) })
		s.clock.advance(end.Sub(s.clock.now()))
		t.Run("at the end", func(t *testing.T) { priced(t, 540, false, s.rice.ID) })

		// An order placed during the sale keeps the price it was placed at.
		var prices []float64
		for _, o := range shopper.orders() {
			p := o.(map[string]any)["items"].([]any)[0].(map[string]any)["product"].(map[string]any)
			prices = append(prices, p["offerPrice"].(float64))
		}
		if len(prices) != 4 || prices[0] != 540 || prices[1] != 400 || prices[2] != 400 || prices[3] != 540 {
			t.Errorf("the orders' prices, newest first: %v", prices)
		}
	})
}

func TestSaleForm(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		seller := s.seller()
		now := s.clock.now()
		from, to := saleTime(now.Add(-time.Hour)), saleTime(now.Add(24*time.Hour))
		for _, c := range []struct {
			change  map[string]string
			message string
		}{
			{map[string]string{"salePrice": "550", "saleStart": from, "saleEnd": to}, "Sale price must be below the price"},
			{map[string]string{"salePrice": "-5", "saleStart": from, "saleEnd": to}, "Sale price cannot be negative"},
			{map[string]string{"salePrice": "300", "saleStart": to, "saleEnd": from}, "A sale must end after it starts"},
			{map[string]string{"salePrice": "300", "saleStart": from}, "A sale needs a start and an end"},
			{map[string]string{"saleStart": from, "saleEnd": to}, "Please enter the sale price"},
			{map[string]string{"salePrice": "300", "saleStart": "tomorrow", "saleEnd": to},
				"Sale start must be a date and time written YYYY-MM-DDTHH:MM, like 2026-10-20T06:00"},
		} {
			want(t, seller.addProduct(productForm(c.change), upload{"tea.png", pngFile(t)}), 400, c.message)
		}
		// In Nepali, with the field's Nepali name.
		body, ct := multipartProduct(productForm(map[string]string{"salePrice": "550", "saleStart": from, "saleEnd": to}), upload{"tea.png", pngFile(t)})
		want(t, seller.do("POST", "/api/product/add", body, ct, "Accept-Language", "ne"), 400, "छुट मूल्य उत्पादनको मूल्यभन्दा कम हुनुपर्छ")

		// The original client's productData carries a sale too; one on now prices the product at once.
		body, ct = multipartFiles(map[string]string{"productData": jsonText(map[string]any{"name": "Ilam Tea", "description": []string{"Whole leaf"},
			"category": "Drinks", "price": 550, "offerPrice": 495.5, "salePrice": 450, "saleStart": from, "saleEnd": to})}, "images", upload{"tea.png", pngFile(t)})
		r := seller.do("POST", "/api/product/add", body, ct)
		want(t, r, 200)
		id := r.body["product"].(map[string]any)["_id"].(string)
		if p := listed(s.products(), id); p["offerPrice"] != 450.0 || p["regularOfferPrice"] != 495.5 {
			t.Fatalf("added on sale: %v", p)
		}
		// An edit that leaves the sale alone keeps it, and the everyday price it has.
		want(t, seller.updateProduct(map[string]string{"id": id, "name": "Ilam Green Tea"}), 200)
		if p := listed(s.products(), id); p["offerPrice"] != 450.0 || p["regularOfferPrice"] != 495.5 || p["name"] != "Ilam Green Tea" {
			t.Fatalf("renamed during the sale: %v", p)
		}
		// A new everyday price shows once the sale is over; all three fields sent empty end it now.
		want(t, seller.updateProduct(map[string]string{"id": id, "offerPrice": "480"}), 200)
		if p := listed(s.products(), id); p["offerPrice"] != 450.0 || p["regularOfferPrice"] != 480.0 {
			t.Fatalf("a new everyday price during the sale: %v", p)
		}
		want(t, seller.updateProduct(map[string]string{"id": id, "salePrice": "", "saleStart": "", "saleEnd": ""}), 200)
		if p := listed(s.products(), id); p["offerPrice"] != 480.0 || p["sale"] != nil || p["regularOfferPrice"] != nil {
			t.Fatalf("sale ended: %v", p)
		}
		want(t, seller.updateProduct(map[string]string{"id": id, "salePrice": "600", "saleStart": from, "saleEnd": to}), 400, "Sale price must be below the price")
	})
}

func TestSearchSortRefusesUnknown(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		want(t, s.client().get("/api/product/search?sort=cheapest"), 400, "Products can be sorted by savings only")
	})
}

// TestSaleWithCoupon: a code's discount is worked out on the sale's price while the sale is on.
func TestSaleWithCoupon(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		owner := s.seller()
		now := s.clock.now()
		r := owner.addProduct(productForm(map[string]string{"offerPrice": "540", "salePrice": "400",
			"saleStart": saleTime(now.Add(-time.Hour)), "saleEnd": saleTime(now.Add(time.Hour))}), upload{"tea.png", pngFile(t)})
		want(t, r, 200)
		id := r.body["product"].(map[string]any)["_id"].(string)
		want(t, owner.post("/api/seller/coupon", couponBody(nil)), 200)
		c := s.shopper("")
		address := c.addAddress()
		// Two at 400: 800, 10% off is 80.
		q := c.post("/api/cart/quote", withCoupon(order(id, 2, address), "DASHAIN10")).body["quote"].(map[string]any)
		if q["subtotal"] != 800.0 || q["discount"] != 80.0 || q["couponProblem"] != nil {
			t.Fatalf("quote: %v", q)
		}
		want(t, c.post("/api/order/cod", withCoupon(order(id, 2, address), "DASHAIN10")), 200)
		o := c.orders()[0].(map[string]any)
		item := o["items"].([]any)[0].(map[string]any)["product"].(map[string]any)
		if o["amount"] != q["total"] || o["bill"].(map[string]any)["discount"] != 80.0 || item["offerPrice"] != 400.0 {
			t.Fatalf("order: %v", o)
		}
	})
}
