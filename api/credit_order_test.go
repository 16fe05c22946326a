package api_test

import (
	"io"
	"strings"
	"testing"
	"time"

	"haat"
)

// TestCreditPaysCashOrders: a cash order asked with useCredit is paid with the shopper's credit
// as far as it goes, as the quote said; the rider collects the rest, the cash sheet counts the rest;
// cancelled, it gives the credit back, once. An order the credit pays wholly is paid as it is
// placed: nothing to collect.
func TestCreditPaysCashOrders(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		owner := s.seller()
		c, address := s.withCredit(owner, 100)
		// One bag of rice: 295 and 2% tax, 300.90.
		if q := c.quoteWithCredit(address, 1, false); q["credit"] != 100.0 || q["creditUsed"] != 0.0 || q["toPay"] != 300.9 || q["total"] != 300.9 {
			t.Fatalf("quote without credit: %v", q)
		}
		q := c.quoteWithCredit(address, 1, true)
		if q["credit"] != 100.0 || q["creditUsed"] != 100.0 || q["toPay"] != 200.9 || q["total"] != 300.9 || q["tax"] != 5.9 {
			t.Fatalf("quote with credit: %v", q)
		}
		// The spec's body, without useCredit, uses none.
		want(t, c.post("/api/order/cod", order(s.rice.ID, 1, address)), 200, "Order Placed Successfully")
		if o := c.orders()[0].(map[string]any); o["creditUsed"] != 0.0 || o["toPay"] != 300.9 {
			t.Fatalf("an order without useCredit: %v", o)
		}

		want(t, c.post("/api/order/cod", creditOrder(s.rice.ID, 1, address)), 200, "Order Placed Successfully")
		o := c.orders()[0].(map[string]any)
		id := o["_id"].(string)
		if o["amount"] != q["total"] || o["creditUsed"] != q["creditUsed"] || o["toPay"] != q["toPay"] || o["isPaid"] != false || o["tax"] != 5.9 ||
			o["bill"].(map[string]any)["total"] != 300.9 {
			t.Fatalf("the order does not agree with its quote: %v", o)
		}
		balance, entries := c.credit()
		if balance != 0 || len(entries) != 2 || entries[0]["reason"] != "spent" || paisa(entries[0]["amount"]) != -10000 || entries[0]["orderId"] != id {
			t.Fatalf("credit after the order: %d, %v", balance, entries)
		}
		if so := s.sellerOrder(id); so["creditUsed"] != 100.0 || so["toPay"] != 200.9 {
			t.Fatalf("the seller's order: %v", so)
		}

		// Cancelled: the credit goes back, once.
		want(t, c.post("/api/order/cancel", map[string]string{"id": id}), 200, "Order Cancelled")
		want(t, c.post("/api/order/cancel", map[string]string{"id": id}), 409)
		want(t, owner.post("/api/order/status", map[string]string{"id": id, "status": "Cancelled"}), 409)
		balance, entries = c.credit()
		if balance != 10000 || len(entries) != 3 || entries[0]["reason"] != "returned" || paisa(entries[0]["amount"]) != 10000 || entries[0]["orderId"] != id {
			t.Fatalf("credit after the order was cancelled: %d, %v", balance, entries)
		}

		// Placed again, and cancelled by the seller: back again.
		want(t, c.post("/api/order/cod", creditOrder(s.rice.ID, 1, address)), 200)
		id = c.orders()[0].(map[string]any)["_id"].(string)
		s.walk(owner, id, haat.StatusPacked, haat.StatusCancelled)
		if balance, entries = c.credit(); balance != 10000 || entries[0]["reason"] != "returned" {
			t.Fatalf("credit after the seller cancelled: %d, %v", balance, entries)
		}

		// The rider collects what is left to pay, and the cash sheet counts it.
		want(t, c.post("/api/order/cod", creditOrder(s.rice.ID, 1, address)), 200)
		id = c.orders()[0].(map[string]any)["_id"].(string)
		rider := s.staff("rider")
		riderID := riderOf(t, rider)
		want(t, owner.post("/api/order/status", map[string]string{"id": id, "status": "Packed"}), 200)
		want(t, owner.post("/api/order/assign", map[string]string{"id": id, "rider": riderID}), 200)
		d := rider.get("/api/rider/deliveries").body["deliveries"].([]any)[0].(map[string]any)
		if d["collect"] != 200.9 || d["amount"] != 300.9 {
			t.Fatalf("the rider's delivery: %v", d)
		}
		want(t, rider.post("/api/rider/start", map[string]string{"id": id}), 200)
		deliver(t, rider, c, id)
		if sheet := sheetOf(t, owner.get("/api/seller/cash"), riderID); paisa(sheet["collectedTotal"]) != 20090 || paisa(sheet["difference"]) != 20090 {
			t.Fatalf("the cash sheet: %v", sheet)
		}

		// Credit enough for the whole order: paid as it is placed, nothing to collect.
		s.goodwill(owner, id, 300.9)
		want(t, c.post("/api/order/cod", creditOrder(s.rice.ID, 1, address)), 200, "Order Placed Successfully")
		o = c.orders()[0].(map[string]any)
		id = o["_id"].(string)
		if o["creditUsed"] != 300.9 || o["toPay"] != 0.0 || o["isPaid"] != true || o["status"] != "Order Placed" {
			t.Fatalf("an order paid wholly by credit: %v", o)
		}
		if so := s.sellerOrder(id); so["canMarkPaid"] != false {
			t.Fatalf("the seller may mark an order paid by credit paid: %v", so)
		}
		want(t, owner.post("/api/order/status", map[string]string{"id": id, "status": "Packed"}), 200)
		want(t, owner.post("/api/order/assign", map[string]string{"id": id, "rider": riderID}), 200)
		if d := rider.get("/api/rider/deliveries").body["deliveries"].([]any)[0].(map[string]any); d["collect"] != 0.0 {
			t.Fatalf("the rider collects for an order paid by credit: %v", d)
		}
		if balance, _ := c.credit(); balance != 0 {
			t.Fatalf("balance after an order paid wholly by credit: %d", balance)
		}
		// No credit left: an order that asks for it is refused, as its quote says, and places nothing.
		if q := c.quoteWithCredit(address, 1, true); q["problem"] != "You have no store credit to use; please check your order again" || q["creditUsed"] != 0.0 {
			t.Fatalf("quote with no credit left: %v", q)
		}
		before := len(c.orders())
		want(t, c.post("/api/order/cod", creditOrder(s.rice.ID, 1, address)), 409, "You have no store credit to use; please check your order again")
		if len(c.orders()) != before {
			t.Fatal("an order refused for want of credit was placed")
		}
	})
}

// TestCreditPaysOnlineOrders: an online order with useCredit is paid online for what is left (the
// payment page asks that much); one the credit pays wholly is placed paid, with no provider, and
// its url is My Orders through the loader, as after paying; an unpaid one cancelled when its time
// to pay ends gives its credit back.
func TestCreditPaysOnlineOrders(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		s.api.Payments.Now = s.clock.now
		owner := s.seller()
		c, address := s.withCredit(owner, 100)
		c.setCart(map[string]int{s.rice.ID: 1})
		r := c.post("/api/order/stripe", creditOrder(s.rice.ID, 1, address))
		want(t, r, 200)
		page := r.body["url"].(string)
		if !strings.HasPrefix(page, s.server.URL+"/api/payment/sandbox/") {
			t.Fatalf("url = %s", page)
		}
		o := c.orders()[0].(map[string]any)
		id := o["_id"].(string)
		if o["status"] != "Awaiting Payment" || o["creditUsed"] != 100.0 || o["toPay"] != 200.9 || o["canPay"] != true {
			t.Fatalf("an online order part paid by credit: %v", o)
		}
		res, err := c.http.Get(page)
		if err != nil {
			t.Fatal(err)
		}
		html, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if !strings.Contains(string(html), "$200.90") || strings.Contains(string(html), "$300.90") {
			t.Fatalf("the payment page does not ask what is left to pay: %s", html)
		}
		if status, _ := c.answer(page, "pay"); status != 303 {
			t.Fatalf("paying: %d", status)
		}
		if o := c.userOrder(id); o["isPaid"] != true || o["status"] != "Order Placed" || o["creditUsed"] != 100.0 {
			t.Fatalf("paid: %v", o)
		}
		if balance, entries := c.credit(); balance != 0 || entries[0]["reason"] != "spent" {
			t.Fatalf("credit after paying: %d, %v", balance, entries)
		}

		// Wholly paid by credit: no provider, paid at once, the cart emptied.
		s.goodwill(owner, id, 300.9)
		c.setCart(map[string]int{s.rice.ID: 1})
		r = c.post("/api/order/stripe", creditOrder(s.rice.ID, 1, address))
		want(t, r, 200)
		if r.body["url"] != s.server.URL+"/loader?next=my-orders" {
			t.Fatalf("url of an order paid by credit: %v", r.body["url"])
		}
		o = c.orders()[0].(map[string]any)
		if o["status"] != "Order Placed" || o["isPaid"] != true || o["toPay"] != 0.0 || o["canPay"] != false || o["paymentType"] != "Online" {
			t.Fatalf("an online order paid by credit: %v", o)
		}
		if len(c.cart()) != 0 {
			t.Fatal("an order paid by credit left the cart")
		}
		if so := s.sellerOrder(o["_id"].(string)); so["isPaid"] != true {
			t.Fatalf("the seller's order paid by credit: %v", so)
		}
		events := o["events"].([]any)
		if last := events[len(events)-1].(map[string]any); last["status"] != "Paid" || last["note"] != "storeCredit" {
			t.Fatalf("history of an order paid by credit: %v", events)
		}

		// Left unpaid past its time to pay: cancelled, and the credit goes back.
		s.goodwill(owner, o["_id"].(string), 50)
		r = c.post("/api/order/stripe", creditOrder(s.rice.ID, 1, address))
		want(t, r, 200)
		id = c.orders()[0].(map[string]any)["_id"].(string)
		if balance, _ := c.credit(); balance != 0 {
			t.Fatalf("balance while the order awaits payment: %d", balance)
		}
		s.clock.advance(31 * time.Minute)
		if err := s.api.Payments.Reconcile(ctx, 0); err != nil {
			t.Fatal(err)
		}
		if o := c.userOrder(id); o["status"] != "Cancelled" {
			t.Fatalf("an unpaid order past its time: %v", o)
		}
		if balance, entries := c.credit(); balance != 5000 || entries[0]["reason"] != "returned" || entries[0]["orderId"] != id {
			t.Fatalf("credit after the unpaid order ended: %d, %v", balance, entries)
		}
	}, withSandbox)
}

// TestCreditBackAfterWeighing: weighed goods packed lighter than the credit paid: the credit beyond
// the settled total goes back to the ledger (reason weight), the order keeps the rest.
func TestCreditBackAfterWeighing(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		owner := s.seller()
		tomatoes := s.addProduct(haat.Product{Name: "Local Tomatoes", Category: "Vegetables", Price: 20000, OfferPrice: 18000, StockOn: true,
			SoldBy: haat.SoldByWeight, Step: 250, Image: []string{"/media/catalogue/tomato.webp"}, Description: []string{"Fresh"}})
		c, address := s.withCredit(owner, 200)
		// 1 kg at 180 a kg and 2%: 183.60, all of it paid by credit.
		body := map[string]any{"items": []map[string]any{{"product": tomatoes.ID, "quantity": 4}}, "address": address, "useCredit": true}
		want(t, c.post("/api/order/cod", body), 200)
		o := c.orders()[0].(map[string]any)
		id := o["_id"].(string)
		if o["creditUsed"] != 183.6 || o["toPay"] != 0.0 || o["isPaid"] != true {
			t.Fatalf("ordered: %v", o)
		}
		// 800 g packed: 144 and 2.88 tax, 146.88.
		want(t, owner.post("/api/order/pack", map[string]any{"id": id, "lines": []any{map[string]any{"product": tomatoes.ID, "grams": 800}}}), 200)
		o = c.userOrder(id)
		if o["amount"] != 146.88 || o["creditUsed"] != 146.88 || o["toPay"] != 0.0 {
			t.Fatalf("packed: %v", o)
		}
		balance, entries := c.credit()
		if balance != 20000-14688 || entries[0]["reason"] != "weight" || paisa(entries[0]["amount"]) != 18360-14688 || entries[0]["orderId"] != id {
			t.Fatalf("credit after packing: %d, %v", balance, entries)
		}
		// Packed again as it was: nothing more goes back.
		want(t, owner.post("/api/order/pack", map[string]any{"id": id, "lines": []any{map[string]any{"product": tomatoes.ID, "grams": 800}}}), 200)
		// Cancelled after packing: what it still used goes back.
		want(t, owner.post("/api/order/status", map[string]string{"id": id, "status": "Cancelled"}), 200)
		if balance, _ := c.credit(); balance != 20000 {
			t.Fatalf("credit after the packed order was cancelled: %d", balance)
		}
	})
}
