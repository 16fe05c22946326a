package api_test

import (
	"fmt"
	"testing"
	"time"

	"haat"
	"haat/notify"
)

func TestDashboard(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		apple := s.counted("Mustang Apple", 8)
		c := s.shopper("")
		addr := c.addAddress()
		seller := s.seller()

		// Two days ago (still within the week), then today: the dashboard counts today's and the
		// week's sales apart, and leaves cancelled orders out.
		s.clock.advance(-48 * time.Hour)
		want(t, c.post("/api/order/cod", order(s.rice.ID, 5, addr)), 200)
		s.clock.advance(48 * time.Hour)
		want(t, c.post("/api/order/cod", order(apple.ID, 3, addr)), 200)
		want(t, c.post("/api/order/cod", order(s.rice.ID, 1, addr)), 200)
		want(t, c.post("/api/order/cod", order(apple.ID, 2, addr)), 200)
		cancelled := c.orders()[0].(map[string]any)["_id"].(string)
		want(t, c.post("/api/order/cancel", map[string]string{"id": cancelled}), 200)
		packed := c.orders()[1].(map[string]any)["_id"].(string)
		want(t, seller.post("/api/order/status", map[string]string{"id": packed, "status": "Packed"}), 200)

		r := seller.get("/api/seller/dashboard")
		want(t, r, 200)
		d := r.body["dashboard"].(map[string]any)
		today := d["today"].(map[string]any)
		// Today: 3 apples at 420 (1260 + 25.20 tax) and 1 rice at 295 (+ 5.90).
		if today["orders"] != 2.0 || today["revenue"] != 1586.1 {
			t.Fatalf("today = %v", today)
		}
		waiting := d["waiting"].([]any)
		wantWaiting := []string{"Order Placed:2", "Packed:1", "Out for Delivery:0"}
		for i, w := range waiting {
			m := w.(map[string]any)
			if got := fmt.Sprintf("%s:%v", m["status"], m["orders"]); got != wantWaiting[i] {
				t.Fatalf("waiting = %v, want %v", waiting, wantWaiting)
			}
		}
		best := d["bestSellers"].([]any)
		if len(best) != 2 {
			t.Fatalf("best sellers = %v", best)
		}
		first, second := best[0].(map[string]any), best[1].(map[string]any)
		if first["product"].(map[string]any)["_id"] != s.rice.ID || first["units"] != 6.0 || first["revenue"] != 1770.0 ||
			second["product"].(map[string]any)["_id"] != apple.ID || second["units"] != 3.0 {
			t.Fatalf("best sellers = %v", best)
		}
		low := d["lowStock"].([]any)
		if len(low) != 1 || low[0].(map[string]any)["_id"] != apple.ID || low[0].(map[string]any)["stock"] != 5.0 {
			t.Fatalf("low stock = %v", low)
		}
		// A week later, the old sales are no longer counted.
		s.clock.advance(8 * 24 * time.Hour)
		d = s.seller().get("/api/seller/dashboard").body["dashboard"].(map[string]any)
		if len(d["bestSellers"].([]any)) != 0 || d["today"].(map[string]any)["orders"] != 0.0 {
			t.Fatalf("a week later: %v", d)
		}
	})
}

// backInStock queues the messages of the stock alerts due and claims the mails due: those that
// tell of products back in stock.
func backInStock(t *testing.T, s *store) []haat.Message {
	t.Helper()
	if err := notify.QueueBackInStock(ctx, s.db); err != nil {
		t.Fatal(err)
	}
	due, err := s.db.ClaimMessages(ctx, haat.ChannelMail, 10)
	if err != nil {
		t.Fatal(err)
	}
	var told []haat.Message
	for _, m := range due {
		if m.Kind == haat.MessageBackInStock {
			told = append(told, m)
		}
	}
	return told
}

func TestStockAlerts(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		s.db.QueueMails(true)
		apple := s.counted("Mustang Apple", 0)
		c := s.shopper("")
		other := s.shopper("")
		seller := s.seller()

		want(t, c.post("/api/product/notify", map[string]any{"id": s.rice.ID}), 409, "Jumla Red Rice is in stock")
		want(t, c.post("/api/product/notify", map[string]any{"id": "nope"}), 404, "Product not found")
		want(t, c.post("/api/product/notify", map[string]any{}), 400, "Product id is required")
		want(t, s.client().post("/api/product/notify", map[string]any{"id": apple.ID}), 401)
		want(t, c.post("/api/product/notify", map[string]any{"id": apple.ID}), 200, "We will tell you when Mustang Apple is back")
		want(t, c.post("/api/product/notify", map[string]any{"id": apple.ID}), 200)
		want(t, other.post("/api/product/notify", map[string]any{"id": s.dal.ID}), 200, "We will tell you when Masoor Dal is back")

		alerts := c.get("/api/user/alerts").body["alerts"].([]any)
		if len(alerts) != 1 || alerts[0].(map[string]any)["back"] != false {
			t.Fatalf("alerts while out of stock = %v", alerts)
		}
		low := seller.get("/api/seller/dashboard").body["dashboard"].(map[string]any)["lowStock"].([]any)
		asked := map[any]any{}
		for _, l := range low {
			asked[l.(map[string]any)["_id"]] = l.(map[string]any)["asked"]
		}
		if asked[apple.ID] != 1.0 || asked[s.dal.ID] != 1.0 {
			t.Fatalf("dashboard asked = %v", low)
		}

		// Nothing is sent while the products are out of stock.
		if told := backInStock(t, s); len(told) != 0 {
			t.Fatalf("told %v", told)
		}
		// The apples come back: the shopper is mailed once, and sees a notice.
		want(t, seller.updateProduct(map[string]string{"id": apple.ID, "stock": "4"}), 200)
		if told := backInStock(t, s); len(told) != 1 || told[0].Product.ID != apple.ID || told[0].Channel != haat.ChannelMail || told[0].To == "" {
			t.Fatalf("told %v", told)
		}
		if told := backInStock(t, s); len(told) != 0 {
			t.Fatalf("told twice: %v", told)
		}
		alerts = c.get("/api/user/alerts").body["alerts"].([]any)
		if len(alerts) != 1 || alerts[0].(map[string]any)["back"] != true {
			t.Fatalf("alerts once back = %v", alerts)
		}
		for _, l := range seller.get("/api/seller/dashboard").body["dashboard"].(map[string]any)["lowStock"].([]any) {
			if m := l.(map[string]any); m["_id"] == apple.ID && m["asked"] != 0.0 {
				t.Fatalf("told shoppers still counted as asking: %v", m)
			}
		}
		// Dismissed, the notice is gone.
		want(t, c.post("/api/product/notify", map[string]any{"id": apple.ID, "notify": false}), 200, "You will not be told about Mustang Apple")
		if alerts := c.get("/api/user/alerts").body["alerts"].([]any); len(alerts) != 0 {
			t.Fatalf("alerts after dismissing = %v", alerts)
		}
	})
}
