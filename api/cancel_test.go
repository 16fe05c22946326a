package api_test

import (
	"testing"
)

func TestShopperCancelsOrder(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		apple := s.counted("Mustang Apple", 5)
		c := s.shopper("")
		addr := c.addAddress()
		want(t, c.post("/api/order/cod", order(apple.ID, 2, addr)), 200, "Order Placed Successfully")
		o := c.orders()[0].(map[string]any)
		id := o["_id"].(string)
		if o["canCancel"] != true {
			t.Fatalf("a placed order cannot be cancelled: %v", o)
		}

		// Nobody else can cancel it: another shopper is told it does not exist.
		other := s.shopper("")
		want(t, other.post("/api/order/cancel", map[string]string{"id": id}), 404, "Order not found")
		want(t, c.post("/api/order/cancel", map[string]string{}), 400, "Order id is required")
		want(t, s.client().post("/api/order/cancel", map[string]string{"id": id}), 401)

		r := c.post("/api/order/cancel", map[string]string{"id": id})
		want(t, r, 200, "Order Cancelled")
		if got := r.body["order"].(map[string]any); got["status"] != "Cancelled" || got["canCancel"] != false {
			t.Fatalf("cancelled order = %v", got)
		}
		if n, _ := s.stockOf(apple.ID); n != 5 {
			t.Fatalf("a cancelled order kept its units: %v left", n)
		}
		want(t, c.post("/api/order/cancel", map[string]string{"id": id}), 409, "An order that is Cancelled can no longer be cancelled")

		// Once the seller has packed an order, it is the seller's to cancel.
		want(t, c.post("/api/order/cod", order(apple.ID, 1, addr)), 200)
		id = c.orders()[0].(map[string]any)["_id"].(string)
		want(t, s.seller().post("/api/order/status", map[string]string{"id": id, "status": "Packed"}), 200)
		if o := c.orders()[0].(map[string]any); o["canCancel"] != false {
			t.Fatalf("a packed order offers cancelling: %v", o)
		}
		want(t, c.post("/api/order/cancel", map[string]string{"id": id}), 409, "An order that is Packed can no longer be cancelled")
	})
}

// A paid order the shopper cancels is owed back, and the seller sees the refund due.
func TestShopperCancelsPaidOrder(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.shopper("")
		addr := c.addAddress()
		c.setCart(map[string]int{s.rice.ID: 2})
		if st, _ := c.answer(c.checkout(addr, "sandbox"), "pay"); st != 303 {
			t.Fatalf("pay: %d", st)
		}
		id := c.orders()[0].(map[string]any)["_id"].(string)
		r := c.post("/api/order/cancel", map[string]string{"id": id})
		want(t, r, 200, "Order Cancelled")
		if got := r.body["order"].(map[string]any); got["status"] != "Cancelled" || got["isPaid"] != true || got["refund"] != "due" {
			t.Fatalf("cancelled paid order = %v", got)
		}
		seller := s.sellerOrders()[0].(map[string]any)
		if seller["status"] != "Cancelled" || seller["canMarkRefunded"] != true {
			t.Fatalf("seller sees %v", seller)
		}
	}, withSandbox)
}
