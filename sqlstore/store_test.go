package sqlstore_test

import (
	"context"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"haat"
	"haat/sqlstore"
	"haat/sqlstore/sqlstoretest"
)

var ctx = context.Background()

func product(name string, price, offer haat.Money, inStock bool) *haat.Product {
	return &haat.Product{Name: name, Category: "grains", Price: price, OfferPrice: offer, StockOn: inStock,
		Image: []string{"/media/catalogue/rice.webp"}, Description: []string{"Hill-grown", " "}, Weight: "1 kg"}
}

func mustCreate(t *testing.T, db *sqlstore.DB, p *haat.Product) *haat.Product {
	t.Helper()
	if err := db.CreateProduct(ctx, p); err != nil {
		t.Fatalf("create product: %v", err)
	}
	return p
}

func mustUser(t *testing.T, db *sqlstore.DB, email string) *haat.User {
	t.Helper()
	u, err := db.Register(ctx, "Sita Gurung", email, "correct horse")
	if err != nil {
		t.Fatalf("register: %v", err)
	}
	return u
}

func mustAddress(t *testing.T, db *sqlstore.DB, userID string) *haat.Address {
	t.Helper()
	a := &haat.Address{UserID: userID, FirstName: "Sita", LastName: "Gurung", Email: "sita@example.com", Street: "Lakeside 4",
		City: "Pokhara", State: "Gandaki", Zipcode: "33700", Country: "Nepal", Phone: "9811111111"}
	if err := db.CreateAddress(ctx, a); err != nil {
		t.Fatalf("create address: %v", err)
	}
	return a
}

func wantCode(t *testing.T, err error, code string) {
	t.Helper()
	if got := haat.ErrorCode(err); got != code {
		t.Fatalf("error = %v (code %q), want code %q", err, got, code)
	}
}

func TestMigrateIsIdempotent(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		if err := db.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		if err := db.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
	})
}

func TestUsers(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		u := mustUser(t, db, "Sita@Example.com")
		if u.ID == "" || u.Email != "Sita@Example.com" || len(u.CartItems) != 0 {
			t.Fatalf("user = %+v", u)
		}
		_, err := db.Register(ctx, "Other", "sita@example.COM", "another password")
		wantCode(t, err, haat.ECONFLICT)
		_, err = db.Register(ctx, "Short", "short@example.com", "1234567")
		wantCode(t, err, haat.EINVALID)
		_, err = db.Register(ctx, "  ", "blank@example.com", "long enough")
		wantCode(t, err, haat.EINVALID)

		got, err := db.Authenticate(ctx, " SITA@example.com", "correct horse")
		if err != nil || got.ID != u.ID {
			t.Fatalf("authenticate = %+v, %v", got, err)
		}
		_, errWrong := db.Authenticate(ctx, "sita@example.com", "wrong horse")
		_, errUnknown := db.Authenticate(ctx, "nobody@example.com", "correct horse")
		wantCode(t, errWrong, haat.EUNAUTHORIZED)
		if haat.ErrorMessage(errWrong) != haat.ErrorMessage(errUnknown) {
			t.Fatalf("messages differ: %q vs %q", haat.ErrorMessage(errWrong), haat.ErrorMessage(errUnknown))
		}
	})
}

func TestSessions(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		now := time.Now()
		db.Now = func() time.Time { return now }
		token, err := db.CreateSession(ctx, haat.RoleUser, "u1", time.Hour)
		if err != nil {
			t.Fatal(err)
		}
		if id, err := db.SessionSubject(ctx, haat.RoleUser, token); err != nil || id != "u1" {
			t.Fatalf("subject = %q, %v", id, err)
		}
		_, err = db.SessionSubject(ctx, haat.RoleSeller, token)
		wantCode(t, err, haat.ENOTFOUND) // a shopper token is no seller token
		now = now.Add(2 * time.Hour)
		_, err = db.SessionSubject(ctx, haat.RoleUser, token)
		wantCode(t, err, haat.ENOTFOUND) // expired
		token2, _ := db.CreateSession(ctx, haat.RoleUser, "u1", time.Hour)
		if err := db.DeleteSession(ctx, haat.RoleUser, token2); err != nil {
			t.Fatal(err)
		}
		_, err = db.SessionSubject(ctx, haat.RoleUser, token2)
		wantCode(t, err, haat.ENOTFOUND)
	})
}

func TestSellers(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		if err := db.UpsertSeller(ctx, "admin@haat.example", "first password"); err != nil {
			t.Fatal(err)
		}
		if err := db.UpsertSeller(ctx, "Admin@haat.example", "second password"); err != nil {
			t.Fatal(err)
		}
		_, err := db.AuthenticateSeller(ctx, "admin@haat.example", "first password")
		wantCode(t, err, haat.EUNAUTHORIZED)
		s, err := db.AuthenticateSeller(ctx, "admin@haat.example", "second password")
		if err != nil || s.ID == "" || s.Email != "admin@haat.example" {
			t.Fatalf("seller = %+v, %v", s, err)
		}
		wantCode(t, db.UpsertSeller(ctx, "not-an-email", "long enough"), haat.EINVALID)
		// A common password or one of spaces only is refused, and the seller keeps the one they had.
		for _, weak := range []string{"Password123", "sunshine", "          "} {
			wantCode(t, db.UpsertSeller(ctx, "admin@haat.example", weak), haat.EINVALID)
		}
		if _, err := db.AuthenticateSeller(ctx, "admin@haat.example", "second password"); err != nil {
			t.Fatalf("a refused password changed the seller's: %v", err)
		}
	})
}

// TestNewSellerPasswordEndsSessions: whoever held a seller session (a stolen laptop, a former
// employee) is signed out when the seller's password is changed; a start-up with the password
// the seller already has signs nobody out.
func TestNewSellerPasswordEndsSessions(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		for _, email := range []string{"admin@haat.example", "other@haat.example"} {
			if err := db.UpsertSeller(ctx, email, "first password"); err != nil {
				t.Fatal(err)
			}
		}
		session := func(email, role string) string {
			t.Helper()
			id := "shopper-1"
			if role == haat.RoleSeller {
				s, err := db.AuthenticateSeller(ctx, email, "first password")
				if err != nil {
					t.Fatal(err)
				}
				id = s.ID
			}
			token, err := db.CreateSession(ctx, role, id, time.Hour)
			if err != nil {
				t.Fatal(err)
			}
			return token
		}
		alive := func(role, token string) bool {
			t.Helper()
			_, err := db.SessionSubject(ctx, role, token)
			if err != nil && haat.ErrorCode(err) != haat.ENOTFOUND {
				t.Fatal(err)
			}
			return err == nil
		}
		admin, other, shopper := session("admin@haat.example", haat.RoleSeller), session("other@haat.example", haat.RoleSeller), session("", haat.RoleUser)
		if err := db.UpsertSeller(ctx, "ADMIN@haat.example", "first password"); err != nil {
			t.Fatal(err)
		}
		if !alive(haat.RoleSeller, admin) {
			t.Fatal("the same password again ended the seller's session")
		}
		if err := db.UpsertSeller(ctx, "ADMIN@haat.example", "second password"); err != nil {
			t.Fatal(err)
		}
		if alive(haat.RoleSeller, admin) {
			t.Fatal("a seller session outlived a new password")
		}
		if !alive(haat.RoleSeller, other) || !alive(haat.RoleUser, shopper) {
			t.Fatal("a new password of one seller ended someone else's session")
		}
		if err := db.EndSellerSessions(ctx, " Other@haat.example"); err != nil {
			t.Fatal(err)
		}
		if alive(haat.RoleSeller, other) || !alive(haat.RoleUser, shopper) {
			t.Fatal("EndSellerSessions ended the wrong sessions")
		}
	})
}

func TestRateLimiter(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		now := time.Now()
		db.Now = func() time.Time { return now }
		const limit, window = 10, 15 * time.Minute
		attempt := func(key string) (bool, time.Duration) {
			t.Helper()
			ok, retry, err := db.Attempt(ctx, key, limit, window)
			if err != nil {
				t.Fatal(err)
			}
			if ok != (retry == 0) {
				t.Fatalf("allowed %v with retry after %v", ok, retry)
			}
			return ok, retry
		}
		// Attempts that give their slot back never use up the limit.
		for range 3 * limit {
			if ok, _ := attempt("10.0.0.1"); !ok {
				t.Fatal("a key whose attempts are given back was refused")
			}
			if err := db.GiveBack(ctx, "10.0.0.1", limit); err != nil {
				t.Fatal(err)
			}
		}
		for i := range limit {
			if ok, _ := attempt("10.0.0.1"); !ok {
				t.Fatalf("attempt %d refused", i+1)
			}
		}
		now = now.Add(5 * time.Minute)
		for range 3 {
			if ok, retry := attempt("10.0.0.1"); ok || retry != 10*time.Minute {
				t.Fatalf("after too many: allowed %v, retry after %v (want 10m)", ok, retry)
			}
		}
		// A refused attempt has no slot to give back: the count stays at the limit.
		db.GiveBack(ctx, "10.0.0.1", limit)
		if ok, _ := attempt("10.0.0.1"); ok {
			t.Fatal("a refused attempt freed a slot")
		}
		if ok, _ := attempt("10.0.0.2"); !ok {
			t.Fatal("another key refused")
		}
		// Attempts reads a window's count, without counting.
		for key, want := range map[string]int{"10.0.0.1": limit + 1, "10.0.0.2": 1, "10.0.0.3": 0} {
			if n, err := db.Attempts(ctx, key, window); err != nil || n != want {
				t.Fatalf("Attempts(%s) = %d, %v; want %d", key, n, err, want)
			}
		}
		if n, _ := db.Attempts(ctx, "10.0.0.1", time.Minute); n != 0 {
			t.Fatalf("a window that has ended counts %d", n)
		}
		// Another limit and window for another key: one hour, 20.
		for range 20 {
			if ok, _, _ := db.Attempt(ctx, "signup:10.0.0.1", 20, time.Hour); !ok {
				t.Fatal("refused within the limit")
			}
		}
		if ok, retry, _ := db.Attempt(ctx, "signup:10.0.0.1", 20, time.Hour); ok || retry != time.Hour {
			t.Fatalf("21st of 20: allowed %v, retry after %v", ok, retry)
		}
		now = now.Add(10*time.Minute - time.Millisecond)
		if ok, retry := attempt("10.0.0.1"); ok || retry != time.Millisecond {
			t.Fatalf("a millisecond before the window ends: allowed %v, retry after %v", ok, retry)
		}
		// The window ends when its length has passed, not a moment later.
		now = now.Add(time.Millisecond)
		if n, _ := db.Attempts(ctx, "10.0.0.1", window); n != 0 {
			t.Fatalf("a window that has just ended counts %d", n)
		}
		if ok, _ := attempt("10.0.0.1"); !ok {
			t.Fatal("refused when the window had passed")
		}
		if ok, _ := attempt("10.0.0.1"); !ok {
			t.Fatal("refused after one attempt in a new window")
		}
	})
}

func TestProducts(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		rice := mustCreate(t, db, product("Jumla Red Rice", 32000, 29500, true))
		if rice.Category != "Grains" || len(rice.Description) != 1 {
			t.Fatalf("not normalised: %+v", rice)
		}
		dal := mustCreate(t, db, product("Masoor Dal", 18000, 16550, false))
		list, err := db.Products(ctx)
		if err != nil || len(list) != 2 {
			t.Fatalf("products = %d, %v", len(list), err)
		}
		if list[0].ID != dal.ID || list[0].InStock || list[1].OfferPrice != 29500 || list[1].Weight != "1 kg" {
			t.Fatalf("list = %+v", list)
		}
		if err := db.SetInStock(ctx, dal.ID, true); err != nil {
			t.Fatal(err)
		}
		list, _ = db.Products(ctx)
		if !list[0].InStock {
			t.Fatal("stock not updated")
		}
		wantCode(t, db.SetInStock(ctx, "nope", true), haat.ENOTFOUND)
		wantCode(t, db.CreateProduct(ctx, product("Too cheap", 99, 0, true)), haat.EINVALID)
		wantCode(t, db.CreateProduct(ctx, product("Offer above price", 100, 101, true)), haat.EINVALID)
	})
}

func TestSeedCatalogue(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		seed := []haat.Product{*product("A", 100, 100, true), *product("B", 200, 150, false)}
		if seeded, err := db.SeedCatalogue(ctx, seed); err != nil || !seeded {
			t.Fatalf("first seed = %v, %v", seeded, err)
		}
		if seeded, err := db.SeedCatalogue(ctx, seed); err != nil || seeded {
			t.Fatalf("second seed = %v, %v", seeded, err)
		}
		list, _ := db.Products(ctx)
		if len(list) != 2 || list[0].Name != "A" || list[1].InStock {
			t.Fatalf("seeded list = %+v", list)
		}
	})
}

func TestCart(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		u := mustUser(t, db, "cart@example.com")
		rice := mustCreate(t, db, product("Rice", 32000, 29500, true))
		dal := mustCreate(t, db, product("Dal", 18000, 16550, false))
		if err := db.SetCart(ctx, u.ID, haat.Cart{rice.ID: 2, dal.ID: 1}); err != nil {
			t.Fatal(err)
		}
		for _, bad := range []haat.Cart{{"unknown": 1}, {rice.ID: 0}, {rice.ID: 101}, {rice.ID: 3, "unknown": 1}} {
			wantCode(t, db.SetCart(ctx, u.ID, bad), haat.EINVALID)
		}
		got, _ := db.User(ctx, u.ID)
		if len(got.CartItems) != 2 || got.CartItems[rice.ID] != 2 || got.CartItems[dal.ID] != 1 {
			t.Fatalf("cart changed by rejected updates: %v", got.CartItems)
		}
		if err := db.SetCart(ctx, u.ID, haat.Cart{}); err != nil {
			t.Fatal(err)
		}
		if got, _ := db.User(ctx, u.ID); len(got.CartItems) != 0 {
			t.Fatalf("cart not cleared: %v", got.CartItems)
		}
	})
}

func TestAddresses(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		a, b := mustUser(t, db, "a@example.com"), mustUser(t, db, "b@example.com")
		first := mustAddress(t, db, a.ID)
		mustAddress(t, db, a.ID)
		mustAddress(t, db, b.ID)
		list, err := db.Addresses(ctx, a.ID)
		if err != nil || len(list) != 2 || list[0].ID != first.ID || list[0].City != "Pokhara" {
			t.Fatalf("addresses = %+v, %v", list, err)
		}
		bad := &haat.Address{UserID: a.ID, FirstName: "Sita"}
		wantCode(t, db.CreateAddress(ctx, bad), haat.EINVALID)
	})
}

func TestOrders(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		a, b := mustUser(t, db, "a@example.com"), mustUser(t, db, "b@example.com")
		addrA, addrB := mustAddress(t, db, a.ID), mustAddress(t, db, b.ID)
		rice := mustCreate(t, db, product("Rice", 32000, 29500, true))
		noodles := mustCreate(t, db, product("Noodles", 2500, 2000, true))
		dal := mustCreate(t, db, product("Dal", 18000, 16550, false))
		db.SetCart(ctx, a.ID, haat.Cart{rice.ID: 2})

		cod := func(addr string, lines ...haat.OrderLine) (*haat.Order, error) {
			return sqlstoretest.PlaceOrder(db, haat.NewOrder{UserID: a.ID, AddressID: addr, PaymentType: haat.PaymentCOD, Lines: lines})
		}
		_, err := cod(addrB.ID, haat.OrderLine{ProductID: rice.ID, Quantity: 1})
		wantCode(t, err, haat.ENOTFOUND) // another user's address
		_, err = cod(addrA.ID, haat.OrderLine{ProductID: dal.ID, Quantity: 1})
		wantCode(t, err, haat.EINVALID) // out of stock
		_, err = cod(addrA.ID, haat.OrderLine{ProductID: "unknown", Quantity: 1})
		wantCode(t, err, haat.ENOTFOUND)
		_, err = cod("", haat.OrderLine{ProductID: rice.ID, Quantity: 1})
		wantCode(t, err, haat.EINVALID)
		if got, _ := db.User(ctx, a.ID); got.CartItems[rice.ID] != 2 {
			t.Fatal("a refused order emptied the cart")
		}

		first, err := cod(addrA.ID, haat.OrderLine{ProductID: rice.ID, Quantity: 2})
		if err != nil {
			t.Fatal(err)
		}
		if first.Amount != 60180 || first.Status != haat.StatusOrderPlaced || first.IsPaid {
			t.Fatalf("order = %+v", first)
		}
		if got, _ := db.User(ctx, a.ID); len(got.CartItems) != 0 {
			t.Fatal("cash order did not empty the cart")
		}
		second, err := cod(addrA.ID, haat.OrderLine{ProductID: noodles.ID, Quantity: 3}, haat.OrderLine{ProductID: rice.ID, Quantity: 1})
		if err != nil {
			t.Fatal(err)
		}
		if bill, err := haat.BillOf([]haat.BillLine{{UnitPrice: 2000, Quantity: 3}, {UnitPrice: 29500, Quantity: 1}}, haat.BillRules{}, haat.BillChoices{}); err != nil || second.Amount != bill.Total {
			t.Fatalf("amount = %d", second.Amount)
		}
		if _, err := sqlstoretest.PlaceOrder(db, haat.NewOrder{UserID: b.ID, AddressID: addrB.ID, PaymentType: haat.PaymentOnline,
			Lines: []haat.OrderLine{{ProductID: rice.ID, Quantity: 1}}}); err != nil {
			t.Fatal(err)
		}

		orders, err := db.UserOrders(ctx, a.ID)
		if err != nil || len(orders) != 2 {
			t.Fatalf("user orders = %d, %v", len(orders), err)
		}
		o := orders[0]
		if o.ID != second.ID || len(o.Items) != 2 || o.Items[0].Product.Name != "Noodles" || o.Items[0].Quantity != 3 ||
			o.Items[0].Product.OfferPrice != 2000 || o.Address.ID != addrA.ID || o.Address.City != "Pokhara" || o.CreatedAt.IsZero() {
			t.Fatalf("newest order = %+v", o)
		}
		if bOrders, _ := db.UserOrders(ctx, b.ID); len(bOrders) != 1 || bOrders[0].PaymentType != haat.PaymentOnline {
			t.Fatalf("b's orders = %+v", bOrders)
		}
		seller, more, err := db.SellerOrders(ctx, haat.SellerOrderFilter{}, 50)
		if err != nil || more || len(seller) != 2 || seller[0].ID != second.ID {
			t.Fatalf("seller orders (unpaid online orders hidden) = %d, %v", len(seller), err)
		}
	})
}

// TestOrderChangesConcurrent: sellers pressing the same button at once change the order once;
// the others are told it is already done.
func TestOrderChangesConcurrent(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		u := mustUser(t, db, "a@example.com")
		addr := mustAddress(t, db, u.ID)
		rice := mustCreate(t, db, product("Rice", 32000, 29500, true))
		o, err := sqlstoretest.PlaceOrder(db, haat.NewOrder{UserID: u.ID, AddressID: addr.ID, PaymentType: haat.PaymentCOD,
			Lines: []haat.OrderLine{{ProductID: rice.ID, Quantity: 1}}})
		if err != nil {
			t.Fatal(err)
		}
		race := func(change func() error) (done int64) {
			var wg sync.WaitGroup
			for range 8 {
				wg.Go(func() {
					if err := change(); err == nil {
						atomic.AddInt64(&done, 1)
					} else if haat.ErrorCode(err) != haat.ECONFLICT {
						t.Error(err)
					}
				})
			}
			wg.Wait()
			return done
		}
		for _, st := range []haat.OrderStatus{haat.StatusPacked, haat.StatusOutForDelivery, haat.StatusDelivered} {
			if n := race(func() error { _, err := db.SetOrderStatus(ctx, o.ID, st); return err }); n != 1 {
				t.Fatalf("%s applied %d times", st, n)
			}
		}
		if n := race(func() error { _, err := db.MarkOrderPaid(ctx, o.ID); return err }); n != 1 {
			t.Fatalf("marked paid %d times", n)
		}
		orders, _ := db.UserOrders(ctx, u.ID)
		if orders[0].Status != haat.StatusDelivered || !orders[0].IsPaid {
			t.Fatalf("order = %+v", orders[0])
		}
	})
}

// TestEachSellerOrder: the export's walk through the orders reads them a batch at a time and
// gives each order the filter selects once, newest first.
func TestEachSellerOrder(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		db.SetEachBatch(2)
		u := mustUser(t, db, "a@example.com")
		addr := mustAddress(t, db, u.ID)
		rice := mustCreate(t, db, product("Rice", 32000, 29500, true))
		var placed []string
		at := time.Now()
		db.Now = func() time.Time { return at }
		for i := range 5 {
			at = at.Add(time.Second)
			o, err := sqlstoretest.PlaceOrder(db, haat.NewOrder{UserID: u.ID, AddressID: addr.ID, PaymentType: haat.PaymentCOD,
				Lines: []haat.OrderLine{{ProductID: rice.ID, Quantity: 1 + i}}})
			if err != nil {
				t.Fatal(err)
			}
			placed = append([]string{o.ID}, placed...)
		}
		for _, c := range []struct {
			f    haat.SellerOrderFilter
			want []string
		}{
			{haat.SellerOrderFilter{}, placed},
			{haat.SellerOrderFilter{Status: haat.StatusPacked}, nil},
			{haat.SellerOrderFilter{Search: "nobody"}, nil},
		} {
			var got []string
			if err := db.EachSellerOrder(ctx, c.f, func(o haat.Order) error { got = append(got, o.ID); return nil }); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, c.want) {
				t.Fatalf("%+v: %v, want %v", c.f, got, c.want)
			}
		}
	})
}
