package api_test

import (
	"fmt"
)

// newEmail returns an address no shopper of this store has used.
func (s *store) newEmail() string {
	return fmt.Sprintf("shopper%d@example.com", s.emails.Add(1))
}

// shopper registers a new shopper with email, or a fresh one when email is "", and returns the browser.
func (s *store) shopper(email string) *client {
	s.t.Helper()
	if email == "" {
		email = s.newEmail()
	}
	c := s.client()
	want(s.t, c.post("/api/user/register", map[string]string{"name": "Sita Gurung", "email": email, "password": shopperPassword}), 200)
	return c
}

// seller logs a new browser in as the seller.
func (s *store) seller() *client {
	s.t.Helper()
	c := s.client()
	s.loginSeller(c)
	return c
}

// staff adds a member of staff with role (packer or rider) through the owner's seller area, and
// returns a new browser signed in as them.
func (s *store) staff(role string) *client {
	s.t.Helper()
	email := fmt.Sprintf("%s%d@example.com", role, s.emails.Add(1))
	want(s.t, s.seller().post("/api/seller/staff", map[string]string{"name": "Ram " + role, "email": email, "role": role, "password": sellerPassword}), 200, "Staff added")
	c := s.client()
	want(s.t, c.post("/api/seller/login", map[string]string{"email": email, "password": sellerPassword}), 200, "Logged In")
	return c
}

func (s *store) loginSeller(c *client) {
	s.t.Helper()
	want(s.t, c.post("/api/seller/login", map[string]string{"email": sellerEmail, "password": sellerPassword}), 200, "Logged In")
}

var validAddress = map[string]string{"firstName": "Sita", "lastName": "Gurung", "email": "sita@example.com",
	"street": "Lakeside 4", "city": "Pokhara", "state": "Gandaki", "zipcode": "33700", "country": "Nepal", "phone": "9811111111"}

// addressWith returns validAddress with the changes; an empty value removes the field.
func addressWith(change map[string]string) map[string]string {
	a := map[string]string{}
	for k, v := range validAddress {
		a[k] = v
	}
	for k, v := range change {
		if v == "" {
			delete(a, k)
		} else {
			a[k] = v
		}
	}
	return a
}

// addAddress saves an address for c and returns its id.
func (c *client) addAddress() string {
	c.s.t.Helper()
	r := c.post("/api/address/add", map[string]any{"address": validAddress})
	want(c.s.t, r, 200, "Address Added")
	a, _ := r.body["address"].(map[string]any)
	if _, has := a["userId"]; has {
		c.s.t.Fatal("address answer names its user")
	}
	id, _ := a["_id"].(string)
	if id == "" {
		c.s.t.Fatalf("address answer without _id: %s", r.raw)
	}
	return id
}

func (c *client) addresses() []any {
	c.s.t.Helper()
	r := c.get("/api/address/get")
	want(c.s.t, r, 200)
	return r.body["addresses"].([]any)
}

func (c *client) orders() []any {
	c.s.t.Helper()
	r := c.get("/api/order/user")
	want(c.s.t, r, 200)
	return r.body["orders"].([]any)
}

func (c *client) user() map[string]any {
	c.s.t.Helper()
	r := c.get("/api/user/is-auth")
	want(c.s.t, r, 200)
	return r.body["user"].(map[string]any)
}

func (c *client) cart() map[string]any {
	c.s.t.Helper()
	return c.user()["cartItems"].(map[string]any)
}

func (c *client) setCart(items map[string]int) {
	c.s.t.Helper()
	want(c.s.t, c.post("/api/cart/update", map[string]any{"cartItems": items}), 200, "Cart Updated")
}

// products returns the product list as anyone sees it.
func (s *store) products() []map[string]any {
	s.t.Helper()
	r := s.client().get("/api/product/list")
	want(s.t, r, 200)
	var list []map[string]any
	for _, p := range r.body["products"].([]any) {
		list = append(list, p.(map[string]any))
	}
	return list
}

// sellerOrders returns the seller's order list.
func (s *store) sellerOrders() []any {
	s.t.Helper()
	r := s.seller().get("/api/order/seller")
	want(s.t, r, 200)
	return r.body["orders"].([]any)
}
