package sqlstore_test

import (
	"context"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"haat"
	"haat/bench/scale"
	"haat/sqlstore"
	"haat/sqlstore/sqlstoretest"
)

// TestScaleStore makes a small grocer's store with the generator that makes the large one
// (bench/cmd/haatscale) and checks that the store reads what it wrote, and that the queries of
// the seller's order list and its filters, the export, the dashboard and My Orders are served by
// indexes, not by reading the orders table through.
func TestScaleStore(t *testing.T) {
	sqlstoretest.EachDialect(t, func(t *testing.T, dialect string) {
		ctx := context.Background()
		url, dir := sqlstoretest.NewDatabase(t, dialect)
		// Mid-afternoon in Kathmandu: some orders are packed or on their way, and the day has
		// about twenty (the orders are drawn at random; at 10:30 the day had about five, and one
		// run in a few hundred drew none, so the dashboard's day was empty).
		now := time.Date(2026, 11, 28, 15, 30, 0, 0, haat.StoreZone)
		o := scale.Options{Products: 300, Shoppers: 400, Orders: 3000, Heavy: 1, HeavyOrders: 200, Years: 0.25, Growth: 4,
			Now: now, PasswordCost: 4}
		rep, err := scale.Build(ctx, url, dir, o)
		if err != nil {
			t.Fatal(err)
		}
		if rep.Orders != o.Orders || rep.Shoppers != o.Shoppers || rep.Items < o.Orders {
			t.Fatalf("made %+v", rep)
		}
		db, err := sqlstore.Open(ctx, url, dir, sqlstore.WithoutSync())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		db.Now = func() time.Time { return now }
		var queries []seenQuery
		db.SeeReads(func(q string, args []any) { queries = append(queries, seenQuery{q, args}) })

		list := sellerOrders(t, db, haat.SellerOrderFilter{}, 50, true)
		sample := list[len(list)/2]
		checks := []struct {
			name string
			f    haat.SellerOrderFilter
			want func(haat.Order) bool
		}{
			{"status", haat.SellerOrderFilter{Status: haat.StatusDelivered}, func(x haat.Order) bool { return x.Status == haat.StatusDelivered }},
			{"rare status", haat.SellerOrderFilter{Status: haat.StatusOutForDelivery}, func(x haat.Order) bool { return x.Status == haat.StatusOutForDelivery }},
			{"slot", haat.SellerOrderFilter{SlotDay: sample.Slot.Day, SlotWindow: slotWindow(sample)}, func(x haat.Order) bool { return x.Slot.ID == sample.Slot.ID }},
			{"day", haat.SellerOrderFilter{SlotDay: sample.Slot.Day}, func(x haat.Order) bool { return x.Slot.Day == sample.Slot.Day }},
			{"number", haat.SellerOrderFilter{Search: "#" + strconv.FormatInt(sample.Number, 10)}, func(x haat.Order) bool { return x.Number == sample.Number }},
			{"phone", haat.SellerOrderFilter{Search: sample.Address.Phone}, func(x haat.Order) bool { return x.Address.Phone == sample.Address.Phone }},
			{"name", haat.SellerOrderFilter{Search: sample.Address.FirstName + " " + sample.Address.LastName},
				// A name found within another counts: "Nisha Bista" finds "Manisha Bista" too.
				func(x haat.Order) bool {
					return strings.Contains(strings.ToLower(x.Address.FirstName+" "+x.Address.LastName),
						strings.ToLower(sample.Address.FirstName+" "+sample.Address.LastName))
				}},
			{"dates", haat.SellerOrderFilter{From: sample.CreatedAt.Add(-48 * time.Hour), To: sample.CreatedAt.Add(time.Hour)},
				func(x haat.Order) bool { return !x.CreatedAt.After(sample.CreatedAt.Add(time.Hour)) }},
		}
		// The searches by number, phone and name are answered from the search index (on SQLite, the
		// orders it names then read by number), not by walking the orders, matched one by one.
		searchPlans := map[string][]string{}
		for _, c := range checks {
			seen := len(queries)
			got := sellerOrders(t, db, c.f, 20, c.name != "rare status")
			if c.f.Search != "" {
				for _, q := range queries[seen:] {
					plan, err := db.Plan(ctx, q.query, q.args)
					if err != nil {
						t.Fatalf("plan of %s: %v", q.query, err)
					}
					searchPlans[c.name] = append(searchPlans[c.name], plan)
				}
			}
			for _, x := range got {
				if !c.want(x) {
					t.Errorf("%s: order #%d (%s) does not match %+v", c.name, x.Number, x.Status, c.f)
				}
			}
			if c.name == "number" && (len(got) != 1 || got[0].ID != sample.ID) {
				t.Errorf("number: got %d orders for #%d", len(got), sample.Number)
			}
		}

		index := regexp.MustCompile(`(?s)order_search VIRTUAL TABLE INDEX \d+:L.*orders_number`)
		if dialect == sqlstore.Postgres {
			index = regexp.MustCompile(`Bitmap Index Scan on orders_search`)
		}
		for name, plans := range searchPlans {
			if all := strings.Join(plans, "\n"); !index.MatchString(all) {
				t.Errorf("search by %s: not read from the search index and by number:\n%s", name, all)
			}
		}

		// A month's export, read in batches, is every order of the month, newest first.
		db.SetEachBatch(40)
		month := haat.SellerOrderFilter{From: now.AddDate(0, -1, 0), To: now}
		var exported []haat.Order
		if err := db.EachSellerOrder(ctx, month, func(x haat.Order) error { exported = append(exported, x); return nil }); err != nil {
			t.Fatal(err)
		}
		if len(exported) < 100 || !newestFirst(exported) {
			t.Errorf("the month's export has %d orders, newest first: %v", len(exported), newestFirst(exported))
		}
		paged, before := 0, ""
		for {
			page, more, err := db.SellerOrders(ctx, haat.SellerOrderFilter{From: month.From, To: month.To, Before: before}, 50)
			if err != nil {
				t.Fatal(err)
			}
			paged += len(page)
			if !more {
				break
			}
			before = page[len(page)-1].ID
		}
		if paged != len(exported) {
			t.Errorf("the month's pages hold %d orders, its export %d", paged, len(exported))
		}

		d, err := db.Dashboard(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if d.Today.Orders == 0 || d.Today.Revenue <= 0 || len(d.BestSellers) == 0 || len(d.LowStock) == 0 {
			t.Errorf("dashboard: %+v", d)
		}

		heavy, err := db.UserOrders(ctx, rep.HeavyShopperID)
		if err != nil {
			t.Fatal(err)
		}
		if len(heavy) != o.HeavyOrders || !newestFirst(heavy) {
			t.Errorf("My Orders of the heavy shopper: %d, newest first: %v", len(heavy), newestFirst(heavy))
		}
		// My Orders a page at a time, as the storefront reads it: the pages are every order once.
		pagedFrom := len(queries)
		var mine []haat.Order
		for before := ""; ; {
			page, more, err := db.UserOrderPage(ctx, rep.HeavyShopperID, before, 20)
			if err != nil {
				t.Fatal(err)
			}
			mine = append(mine, page...)
			if !more {
				break
			}
			before = page[len(page)-1].ID
		}
		if len(mine) != len(heavy) || !slices.EqualFunc(mine, heavy, func(a, b haat.Order) bool { return a.ID == b.ID }) {
			t.Errorf("My Orders' pages hold %d orders, the list %d", len(mine), len(heavy))
		}
		// The seller's products on sale a page at a time, newest first, as the seller's list reads them.
		var listed int
		for before := ""; ; {
			page, err := db.SellerProductPage(ctx, haat.SellerProductFilter{Archived: new(false), Sort: haat.SortNewest, Before: before}, 50)
			if err != nil {
				t.Fatal(err)
			}
			listed += len(page.Products)
			if page.Total != page.OnSale || page.OnSale == 0 {
				t.Errorf("seller's products: %d on sale, %d selected", page.OnSale, page.Total)
			}
			if !page.More {
				if listed != page.Total {
					t.Errorf("the seller's pages hold %d products of %d", listed, page.Total)
				}
				break
			}
			before = page.Products[len(page.Products)-1].ID
		}
		pagedTo := len(queries)

		// The plans: no query reads orders, their items, steps or payments through.
		db.SeeReads(nil)
		scan := regexp.MustCompile(`(?m)^SCAN (o|orders|i|order_items|e|order_events|r|payment_attempts)\b(?: |$)(?:.*USING (?:COVERING )?INDEX)?`)
		seq := regexp.MustCompile(`Seq Scan on (orders|order_items|order_events|payment_attempts)\b`)
		// The paged reads read no products through either, and walk their index in its order
		// rather than sorting what they read.
		scanProducts := regexp.MustCompile(`(?m)^SCAN products\b(?: |$)(?:.*USING (?:COVERING )?INDEX)?`)
		sorts := regexp.MustCompile(`(?m)USE TEMP B-TREE FOR (RIGHT PART OF )?ORDER BY`)
		for n, q := range queries {
			plan, err := db.Plan(ctx, q.query, q.args)
			if err != nil {
				t.Fatalf("plan of %s: %v", q.query, err)
			}
			paged := n >= pagedFrom && n < pagedTo
			var bad string
			if dialect == sqlstore.SQLite {
				for _, m := range scan.FindAllString(plan, -1) {
					if !strings.Contains(m, "INDEX") {
						bad = m
					}
				}
				for _, m := range scanProducts.FindAllString(plan, -1) {
					if paged && !strings.Contains(m, "INDEX") {
						bad = m
					}
				}
				if paged && bad == "" {
					bad = sorts.FindString(plan)
				}
			} else {
				bad = seq.FindString(plan)
				if paged && bad == "" && strings.Contains(plan, "Seq Scan on products") {
					bad = "Seq Scan on products"
				}
			}
			if bad != "" {
				t.Errorf("%s reads a table through:\n%s\n%s", oneLine(q.query), bad, plan)
			}
		}
	})
}

type seenQuery struct {
	query string
	args  []any
}

// sellerOrders is a page of the seller's orders that f selects, checked newest first; some must
// be found when found is set.
func sellerOrders(t *testing.T, db *sqlstore.DB, f haat.SellerOrderFilter, n int, found bool) []haat.Order {
	t.Helper()
	orders, _, err := db.SellerOrders(context.Background(), f, n)
	if err != nil {
		t.Fatal(err)
	}
	if found && len(orders) == 0 {
		t.Fatalf("no orders for %+v", f)
	}
	if !newestFirst(orders) {
		t.Errorf("orders for %+v are not newest first", f)
	}
	for _, o := range orders {
		if o.PaymentType == haat.PaymentOnline && !o.IsPaid && o.Refund == "" {
			t.Errorf("order #%d is not the seller's yet", o.Number)
		}
		if len(o.Items) == 0 || len(o.Events) == 0 || o.Amount != o.Bill.Total || o.Bill.Total <= 0 {
			t.Errorf("order #%d: %d items, %d steps, amount %d, bill %+v", o.Number, len(o.Items), len(o.Events), o.Amount, o.Bill)
		}
	}
	return orders
}

// newestFirst reports whether the orders are newest first, as the store numbers them.
func newestFirst(orders []haat.Order) bool {
	return slices.IsSortedFunc(orders, func(a, b haat.Order) int {
		return b.CreatedAt.Compare(a.CreatedAt)
	}) && slices.IsSortedFunc(orders, func(a, b haat.Order) int { return int(b.Number - a.Number) })
}

func slotWindow(o haat.Order) string {
	_, w, _ := haat.ParseSlotID(o.Slot.ID)
	return w
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
