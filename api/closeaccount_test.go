package api_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"haat"
)

// count answers a count the query asks the store's database for.
func (s *store) count(query string, args ...any) int {
	s.t.Helper()
	var n int
	if err := s.db.SQL().QueryRowContext(ctx, query, args...).Scan(&n); err != nil {
		s.t.Fatal(err)
	}
	return n
}

// TestCloseAccount: an account closes with its password, not while an order is on its way; it
// then signs in no more, in any browser; its orders stay for the seller, with the shopper's name,
// e-mail, phone and street removed; its e-mail is free for a new account.
func TestCloseAccount(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		seller := s.seller()
		want(t, seller.post("/api/seller/settings", invoiceDetails), 200)
		c, delivered, number := s.deliveredOrder(seller)
		email := c.user()["email"].(string)
		id := c.user()["_id"].(string)
		other := s.login(email, shopperPassword)
		c.addAddress() // saved, named by no order
		c.setCart(map[string]int{s.rice.ID: 1})
		want(t, c.post("/api/order/cod", order(s.rice.ID, 1, c.addAddress())), 200)
		onItsWay := c.orders()[0].(map[string]any)["_id"].(string)

		want(t, c.post("/api/user/delete", map[string]string{}), 400, "Enter your current password")
		want(t, c.post("/api/user/delete", map[string]string{"password": "not-my-password"}), 400, "Wrong password")
		want(t, c.post("/api/user/delete", map[string]string{"password": shopperPassword}), 409,
			"You have an order on its way; you can close your account once it is delivered or cancelled")
		s.walk(seller, onItsWay, haat.StatusPacked)
		want(t, c.post("/api/user/delete", map[string]string{"password": shopperPassword}), 409)
		s.walk(seller, onItsWay, haat.StatusCancelled)

		r := c.post("/api/user/delete", map[string]string{"password": shopperPassword})
		want(t, r, 200, "Your account is closed")
		if k := r.cookie("haat_session"); k == nil || k.MaxAge >= 0 {
			t.Fatalf("session cookie not cleared: %v", k)
		}
		want(t, c.get("/api/user/is-auth"), 401)
		want(t, other.get("/api/user/is-auth"), 401)
		want(t, s.client().post("/api/user/login", map[string]string{"email": email, "password": shopperPassword}), 401, "Invalid email or password")

		// The orders stay, without the shopper's personal data.
		o := s.sellerOrder(delivered)
		a := o["address"].(map[string]any)
		for _, field := range []string{"firstName", "lastName", "email", "street", "phone", "zipcode"} {
			if a[field] != "" {
				t.Errorf("closed account's order keeps %s %v", field, a[field])
			}
		}
		if a["city"] != "Pokhara" {
			t.Errorf("order's city %v", a["city"])
		}
		if inv := seller.sellerInvoice(number); inv["number"] == nil {
			t.Fatalf("invoice %v", inv)
		}
		csv := seller.get("/api/order/seller.csv")
		if csv.status != 200 || strings.Contains(string(csv.raw), "Gurung") || strings.Contains(string(csv.raw), "9811111111") {
			t.Fatalf("CSV %d: %s", csv.status, csv.raw)
		}
		if n := s.count(`SELECT COUNT(*) FROM orders WHERE user_id = $1`, id); n != 2 {
			t.Fatalf("%d orders kept, want 2", n)
		}
		for table, n := range map[string]int{"addresses": 2, "cart_items": 0, "sessions": 0} {
			column := "user_id"
			if table == "sessions" {
				column = "subject_id"
			}
			if got := s.count(`SELECT COUNT(*) FROM `+table+` WHERE `+column+` = $1`, id); got != n {
				t.Errorf("%s of the closed account: %d, want %d", table, got, n)
			}
		}
		if n := s.count(`SELECT COUNT(*) FROM users WHERE id = $1 AND name = '' AND email = '' AND phone IS NULL AND password_hash = '' AND closed_at IS NOT NULL`, id); n != 1 {
			t.Fatal("the closed account keeps personal data")
		}

		// The e-mail may sign up afresh: a new account, which sees nothing of the closed one.
		fresh := s.shopper(email)
		if fresh.user()["_id"] == id || len(fresh.orders()) != 0 || len(fresh.addresses()) != 0 {
			t.Fatalf("the new account sees the closed one: %v", fresh.user())
		}
	})
}

// TestClosePhoneAccount: an account without a password closes with a code texted to its number;
// the number then signs in to a new account.
func TestClosePhoneAccount(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.phoneShopper("9812345678")
		id := c.user()["_id"]
		want(t, c.post("/api/user/delete", map[string]string{"password": "whatever-it-is"}), 400, "Enter the 6-digit code from the SMS")
		s.clock.advance(time.Minute)
		r, code := c.sendCode("9812345678")
		want(t, r, 200)
		want(t, s.client().post("/api/user/delete", map[string]string{"code": code}), 401)
		want(t, c.post("/api/user/delete", map[string]string{"code": wrong(code)}), 400, "Wrong code; 4 tries left")
		want(t, c.post("/api/user/delete", map[string]string{"code": code}), 200, "Your account is closed")
		want(t, c.get("/api/user/is-auth"), 401)
		s.clock.advance(time.Minute)
		again := s.client()
		r, code = again.sendCode("9812345678")
		want(t, r, 200)
		r = again.verify("9812345678", code, "")
		want(t, r, 200, "Account Created")
		if r.body["user"].(map[string]any)["_id"] == id {
			t.Fatal("the number signed in to the closed account")
		}
	})
}

// TestExportAccount: the shopper takes away their profile, addresses, orders, store credit and
// claims as a JSON file, and nothing of anyone else's nor their password.
func TestExportAccount(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c, id := s.placeCashOrder()
		s.placeCashOrder() // someone else's
		seller := s.seller()
		s.walk(seller, id, haat.StatusPacked, haat.StatusOutForDelivery, haat.StatusDelivered)
		want(t, seller.post("/api/order/paid", map[string]string{"id": id}), 200)
		want(t, c.claim(id, []map[string]any{{"product": s.rice.ID, "quantity": 1, "reason": "missing"}}, ""), 200)
		want(t, refundPart(seller, id, nil, 5, "Late", "credit"), 200)
		r := c.get("/api/user/export")
		want(t, r, 200)
		if cd := r.header.Get("Content-Disposition"); !strings.HasPrefix(cd, `attachment; filename="my-account-`) || !strings.HasSuffix(cd, `.json"`) {
			t.Fatalf("Content-Disposition %q", cd)
		}
		var export struct {
			ExportedAt time.Time        `json:"exportedAt"`
			Profile    map[string]any   `json:"profile"`
			Addresses  []map[string]any `json:"addresses"`
			Orders     []map[string]any `json:"orders"`
			Credit     struct {
				Balance float64          `json:"balance"`
				Entries []map[string]any `json:"entries"`
			} `json:"credit"`
			Claims []map[string]any `json:"claims"`
		}
		if err := json.Unmarshal(r.raw, &export); err != nil {
			t.Fatal(err)
		}
		if export.ExportedAt.IsZero() || export.Profile["email"] != c.user()["email"] || export.Profile["name"] != "Sita Gurung" {
			t.Fatalf("profile %v at %v", export.Profile, export.ExportedAt)
		}
		if len(export.Addresses) != 1 || export.Addresses[0]["street"] != "Lakeside 4" {
			t.Fatalf("addresses %v", export.Addresses)
		}
		if len(export.Orders) != 1 || export.Orders[0]["_id"] != c.orders()[0].(map[string]any)["_id"] || len(export.Orders[0]["items"].([]any)) != 1 {
			t.Fatalf("orders %v", export.Orders)
		}
		if export.Credit.Balance != 5.1 || len(export.Credit.Entries) != 1 || len(export.Claims) != 1 || export.Claims[0]["order"] != id {
			t.Fatalf("credit %v and claims %v", export.Credit, export.Claims)
		}
		if strings.Contains(string(r.raw), "$2a$") || strings.Contains(strings.ToLower(string(r.raw)), "password_hash") {
			t.Fatalf("the export holds a password hash: %s", r.raw)
		}
	})
}

// TestCloseAccountWithCredit: an account holding store credit is not closed unless the shopper
// says they give the credit up; the refusal names the balance, and closes nothing.
func TestCloseAccountWithCredit(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		owner := s.seller()
		c, _ := s.withCredit(owner, 12.5)
		want(t, c.post("/api/user/delete", map[string]any{"password": shopperPassword}), 409,
			"You have $12.50 of store credit: spend it on an order first, or close the account giving it up")
		want(t, c.post("/api/user/delete", map[string]any{"password": shopperPassword}, nepali...), 409,
			"तपाईंसँग $१२.५० पसल क्रेडिट छ: पहिले कुनै अर्डरमा खर्च गर्नुहोस्, वा यसलाई छोडेर खाता बन्द गर्नुहोस्")
		want(t, c.get("/api/user/is-auth"), 200)
		want(t, c.post("/api/user/delete", map[string]any{"password": shopperPassword, "giveUpCredit": true}), 200, "Your account is closed")
		want(t, c.get("/api/user/is-auth"), 401)
	})
}
