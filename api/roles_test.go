package api_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// apiRoute is one call of the API with a body that its rightful callers get a known answer to.
type apiRoute struct {
	method, path string
	body         string // JSON, or "multipart" for an empty product form
	role         string // "" anyone, "user" shoppers, "seller" sellers
	status       int    // the rightful callers' status with body
}

// apiRoutes lists every route of the API.
var apiRoutes = []apiRoute{
	{"GET", "/api/config", "", "", 200},
	{"GET", "/api/product/list", "", "", 200},
	{"GET", "/api/settings", "", "", 200},
	{"POST", "/api/user/register", `{}`, "", 400},
	{"POST", "/api/user/login", `{"email":1}`, "", 400},
	{"POST", "/api/user/password/reset", `{}`, "", 400},
	{"POST", "/api/user/password/reset/confirm", `{}`, "", 400},
	{"GET", "/api/user/logout", "", "", 200},
	{"POST", "/api/seller/login", `{"email":1}`, "", 400},
	{"GET", "/api/seller/logout", "", "", 200},

	{"GET", "/api/user/is-auth", "", "user", 200},
	{"POST", "/api/cart/update", `{"cartItems":{}}`, "user", 200},
	{"POST", "/api/address/add", `{}`, "user", 400},
	{"GET", "/api/address/get", "", "user", 200},
	{"POST", "/api/address/update", `{}`, "user", 400},
	{"POST", "/api/address/delete", `{}`, "user", 400},
	{"POST", "/api/address/default", `{}`, "user", 400},
	{"POST", "/api/order/cod", `{}`, "user", 400},
	{"POST", "/api/order/stripe", `{}`, "user", 400},
	{"POST", "/api/order/pay", `{}`, "user", 503},
	{"GET", "/api/order/user", "", "user", 200},
	{"POST", "/api/product/notify", `{}`, "user", 400},
	{"GET", "/api/user/alerts", "", "user", 200},
	{"POST", "/api/order/cancel", `{}`, "user", 400},
	{"POST", "/api/user/password", `{}`, "user", 400},
	{"POST", "/api/user/email", `{}`, "user", 400},
	{"POST", "/api/user/phone", `{}`, "user", 400},
	{"GET", "/api/user/export", "", "user", 200},
	{"POST", "/api/user/delete", `{}`, "user", 400},

	{"GET", "/api/seller/auth-seller", "", "seller", 200},
	{"POST", "/api/product/add", "multipart", "seller", 400},
	{"POST", "/api/product/stock", `{}`, "seller", 400},
	{"POST", "/api/product/update", "multipart", "seller", 400},
	{"POST", "/api/product/archive", `{}`, "seller", 400},
	{"POST", "/api/product/import", "multipart", "seller", 400},
	{"GET", "/api/product/export.csv", "", "seller", 200},
	{"GET", "/api/seller/products", "", "seller", 200},
	{"GET", "/api/seller/dashboard", "", "seller", 200},
	{"POST", "/api/seller/settings", `{"delivery":{"fee":-1}}`, "seller", 400},
	{"GET", "/api/order/seller", "", "seller", 200},
	{"GET", "/api/order/seller.csv", "", "seller", 200},
	{"GET", "/api/seller/subscribers.csv", "", "seller", 200},
	{"POST", "/api/newsletter/subscribe", `{}`, "", 400},
	{"POST", "/api/order/status", `{}`, "seller", 400},
	{"POST", "/api/order/paid", `{}`, "seller", 400},
	{"POST", "/api/order/refund", `{}`, "seller", 400},
	{"POST", "/api/order/refunded", `{}`, "seller", 400},
}

func (c *client) call(rt apiRoute, header ...string) response {
	c.s.t.Helper()
	switch {
	case rt.method == "GET":
		return c.do("GET", rt.path, nil, "", header...)
	case rt.body == "multipart":
		body, ct := multipartProduct(nil)
		return c.do(rt.method, rt.path, body, ct, header...)
	default:
		return c.do(rt.method, rt.path, strings.NewReader(rt.body), "application/json", header...)
	}
}

// TestRoleMatrix calls every route as each kind of caller: shopper routes refuse guests (401)
// and seller-only sessions (403); seller routes refuse guests (401) and shoppers (403).
func TestRoleMatrix(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		callers := []struct {
			name string
			new  func() *client
		}{
			{"guest", s.client},
			{"shopper", func() *client { return s.shopper("") }},
			{"seller", s.seller},
			{"shopper and seller", func() *client { c := s.shopper(""); s.loginSeller(c); return c }},
		}
		// The kinds of callers side by side, each calling every route in turn, each call by a
		// caller of its own.
		for _, who := range callers {
			t.Run(who.name, func(t *testing.T) {
				t.Parallel()
				for _, rt := range apiRoutes {
					t.Run(fmt.Sprintf("%s %s", rt.method, rt.path), func(t *testing.T) {
						isShopper := strings.Contains(who.name, "shopper")
						isSeller := strings.Contains(who.name, "seller")
						status := rt.status
						switch {
						case rt.path == "/api/user/is-auth" && !isShopper:
							// is-auth tells anyone without a shopper session "not signed in", sellers included.
							status = 401
						case rt.role == "user" && !isShopper && isSeller:
							status = 403
						case rt.role == "seller" && !isSeller && isShopper:
							status = 403
						case rt.role == "user" && !isShopper, rt.role == "seller" && !isSeller:
							status = 401
						}
						want(t, who.new().call(rt), status)
					})
				}
			})
		}
	})
}

// TestEveryRouteChecksItsRole calls every route of the route table, as it stands, with an empty
// body as each kind of caller: a shopper's route refuses guests (401) and the seller area's
// accounts (403); a route of the seller area refuses guests (401), shoppers (403) and the staff
// whose role does not reach its part (403): the owner reaches every part but the riders', a
// packer the orders, a rider only their deliveries. The rightful caller is never refused for who
// it is. A route added later is checked without being listed here.
func TestEveryRouteChecksItsRole(t *testing.T) {
	rightful := map[string][]string{
		"user":       {"shopper"},
		"area":       {"owner", "packer", "rider"},
		"orders":     {"owner", "packer"},
		"owner":      {"owner"},
		"deliveries": {"rider"},
	}
	eachStore(t, func(t *testing.T, s *store) {
		callers := map[string]*client{"guest": s.client(), "shopper": s.shopper(""), "owner": s.seller(),
			"packer": s.staff("packer"), "rider": s.staff("rider")}
		checked := map[string]int{}
		for pattern, role := range s.api.RouteRoles() {
			if rightful[role] == nil {
				continue
			}
			method, path, _ := strings.Cut(pattern, " ")
			path = strings.ReplaceAll(path, "{id}", "01NOTANID")
			for who, c := range callers {
				if who == "shopper" && pattern == "POST /api/user/logout-all" {
					c = s.shopper("") // its rightful call ends the caller's sessions
				}
				var r response
				if method == "GET" {
					r = c.get(path)
				} else {
					r = c.post(path, `{}`)
				}
				may := slices.Contains(rightful[role], who)
				switch {
				case who == "guest" && r.status != 401, who != "guest" && !may && r.status != 403:
					t.Errorf("%s as %s: %d %s", pattern, who, r.status, r.raw)
				case may && (r.status == 401 || r.status == 403):
					t.Errorf("%s as its rightful caller %s: %d %s", pattern, who, r.status, r.raw)
				}
			}
			checked[role]++
		}
		if checked["user"] < 20 || checked["owner"] < 15 || checked["orders"] < 6 || checked["area"] < 3 {
			t.Fatalf("too few routes checked: %v", checked)
		}
	})
}

// TestOthersIDs: a shopper who names another shopper's order or address gets 404, as for an id
// that does not exist, and changes nothing of theirs.
func TestOthersIDs(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		a, b := s.shopper(""), s.shopper("")
		addrA := a.addAddress()
		b.addAddress()
		want(t, a.post("/api/order/cod", order(s.rice.ID, 1, addrA)), 200)
		a.checkout(addrA, "")
		orders := a.orders()
		online, cash := orders[0].(map[string]any)["_id"].(string), orders[1].(map[string]any)["_id"].(string)

		want(t, b.post("/api/order/cancel", map[string]string{"id": cash}), 404, "Order not found")
		want(t, b.post("/api/order/pay", map[string]string{"id": online}), 404, "Order not found")
		want(t, b.get("/api/order/invoice?id="+cash), 404)
		want(t, b.post("/api/order/cod", order(s.rice.ID, 1, addrA)), 404, "Address not found")
		want(t, b.post("/api/order/stripe", order(s.rice.ID, 1, addrA)), 404, "Address not found")
		want(t, b.post("/api/address/update", map[string]any{"id": addrA, "address": addressWith(map[string]string{"city": "Dharan"})}), 404, "Address not found")
		want(t, b.post("/api/address/default", map[string]string{"id": addrA}), 404, "Address not found")
		want(t, b.post("/api/address/delete", map[string]string{"id": addrA}), 404, "Address not found")
		if len(b.orders()) != 0 || len(b.addresses()) != 1 {
			t.Fatal("another shopper's ids reached this shopper's orders or addresses")
		}
		if list := a.addresses(); len(list) != 1 || list[0].(map[string]any)["city"] != validAddress["city"] {
			t.Fatalf("another shopper changed the owner's addresses: %v", list)
		}
		after := a.orders()
		if len(after) != 2 || after[1].(map[string]any)["status"] != "Order Placed" || after[0].(map[string]any)["status"] != "Awaiting Payment" {
			t.Fatalf("the owner's orders changed: %v", after)
		}
	}, withSandbox)
}
