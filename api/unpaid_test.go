package api_test

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"haat"
	"haat/checkout"
)

// withSlotWindow has the seller offer one window a day that takes capacity orders, and returns
// the first slot of it offered.
func (s *store) withSlotWindow(capacity int) string {
	s.t.Helper()
	// A two-hour window that starts four to seven hours from the store's now, whatever the time of
	// day the test runs at, so that the store's clock moved on by the tests' hour stays before it.
	hour := (s.clock.now().In(haat.StoreZone).Hour() + 4) % 24
	if hour > 21 {
		hour = 1 // not across midnight
	}
	start := hour * 60
	want(s.t, s.seller().post("/api/seller/slots", map[string]any{"windows": []map[string]int{{"start": start, "end": start + 120, "capacity": capacity}}}), 200)
	for _, sl := range s.slots() {
		if sl["state"] == string(haat.SlotOpen) {
			return sl["id"].(string) // the first still offered
		}
	}
	s.t.Fatal("no slot offered")
	return ""
}

// remaining is how many places the slot has left, as the cart sees it.
func (s *store) remaining(slot string) float64 {
	s.t.Helper()
	for _, l := range s.slots() {
		if l["id"] == slot {
			return l["remaining"].(float64)
		}
	}
	s.t.Fatalf("no slot %s", slot)
	return 0
}

// payOnline places an online order for quantity bags of rice in the slot (none: "") and returns
// the order's id and its payment page.
func (c *client) payOnline(addr, slot string, quantity int) (id, page string) {
	c.s.t.Helper()
	body := order(c.s.rice.ID, quantity, addr)
	if slot != "" {
		body["slot"] = slot
	}
	r := c.post("/api/order/stripe", body)
	want(c.s.t, r, 200)
	return c.orders()[0].(map[string]any)["_id"].(string), r.body["url"].(string)
}

// userOrder returns the shopper's order with the id, as My Orders shows it.
func (c *client) userOrder(id string) map[string]any {
	c.s.t.Helper()
	for _, o := range c.orders() {
		if o := o.(map[string]any); o["_id"] == id {
			return o
		}
	}
	c.s.t.Fatalf("no order %s", id)
	return nil
}

// TestFailedPaymentGivesSlotBack: an online order whose payment is cancelled gives its slot's
// place back with its units, so two abandoned payments do not fill a window of two; paying such
// an order again takes a place again only while one is free.
func TestFailedPaymentGivesSlotBack(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		slot := s.withSlotWindow(2)
		type unpaid struct {
			c  *client
			id string
		}
		var failed []unpaid
		for range 2 {
			c := s.shopper("")
			id, page := c.payOnline(c.addAddress(), slot, 1)
			if st, _ := c.answer(page, "cancel"); st != 303 {
				t.Fatalf("cancel: %d", st)
			}
			if o := c.userOrder(id); o["status"] != "Payment Failed" || o["canPay"] != true {
				t.Fatalf("order after a cancelled payment = %v", o)
			}
			failed = append(failed, unpaid{c, id})
		}
		if n := s.remaining(slot); n != 2 {
			t.Fatalf("after two cancelled payments the slot has %v places, want 2", n)
		}
		cash := s.shopper("")
		want(t, cash.post("/api/order/cod", withSlot(s.rice.ID, cash.addAddress(), slot)), 200, "Order Placed Successfully")

		// The first order paid again takes the place left; the second finds the slot full.
		first, second := failed[0], failed[1]
		want(t, first.c.post("/api/order/pay", map[string]string{"id": first.id}), 200)
		if n := s.remaining(slot); n != 0 {
			t.Fatalf("after paying again the slot has %v places, want 0", n)
		}
		want(t, second.c.post("/api/order/pay", map[string]string{"id": second.id}), 409, "The delivery slot is full; please order again with another slot")
		if o := second.c.userOrder(second.id); o["status"] != "Payment Failed" {
			t.Fatalf("order refused a place = %v", o)
		}
	}, withSandbox)
}

// TestUnpaidOrderEnds: an online order still unpaid when its time to pay ends, counted from its
// placing and not from the last Pay Now, cannot be paid any more and is cancelled by the
// reconciliation, giving back its units and its slot's place.
func TestUnpaidOrderEnds(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		s.api.Payments.Now = s.clock.now
		slot := s.withSlotWindow(1)
		stock := 4
		rice := s.rice
		rice.Stock = &stock
		if err := s.db.UpdateProduct(ctx, &rice, true); err != nil {
			t.Fatal(err)
		}
		c := s.shopper("")
		id, _ := c.payOnline(c.addAddress(), slot, 2)
		if n := s.remaining(slot); n != 0 {
			t.Fatalf("slot places left %v, want 0", n)
		}
		// Paid again within the window: a new page, the same order.
		s.clock.advance(20 * time.Minute)
		want(t, c.post("/api/order/pay", map[string]string{"id": id}), 200)
		// The sandbox's window is the store's: 30 minutes after the order was placed it has ended.
		s.clock.advance(11 * time.Minute)
		if o := c.userOrder(id); o["canPay"] != false {
			t.Fatalf("an order past its time to pay can be paid: %v", o)
		}
		want(t, c.post("/api/order/pay", map[string]string{"id": id}), 409, "The time to pay this order has passed; please order again")
		if err := s.api.Payments.Reconcile(ctx, 5*time.Minute); err != nil {
			t.Fatal(err)
		}
		if o := c.userOrder(id); o["status"] != "Cancelled" || o["isPaid"] != false || o["canPay"] != false {
			t.Fatalf("order past its time to pay = %v", o)
		}
		if n := s.remaining(slot); n != 1 {
			t.Fatalf("slot places left after the order ended: %v, want 1", n)
		}
		for _, p := range s.seller().get("/api/seller/products").body["products"].([]any) {
			if p := p.(map[string]any); p["_id"] == s.rice.ID && (p["stock"] != 4.0 || p["held"] != 0.0) {
				t.Fatalf("rice after the order ended: stock %v, held %v; want 4, 0", p["stock"], p["held"])
			}
		}
		if len(s.sellerOrders()) != 0 {
			t.Fatal("an unpaid order that ended reached the seller")
		}
	}, withSandbox)
}

// TestPayAgainChecksTheOrder: Pay Now checks the order as placing it now would, and refuses it,
// saying what changed, when anything did: the shopper orders again, never at old prices.
func TestPayAgainChecksTheOrder(t *testing.T) {
	for name, tc := range map[string]struct {
		change  func(s *store)
		message string
	}{
		"archived": {func(s *store) {
			want(s.t, s.seller().post("/api/product/archive", map[string]any{"id": s.rice.ID, "archived": true}), 200)
		}, "Jumla Red Rice is no longer sold; please order again"},
		"out of stock": {func(s *store) {
			want(s.t, s.seller().post("/api/product/stock", map[string]any{"id": s.rice.ID, "inStock": false}), 200)
		}, "Jumla Red Rice is out of stock; please order again"},
		"units sold": {func(s *store) {
			one := 1
			rice := s.rice
			rice.Stock = &one
			if err := s.db.UpdateProduct(ctx, &rice, true); err != nil {
				s.t.Fatal(err)
			}
		}, "Only 1 left of Jumla Red Rice; please order again"},
		"price": {func(s *store) {
			rice := s.rice
			rice.OfferPrice = 25000
			if err := s.db.UpdateProduct(ctx, &rice, false); err != nil {
				s.t.Fatal(err)
			}
		}, "The price of Jumla Red Rice has changed since this order was placed; please order again"},
		"minimum order": {func(s *store) {
			want(s.t, s.seller().post("/api/seller/settings", map[string]any{"delivery": map[string]any{"districts": []string{"Kaski"}, "minimumOrder": 1000}}), 200)
		}, "Minimum order is $1000; please order again"},
		"area": {func(s *store) {
			want(s.t, s.seller().post("/api/seller/settings", map[string]any{"delivery": map[string]any{"districts": []string{"Kathmandu"}}}), 200)
		}, "We deliver only to Kathmandu. Please choose an address there; please order again"},
		"slot": {func(s *store) {
			want(s.t, s.seller().post("/api/seller/slots", map[string]any{"windows": []any{}}), 200)
		}, "The delivery slot is no longer available; please order again"},
	} {
		t.Run(name, func(t *testing.T) {
			eachStore(t, func(t *testing.T, s *store) {
				slot := s.withSlotWindow(5)
				c := s.shopper("")
				id, page := c.payOnline(c.addAddress(), slot, 2)
				c.answer(page, "cancel")
				tc.change(s)
				want(t, c.post("/api/order/pay", map[string]string{"id": id}), 409, tc.message)
				if o := c.userOrder(id); o["status"] != "Payment Failed" || o["amount"] != 601.8 {
					t.Fatalf("order refused = %v", o)
				}
				if r := c.post("/api/order/pay", map[string]string{"id": id}, "Accept-Language", "ne"); r.status != 409 || !strings.HasSuffix(r.message(), "कृपया फेरि अर्डर गर्नुहोस्") {
					t.Fatalf("in Nepali: %d %s", r.status, r.raw)
				}
			}, withSandbox)
		})
	}
}

// TestUnpaidOrderLimit: a shopper holds at most three unpaid online orders; the fourth is
// refused until one is paid or cancelled, cash orders are not held up, and the seller's list
// shows the units unpaid orders hold.
func TestUnpaidOrderLimit(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.shopper("")
		addr := c.addAddress()
		var ids []string
		for range 3 {
			id, _ := c.payOnline(addr, "", 2)
			ids = append(ids, id)
		}
		n := len(c.orders())
		want(t, c.post("/api/order/stripe", order(s.rice.ID, 1, addr)), 409, "Pay or cancel an unpaid order first")
		want(t, c.post("/api/order/stripe", order(s.rice.ID, 1, addr), "Accept-Language", "ne"), 409, "पहिले भुक्तानी नभएको अर्डर तिर्नुहोस् वा रद्द गर्नुहोस्")
		if len(c.orders()) != n {
			t.Fatal("a refused online order was stored")
		}
		want(t, c.post("/api/order/cod", order(s.rice.ID, 1, addr)), 200, "Order Placed Successfully")
		other := s.shopper("")
		want(t, other.post("/api/order/stripe", order(s.rice.ID, 1, other.addAddress())), 200)

		products := s.seller().get("/api/seller/products").body["products"].([]any)
		for _, p := range products {
			p := p.(map[string]any)
			if held := map[string]float64{s.rice.ID: 3*2 + 1, s.dal.ID: 0}[p["_id"].(string)]; p["held"] != held {
				t.Fatalf("%s held %v, want %v", p["name"], p["held"], held)
			}
		}

		// An unpaid order cancelled frees its place in the count.
		if o := c.userOrder(ids[0]); o["canCancel"] != true {
			t.Fatalf("an unpaid order cannot be cancelled: %v", o)
		}
		want(t, c.post("/api/order/cancel", map[string]string{"id": ids[0]}), 200, "Order Cancelled")
		if o := c.userOrder(ids[0]); o["status"] != "Cancelled" || o["canPay"] != false {
			t.Fatalf("cancelled unpaid order = %v", o)
		}
		want(t, c.post("/api/order/stripe", order(s.rice.ID, 1, addr)), 200)
	}, withSandbox)
}

// TestOrdersPerHour: a shopper places at most HAAT_ORDERS_PER_HOUR orders an hour, cash and
// online together; the next is refused with 429 and Retry-After until the hour's first order
// leaves it.
func TestOrdersPerHour(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		s.api.Checkout.(*checkout.Service).OrdersPerHour = 2
		c := s.shopper("")
		addr := c.addAddress()
		want(t, c.post("/api/order/cod", order(s.rice.ID, 1, addr)), 200)
		s.clock.advance(10 * time.Minute)
		c.payOnline(addr, "", 1)
		r := c.post("/api/order/cod", order(s.rice.ID, 1, addr))
		want(t, r, 429, "You have placed 2 orders in the last hour. Please try again in 50 minutes.")
		if after, err := strconv.Atoi(r.header.Get("Retry-After")); err != nil || after < 49*60 || after > 50*60 {
			t.Fatalf("Retry-After %q, want about 3000 s", r.header.Get("Retry-After"))
		}
		want(t, c.post("/api/order/stripe", order(s.rice.ID, 1, addr)), 429)

		other := s.shopper("")
		want(t, other.post("/api/order/cod", order(s.rice.ID, 1, other.addAddress())), 200)

		s.clock.advance(50 * time.Minute)
		want(t, c.post("/api/order/cod", order(s.rice.ID, 1, addr)), 200)
		want(t, c.post("/api/order/cod", order(s.rice.ID, 1, addr)), 429, "You have placed 2 orders in the last hour. Please try again in 10 minutes.")
	}, withSandbox)
}
