package api_test

import (
	"fmt"
	"sync"
	"testing"
	"testing/fstest"

	"haat/api"
)

// TestCartVersionOverHTTP: register, login and is-auth tell the cart's version; an update naming
// it moves it on; one naming an older version is refused with 409 and the stored cart; an update
// without a version (as older clients send it) still replaces the cart.
func TestCartVersionOverHTTP(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		email := s.newEmail()
		phone := s.client()
		r := phone.post("/api/user/register", map[string]string{"name": "Sita Gurung", "email": email, "password": shopperPassword})
		want(t, r, 200)
		if v, ok := r.body["user"].(map[string]any)["cartVersion"].(float64); !ok || v != 0 {
			t.Fatalf("register: cartVersion %v", r.body["user"])
		}
		laptop := s.client()
		r = laptop.post("/api/user/login", map[string]string{"email": email, "password": shopperPassword})
		want(t, r, 200)
		if v := r.body["user"].(map[string]any)["cartVersion"]; v != 0.0 {
			t.Fatalf("login: cartVersion %v", v)
		}

		// The phone adds rice at version 0.
		r = phone.post("/api/cart/update", map[string]any{"cartItems": map[string]int{s.rice.ID: 1}, "version": 0})
		want(t, r, 200, "Cart Updated")
		if r.body["cartVersion"] != 1.0 {
			t.Fatalf("update answer: %s", r.raw)
		}
		// The laptop, still at version 0, adds dal: refused, and told the phone's cart.
		r = laptop.post("/api/cart/update", map[string]any{"cartItems": map[string]int{s.dal.ID: 2}, "version": 0})
		want(t, r, 409, "Your cart was changed in another window or on another device")
		items, _ := r.body["cartItems"].(map[string]any)
		if r.body["cartVersion"] != 1.0 || len(items) != 1 || items[s.rice.ID] != 1.0 {
			t.Fatalf("conflict answer: %s", r.raw)
		}
		if u := laptop.user(); u["cartVersion"] != 1.0 || len(u["cartItems"].(map[string]any)) != 1 {
			t.Fatalf("refused update changed the cart: %v", u)
		}
		// Merged and sent again with the version it was told: accepted.
		r = laptop.post("/api/cart/update", map[string]any{"cartItems": map[string]int{s.rice.ID: 1, s.dal.ID: 2}, "version": 1})
		want(t, r, 200, "Cart Updated")
		if r.body["cartVersion"] != 2.0 {
			t.Fatalf("retry answer: %s", r.raw)
		}

		// An update without a version replaces the stored cart, whatever its version.
		want(t, phone.post("/api/cart/update", `{"cartItems":{}}`), 200, "Cart Updated")
		if u := phone.user(); u["cartVersion"] != 3.0 || len(u["cartItems"].(map[string]any)) != 0 {
			t.Fatalf("after an update without version: %v", u)
		}
		want(t, phone.post("/api/cart/update", `{"cartItems":{},"version":"3"}`), 400)
		want(t, phone.post("/api/cart/update", `{"cartItems":{},"version":1.5}`), 400)
	})
}

// TestCartConcurrentHTTPUpdates: two devices saving at the same version: one 200, one 409.
func TestCartConcurrentHTTPUpdates(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		email := s.newEmail()
		a := s.shopper(email)
		b := s.client()
		want(t, b.post("/api/user/login", map[string]string{"email": email, "password": shopperPassword}), 200)
		for round := range 5 {
			var wg sync.WaitGroup
			statuses := make([]int, 2)
			for i, c := range []*client{a, b} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					statuses[i] = c.post("/api/cart/update", map[string]any{"cartItems": map[string]int{s.rice.ID: i + 1}, "version": 2 * round}).status
				}()
			}
			wg.Wait()
			if statuses[0]+statuses[1] != 200+409 {
				t.Fatalf("round %d: statuses %v, want one 200 and one 409", round, statuses)
			}
			// The loser catches up with the version and saves, so the next round starts at 2 × (round+1).
			loser := a
			if statuses[0] == 200 {
				loser = b
			}
			want(t, loser.post("/api/cart/update", map[string]any{"cartItems": map[string]int{s.rice.ID: 3}, "version": 2*round + 1}), 200)
		}
	})
}

// TestProductPages: the page of a product of the catalogue is 200, an unknown id or category 404
// with the storefront's page, so that the app shows its not-found page.
func TestProductPages(t *testing.T) {
	page := "<!doctype html><title>Haat</title><div id=root></div>"
	web := fstest.MapFS{"index.html": {Data: []byte(page)}}
	eachStore(t, func(t *testing.T, s *store) {
		c := s.client()
		for path, status := range map[string]int{
			"/products/grains/" + s.rice.ID:    200,
			"/products/grains/" + s.dal.ID:     200, // out of stock: the page says so
			"/products/Grains/" + s.rice.ID:    200,
			"/products/grains/01NOSUCHPRODUCT": 404,
			"/products/spices/" + s.rice.ID:    404,
			"/products/grains":                 200,
			"/products/spices":                 404,
			"/no-such-page":                    404,
		} {
			r := c.get(path)
			if r.status != status || string(r.raw) != page {
				t.Errorf("GET %s = %d %q, want %d and the page", path, r.status, r.raw, status)
			}
		}
	}, func(a *api.Server) { a.Web = web })
}

func TestCart(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.shopper("sita@example.com")
		c.setCart(map[string]int{s.rice.ID: 2, s.dal.ID: 1})
		if cart := c.cart(); len(cart) != 2 || cart[s.rice.ID] != 2.0 || cart[s.dal.ID] != 1.0 {
			t.Fatalf("cart = %v", cart)
		}

		// The whole map replaces the stored cart.
		c.setCart(map[string]int{s.rice.ID: 5})
		if cart := c.cart(); len(cart) != 1 || cart[s.rice.ID] != 5.0 {
			t.Fatalf("cart not replaced: %v", cart)
		}
		c.setCart(map[string]int{s.rice.ID: 100, s.dal.ID: 1})
		if cart := c.cart(); len(cart) != 2 || cart[s.rice.ID] != 100.0 || cart[s.dal.ID] != 1.0 {
			t.Fatalf("cart = %v", cart)
		}

		const quantityMsg = "Quantity must be a whole number from 1 to 100"
		for name, tc := range map[string]struct{ body, msg string }{
			"unknown product":    {fmt.Sprintf(`{"cartItems":{%q:1,"01NOTAPRODUCT":1}}`, s.rice.ID), "Your cart has a product that is no longer sold"},
			"quantity 0":         {fmt.Sprintf(`{"cartItems":{%q:0}}`, s.rice.ID), quantityMsg},
			"quantity -1":        {fmt.Sprintf(`{"cartItems":{%q:-1}}`, s.rice.ID), quantityMsg},
			"quantity 1.5":       {fmt.Sprintf(`{"cartItems":{%q:1.5}}`, s.rice.ID), quantityMsg},
			`quantity "2"`:       {fmt.Sprintf(`{"cartItems":{%q:"2"}}`, s.rice.ID), quantityMsg},
			"quantity 101":       {fmt.Sprintf(`{"cartItems":{%q:101}}`, s.rice.ID), quantityMsg},
			"quantity null":      {fmt.Sprintf(`{"cartItems":{%q:null}}`, s.rice.ID), quantityMsg},
			"quantity true":      {fmt.Sprintf(`{"cartItems":{%q:true}}`, s.rice.ID), quantityMsg},
			"huge quantity":      {fmt.Sprintf(`{"cartItems":{%q:99999999999999999999}}`, s.rice.ID), quantityMsg},
			"one bad among good": {fmt.Sprintf(`{"cartItems":{%q:3,%q:0}}`, s.rice.ID, s.dal.ID), quantityMsg},
			"no cartItems":       {`{}`, "cartItems is required"},
			"cartItems null":     {`{"cartItems":null}`, "cartItems is required"},
			"cartItems a list":   {`{"cartItems":[1,2]}`, "Invalid value for cartItems"},
			"not JSON":           {`{"cartItems":`, "Request body is not valid JSON"},
		} {
			t.Run(name, func(t *testing.T) {
				want(t, c.post("/api/cart/update", tc.body), 400, tc.msg)
				if cart := c.cart(); len(cart) != 2 || cart[s.rice.ID] != 100.0 || cart[s.dal.ID] != 1.0 {
					t.Fatalf("cart changed to %v", cart)
				}
			})
		}

		want(t, c.post("/api/cart/update", `{"cartItems":{}}`), 200, "Cart Updated")
		if cart := c.cart(); len(cart) != 0 {
			t.Fatalf("cart not cleared: %v", cart)
		}
	})
}
