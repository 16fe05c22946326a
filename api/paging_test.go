package api_test

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"haat"
)

// idsOf are the _id of each object of a list answered.
func idsOf(list []any) []string {
	out := make([]string, len(list))
	for i, v := range list {
		out[i] = v.(map[string]any)["_id"].(string)
	}
	return out
}

// TestMyOrdersUnpaged: the spec's call, without parameters, still answers every order of the
// shopper in the spec's shape, newest first, and no more than that.
func TestMyOrdersUnpaged(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.shopper("")
		addr := c.addAddress()
		for range 25 { // more than a page of the storefront's, and than the page of before alone
			want(t, c.post("/api/order/cod", order(s.rice.ID, 1, addr)), 200)
			s.clock.advance(time.Second)
		}
		r := c.get("/api/order/user")
		want(t, r, 200)
		if _, ok := r.body["hasMore"]; ok || len(r.body) != 2 || r.body["success"] != true {
			t.Fatalf("the spec's call answers more than success and orders: %s", r.raw[:min(200, len(r.raw))])
		}
		orders := r.body["orders"].([]any)
		if len(orders) != 25 {
			t.Fatalf("the spec's call answers %d orders of 25", len(orders))
		}
		var last string
		for _, v := range orders {
			o := v.(map[string]any)
			for _, k := range []string{"_id", "items", "address", "amount", "paymentType", "status", "isPaid", "createdAt"} {
				if _, ok := o[k]; !ok {
					t.Fatalf("an order lacks the spec's %s: %v", k, o)
				}
			}
			item := o["items"].([]any)[0].(map[string]any)
			product := item["product"].(map[string]any)
			if item["quantity"] != 1.0 || product["name"] != s.rice.Name || product["offerPrice"] == nil || product["category"] == nil || product["image"] == nil {
				t.Fatalf("an item is not in the spec's shape: %v", item)
			}
			if _, ok := o["address"].(map[string]any); !ok {
				t.Fatalf("the address is not an object: %v", o["address"])
			}
			if at := o["createdAt"].(string); last != "" && at > last {
				t.Fatalf("orders are not newest first: %s after %s", at, last)
			}
			last = o["createdAt"].(string)
		}
	})
}

// TestMyOrdersPaging: ?limit pages the shopper's orders, newest first, and ?before pages back; the
// pages together are every order once, even when a new one arrives between pages.
func TestMyOrdersPaging(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.shopper("")
		addr := c.addAddress()
		place := func() {
			want(t, c.post("/api/order/cod", order(s.rice.ID, 1, addr)), 200)
		}
		for i := range 8 {
			place()
			if i%3 != 0 { // some orders share their millisecond: the id breaks the tie
				s.clock.advance(time.Second)
			}
		}
		all := idsOf(c.orders())
		var paged []string
		before := ""
		for page := 0; ; page++ {
			path := "/api/order/user?limit=3"
			if before != "" {
				path += "&before=" + url.QueryEscape(before)
			}
			r := c.get(path)
			want(t, r, 200)
			got := idsOf(r.body["orders"].([]any))
			more := r.body["hasMore"] == true
			if len(got) > 3 || more && len(got) != 3 {
				t.Fatalf("page %d: %d orders, hasMore %v", page, len(got), more)
			}
			paged = append(paged, got...)
			if page == 0 {
				s.clock.advance(time.Second)
				place() // a new order arrives while the shopper pages back
			}
			if !more {
				break
			}
			before = got[len(got)-1]
		}
		if !slices.Equal(paged, all) {
			t.Fatalf("the pages hold\n%v\nthe list\n%v", paged, all)
		}
		now := idsOf(c.orders())
		if len(now) != 9 || now[0] == all[0] {
			t.Fatalf("the new order is not first of %d", len(now))
		}
		r := c.get("/api/order/user?limit=1")
		want(t, r, 200)
		if got := idsOf(r.body["orders"].([]any)); len(got) != 1 || got[0] != now[0] || r.body["hasMore"] != true {
			t.Fatalf("limit=1: %v, hasMore %v", got, r.body["hasMore"])
		}
		// before alone pages with the server's size; the last page says no more.
		r = c.get("/api/order/user?before=" + now[0])
		want(t, r, 200)
		if got := idsOf(r.body["orders"].([]any)); !slices.Equal(got, now[1:]) || r.body["hasMore"] != nil {
			t.Fatalf("before alone: %v, hasMore %v", got, r.body["hasMore"])
		}
	})
}

// TestMyOrdersLimit: a limit the server does not take is refused, saying which it takes.
func TestMyOrdersLimit(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c, _ := s.placeCashOrder()
		for _, bad := range []string{"0", "-1", "101", "abc", "1.5", "1e2", " 5"} {
			want(t, c.get("/api/order/user?limit="+url.QueryEscape(bad)), 400, fmt.Sprintf("limit must be a whole number from 1 to %d", haat.MaxPageSize))
		}
		for _, good := range []string{"1", "100"} {
			r := c.get("/api/order/user?limit=" + good)
			want(t, r, 200)
			if len(r.body["orders"].([]any)) != 1 {
				t.Fatalf("limit=%s: %s", good, r.raw)
			}
		}
	})
}

// TestMyOrdersCursorOfAnother: a cursor that is another shopper's order, or no order, answers an
// empty page: nothing of the other shopper's orders, nor of when they were placed.
func TestMyOrdersCursorOfAnother(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		a := s.shopper("")
		addrA := a.addAddress()
		want(t, a.post("/api/order/cod", order(s.rice.ID, 1, addrA)), 200)
		s.clock.advance(time.Minute)
		b := s.shopper("")
		addrB := b.addAddress()
		for range 2 {
			want(t, b.post("/api/order/cod", order(s.rice.ID, 2, addrB)), 200)
			s.clock.advance(time.Minute)
		}
		s.clock.advance(time.Minute)
		want(t, a.post("/api/order/cod", order(s.rice.ID, 1, addrA)), 200)
		mineA, mineB := idsOf(a.orders()), idsOf(b.orders())
		if len(mineA) != 2 || len(mineB) != 2 {
			t.Fatalf("orders: a %d, b %d", len(mineA), len(mineB))
		}
		// a's newest order is newer than both of b's: as b's cursor it would page to them.
		for _, cursor := range []string{mineA[0], mineA[1], "no-such-order", strings.Repeat("x", 300)} {
			for _, path := range []string{"/api/order/user?limit=10&before=", "/api/order/user?before="} {
				r := b.get(path + url.QueryEscape(cursor))
				want(t, r, 200)
				if got := r.body["orders"].([]any); len(got) != 0 || r.body["hasMore"] != nil {
					t.Fatalf("b paging from %s got %d orders: %s", cursor, len(got), r.raw)
				}
			}
		}
		// b's own cursor pages to b's own orders only.
		r := b.get("/api/order/user?limit=10&before=" + mineB[0])
		want(t, r, 200)
		if got := idsOf(r.body["orders"].([]any)); !slices.Equal(got, mineB[1:]) {
			t.Fatalf("b's second page: %v, want %v", got, mineB[1:])
		}
	})
}

// sellerProductPage is a page of GET /api/seller/products with the query.
func (c *client) sellerProductPage(query string) (names []string, list []any, body map[string]any) {
	c.s.t.Helper()
	r := c.get("/api/seller/products?" + query)
	want(c.s.t, r, 200)
	list = r.body["products"].([]any)
	for _, p := range list {
		names = append(names, p.(map[string]any)["name"].(string))
	}
	return names, list, r.body
}

// TestSellerProductsPaging: the seller's products come a page at a time in the order asked for, the
// pages together every product once even when one is added between pages; a search finds any
// product by its name, Nepali name or SKU, and the answer counts the tabs and the matches.
func TestSellerProductsPaging(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		for i := range 23 {
			p := haat.Product{Name: fmt.Sprintf("Product %02d", (i*7)%23), Category: "Fruits", Price: haat.Money(1000 + i*37%11*100),
				OfferPrice: haat.Money(900 + i*37%11*100), StockOn: true, Image: []string{"/media/catalogue/apple.webp"}, Description: []string{"x"}}
			if i == 5 {
				p.Name, p.NameNe, p.SKU = "Himalayan Tea", "हिमाली चिया", "TEA-77"
			}
			if i%4 == 0 {
				p.Stock = new(i % 3)
			}
			s.addProduct(p)
			if i%3 != 0 { // some share their millisecond: the id breaks the tie
				s.clock.advance(time.Second)
			}
		}
		seller := s.seller()
		want(t, seller.post("/api/product/archive", map[string]any{"id": s.dal.ID, "archived": true}), 200)
		all, _, body := seller.sellerProductPage("")
		if len(all) != 25 || body["total"] != 25.0 || body["onSale"] != 24.0 || body["archived"] != 1.0 || body["hasMore"] != false {
			t.Fatalf("every product: %d, %v", len(all), body)
		}

		pages := func(query string, added func()) []string {
			t.Helper()
			var out []string
			before := ""
			for page := 0; ; page++ {
				q := query + "&limit=7"
				if before != "" {
					q += "&before=" + url.QueryEscape(before)
				}
				names, list, body := seller.sellerProductPage(q)
				more := body["hasMore"] == true
				if len(list) > 7 || more && len(list) != 7 {
					t.Fatalf("%s page %d: %d products, hasMore %v", query, page, len(list), more)
				}
				out = append(out, names...)
				if page == 0 && added != nil {
					added()
				}
				if !more {
					return out
				}
				before = idsOf(list)[len(list)-1]
			}
		}
		onSale := pages("archived=false", func() {
			s.clock.advance(time.Second)
			s.addProduct(haat.Product{Name: "Added Meanwhile", Category: "Fruits", Price: 100, OfferPrice: 100, StockOn: true,
				Image: []string{"/media/catalogue/apple.webp"}, Description: []string{"x"}})
		})
		wantOnSale := slices.DeleteFunc(slices.Clone(all), func(n string) bool { return n == s.dal.Name })
		if !slices.Equal(onSale, wantOnSale) {
			t.Fatalf("the pages hold\n%v\nthe list\n%v", onSale, wantOnSale)
		}
		byName := pages("sort=name", nil)
		if len(byName) != 26 || !slices.IsSortedFunc(byName, func(a, b string) int { return strings.Compare(strings.ToLower(a), strings.ToLower(b)) }) {
			t.Fatalf("by name: %v", byName)
		}
		byPrice := pages("sort=price-desc", nil)
		if len(byPrice) != 26 || byPrice[len(byPrice)-1] != "Added Meanwhile" {
			t.Fatalf("by price, dearest first: %v", byPrice)
		}
		if stock := pages("sort=stock", nil); len(stock) != 26 {
			t.Fatalf("by stock: %d", len(stock))
		}

		for _, q := range []string{"himalayan", "  TEA ", "चिया", "tea-77"} {
			names, _, body := seller.sellerProductPage("limit=5&q=" + url.QueryEscape(q))
			if !slices.Equal(names, []string{"Himalayan Tea"}) || body["total"] != 1.0 || body["hasMore"] != false {
				t.Fatalf("q=%q found %v, %v", q, names, body)
			}
		}
		if names, _, _ := seller.sellerProductPage("limit=5&q=" + url.QueryEscape("100%")); len(names) != 0 {
			t.Fatalf("a %% in a search is a wildcard: %v", names)
		}
		if names, _, body := seller.sellerProductPage("limit=5&archived=true"); !slices.Equal(names, []string{s.dal.Name}) || body["total"] != 1.0 {
			t.Fatalf("archived: %v", names)
		}
		names, list, body := seller.sellerProductPage("limit=100&stock=low&archived=false")
		for _, p := range list {
			if st, ok := p.(map[string]any)["stock"].(float64); !ok || st > haat.LowStock {
				t.Fatalf("low stock answered %v", p)
			}
		}
		if len(names) == 0 || body["total"] != float64(len(names)) {
			t.Fatalf("low stock: %v, %v", names, body)
		}
		_, out, _ := seller.sellerProductPage("limit=100&stock=out")
		for _, p := range out {
			if p.(map[string]any)["inStock"] != false {
				t.Fatalf("out of stock answered %v", p)
			}
		}
		if _, one, _ := seller.sellerProductPage("id=" + s.rice.ID); len(one) != 1 || idsOf(one)[0] != s.rice.ID {
			t.Fatalf("id: %v", one)
		}

		// An unknown cursor is an empty page; the counts still come.
		names, _, body = seller.sellerProductPage("limit=5&before=no-such-product")
		if len(names) != 0 || body["hasMore"] != false || body["onSale"] != 25.0 || body["demoOnSale"] != 0.0 {
			t.Fatalf("unknown cursor: %v, %v", names, body)
		}
		for q, msg := range map[string]string{
			"limit=0":                       "limit must be a whole number from 1 to 100",
			"limit=101":                     "limit must be a whole number from 1 to 100",
			"limit=ten":                     "limit must be a whole number from 1 to 100",
			"sort=cheapest":                 "sort must be one of newest, name, price, price-desc, stock",
			"stock=some":                    "stock must be one of in, out, low",
			"archived=yes":                  "archived must be true or false",
			"category=Shoes":                "Please choose a valid category",
			"q=" + strings.Repeat("a", 101): "Search text is too long",
			strings.Repeat("id=x&", 101):    "At most 100 products can be asked for by id",
		} {
			want(t, seller.get("/api/seller/products?"+q), 400, msg)
		}
		want(t, s.shopper("").get("/api/seller/products?limit=5"), 403)
	})
}
