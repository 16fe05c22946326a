package api_test

import (
	"sync"
	"testing"
)

// withSlot is an order request for one unit of product that names a delivery slot.
func withSlot(product, address, slot string) map[string]any {
	o := order(product, 1, address)
	o["slot"] = slot
	return o
}

// slots reads today's and tomorrow's slots as the cart does.
func (s *store) slots() []map[string]any {
	s.t.Helper()
	r := s.client().get("/api/slot/list")
	want(s.t, r, 200)
	var list []map[string]any
	for _, v := range r.body["slots"].([]any) {
		list = append(list, v.(map[string]any))
	}
	return list
}

// TestDeliverySlots: without windows orders are placed as the spec places them; with windows an
// order must name an open slot, which it keeps and the seller can filter by; a full slot refuses
// the next order, and a cancelled order gives its place back.
func TestDeliverySlots(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.shopper("")
		addr := c.addAddress()
		if list := s.slots(); len(list) != 0 {
			t.Fatalf("slots without windows: %v", list)
		}
		want(t, c.post("/api/order/cod", order(s.rice.ID, 1, addr)), 200, "Order Placed Successfully")
		want(t, c.post("/api/order/cod", withSlot(s.rice.ID, addr, "2026-01-01/x")), 200, "Order Placed Successfully")
		if o := c.orders()[0].(map[string]any); o["slot"] != nil {
			t.Fatalf("an order without slots offered has a slot: %v", o)
		}

		seller := s.seller()
		want(t, c.post("/api/seller/slots", map[string]any{"windows": []any{}}), 403, "Only sellers can do this")
		want(t, seller.post("/api/seller/slots", map[string]any{"windows": []map[string]int{{"start": 480, "end": 600, "capacity": 0}}}),
			400, "A delivery window takes 1 to 1000 orders")
		want(t, seller.post("/api/seller/slots", map[string]any{"windows": []map[string]int{
			{"start": 480, "end": 600, "capacity": 1}, {"start": 540, "end": 660, "capacity": 1}}}), 400, "Delivery windows 08:00–10:00 and 09:00–11:00 overlap")
		// The first window starts at midnight: today's is always past, tomorrow's always open.
		r := seller.post("/api/seller/slots", map[string]any{"windows": []map[string]int{
			{"start": 1080, "end": 1200, "capacity": 5, "cutoff": 30}, {"start": 0, "end": 120, "capacity": 1}}})
		want(t, r, 200, "Delivery slots saved")
		windows := r.body["windows"].([]any)
		if len(windows) != 2 || windows[0].(map[string]any)["start"] != float64(0) || windows[0].(map[string]any)["_id"] == "" {
			t.Fatalf("windows = %v", windows)
		}
		if got := seller.get("/api/seller/slots"); len(got.body["windows"].([]any)) != 2 {
			t.Fatalf("seller's windows = %s", got.raw)
		}

		list := s.slots()
		if len(list) != 4 || list[0]["state"] != "closed" || list[2]["state"] != "open" || list[2]["remaining"] != float64(1) {
			t.Fatalf("slots = %v", list)
		}
		past, early := list[0]["id"].(string), list[2]["id"].(string)
		day := list[2]["day"].(string)

		want(t, c.post("/api/order/cod", order(s.rice.ID, 1, addr)), 400, "Please choose a delivery slot")
		want(t, c.post("/api/order/cod", withSlot(s.rice.ID, addr, past)), 400, "That delivery slot can no longer be chosen; please choose another")
		want(t, c.post("/api/order/cod", withSlot(s.rice.ID, addr, "2020-01-01/"+windows[0].(map[string]any)["_id"].(string))), 400,
			"That delivery slot can no longer be chosen; please choose another")
		want(t, c.post("/api/order/cod", withSlot(s.rice.ID, addr, early)), 200, "Order Placed Successfully")
		o := c.orders()[0].(map[string]any)
		slot, _ := o["slot"].(map[string]any)
		if slot["id"] != early || slot["day"] != day || slot["start"] != float64(0) || slot["end"] != float64(120) {
			t.Fatalf("order's slot = %v", o["slot"])
		}
		for _, q := range []string{early, day} {
			r := seller.get("/api/order/seller?slot=" + q)
			want(t, r, 200)
			if got := r.body["orders"].([]any); len(got) != 1 || got[0].(map[string]any)["_id"] != o["_id"] {
				t.Fatalf("orders of slot %s = %v", q, got)
			}
		}
		if got := seller.get("/api/order/seller?slot=" + past).body["orders"].([]any); len(got) != 0 {
			t.Fatalf("orders of another slot = %v", got)
		}
		want(t, seller.get("/api/order/seller?slot=tomorrow"), 400, "slot must be a day written YYYY-MM-DD or a delivery slot")

		// The window's one place is taken.
		other := s.shopper("")
		otherAddr := other.addAddress()
		if l := s.slots(); l[2]["state"] != "full" || l[2]["remaining"] != float64(0) {
			t.Fatalf("taken slot = %v", l[2])
		}
		want(t, other.post("/api/order/cod", withSlot(s.rice.ID, otherAddr, early)), 409, "That delivery slot is full; please choose another")

		// Cancelling gives the place back, once.
		want(t, c.post("/api/order/cancel", map[string]string{"id": o["_id"].(string)}), 200)
		if l := s.slots(); l[2]["state"] != "open" || l[2]["remaining"] != float64(1) {
			t.Fatalf("slot after the cancel = %v", l[2])
		}
		want(t, other.post("/api/order/cod", withSlot(s.rice.ID, otherAddr, early)), 200)

		// No windows: the spec's orders again.
		want(t, seller.post("/api/seller/slots", map[string]any{"windows": []any{}}), 200)
		want(t, c.post("/api/order/cod", order(s.rice.ID, 1, addr)), 200, "Order Placed Successfully")
	})
}

// TestDeliverySlotRace: shoppers racing for a window's last place: exactly one gets it, the
// others are told it is full and have no order.
func TestDeliverySlotRace(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		want(t, s.seller().post("/api/seller/slots", map[string]any{"windows": []map[string]int{{"start": 0, "end": 120, "capacity": 2}}}), 200)
		slot := s.slots()[1]["id"].(string) // tomorrow's
		first := s.shopper("")
		want(t, first.post("/api/order/cod", withSlot(s.rice.ID, first.addAddress(), slot)), 200)

		const racers = 8
		shoppers := make([]*client, racers)
		addrs := make([]string, racers)
		for i := range shoppers {
			shoppers[i] = s.shopper("")
			addrs[i] = shoppers[i].addAddress()
		}
		statuses := make([]response, racers)
		var wg sync.WaitGroup
		for i := range shoppers {
			wg.Go(func() { statuses[i] = shoppers[i].post("/api/order/cod", withSlot(s.rice.ID, addrs[i], slot)) })
		}
		wg.Wait()
		won := 0
		for i, r := range statuses {
			switch {
			case r.status == 200:
				won++
				if len(shoppers[i].orders()) != 1 {
					t.Errorf("the winner has no order")
				}
			case r.status == 409 && r.message() == "That delivery slot is full; please choose another":
				if len(shoppers[i].orders()) != 0 {
					t.Errorf("a refused shopper has an order")
				}
			default:
				t.Errorf("racer %d: %d %s", i, r.status, r.raw)
			}
		}
		if won != 1 {
			t.Fatalf("%d shoppers got the last place, want 1", won)
		}
		if l := s.slots(); l[1]["state"] != "full" {
			t.Fatalf("slot after the race = %v", l[1])
		}
	})
}
