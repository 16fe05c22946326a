package api_test

import (
	"encoding/csv"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"haat"
	"haat/bikramsambat"
)

// couponBody is the body of a coupon: 10% off from Rs. 500, once a shopper, with the changes.
func couponBody(change map[string]any) map[string]any {
	body := map[string]any{"code": "dashain10", "kind": "percent", "value": 10, "minimumOrder": 500, "usesPerShopper": 1, "active": true,
		"categories": []string{}, "products": []string{}}
	for k, v := range change {
		body[k] = v
	}
	return body
}

// withCoupon is body with the code.
func withCoupon(body map[string]any, code string) map[string]any {
	body["coupon"] = code
	return body
}

// TestCoupons: the owner makes a code; the cart's quote applies it or says why not; the order
// placed with it has its discount on the bill and agrees with its quote; an order whose code may
// not be used is refused with the reason and places nothing; a cancelled order gives its use back;
// the owner's list counts the uses and the money given. Only the owner makes codes.
func TestCoupons(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		owner := s.seller()
		packer := s.staff("packer")
		want(t, packer.post("/api/seller/coupon", couponBody(nil)), 403)
		want(t, s.client().get("/api/seller/coupons"), 401)
		// Refused with the reason, nothing saved.
		want(t, owner.post("/api/seller/coupon", couponBody(map[string]any{"value": 120})), 400, "A percentage off is more than 0 and at most 100")
		want(t, owner.post("/api/seller/coupon", couponBody(map[string]any{"value": "12.345"})), 400, `"12.345" is not a valid amount`)
		want(t, owner.post("/api/seller/coupon", couponBody(map[string]any{"code": "DA"})), 400, "A code is 3 to 20 letters, digits or dashes")
		if list := owner.get("/api/seller/coupons").body["coupons"].([]any); len(list) != 0 {
			t.Fatalf("refused coupons were saved: %v", list)
		}
		r := owner.post("/api/seller/coupon", couponBody(nil))
		want(t, r, 200, "Coupon saved")
		coupon := r.body["coupon"].(map[string]any)
		if coupon["code"] != "DASHAIN10" || coupon["value"] != 10.0 || coupon["used"] != 0.0 {
			t.Fatalf("saved %v", coupon)
		}
		want(t, owner.post("/api/seller/coupon", couponBody(map[string]any{"kind": "amount", "value": 50})), 409, "Another coupon has this code")

		c := s.shopper("")
		address := c.addAddress()
		// One bag of rice (295) is below the minimum; the quote prices it without the code.
		q := c.post("/api/cart/quote", withCoupon(order(s.rice.ID, 1, address), "dashain10")).body["quote"].(map[string]any)
		if q["couponProblem"] != "Add $205 more to use this code" || q["discount"] != 0.0 || q["total"] != 300.9 || q["coupon"] != nil {
			t.Fatalf("quote below the minimum: %v", q)
		}
		want(t, c.post("/api/order/cod", withCoupon(order(s.rice.ID, 1, address), "DASHAIN10")), 400, "Add $205 more to use this code")
		if len(c.orders()) != 0 {
			t.Fatal("an order refused for its code was placed")
		}
		// In Nepali, in Nepali.
		nq := c.post("/api/cart/quote", withCoupon(order(s.rice.ID, 1, address), "DASHAIN10"), nepali...).body["quote"].(map[string]any)
		if nq["couponProblem"] != "यो कोड प्रयोग गर्न $२०५ थप सामान राख्नुहोस्" {
			t.Fatalf("Nepali refusal: %v", nq["couponProblem"])
		}
		// Two bags: 590, 59 off, 2% tax on 531.
		q = c.post("/api/cart/quote", withCoupon(order(s.rice.ID, 2, address), "DASHAIN10")).body["quote"].(map[string]any)
		if q["couponProblem"] != nil || q["discount"] != 59.0 || q["tax"] != 10.62 || q["total"] != 541.62 || q["coupon"].(map[string]any)["code"] != "DASHAIN10" {
			t.Fatalf("quote with the code: %v", q)
		}
		// A guest's cart takes the code too.
		if g := s.client().post("/api/cart/quote", withCoupon(order(s.rice.ID, 2, ""), "DASHAIN10")).body["quote"].(map[string]any); g["discount"] != 59.0 {
			t.Fatalf("a guest's quote: %v", g)
		}
		want(t, c.post("/api/order/cod", withCoupon(order(s.rice.ID, 2, address), "DASHAIN10")), 200, "Order Placed Successfully")
		o := c.orders()[0].(map[string]any)
		bill := o["bill"].(map[string]any)
		if o["amount"] != q["total"] || bill["discount"] != 59.0 || o["tax"] != 10.62 || o["coupon"].(map[string]any)["code"] != "DASHAIN10" {
			t.Fatalf("the order does not agree with its quote: %v", o)
		}
		id := o["_id"].(string)
		// Once a shopper.
		want(t, c.post("/api/order/cod", withCoupon(order(s.rice.ID, 2, address), "DASHAIN10")), 409, "You have already used this code")
		list := owner.get("/api/seller/coupons").body["coupons"].([]any)
		if got := list[0].(map[string]any); got["used"] != 1.0 || got["given"] != 59.0 {
			t.Fatalf("the owner's list after one use: %v", got)
		}
		// Cancelled, the use goes back: the shopper may use the code again.
		want(t, c.post("/api/order/cancel", map[string]string{"id": id}), 200, "Order Cancelled")
		if got := owner.get("/api/seller/coupons").body["coupons"].([]any)[0].(map[string]any); got["used"] != 0.0 || got["given"] != 0.0 {
			t.Fatalf("the owner's list after the order was cancelled: %v", got)
		}
		want(t, c.post("/api/order/cod", withCoupon(order(s.rice.ID, 2, address), "DASHAIN10")), 200, "Order Placed Successfully")
		// The seller's export and dashboard show the discount, and the amount after it.
		rows, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(string(owner.get("/api/order/seller.csv").raw), "\ufeff"))).ReadAll()
		if err != nil || len(rows) < 2 || !slices.Equal(rows[0][9:], []string{"Coupon", "Discount", "Amount", "Store credit", "To pay", "Currency"}) ||
			!slices.Equal(rows[1][9:], []string{"DASHAIN10", "59.00", "541.62", "0.00", "541.62", "USD"}) {
			t.Fatalf("the export: %q, %v", rows, err)
		}
		today := owner.get("/api/seller/dashboard").body["dashboard"].(map[string]any)["today"].(map[string]any)
		if today["discounts"] != 59.0 || today["revenue"] != 541.62 {
			t.Fatalf("the dashboard's day: %v", today)
		}

		// Switched off, it is not valid; a start ahead says when it starts, an end passed when it ended.
		saved := coupon["_id"]
		want(t, owner.post("/api/seller/coupon", couponBody(map[string]any{"_id": saved, "active": false})), 200)
		d := s.shopper("")
		da := d.addAddress()
		want(t, d.post("/api/order/cod", withCoupon(order(s.rice.ID, 2, da), "DASHAIN10")), 400, "This code is not valid")
		ahead := time.Date(2026, 10, 1, 0, 0, 0, 0, bikramsambat.NepalTime) // 15 Asoj 2083
		s.clock.advance(ahead.Add(-48 * time.Hour).Sub(time.Now()))
		want(t, owner.post("/api/seller/coupon", couponBody(map[string]any{"_id": saved, "startsAt": ahead})), 200)
		want(t, d.post("/api/order/cod", withCoupon(order(s.rice.ID, 2, da), "DASHAIN10")), 400, "This code starts on 15 Asoj")
		want(t, owner.post("/api/seller/coupon", couponBody(map[string]any{"_id": saved, "endsAt": ahead.Add(-72 * time.Hour)})), 200)
		want(t, d.post("/api/order/cod", withCoupon(order(s.rice.ID, 2, da), "DASHAIN10")), 400, "This code ended on 11 Asoj")
		want(t, d.post("/api/order/cod", withCoupon(order(s.rice.ID, 2, da), "NOSUCH")), 400, "This code is not valid")

		if len(d.orders()) != 0 {
			t.Fatal("orders refused for their code were placed")
		}
	})
}

// TestCouponLastUses: 40 shoppers racing for a code's last 10 uses place exactly 10 discounted
// orders; the others are refused, saying it has run out.
func TestCouponLastUses(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		owner := s.seller()
		want(t, owner.post("/api/seller/coupon", couponBody(map[string]any{"code": "LAST10", "kind": "amount", "value": 20, "totalUses": 10})), 200)
		const n = 40
		shoppers := make([]*client, n)
		addresses := make([]string, n)
		for i := range n {
			shoppers[i] = s.shopper("")
			addresses[i] = shoppers[i].addAddress()
		}
		statuses := make([]int, n)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range n {
			wg.Go(func() {
				<-start
				r := shoppers[i].post("/api/order/cod", withCoupon(order(s.rice.ID, 2, addresses[i]), "LAST10"))
				statuses[i] = r.status
				if r.status == 409 && r.body["message"] != "This code has run out" {
					t.Errorf("refused with %v", r.body["message"])
				}
			})
		}
		close(start)
		wg.Wait()
		placed := 0
		for i, st := range statuses {
			switch st {
			case 200:
				placed++
				if o := shoppers[i].orders()[0].(map[string]any); o["bill"].(map[string]any)["discount"] != 20.0 {
					t.Errorf("a placed order without its discount: %v", o)
				}
			case 409:
			default:
				t.Fatalf("statuses %v", statuses)
			}
		}
		if placed != 10 {
			t.Fatalf("%d orders used the last 10 uses (statuses %v)", placed, statuses)
		}
		if got := owner.get("/api/seller/coupons").body["coupons"].([]any)[0].(map[string]any); got["used"] != 10.0 || got["given"] != 200.0 {
			t.Fatalf("the owner's list: %v", got)
		}
	})
}

// TestCouponRules: each kind of coupon and each of its limits through the API: free delivery and an
// amount off under VAT, with the discount on the tax invoice; a code for some categories only; a
// code for first orders; a code's last use taken, and given back when the seller cancels.
func TestCouponRules(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		owner := s.seller()
		want(t, owner.post("/api/seller/settings", map[string]any{"taxRule": "vat", "delivery": valleyRules["delivery"],
			"invoice": map[string]any{"legalName": "Haat Traders Pvt. Ltd.", "address": "Baneshwor-10, Kathmandu", "pan": "601234567"}}), 200)
		save := func(change map[string]any) {
			t.Helper()
			want(t, owner.post("/api/seller/coupon", couponBody(change)), 200, "Coupon saved")
		}
		save(map[string]any{"code": "FREEDEL", "kind": "freeDelivery", "minimumOrder": 0, "usesPerShopper": 0})
		save(map[string]any{"code": "FIFTY", "kind": "amount", "value": 50, "minimumOrder": 0, "usesPerShopper": 0})
		save(map[string]any{"code": "DAIRY5", "kind": "percent", "value": 5, "minimumOrder": 0, "categories": []string{"Dairy"}})
		save(map[string]any{"code": "WELCOME", "kind": "amount", "value": 20, "minimumOrder": 0, "firstOrderOnly": true, "usesPerShopper": 0})
		save(map[string]any{"code": "ONLYONE", "kind": "amount", "value": 10, "minimumOrder": 0, "totalUses": 1, "usesPerShopper": 0})

		c := s.shopper("")
		address := c.addAddressIn("Kathmandu", "Bagmati")
		quote := func(code string, n int) map[string]any {
			t.Helper()
			r := c.post("/api/cart/quote", withCoupon(order(s.rice.ID, n, address), code))
			want(t, r, 200)
			return r.body["quote"].(map[string]any)
		}
		// Two bags (590) under VAT: Rs. 75 delivery, free with FREEDEL, and its VAT with it.
		if q := quote("FREEDEL", 2); q["discount"] != 75.0 || q["deliveryFee"] != 75.0 || q["total"] != 590.0 || q["tax"] != 67.88 {
			t.Fatalf("free delivery: %v", q)
		}
		// 50 off the goods before VAT: 13/113 of 540 and the delivery.
		if q := quote("FIFTY", 2); q["discount"] != 50.0 || q["total"] != 615.0 || q["tax"] != 70.75 {
			t.Fatalf("an amount off: %v", q)
		}
		if q := quote("DAIRY5", 2); q["couponProblem"] != "This code is not for these items" || q["discount"] != 0.0 {
			t.Fatalf("a code of another category: %v", q)
		}
		// A code longer than any is no code, even one that starts with a code of 20 characters.
		save(map[string]any{"code": "TWENTY-CHARACTERS-20", "kind": "amount", "value": 5, "minimumOrder": 0, "usesPerShopper": 0})
		if q := quote("TWENTY-CHARACTERS-20", 2); q["discount"] != 5.0 {
			t.Fatalf("a code of 20 characters: %v", q)
		}
		if q := quote("TWENTY-CHARACTERS-20X", 2); q["couponProblem"] != "This code is not valid" || q["discount"] != 0.0 {
			t.Fatalf("a code of 21 characters: %v", q)
		}
		// A first order may use WELCOME; once it is placed, no other may.
		want(t, c.post("/api/order/cod", withCoupon(order(s.rice.ID, 2, address), "WELCOME")), 200)
		welcome := c.orders()[0].(map[string]any)
		if welcome["bill"].(map[string]any)["discount"] != 20.0 || welcome["amount"] != 645.0 {
			t.Fatalf("the first order: %v", welcome)
		}
		want(t, c.post("/api/order/cod", withCoupon(order(s.rice.ID, 2, address), "WELCOME")), 409, "You have already used this code")

		// The order delivered: its tax invoice shows the discount, before tax.
		s.walk(owner, welcome["_id"].(string), haat.StatusPacked, haat.StatusOutForDelivery, haat.StatusDelivered)
		totals := owner.sellerInvoice(int64(welcome["number"].(float64)))["totals"].(map[string]any)
		if totals["discount"] != 20.0 || totals["total"] != 645.0 || totals["adjustments"].([]any)[0].(map[string]any)["label"] != "WELCOME" {
			t.Fatalf("the invoice: %v", totals)
		}

		// The last use taken; the seller cancels that order, and the use is there again.
		want(t, c.post("/api/order/cod", withCoupon(order(s.rice.ID, 2, address), "ONLYONE")), 200)
		only := c.orders()[0].(map[string]any)["_id"].(string)
		d := s.shopper("")
		da := d.addAddressIn("Kathmandu", "Bagmati")
		want(t, d.post("/api/order/cod", withCoupon(order(s.rice.ID, 2, da), "ONLYONE")), 409, "This code has run out")
		s.walk(owner, only, haat.StatusCancelled)
		want(t, d.post("/api/order/cod", withCoupon(order(s.rice.ID, 2, da), "ONLYONE")), 200)
		// d has an order now: WELCOME is not theirs to use.
		want(t, d.post("/api/order/cod", withCoupon(order(s.rice.ID, 2, da), "WELCOME")), 400, "This code is for a first order only")

		// In Nepali, a code's first day is named in Nepali.
		ahead := time.Date(2026, 10, 1, 0, 0, 0, 0, bikramsambat.NepalTime) // 15 Asoj 2083
		s.clock.advance(ahead.Add(-48 * time.Hour).Sub(time.Now()))
		save(map[string]any{"code": "LATER", "startsAt": ahead, "minimumOrder": 0})
		if q := c.post("/api/cart/quote", withCoupon(order(s.rice.ID, 2, address), "LATER"), nepali...).body["quote"].(map[string]any); q["couponProblem"] != "यो कोड १५ असोज देखि चल्छ" {
			t.Fatalf("Nepali: %v", q["couponProblem"])
		}
	})
}
