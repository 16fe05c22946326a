package api_test

import (
	"testing"
	"time"

	"haat"
)

func TestCashOrder(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		a, b := s.shopper("a@example.com"), s.shopper("b@example.com")
		addrA, addrB := a.addAddress(), b.addAddress()
		a.setCart(map[string]int{s.rice.ID: 2})
		bID := b.user()["_id"]

		for name, tc := range map[string]struct {
			body   any
			status int
			msg    string
		}{
			"no address":            {order(s.rice.ID, 1, ""), 400, "Please Select An Address"},
			"address missing":       {map[string]any{"items": []map[string]any{{"product": s.rice.ID, "quantity": 1}}}, 400, "Please Select An Address"},
			"another user's":        {order(s.rice.ID, 1, addrB), 404, "Address not found"},
			"unknown address":       {order(s.rice.ID, 1, "01NOTANADDRESS"), 404, "Address not found"},
			"unknown product":       {order("01NOTAPRODUCT", 1, addrA), 404, "Product not found"},
			"one unknown among two": {map[string]any{"items": []map[string]any{{"product": s.rice.ID, "quantity": 1}, {"product": "01NOTAPRODUCT", "quantity": 1}}, "address": addrA}, 404, "Product not found"},
			"out of stock":          {order(s.dal.ID, 1, addrA), 400, "Masoor Dal is out of stock"},
			"quantity 0":            {order(s.rice.ID, 0, addrA), 400, "Quantity must be a whole number from 1 to 100"},
			"quantity -1":           {order(s.rice.ID, -1, addrA), 400, "Quantity must be a whole number from 1 to 100"},
			"quantity 101":          {order(s.rice.ID, 101, addrA), 400, "Quantity must be a whole number from 1 to 100"},
			"quantity 1.5":          {order(s.rice.ID, 1.5, addrA), 400, "Quantity must be a whole number from 1 to 100"},
			`quantity "2"`:          {order(s.rice.ID, "2", addrA), 400, "Quantity must be a whole number from 1 to 100"},
			"no quantity":           {map[string]any{"items": []map[string]any{{"product": s.rice.ID}}, "address": addrA}, 400, "Quantity must be a whole number from 1 to 100"},
			"no product":            {map[string]any{"items": []map[string]any{{"quantity": 1}}, "address": addrA}, 400, "Every item needs a product"},
			"empty items":           {map[string]any{"items": []any{}, "address": addrA}, 400, "Your cart is empty"},
			"no items":              {map[string]any{"address": addrA}, 400, "Your cart is empty"},
			"same product twice":    {map[string]any{"items": []map[string]any{{"product": s.rice.ID, "quantity": 1}, {"product": s.rice.ID, "quantity": 1}}, "address": addrA}, 400, "A product appears twice in the order"},
			"items not a list":      {`{"items":"rice","address":"x"}`, 400, "Invalid value for items"},
			"not JSON":              {`{"items":[`, 400, "Request body is not valid JSON"},
		} {
			t.Run(name, func(t *testing.T) {
				want(t, a.post("/api/order/cod", tc.body), tc.status, tc.msg)
				if len(a.orders()) != 0 || len(a.cart()) != 1 {
					t.Fatal("a refused order changed the orders or the cart")
				}
			})
		}
		if len(s.sellerOrders()) != 0 {
			t.Fatal("the seller sees a refused order")
		}

		// userId, amount and prices from the client are ignored.
		body := order(s.rice.ID, 2, addrA)
		body["userId"], body["amount"], body["paymentType"], body["isPaid"], body["status"] = bID, 1, "Online", true, "Delivered"
		body["items"].([]map[string]any)[0]["offerPrice"] = 1
		body["items"].([]map[string]any)[0]["price"] = 1
		r := a.post("/api/order/cod", body)
		want(t, r, 200, "Order Placed Successfully")
		if len(a.cart()) != 0 {
			t.Fatal("cart not emptied by the cash order")
		}
		if len(b.orders()) != 0 {
			t.Fatal("order went to the userId in the body")
		}
		orders := a.orders()
		if len(orders) != 1 {
			t.Fatalf("%d orders", len(orders))
		}
		o := orders[0].(map[string]any)
		// 295 × 2 = 590; tax 11.8; amount 601.8.
		if id, _ := o["_id"].(string); id == "" || o["amount"] != 601.8 || o["paymentType"] != "COD" || o["status"] != "Order Placed" || o["isPaid"] != false {
			t.Fatalf("order = %v", o)
		}
		created, _ := o["createdAt"].(string)
		if ts, err := time.Parse(time.RFC3339, created); err != nil || time.Since(ts) > time.Minute || time.Since(ts) < -time.Minute {
			t.Fatalf("createdAt = %v (%v)", o["createdAt"], err)
		}
		if _, has := o["userId"]; has {
			t.Fatal("order names its user")
		}
		items := o["items"].([]any)
		if len(items) != 1 {
			t.Fatalf("items = %v", items)
		}
		item := items[0].(map[string]any)
		p := item["product"].(map[string]any)
		if item["quantity"] != 2.0 || p["_id"] != s.rice.ID || p["name"] != "Jumla Red Rice" || p["category"] != "Grains" ||
			p["offerPrice"] != 295.0 {
			t.Fatalf("item = %v", item)
		}
		if img := p["image"].([]any); len(img) != 1 || img[0] != s.rice.Image[0] {
			t.Fatalf("item image = %v", p["image"])
		}
		addr := o["address"].(map[string]any)
		if addr["_id"] != addrA {
			t.Fatalf("address = %v", addr)
		}
		for k, v := range validAddress {
			if addr[k] != v {
				t.Fatalf("address %s = %v, want %q", k, addr[k], v)
			}
		}

		// Without a cart the order still goes through: the items come from the request.
		want(t, a.post("/api/order/cod", order(s.rice.ID, 1, addrA)), 200)
		orders = a.orders()
		if len(orders) != 2 || orders[0].(map[string]any)["amount"] != 300.9 || orders[1].(map[string]any)["amount"] != 601.8 {
			t.Fatalf("newest first, 300.9 then 601.8: %v", orders)
		}
		if len(b.orders()) != 0 {
			t.Fatal("b sees a's orders")
		}
	})
}

func TestOrderAmountRoundsTaxHalfUp(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		tea := s.addProduct(haat.Product{Name: "Ilam Tea", Category: "Drinks", Price: 1500, OfferPrice: 1225, StockOn: true,
			Image: []string{"/media/catalogue/tea.webp"}, Description: []string{"Whole leaf"}})
		a := s.shopper("")
		addr := a.addAddress()
		for _, tc := range []struct {
			name   string
			items  []map[string]any
			amount float64
		}{
			// 12.25 → tax 0.245 → 0.25 (half up, not to even) → 12.5
			{"half a cent of tax", []map[string]any{{"product": tea.ID, "quantity": 1}}, 12.5},
			// 590 + 12.25 = 602.25 → tax 12.045 → 12.05 → 614.3
			{"two products", []map[string]any{{"product": s.rice.ID, "quantity": 2}, {"product": tea.ID, "quantity": 1}}, 614.3},
			// 12.25 × 100 = 1225 → tax 24.5 → 1249.5
			{"hundred of one", []map[string]any{{"product": tea.ID, "quantity": 100}}, 1249.5},
		} {
			t.Run(tc.name, func(t *testing.T) {
				want(t, a.post("/api/order/cod", map[string]any{"items": tc.items, "address": addr}), 200)
				o := a.orders()[0].(map[string]any)
				if o["amount"] != tc.amount {
					t.Fatalf("amount = %v, want %v", o["amount"], tc.amount)
				}
				items := o["items"].([]any)
				if len(items) != len(tc.items) {
					t.Fatalf("items = %v", items)
				}
				for i, it := range items {
					it := it.(map[string]any)
					if it["product"].(map[string]any)["_id"] != tc.items[i]["product"] || it["quantity"] != float64(tc.items[i]["quantity"].(int)) {
						t.Fatalf("item %d = %v, want %v in request order", i, it, tc.items[i])
					}
				}
			})
		}
	})
}

func TestOrderFollowsStock(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		a, seller := s.shopper(""), s.seller()
		addr := a.addAddress()
		want(t, seller.post("/api/product/stock", map[string]any{"id": s.rice.ID, "inStock": false}), 200)
		want(t, a.post("/api/order/cod", order(s.rice.ID, 1, addr)), 400, "Jumla Red Rice is out of stock")
		want(t, seller.post("/api/product/stock", map[string]any{"id": s.dal.ID, "inStock": true}), 200)
		want(t, a.post("/api/order/cod", order(s.dal.ID, 2, addr)), 200)
		o := a.orders()
		// 165.5 × 2 = 331 → tax 6.62 → 337.62
		if len(o) != 1 || o[0].(map[string]any)["amount"] != 337.62 {
			t.Fatalf("orders = %v", o)
		}
		// The order keeps its items when the product goes out of stock later.
		want(t, seller.post("/api/product/stock", map[string]any{"id": s.dal.ID, "inStock": false}), 200)
		if o := a.orders(); len(o) != 1 || len(o[0].(map[string]any)["items"].([]any)) != 1 {
			t.Fatalf("orders after stock change = %v", o)
		}
	})
}

func TestOnlineOrderNotAvailable(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		a := s.shopper("a@example.com")
		addr := a.addAddress()
		a.setCart(map[string]int{s.rice.ID: 1})
		r := a.post("/api/order/stripe", order(s.rice.ID, 1, addr))
		want(t, r, 503, "Online payment is not available")
		if _, has := r.body["url"]; has {
			t.Fatal("a url for a payment that cannot happen")
		}
		want(t, a.post("/api/order/stripe", order(s.rice.ID, 1, "")), 400, "Please Select An Address")
		want(t, a.post("/api/order/stripe", order(s.rice.ID, 0, addr)), 400)
		if len(a.orders()) != 0 {
			t.Fatal("online order stored")
		}
		if len(a.cart()) != 1 {
			t.Fatal("the online attempt emptied the cart")
		}
		if len(s.sellerOrders()) != 0 {
			t.Fatal("seller sees an online order")
		}
	})
}

func TestSellerOrders(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		if list := s.sellerOrders(); len(list) != 0 {
			t.Fatalf("orders of an empty store = %v", list)
		}
		a, b := s.shopper("a@example.com"), s.shopper("b@example.com")
		addrA, addrB := a.addAddress(), b.addAddress()
		want(t, a.post("/api/order/cod", order(s.rice.ID, 1, addrA)), 200)
		s.clock.advance(time.Minute)
		want(t, b.post("/api/order/cod", order(s.rice.ID, 2, addrB)), 200)
		s.clock.advance(time.Minute)
		want(t, a.post("/api/order/cod", order(s.rice.ID, 3, addrA)), 200)

		list := s.sellerOrders()
		if len(list) != 3 {
			t.Fatalf("seller sees %d orders", len(list))
		}
		var quantities []float64
		var last time.Time
		for i, o := range list {
			o := o.(map[string]any)
			quantities = append(quantities, o["items"].([]any)[0].(map[string]any)["quantity"].(float64))
			if o["paymentType"] != "COD" || o["status"] != "Order Placed" || o["isPaid"] != false || o["address"] == nil {
				t.Fatalf("seller order = %v", o)
			}
			ts, _ := time.Parse(time.RFC3339, o["createdAt"].(string))
			if i > 0 && !ts.Before(last) {
				t.Fatalf("not newest first: %v after %v", ts, last)
			}
			last = ts
		}
		if quantities[0] != 3 || quantities[1] != 2 || quantities[2] != 1 {
			t.Fatalf("seller orders not newest first: quantities %v", quantities)
		}
		if got := list[1].(map[string]any)["address"].(map[string]any)["_id"]; got != addrB {
			t.Fatalf("b's order has address %v", got)
		}
		if len(a.orders()) != 2 || len(b.orders()) != 1 {
			t.Fatal("each shopper sees only their own orders")
		}
		if q := a.orders()[0].(map[string]any)["items"].([]any)[0].(map[string]any)["quantity"]; q != 3.0 {
			t.Fatalf("a's newest order has quantity %v", q)
		}

		want(t, s.client().get("/api/order/seller"), 401)
		want(t, a.get("/api/order/seller"), 403, "Only sellers can do this")
	})
}

func TestAnotherShopperSeesNothingOfMine(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		a, b := s.shopper("a@example.com"), s.shopper("b@example.com")
		addr := a.addAddress()
		want(t, a.post("/api/order/cod", order(s.rice.ID, 1, addr)), 200)
		a.setCart(map[string]int{s.rice.ID: 3})
		if len(b.orders()) != 0 || len(b.addresses()) != 0 || len(b.cart()) != 0 {
			t.Fatal("b sees a's orders, addresses or cart")
		}
		want(t, b.post("/api/order/cod", order(s.rice.ID, 1, addr)), 404, "Address not found")
		if len(b.orders()) != 0 || len(a.orders()) != 1 {
			t.Fatal("b ordered to a's address")
		}
	})
}
