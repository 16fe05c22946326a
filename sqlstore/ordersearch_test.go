package sqlstore_test

import (
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"haat"
	"haat/sqlstore"
	"haat/sqlstore/sqlstoretest"
)

// TestOrderSearch: the seller's search finds the orders whose delivery name (first, last or full)
// or phone contains what was typed, in any case, or whose number it is; the same whether the
// search index names the orders (a rare search) or the store walks the newest orders (a common
// one), and it forgets a closed account's name and phone with the account.
func TestOrderSearch(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		rice := mustCreate(t, db, product("Rice", 32000, 29500, true))
		at := time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC)
		db.Now = func() time.Time { return at }
		people := []struct{ first, last, phone string }{
			{"Sita", "Gurung", "9811111111"},
			{"Ram", "Thapa", "9801234567"},
			{"Ramesh", "Shrestha", "9841555000"},
			{"Gita", "Rai", "9818123456"},
			{"Anjali", "Tamang", "9803111222"},
		}
		byEmail := map[string]*haat.User{}
		var placed []haat.Order // newest first
		for i := range 15 {
			p := people[i%len(people)]
			email := strings.ToLower(p.first) + "@example.com"
			u := byEmail[email]
			if u == nil {
				var err error
				if u, err = db.Register(ctx, p.first+" "+p.last, email, "correct horse"); err != nil {
					t.Fatal(err)
				}
				byEmail[email] = u
			}
			a := &haat.Address{UserID: u.ID, FirstName: p.first, LastName: p.last, Email: email, Street: "Lakeside 4",
				City: "Pokhara", State: "Gandaki", Zipcode: "33700", Country: "Nepal", Phone: p.phone}
			if err := db.CreateAddress(ctx, a); err != nil {
				t.Fatal(err)
			}
			at = at.Add(time.Minute)
			o, err := sqlstoretest.PlaceOrder(db, haat.NewOrder{UserID: u.ID, AddressID: a.ID, PaymentType: haat.PaymentCOD,
				Lines: []haat.OrderLine{{ProductID: rice.ID, Quantity: 1}}})
			if err != nil {
				t.Fatal(err)
			}
			placed = append([]haat.Order{*o}, placed...)
		}
		// want is what the search must find, worked out here from the orders as placed.
		want := func(q string) []int64 {
			q = strings.ToLower(q)
			var numbers []int64
			for _, o := range placed {
				a := o.Address
				for _, s := range []string{a.FirstName, a.LastName, a.FirstName + " " + a.LastName, a.Phone} {
					if strings.Contains(strings.ToLower(s), q) {
						numbers = append(numbers, o.Number)
						break
					}
				}
			}
			return numbers
		}
		search := func(q string) []int64 {
			t.Helper()
			var f haat.SellerOrderFilter
			if err := f.SetSearch(q); err != nil {
				t.Fatal(err)
			}
			orders, _, err := db.SellerOrders(ctx, f, 50)
			if err != nil {
				t.Fatal(err)
			}
			var numbers []int64
			for _, o := range orders {
				numbers = append(numbers, o.Number)
			}
			return numbers
		}
		queries := []string{"ram", "RAM", "Ramesh", "ram thapa", "a th", "sita g", "gurung", "ita", "ta", "a",
			"98", "9801234567", "1111", "555000", "nobody", "rai", "ng", "%", "_", `\`, "shrestha\t"}
		for _, cap := range []int{2000, 2, 0} {
			db.SetSearchCap(cap)
			for _, q := range queries {
				if got, w := search(q), want(strings.TrimSpace(q)); !slices.Equal(got, w) {
					t.Errorf("cap %d: search %q found %v, want %v", cap, q, got, w)
				}
			}
			// A number, with or without #, finds its order, and a phone containing it.
			n := placed[3].Number
			if got := search("#" + strconv.FormatInt(n, 10)); !slices.Equal(got, []int64{n}) {
				t.Errorf("cap %d: #%d found %v", cap, n, got)
			}
			if got := search(strconv.FormatInt(n, 10)); !slices.Contains(got, n) {
				t.Errorf("cap %d: %d found %v", cap, n, got)
			}
		}

		// A closed account's orders keep no name or phone to be found by.
		ram := byEmail["ram@example.com"]
		for _, o := range placed {
			if o.UserID == ram.ID {
				if _, err := db.CancelOrder(ctx, ram.ID, o.ID); err != nil {
					t.Fatal(err)
				}
			}
		}
		if err := db.CloseAccount(ctx, ram.ID, true); err != nil {
			t.Fatal(err)
		}
		for _, cap := range []int{2000, 0} {
			db.SetSearchCap(cap)
			if got := search("ram thapa"); len(got) != 0 {
				t.Errorf("cap %d: a closed account's name still finds %v", cap, got)
			}
			if got := search("9801234567"); len(got) != 0 {
				t.Errorf("cap %d: a closed account's phone still finds %v", cap, got)
			}
			if got := search("ramesh"); len(got) != 3 {
				t.Errorf("cap %d: ramesh found %v", cap, got)
			}
		}
	})
}
