package api_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"haat"
	"haat/sqlstore/sqlstoretest"
)

// placeCashOrder has a new shopper order two bags of rice cash on delivery and returns the
// shopper and the order's id.
func (s *store) placeCashOrder() (*client, string) {
	s.t.Helper()
	c := s.shopper("")
	want(s.t, c.post("/api/order/cod", order(s.rice.ID, 2, c.addAddress())), 200, "Order Placed Successfully")
	o := c.orders()[0].(map[string]any)
	return c, o["_id"].(string)
}

// sellerOrder returns the order with id from the seller's list.
func (s *store) sellerOrder(id string) map[string]any {
	s.t.Helper()
	for _, o := range s.sellerOrders() {
		if o := o.(map[string]any); o["_id"] == id {
			return o
		}
	}
	s.t.Fatalf("order %s not in the seller's list", id)
	return nil
}

// walk moves order id through statuses, each of which must be allowed.
func (s *store) walk(seller *client, id string, statuses ...haat.OrderStatus) {
	s.t.Helper()
	for _, st := range statuses {
		r := seller.post("/api/order/status", map[string]string{"id": id, "status": string(st)})
		want(s.t, r, 200, "Order "+string(st))
		if got := r.body["order"].(map[string]any)["status"]; got != string(st) {
			s.t.Fatalf("answered order status %v, want %s", got, st)
		}
	}
}

func strs(v any) string {
	var out []string
	for _, x := range v.([]any) {
		out = append(out, x.(string))
	}
	return strings.Join(out, ",")
}

// TestOrderStatusTransitions tries every status from every status an order can be in: only the
// next step and, before delivery, Cancelled are allowed; everything else is refused and changes nothing.
func TestOrderStatusTransitions(t *testing.T) {
	all := []haat.OrderStatus{haat.StatusOrderPlaced, haat.StatusPacked, haat.StatusOutForDelivery, haat.StatusDelivered, haat.StatusCancelled}
	// The path to each starting status from a new order.
	paths := map[haat.OrderStatus][]haat.OrderStatus{
		haat.StatusOrderPlaced:    nil,
		haat.StatusPacked:         {haat.StatusPacked},
		haat.StatusOutForDelivery: {haat.StatusPacked, haat.StatusOutForDelivery},
		haat.StatusDelivered:      {haat.StatusPacked, haat.StatusOutForDelivery, haat.StatusDelivered},
		haat.StatusCancelled:      {haat.StatusCancelled},
	}
	allowed := map[haat.OrderStatus]haat.OrderStatus{
		haat.StatusOrderPlaced:    haat.StatusPacked,
		haat.StatusPacked:         haat.StatusOutForDelivery,
		haat.StatusOutForDelivery: haat.StatusDelivered,
	}
	eachStore(t, func(t *testing.T, s *store) {
		seller := s.seller()
		for _, from := range all {
			for _, to := range all {
				t.Run(string(from+" to "+to), func(t *testing.T) {
					shopper, id := s.placeCashOrder()
					s.walk(seller, id, paths[from]...)
					before := s.sellerOrder(id)
					ok := (allowed[from] == to || to == haat.StatusCancelled) && from != haat.StatusDelivered && from != haat.StatusCancelled
					r := seller.post("/api/order/status", map[string]string{"id": id, "status": string(to)})
					if ok {
						want(t, r, 200, "Order "+string(to))
						if got := shopper.orders()[0].(map[string]any)["status"]; got != string(to) {
							t.Fatalf("shopper sees %v, want %s", got, to)
						}
						return
					}
					var msg string
					switch {
					case from == to:
						msg = "The order is already " + string(from)
					case from == haat.StatusDelivered || from == haat.StatusCancelled:
						msg = "The order is " + string(from) + " and can no longer change"
					default:
						msg = fmt.Sprintf("An order that is %s can go to %s or Cancelled, not %s", from, allowed[from], to)
					}
					want(t, r, 409, msg)
					after := s.sellerOrder(id)
					if after["status"] != before["status"] || after["updatedAt"] != before["updatedAt"] {
						t.Fatalf("refused change altered the order: %v → %v", before, after)
					}
				})
			}
		}
	})
}

func TestOrderStatusNextStepsAndTimes(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		seller := s.seller()
		shopper, id := s.placeCashOrder()
		o := s.sellerOrder(id)
		if strs(o["nextStatuses"]) != "Packed,Cancelled" || o["canMarkPaid"] != false || o["updatedAt"] != o["createdAt"] {
			t.Fatalf("new order = %v", o)
		}
		s.clock.advance(time.Hour)
		s.walk(seller, id, "Packed", "Out for Delivery")
		o = s.sellerOrder(id)
		if strs(o["nextStatuses"]) != "Delivered,Cancelled" || o["updatedAt"] == o["createdAt"] {
			t.Fatalf("order out for delivery = %v", o)
		}
		mine := shopper.orders()[0].(map[string]any)
		if _, has := mine["nextStatuses"]; has {
			t.Fatal("the shopper's order carries the seller's actions")
		}
		if mine["updatedAt"] != o["updatedAt"] {
			t.Fatalf("shopper sees updatedAt %v, seller %v", mine["updatedAt"], o["updatedAt"])
		}
		s.walk(seller, id, "Delivered")
		o = s.sellerOrder(id)
		if len(o["nextStatuses"].([]any)) != 0 || o["canMarkPaid"] != true {
			t.Fatalf("delivered order = %v", o)
		}
	})
}

func TestMarkCashOrderPaid(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		seller := s.seller()
		shopper, id := s.placeCashOrder()
		paid := func() any { return shopper.orders()[0].(map[string]any)["isPaid"] }

		for _, step := range []haat.OrderStatus{"", "Packed", "Out for Delivery"} {
			if step != "" {
				s.walk(seller, id, step)
			}
			want(t, seller.post("/api/order/paid", map[string]string{"id": id}), 409, "A cash order is marked paid once it is delivered")
			if paid() != false {
				t.Fatalf("paid before delivery (%q)", step)
			}
		}
		s.walk(seller, id, "Delivered")
		r := seller.post("/api/order/paid", map[string]string{"id": id})
		want(t, r, 200, "Marked Paid")
		if o := r.body["order"].(map[string]any); o["isPaid"] != true || o["canMarkPaid"] != false {
			t.Fatalf("answered order = %v", o)
		}
		if paid() != true {
			t.Fatal("the shopper does not see the order paid")
		}
		if o := s.sellerOrder(id); o["isPaid"] != true || o["status"] != "Delivered" {
			t.Fatalf("seller sees %v", o)
		}
		want(t, seller.post("/api/order/paid", map[string]string{"id": id}), 409, "The order is already paid")

		// A cancelled cash order is never paid.
		_, cancelled := s.placeCashOrder()
		s.walk(seller, cancelled, "Cancelled")
		want(t, seller.post("/api/order/paid", map[string]string{"id": cancelled}), 409, "A cash order is marked paid once it is delivered")
	})
}

// TestOrderChangesRefused: unknown ids, orders the seller does not handle (unpaid
// online orders), bad bodies and unknown statuses are refused without changing anything.
func TestOrderChangesRefused(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		seller := s.seller()
		shopper, id := s.placeCashOrder()

		userID := shopper.user()["_id"].(string)
		addr := shopper.addresses()[0].(map[string]any)["_id"].(string)
		online, err := sqlstoretest.PlaceOrder(s.db, haat.NewOrder{UserID: userID, AddressID: addr, PaymentType: haat.PaymentOnline,
			Lines: []haat.OrderLine{{ProductID: s.rice.ID, Quantity: 1}}})
		if err != nil {
			t.Fatal(err)
		}

		for _, path := range []string{"/api/order/status", "/api/order/paid"} {
			body := func(id string) map[string]string { return map[string]string{"id": id, "status": "Packed"} }
			want(t, seller.post(path, body("no-such-order")), 404, "Order not found")
			want(t, seller.post(path, body(online.ID)), 404, "Order not found")
			want(t, seller.post(path, map[string]string{"status": "Packed"}), 400, "Order id is required")
			want(t, seller.post(path, `{"id":`), 400)
			want(t, seller.do("POST", path, strings.NewReader(`id=`+id), "application/x-www-form-urlencoded"), 415)
			// Shoppers, even the order's own, and guests cannot change orders.
			want(t, shopper.post(path, body(id)), 403)
			want(t, s.client().post(path, body(id)), 401)
		}
		for _, bad := range []string{"packed", "Shipped", "Awaiting Payment", " Packed"} {
			want(t, seller.post("/api/order/status", map[string]string{"id": id, "status": bad}), 400, fmt.Sprintf("Unknown order status %q", bad))
		}
		want(t, seller.post("/api/order/status", map[string]string{"id": id}), 400, "Order status is required")

		if o := shopper.orders(); len(o) != 2 {
			t.Fatalf("shopper has %d orders", len(o))
		}
		for _, o := range shopper.orders() {
			o := o.(map[string]any)
			status := map[any]string{"COD": "Order Placed", "Online": "Awaiting Payment"}[o["paymentType"]]
			if o["status"] != status || o["isPaid"] != false {
				t.Fatalf("refused calls changed an order: %v", o)
			}
		}
	})
}

// TestSellerOrdersPaging: the seller's list comes 50 at a time, newest first, and ?before pages
// back without gaps or repeats even when new orders arrive meanwhile.
func TestSellerOrdersPaging(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.shopper("")
		addr := c.addAddress()
		var placed []string
		place := func() {
			want(t, c.post("/api/order/cod", order(s.rice.ID, 1, addr)), 200)
			placed = append(placed, c.orders()[0].(map[string]any)["_id"].(string))
			s.clock.advance(time.Second)
		}
		for range 53 {
			place()
		}
		seller := s.seller()
		r := seller.get("/api/order/seller")
		want(t, r, 200)
		first := r.body["orders"].([]any)
		if len(first) != 50 || r.body["hasMore"] != true || first[0].(map[string]any)["_id"] != placed[52] {
			t.Fatalf("first page: %d orders, hasMore %v", len(first), r.body["hasMore"])
		}
		place() // a new order arrives while the seller pages back
		last := first[49].(map[string]any)["_id"].(string)
		r = seller.get("/api/order/seller?before=" + last)
		want(t, r, 200)
		second := r.body["orders"].([]any)
		if len(second) != 3 || r.body["hasMore"] != false {
			t.Fatalf("second page: %d orders, hasMore %v", len(second), r.body["hasMore"])
		}
		for i, o := range second {
			if id := o.(map[string]any)["_id"]; id != placed[2-i] {
				t.Fatalf("second page [%d] = %v, want %s", i, id, placed[2-i])
			}
		}
		r = seller.get("/api/order/seller?before=no-such-order")
		want(t, r, 200)
		if len(r.body["orders"].([]any)) != 0 {
			t.Fatal("an unknown cursor answered orders")
		}
	})
}

// TestOrderNumbers: the shopper and the seller see the same short number on an order, and the
// seller finds an order by it, typed with or without "#".
func TestOrderNumbers(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		seller := s.seller()
		shopper, first := s.placeCashOrder()
		_, second := s.placeCashOrder()
		userID := shopper.user()["_id"].(string)
		addr := shopper.addresses()[0].(map[string]any)["_id"].(string)
		online, err := sqlstoretest.PlaceOrder(s.db, haat.NewOrder{UserID: userID, AddressID: addr, PaymentType: haat.PaymentOnline,
			Lines: []haat.OrderLine{{ProductID: s.rice.ID, Quantity: 1}}})
		if err != nil {
			t.Fatal(err)
		}

		mine := shopper.orders()
		if len(mine) != 2 || mine[0].(map[string]any)["number"] != 10003.0 || mine[1].(map[string]any)["number"] != 10001.0 {
			t.Fatalf("shopper's orders: %v", mine)
		}
		if n := s.sellerOrder(first)["number"]; n != 10001.0 {
			t.Fatalf("seller sees number %v for the first order", n)
		}
		if n := s.sellerOrder(second)["number"]; n != 10002.0 {
			t.Fatalf("seller sees number %v for the second order", n)
		}

		find := func(number string) []any {
			t.Helper()
			r := seller.get("/api/order/seller?number=" + url.QueryEscape(number))
			want(t, r, 200)
			if r.body["hasMore"] != false {
				t.Fatalf("hasMore = %v", r.body["hasMore"])
			}
			return r.body["orders"].([]any)
		}
		for _, typed := range []string{"10002", "#10002", " #10002 "} {
			got := find(typed)
			if len(got) != 1 {
				t.Fatalf("%q found %d orders", typed, len(got))
			}
			o := got[0].(map[string]any)
			if o["_id"] != second || o["number"] != 10002.0 || strs(o["nextStatuses"]) != "Packed,Cancelled" || len(o["items"].([]any)) != 1 {
				t.Fatalf("%q found %v", typed, o)
			}
		}
		if online.Number != 10003 {
			t.Fatalf("online order number %d", online.Number)
		}
		for _, none := range []string{"10003", "10004", "1"} { // 10003 awaits payment: not the seller's yet
			if got := find(none); len(got) != 0 {
				t.Fatalf("%q found %v", none, got)
			}
		}
		for _, bad := range []string{"", "abc", "#", "10002x"} {
			want(t, seller.get("/api/order/seller?number="+url.QueryEscape(bad)), 400, "An order number is a number like #10482")
		}
		want(t, shopper.get("/api/order/seller?number=10002"), 403)
		want(t, s.client().get("/api/order/seller?number=10002"), 401)
	})
}
