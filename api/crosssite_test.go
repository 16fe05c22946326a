package api_test

import (
	"strings"
	"testing"
)

// TestCrossSiteRequests sends every state-changing call with another site's Origin: each is
// refused and changes nothing.
func TestCrossSiteRequests(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		shopper := s.shopper("sita@example.com")
		addr := shopper.addAddress()
		shopper.setCart(map[string]int{s.rice.ID: 2})
		seller := s.seller()
		img := upload{"tea.png", pngFile(t)}

		for _, origin := range []string{"http://evil.example", "null", "http://127.0.0.1.evil.example", strings.Replace(s.server.URL, "http://", "https://", 1)} {
			evil := []string{"Origin", origin}
			t.Run(origin, func(t *testing.T) {
				for name, send := range map[string]func() response{
					"register": func() response {
						return s.client().post("/api/user/register", map[string]string{"name": "Eve", "email": "eve@example.com", "password": "long enough"}, evil...)
					},
					"login": func() response {
						return s.client().post("/api/user/login", map[string]string{"email": "sita@example.com", "password": shopperPassword}, evil...)
					},
					"seller login": func() response {
						return s.client().post("/api/seller/login", map[string]string{"email": sellerEmail, "password": sellerPassword}, evil...)
					},
					"logout":        func() response { return shopper.do("GET", "/api/user/logout", nil, "", evil...) },
					"seller logout": func() response { return seller.do("GET", "/api/seller/logout", nil, "", evil...) },
					"cart":          func() response { return shopper.post("/api/cart/update", `{"cartItems":{}}`, evil...) },
					"address": func() response {
						return shopper.post("/api/address/add", map[string]any{"address": validAddress}, evil...)
					},
					"cash order":   func() response { return shopper.post("/api/order/cod", order(s.rice.ID, 1, addr), evil...) },
					"online order": func() response { return shopper.post("/api/order/stripe", order(s.rice.ID, 1, addr), evil...) },
					"stock": func() response {
						return seller.post("/api/product/stock", map[string]any{"id": s.rice.ID, "inStock": false}, evil...)
					},
					"product add": func() response {
						body, ct := multipartProduct(productForm(nil), img)
						return seller.do("POST", "/api/product/add", body, ct, evil...)
					},
				} {
					t.Run(name, func(t *testing.T) {
						r := send()
						want(t, r, 403, "Cross-site request refused")
						if len(r.header.Values("Set-Cookie")) != 0 {
							t.Fatalf("a refused request set cookies: %v", r.header.Values("Set-Cookie"))
						}
					})
				}
			})
		}

		// Nothing changed.
		if cart := shopper.cart(); len(cart) != 1 || cart[s.rice.ID] != 2.0 {
			t.Fatalf("cart = %v", cart)
		}
		if len(shopper.addresses()) != 1 || len(shopper.orders()) != 0 {
			t.Fatal("an address or order was added")
		}
		want(t, seller.get("/api/seller/auth-seller"), 200)
		if list := s.products(); len(list) != 2 || list[1]["inStock"] != true || s.storedFiles() != 0 {
			t.Fatalf("products changed: %v", list)
		}
		want(t, s.client().post("/api/user/register", map[string]string{"name": "Eve", "email": "eve@example.com", "password": "long enough"}), 200)

		// Reads are not refused.
		want(t, shopper.do("GET", "/api/address/get", nil, "", "Origin", "http://evil.example"), 200)
		want(t, s.client().do("GET", "/api/product/list", nil, "", "Origin", "http://evil.example"), 200)
	})
}

func TestSameSiteRequests(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.shopper("")
		same := []string{"Origin", s.server.URL}
		want(t, c.post("/api/cart/update", map[string]any{"cartItems": map[string]int{s.rice.ID: 5}}, same...), 200)
		if c.cart()[s.rice.ID] != 5.0 {
			t.Fatal("same-origin cart update not applied")
		}
		want(t, c.post("/api/address/add", map[string]any{"address": validAddress}, same...), 200)
		want(t, c.post("/api/cart/update", `{"cartItems":{}}`, "Sec-Fetch-Site", "same-origin"), 200)

		// Without Origin, a browser's cross-site mark is enough to refuse.
		want(t, c.do("GET", "/api/user/logout", nil, "", "Sec-Fetch-Site", "cross-site"), 403)
		want(t, c.post("/api/cart/update", `{"cartItems":{}}`, "Sec-Fetch-Site", "cross-site"), 403)
		want(t, c.get("/api/user/is-auth"), 200)

		want(t, c.do("GET", "/api/user/logout", nil, "", same...), 200)
		want(t, c.get("/api/user/is-auth"), 401)
	})
}

func TestPublicURLOrigin(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.shopper("")
		want(t, c.post("/api/cart/update", `{"cartItems":{}}`, "Origin", "https://shop.haat.example"), 200)
		want(t, c.post("/api/cart/update", `{"cartItems":{}}`, "Origin", s.server.URL), 200)
		want(t, c.post("/api/cart/update", `{"cartItems":{}}`, "Origin", "https://haat.example"), 403)
	}, withPublicURL("https://shop.haat.example/"))
}
