package api_test

import (
	"fmt"
	"testing"
)

func order(product string, quantity any, address string) map[string]any {
	return map[string]any{"items": []map[string]any{{"product": product, "quantity": quantity}}, "address": address}
}

func TestCashOrder(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		a, b := s.shopper("a@example.com"), s.shopper("b@example.com")
		addrA, addrB := a.addAddress(), b.addAddress()
		want(t, a.post("/api/cart/update", map[string]any{"cartItems": map[string]int{s.rice.ID: 2}}), 200)
		bID := b.get("/api/user/is-auth").body["user"].(map[string]any)["_id"]

		for name, tc := range map[string]struct {
			body   any
			status int
			msg    string
		}{
			"no address":       {order(s.rice.ID, 1, ""), 400, "Please Select An Address"},
			"another's":        {order(s.rice.ID, 1, addrB), 404, "Address not found"},
			"unknown product":  {order("nope", 1, addrA), 404, "Product not found"},
			"out of stock":     {order(s.dal.ID, 1, addrA), 400, "Masoor Dal is out of stock"},
			"quantity 0":       {order(s.rice.ID, 0, addrA), 400, ""},
			"quantity 101":     {order(s.rice.ID, 101, addrA), 400, ""},
			"quantity 1.5":     {order(s.rice.ID, 1.5, addrA), 400, ""},
			"no items":         {map[string]any{"items": []any{}, "address": addrA}, 400, ""},
			"same item twice":  {map[string]any{"items": []map[string]any{{"product": s.rice.ID, "quantity": 1}, {"product": s.rice.ID, "quantity": 1}}, "address": addrA}, 400, ""},
			"items not a list": {`{"items":"rice","address":"x"}`, 400, ""},
		} {
			t.Run(name, func(t *testing.T) {
				r := a.post("/api/order/cod", tc.body)
				if tc.msg != "" {
					want(t, r, tc.status, tc.msg)
				} else {
					want(t, r, tc.status)
				}
			})
		}
		if len(a.orders()) != 0 || len(a.cart()) != 1 {
			t.Fatal("a refused order changed orders or cart")
		}

		// userId, amount and prices from the client are ignored.
		body := order(s.rice.ID, 2, addrA)
		body["userId"], body["amount"] = bID, 1
		body["items"].([]map[string]any)[0]["offerPrice"] = 1
		want(t, a.post("/api/order/cod", body), 200, "Order Placed Successfully")
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
		if o["amount"] != 601.8 || o["paymentType"] != "COD" || o["status"] != "Order Placed" || o["isPaid"] != false || o["createdAt"] == nil || o["_id"] == "" {
			t.Fatalf("order = %v", o)
		}
		item := o["items"].([]any)[0].(map[string]any)
		p := item["product"].(map[string]any)
		if item["quantity"] != 2.0 || p["name"] != "Jumla Red Rice" || p["category"] != "Grains" || p["offerPrice"] != 295.0 ||
			p["_id"] != s.rice.ID || len(p["image"].([]any)) != 1 {
			t.Fatalf("item = %v", item)
		}
		if addr := o["address"].(map[string]any); addr["_id"] != addrA || addr["street"] != "Lakeside 4" {
			t.Fatalf("address = %v", addr)
		}

		// A second order comes first; 0.25-style rounding is the server's.
		want(t, a.post("/api/order/cod", order(s.rice.ID, 1, addrA)), 200)
		orders = a.orders()
		if len(orders) != 2 || orders[0].(map[string]any)["amount"] != 300.9 {
			t.Fatalf("newest first with amount 300.9: %v", orders[0])
		}

		seller := s.seller()
		r := seller.get("/api/order/seller")
		want(t, r, 200)
		if list := r.body["orders"].([]any); len(list) != 2 || list[0].(map[string]any)["_id"] != orders[0].(map[string]any)["_id"] {
			t.Fatalf("seller orders = %v", list)
		}
	})
}

func TestOnlineOrderNotAvailable(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		a := s.shopper("a@example.com")
		addr := a.addAddress()
		r := a.post("/api/order/stripe", order(s.rice.ID, 1, addr))
		want(t, r, 503, "Online payment is not available")
		if _, has := r.body["url"]; has {
			t.Fatal("a url for a payment that cannot happen")
		}
		want(t, a.post("/api/order/stripe", order(s.rice.ID, 1, "")), 400, "Please Select An Address")
		if len(a.orders()) != 0 {
			t.Fatal("online order stored")
		}
		if r := s.seller().get("/api/order/seller"); len(r.body["orders"].([]any)) != 0 {
			t.Fatal("seller sees an online order")
		}
	})
}

// TestRoleMatrix calls every route as each kind of caller and checks who gets through.
func TestRoleMatrix(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		callers := map[string]*client{"guest": s.client(), "shopper": s.shopper("a@example.com"), "seller": s.seller()}
		routes := []struct {
			method, path, body string
			role               string // "" anyone, user, seller
		}{
			{"GET", "/api/config", "", ""},
			{"GET", "/api/product/list", "", ""},
			{"POST", "/api/cart/update", `{"cartItems":{}}`, "user"},
			{"GET", "/api/address/get", "", "user"},
			{"POST", "/api/address/add", `{}`, "user"},
			{"POST", "/api/order/cod", `{}`, "user"},
			{"POST", "/api/order/stripe", `{}`, "user"},
			{"GET", "/api/order/user", "", "user"},
			{"GET", "/api/seller/auth-seller", "", "seller"},
			{"POST", "/api/product/add", `{}`, "seller"},
			{"POST", "/api/product/stock", `{}`, "seller"},
			{"GET", "/api/order/seller", "", "seller"},
		}
		// is-auth tells anyone without a shopper session "not signed in".
		for who, c := range callers {
			if r := c.get("/api/user/is-auth"); (who == "shopper") != (r.status == 200) || (who != "shopper" && r.status != 401) {
				t.Errorf("is-auth as %s: %d", who, r.status)
			}
		}
		for _, rt := range routes {
			for who, c := range callers {
				t.Run(fmt.Sprintf("%s %s as %s", rt.method, rt.path, who), func(t *testing.T) {
					var r response
					if rt.method == "GET" {
						r = c.get(rt.path)
					} else {
						r = c.post(rt.path, rt.body)
					}
					switch {
					case rt.role == "" || rt.role == who || (rt.role == "user" && who == "shopper"):
						if r.status == 401 || r.status == 403 {
							t.Fatalf("refused: %d %s", r.status, r.raw)
						}
					case who == "guest":
						want(t, r, 401)
					default:
						want(t, r, 403)
					}
				})
			}
		}
	})
}

func TestAnotherShopperSeesNothingOfMine(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		a, b := s.shopper("a@example.com"), s.shopper("b@example.com")
		addr := a.addAddress()
		want(t, a.post("/api/order/cod", order(s.rice.ID, 1, addr)), 200)
		want(t, a.post("/api/cart/update", map[string]any{"cartItems": map[string]int{s.rice.ID: 3}}), 200)
		if len(b.orders()) != 0 || len(b.get("/api/address/get").body["addresses"].([]any)) != 0 || len(b.cart()) != 0 {
			t.Fatal("b sees a's orders, addresses or cart")
		}
		want(t, b.post("/api/order/cod", order(s.rice.ID, 1, addr)), 404)
	})
}
