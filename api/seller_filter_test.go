package api_test

import (
	"encoding/csv"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"haat"
	"haat/sqlstore/sqlstoretest"
)

// kathmandu is the store's time zone when none is configured (+05:45).
var kathmandu = func() *time.Location { l, _ := time.LoadLocation("Asia/Kathmandu"); return l }()

// setTo moves the database's clock to t (to within the time the call takes).
func (c *clock) setTo(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.offset = time.Until(t)
}

// addAddressWith saves validAddress with the changes for c and returns its id.
func (c *client) addAddressWith(change map[string]string) string {
	c.s.t.Helper()
	r := c.post("/api/address/add", map[string]any{"address": addressWith(change)})
	want(c.s.t, r, 200, "Address Added")
	return r.body["address"].(map[string]any)["_id"].(string)
}

// placeAt has c order rice cash on delivery to addr at t, and returns the order's id and number.
func (s *store) placeAt(c *client, addr string, t time.Time) (string, int) {
	s.t.Helper()
	s.clock.setTo(t)
	want(s.t, c.post("/api/order/cod", order(s.rice.ID, 1, addr)), 200)
	o := c.orders()[0].(map[string]any)
	return o["_id"].(string), int(o["number"].(float64))
}

// numbers returns the numbers of the orders the seller's list answers to query, and hasMore.
func numbers(t *testing.T, seller *client, query string) ([]int, bool) {
	t.Helper()
	r := seller.get("/api/order/seller" + query)
	want(t, r, 200)
	var got []int
	for _, o := range r.body["orders"].([]any) {
		got = append(got, int(o.(map[string]any)["number"].(float64)))
	}
	return got, r.body["hasMore"] == true
}

// TestSellerOrderFilters: status, paid, q, from and to select among the seller's orders, alone and
// together; days are the store's (Asia/Kathmandu), and bad values are refused with a reason.
func TestSellerOrderFilters(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		sita, ram := s.shopper(""), s.shopper("")
		sitaAddr := sita.addAddress()
		ramAddr := ram.addAddressWith(map[string]string{"firstName": "Ram", "lastName": "Thapa", "phone": "+977 9801234567"})
		day := func(d, h, m int) time.Time { return time.Date(2026, 11, d, h, m, 0, 0, kathmandu) }

		id1, n1 := s.placeAt(sita, sitaAddr, day(20, 10, 0))
		id2, n2 := s.placeAt(ram, ramAddr, day(20, 23, 50)) // 18:05 UTC on the 20th
		_, n3 := s.placeAt(sita, sitaAddr, day(21, 0, 10))  // 18:25 UTC on the 20th, but the 21st in Nepal
		id4, n4 := s.placeAt(ram, ramAddr, day(21, 12, 0))
		// An online order awaiting payment is not the seller's, whatever the filter.
		s.clock.setTo(day(21, 13, 0))
		if _, err := sqlstoretest.PlaceOrder(s.db, haat.NewOrder{UserID: sita.user()["_id"].(string), AddressID: sitaAddr,
			PaymentType: haat.PaymentOnline, Lines: []haat.OrderLine{{ProductID: s.rice.ID, Quantity: 1}}}); err != nil {
			t.Fatal(err)
		}
		seller := s.seller()
		s.walk(seller, id1, haat.StatusPacked, haat.StatusOutForDelivery, haat.StatusDelivered)
		want(t, seller.post("/api/order/paid", map[string]string{"id": id1}), 200)
		s.walk(seller, id2, haat.StatusPacked)
		s.walk(seller, id4, haat.StatusCancelled)

		q := url.QueryEscape
		for _, c := range []struct {
			query string
			want  []int
		}{
			{"", []int{n4, n3, n2, n1}},
			{"?status=Packed", []int{n2}},
			{"?status=" + q("Order Placed"), []int{n3}},
			{"?status=Cancelled", []int{n4}},
			{"?status=" + q("Out for Delivery"), nil},
			{"?paid=true", []int{n1}},
			{"?paid=false", []int{n4, n3, n2}},
			{"?status=Delivered&paid=true", []int{n1}},
			{"?status=Delivered&paid=false", nil},
			{"?q=ram", []int{n4, n2}},
			{"?q=THAPA", []int{n4, n2}},
			{"?q=" + q(" Ram thapa "), []int{n4, n2}},
			{"?q=Gurung", []int{n3, n1}},
			{"?q=sita+g", []int{n3, n1}},
			{"?q=9801", []int{n4, n2}},
			{"?q=" + q("+977"), []int{n4, n2}},
			{"?q=981111", []int{n3, n1}},
			{fmt.Sprintf("?q=%d", n3), []int{n3}},
			{"?q=" + q(fmt.Sprintf("#%d", n2)), []int{n2}},
			{"?q=nobody", nil},
			{"?q=%25", nil}, // % and _ are letters to look for, not wildcards
			{"?q=_", nil},
			{"?from=2026-11-20&to=2026-11-20", []int{n2, n1}},
			{"?from=2026-11-21&to=2026-11-21", []int{n4, n3}},
			{"?from=2026-11-21", []int{n4, n3}},
			{"?to=2026-11-20", []int{n2, n1}},
			{"?from=2026-11-22", nil},
			{"?from=2026-11-01&to=2026-11-30", []int{n4, n3, n2, n1}},
			{"?from=2026-11-21&q=sita", []int{n3}},
			{"?status=Cancelled&q=ram&from=2026-11-21&to=2026-11-21&paid=false", []int{n4}},
			{"?status=Cancelled&q=sita", nil},
			{"?status=&paid=&q=&from=&to=", []int{n4, n3, n2, n1}}, // empty parameters select any
			{"?before=" + id2, []int{n1}},
			{"?before=" + id2 + "&q=ram", nil},
		} {
			if got, more := numbers(t, seller, c.query); !slices.Equal(got, c.want) || more {
				t.Errorf("%s: orders %v (hasMore %v), want %v", c.query, got, more, c.want)
			}
		}

		for _, c := range []struct{ query, message string }{
			{"?status=Shipped", "status must be one of Order Placed, Packed, Out for Delivery, Delivered, Cancelled"},
			{"?status=packed", "status must be one of Order Placed, Packed, Out for Delivery, Delivered, Cancelled"},
			{"?status=" + q("Awaiting Payment"), "status must be one of Order Placed, Packed, Out for Delivery, Delivered, Cancelled"},
			{"?paid=yes", "paid must be true or false"},
			{"?paid=1", "paid must be true or false"},
			{"?from=21-11-2026", "from must be a date written YYYY-MM-DD, like 2026-11-22"},
			{"?to=2026-02-30", "to must be a date written YYYY-MM-DD, like 2026-11-22"},
			{"?to=today", "to must be a date written YYYY-MM-DD, like 2026-11-22"},
			{"?from=2026-11-21&to=2026-11-20", "from must be on or before to"},
			{"?q=" + strings.Repeat("a", 101), "A search is at most 100 characters"},
		} {
			want(t, seller.get("/api/order/seller"+c.query), 400, c.message)
			want(t, seller.get("/api/order/seller.csv"+c.query), 400, c.message)
		}
	})
}

// TestSellerOrderFilterPaging: a filtered list pages with before and hasMore as the full list
// does, and a page holds only orders that pass the filters.
func TestSellerOrderFilterPaging(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		sita, ram := s.shopper(""), s.shopper("")
		sitaAddr := sita.addAddress()
		ramAddr := ram.addAddressWith(map[string]string{"firstName": "Ram", "lastName": "Thapa"})
		var rams []int
		for i := range 62 {
			if i%6 == 5 {
				s.placeAt(sita, sitaAddr, time.Now().Add(s.clock.offset+time.Second))
				continue
			}
			_, n := s.placeAt(ram, ramAddr, time.Now().Add(s.clock.offset+time.Second))
			rams = append(rams, n)
		}
		slices.Reverse(rams) // newest first
		seller := s.seller()
		r := seller.get("/api/order/seller?q=ram&status=" + url.QueryEscape("Order Placed"))
		want(t, r, 200)
		first := r.body["orders"].([]any)
		if len(first) != 50 || r.body["hasMore"] != true {
			t.Fatalf("first page: %d orders, hasMore %v", len(first), r.body["hasMore"])
		}
		got, _ := numbers(t, seller, "?q=ram&status="+url.QueryEscape("Order Placed"))
		if !slices.Equal(got, rams[:50]) {
			t.Fatalf("first page %v, want %v", got, rams[:50])
		}
		last := first[49].(map[string]any)["_id"].(string)
		got, more := numbers(t, seller, "?q=ram&status="+url.QueryEscape("Order Placed")+"&before="+last)
		if !slices.Equal(got, rams[50:]) || more {
			t.Fatalf("second page %v (hasMore %v), want %v", got, more, rams[50:])
		}
		// Without filters the first page mixes both shoppers' orders, still 50 of them.
		if got, more := numbers(t, seller, ""); len(got) != 50 || !more {
			t.Fatalf("unfiltered first page: %d orders, hasMore %v", len(got), more)
		}
	})
}

// TestSellerOrdersCSV: the export is every order the filters select, one row per order, newest
// first, with times in the store's time zone, cells quoted as CSV needs and formulas defused.
func TestSellerOrdersCSV(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		sita, mal := s.shopper(""), s.shopper("")
		sitaAddr := sita.addAddress()
		malAddr := mal.addAddressWith(map[string]string{"firstName": "=HYPERLINK(\"http://x\")", "lastName": "Rai, \"Jr\"",
			"street": "@Lakeside\n4", "phone": "+9779801234567", "city": "-Pokhara"})
		id1, n1 := s.placeAt(sita, sitaAddr, time.Date(2026, 11, 20, 23, 50, 0, 0, kathmandu))
		want(t, mal.post("/api/order/cod", map[string]any{"address": malAddr,
			"items": []map[string]any{{"product": s.rice.ID, "quantity": 2}}}), 200)
		n2 := int(mal.orders()[0].(map[string]any)["number"].(float64))
		seller := s.seller()
		s.walk(seller, id1, haat.StatusPacked)

		r := seller.get("/api/order/seller.csv")
		want(t, r, 200)
		if ct := r.header.Get("Content-Type"); ct != "text/csv; charset=utf-8" {
			t.Fatalf("Content-Type %q", ct)
		}
		if cd := r.header.Get("Content-Disposition"); !regexp.MustCompile(`^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$`).MatchString(cd) {
			t.Fatalf("Content-Disposition %q", cd)
		}
		if !strings.HasPrefix(string(r.raw), "\ufeff") {
			t.Fatalf("the export does not start with UTF-8's byte-order mark: %q", r.raw)
		}
		rows, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(string(r.raw), "\ufeff"))).ReadAll()
		if err != nil {
			t.Fatalf("%v in %s", err, r.raw)
		}
		wantRows := [][]string{
			{"Number", "Placed at", "Status", "Payment type", "Paid", "Customer", "Phone", "Address", "Items", "Coupon", "Discount", "Amount", "Store credit", "To pay", "Currency"},
			{fmt.Sprint(n2), rows[1][1], "Order Placed", "COD", "Pending", `'=HYPERLINK("http://x") Rai, "Jr"`, "'+9779801234567",
				"'@Lakeside\n4, -Pokhara, Gandaki 33700, Nepal", "Jumla Red Rice x 2", "", "0.00", "601.80", "0.00", "601.80", "USD"},
			{fmt.Sprint(n1), "2026-11-20 23:50", "Packed", "COD", "Pending", "Sita Gurung", "9811111111",
				"Lakeside 4, Pokhara, Gandaki 33700, Nepal", "Jumla Red Rice x 1", "", "0.00", "300.90", "0.00", "300.90", "USD"},
		}
		if len(rows) != len(wantRows) {
			t.Fatalf("%d rows: %q", len(rows), rows)
		}
		for i := range rows {
			if !slices.Equal(rows[i], wantRows[i]) {
				t.Errorf("row %d:\n  is   %q\n  want %q", i, rows[i], wantRows[i])
			}
		}

		// The filters of the list apply; paging does not.
		r = seller.get("/api/order/seller.csv?status=Packed&from=2026-11-20&to=2026-11-20")
		want(t, r, 200)
		if rows, _ := csv.NewReader(strings.NewReader(strings.TrimPrefix(string(r.raw), "\ufeff"))).ReadAll(); len(rows) != 2 || rows[1][0] != fmt.Sprint(n1) {
			t.Fatalf("filtered export %q", rows)
		}
		r = seller.get("/api/order/seller.csv?q=nobody")
		want(t, r, 200)
		if string(r.raw) != "\ufeffNumber,Placed at,Status,Payment type,Paid,Customer,Phone,Address,Items,Coupon,Discount,Amount,Store credit,To pay,Currency\n" {
			t.Fatalf("empty export %q", r.raw)
		}

		want(t, s.client().get("/api/order/seller.csv"), 401)
		want(t, sita.get("/api/order/seller.csv"), 403, "Only sellers can do this")
	})
}
