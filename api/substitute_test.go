package api_test

import (
	"fmt"
	"testing"
)

// TestSubstitutes: each line of an order says what the shopper wants if it is not there at packing
// (a similar item, leave it out, or a product they name), an order that says nothing takes the
// store's default, and the order keeps what was chosen; a product named must be sold, and not the
// line's own.
func TestSubstitutes(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		tomatoes, coriander := s.addWeighed()
		seller := s.seller()
		c := s.shopper("")
		address := c.addAddress()
		place := func(items ...map[string]any) response {
			t.Helper()
			return c.post("/api/order/cod", map[string]any{"address": address, "items": items})
		}
		line := func(product string, substitute string) map[string]any {
			l := map[string]any{"product": product, "quantity": 1}
			if substitute != "" {
				l["substitute"] = substitute
			}
			return l
		}
		chosen := func() string {
			t.Helper()
			var out []string
			for _, it := range c.orders()[0].(map[string]any)["items"].([]any) {
				out = append(out, fmt.Sprint(it.(map[string]any)["substitute"]))
			}
			return fmt.Sprint(out)
		}
		want(t, place(line(tomatoes, "none"), line(coriander, tomatoes), line(s.rice.ID, "")), 200)
		if got := chosen(); got != fmt.Sprintf("[none %s best]", tomatoes) {
			t.Fatalf("chosen: %s", got)
		}
		want(t, seller.post("/api/seller/settings", map[string]any{"substitute": "none"}), 200)
		want(t, place(line(s.rice.ID, ""), line(coriander, "best")), 200)
		if got := chosen(); got != "[none best]" {
			t.Fatalf("with the store's default none: %s", got)
		}
		want(t, seller.post("/api/seller/settings", map[string]any{"substitute": "cheapest"}), 400, `The store's substitute is "best" or "none"`)
		want(t, place(line(s.rice.ID, s.rice.ID)), 400, "A product cannot be its own substitute")
		want(t, place(line(s.rice.ID, "nope")), 400, "The substitute chosen for Jumla Red Rice is not sold")
		if r := s.client().get("/api/settings"); r.body["settings"].(map[string]any)["substitute"] != "none" {
			t.Fatalf("settings: %v", r.body["settings"])
		}
	})
}
