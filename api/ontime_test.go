package api_test

import (
	"testing"
	"time"

	"haat"
)

// atNoon moves the store's clock to noon of its day, so that the half hours a test moves through
// stay on one day of the store.
func (s *store) atNoon() time.Time {
	now := s.clock.now().In(haat.StoreZone)
	noon := time.Date(now.Year(), now.Month(), now.Day(), 12, 0, 0, 0, haat.StoreZone)
	s.clock.advance(noon.Sub(now))
	return noon
}

// shopperOrder returns the order with id as its shopper c sees it.
func shopperOrder(t *testing.T, c *client, id string) map[string]any {
	t.Helper()
	for _, o := range c.orders() {
		if o := o.(map[string]any); o["_id"] == id {
			return o
		}
	}
	t.Fatalf("order %s not in the shopper's list", id)
	return nil
}

// deliver has rider deliver order id of shopper c with the code c was sent.
func deliver(t *testing.T, rider, c *client, id string) {
	t.Helper()
	code, _ := shopperOrder(t, c, id)["handoverCode"].(string)
	want(t, rider.post("/api/rider/delivered", map[string]string{"id": id, "code": code}), 200, "Order Delivered")
}

// TestOnTime: an order keeps the time it was promised by, from the store's speed promise as it is
// placed; one delivered after it is late on the seller's list and in the answer to a change; the
// dashboard counts today's deliveries on time and lists the orders out for delivery near or past
// their time.
func TestOnTime(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		owner, rider := s.seller(), s.staff("rider")
		riderID := riderOf(t, rider)
		want(t, owner.post("/api/seller/settings", map[string]any{"store": map[string]any{"promise": "Delivered within 30 minutes"}}), 200)
		c := s.phoneShopper("9812345678")
		address := c.addAddress()

		noon := s.atNoon()
		place := func() string {
			t.Helper()
			want(t, c.post("/api/order/cod", order(s.rice.ID, 1, address)), 200)
			return c.orders()[0].(map[string]any)["_id"].(string)
		}
		early, late, risky, waiting := place(), place(), place(), place()
		o := s.sellerOrder(early)
		promised, err := time.Parse(time.RFC3339Nano, o["promisedBy"].(string))
		created, _ := time.Parse(time.RFC3339Nano, o["createdAt"].(string))
		if err != nil || promised.Sub(created) != 30*time.Minute || o["late"] != nil {
			t.Fatalf("promised by %v (%v), placed %v: %v", o["promisedBy"], err, created, o)
		}
		for _, id := range []string{early, late, risky} {
			want(t, owner.post("/api/order/status", map[string]string{"id": id, "status": "Packed"}), 200)
			want(t, owner.post("/api/order/assign", map[string]string{"id": id, "rider": riderID}), 200)
		}

		s.clock.advance(5 * time.Minute)
		want(t, rider.post("/api/rider/start", map[string]string{"id": early}), 200)
		deliver(t, rider, c, early)
		if o := s.sellerOrder(early); o["late"] != nil || o["status"] != "Delivered" {
			t.Fatalf("delivered in time: %v", o)
		}

		// 12:16: an order out with 14 minutes left is at risk.
		s.clock.advance(11 * time.Minute)
		want(t, rider.post("/api/rider/start", map[string]string{"id": risky}), 200)
		want(t, rider.post("/api/rider/start", map[string]string{"id": late}), 200)
		d := owner.get("/api/seller/dashboard").body["dashboard"].(map[string]any)
		if risk := d["atRisk"].([]any); len(risk) != 2 || risk[0].(map[string]any)["late"] != false || risk[0].(map[string]any)["rider"] != "Ram rider" {
			t.Fatalf("at risk at 12:16: %v", risk)
		}

		// 12:31: delivered a minute late; the order still waiting is late too.
		s.clock.advance(15 * time.Minute)
		deliver(t, rider, c, late)
		if o := s.sellerOrder(late); o["late"] != true {
			t.Fatalf("delivered late: %v", o)
		}
		r := owner.post("/api/order/status", map[string]string{"id": waiting, "status": "Packed"})
		want(t, r, 200)
		if o := r.body["order"].(map[string]any); o["late"] != true {
			t.Fatalf("the change's answer of an order past its time: %v", o)
		}
		if o := s.sellerOrder(early); o["late"] != nil {
			t.Fatalf("on time stays on time: %v", o)
		}

		r = owner.get("/api/seller/dashboard")
		want(t, r, 200)
		d = r.body["dashboard"].(map[string]any)
		if on := d["onTime"].(map[string]any); on["delivered"] != 2.0 || on["onTime"] != 1.0 || on["percent"] != 50.0 {
			t.Fatalf("on time today: %v", on)
		}
		risk := d["atRisk"].([]any)
		if len(risk) != 1 {
			t.Fatalf("at risk at 12:31: %v", risk)
		}
		if r := risk[0].(map[string]any); r["_id"] != risky || r["late"] != true || r["number"] != shopperOrder(t, c, risky)["number"] {
			t.Fatalf("at risk: %v", r)
		}
		if at, _ := time.Parse(time.RFC3339, risk[0].(map[string]any)["promisedBy"].(string)); at.Before(noon) || at.After(noon.Add(31*time.Minute)) {
			t.Fatalf("promised by %v", at)
		}
	})
}

// TestNoPromise: a store that promises no time holds its orders to none: never late.
func TestNoPromise(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.shopper("")
		address := c.addAddress()
		want(t, c.post("/api/order/cod", order(s.rice.ID, 1, address)), 200)
		id := c.orders()[0].(map[string]any)["_id"].(string)
		s.clock.advance(48 * time.Hour)
		if o := s.sellerOrder(id); o["promisedBy"] != nil || o["late"] != nil {
			t.Fatalf("an order promised nothing: %v", o)
		}
	})
}
