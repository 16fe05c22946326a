package api_test

import (
	"strings"
	"testing"

	"haat"
	"haat/addressbook"
)

// addressList returns c's addresses by id, their ids oldest first, and the default's id.
func (c *client) addressList() (map[string]map[string]any, []string, string) {
	c.s.t.Helper()
	r := c.get("/api/address/get")
	want(c.s.t, r, 200)
	byID := map[string]map[string]any{}
	var ids []string
	for _, a := range r.body["addresses"].([]any) {
		a := a.(map[string]any)
		byID[a["_id"].(string)] = a
		ids = append(ids, a["_id"].(string))
	}
	def, _ := r.body["defaultId"].(string)
	return byID, ids, def
}

// TestAddressUpdate: a shopper edits their address in place (same id, same place in the list),
// checked as a new one is; ids not theirs are 404.
func TestAddressUpdate(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		a, b := s.shopper(""), s.shopper("")
		first, second := a.addAddress(), a.addAddress()
		other := b.addAddress()

		r := a.post("/api/address/update", map[string]any{"id": second, "address": addressWith(map[string]string{"city": "  Bharatpur ", "street": "Narayangadh 3"})})
		want(t, r, 200, "Address Updated")
		if got := r.body["address"].(map[string]any); got["_id"] != second || got["city"] != "Bharatpur" {
			t.Fatalf("answered address: %v", got)
		}
		byID, ids, _ := a.addressList()
		if len(ids) != 2 || ids[0] != first || ids[1] != second || byID[second]["city"] != "Bharatpur" || byID[second]["street"] != "Narayangadh 3" || byID[first]["city"] != "Pokhara" {
			t.Fatalf("after the edit: %v %v", ids, byID)
		}

		// The same rules and messages as adding one.
		for name, tc := range map[string]struct {
			body   any
			status int
			msg    string
		}{
			"bad email":       {map[string]any{"id": second, "address": addressWith(map[string]string{"email": "not-an-email"})}, 400, "Please enter a valid email address"},
			"letters in zip":  {map[string]any{"id": second, "address": addressWith(map[string]string{"zipcode": "33A00"})}, 400, "Zip code must be a number"},
			"short phone":     {map[string]any{"id": second, "address": addressWith(map[string]string{"phone": "12345"})}, 400, "Please enter a valid phone number"},
			"no city":         {map[string]any{"id": second, "address": addressWith(map[string]string{"city": ""})}, 400, "City is required"},
			"street too long": {map[string]any{"id": second, "address": addressWith(map[string]string{"street": strings.Repeat("s", haat.MaxStreet+1)})}, 400, "Street is too long"},
			"district abroad": {map[string]any{"id": second, "address": addressWith(map[string]string{"district": "Kaski", "country": "India"})}, 400, "District is only for addresses in Nepal"},
			"no id":           {map[string]any{"address": validAddress}, 400, "Address id is required"},
			"no address":      {map[string]any{"id": second}, 400, "address is required"},
			"fields not text": {`{"id":"x","address":{"firstName":1}}`, 400, "Invalid value for address.firstName"},
			"another's":       {map[string]any{"id": other, "address": addressWith(map[string]string{"city": "Butwal"})}, 404, "Address not found"},
			"unknown":         {map[string]any{"id": "no-such-address", "address": validAddress}, 404, "Address not found"},
		} {
			t.Run(name, func(t *testing.T) { want(t, a.post("/api/address/update", tc.body), tc.status, tc.msg) })
		}
		if byID, _, _ := a.addressList(); byID[second]["city"] != "Bharatpur" || byID[second]["email"] != validAddress["email"] || len(byID) != 2 {
			t.Fatalf("a refused edit changed the address: %v", byID[second])
		}
		// An _id inside the address names nothing: id does.
		want(t, a.post("/api/address/update", map[string]any{"id": second, "address": map[string]any{"_id": first, "firstName": "Ram",
			"lastName": "Thapa", "email": "ram@example.com", "street": "Lakeside 4", "city": "Bharatpur", "state": "Gandaki", "zipcode": "44200", "country": "Nepal", "phone": "9811111112"}}), 200)
		if byID, _, _ := a.addressList(); byID[second]["firstName"] != "Ram" || byID[first]["firstName"] != "Sita" {
			t.Fatalf("the _id in the address was obeyed: %v", byID)
		}
		if byID, _, _ := b.addressList(); byID[other]["city"] != "Pokhara" {
			t.Fatalf("another shopper's address changed: %v", byID[other])
		}

		// A Nepali address follows Nepal's rules when edited too, and is stored as they write it.
		nepaliAddr := addressWith(map[string]string{"state": "गण्डकी", "district": "कास्की", "phone": "+977 981-1111111"})
		r = a.post("/api/address/update", map[string]any{"id": first, "address": map[string]any{
			"firstName": nepaliAddr["firstName"], "lastName": nepaliAddr["lastName"], "street": "Lakeside", "city": "Pokhara", "state": nepaliAddr["state"],
			"district": nepaliAddr["district"], "ward": 6, "country": "नेपाल", "phone": nepaliAddr["phone"], "landmark": "Near the lake"}})
		want(t, r, 200, "Address Updated")
		if got := r.body["address"].(map[string]any); got["state"] != "Gandaki" || got["district"] != "Kaski" || got["phone"] != "9811111111" || got["ward"] != 6.0 || got["country"] != "Nepal" {
			t.Fatalf("Nepali address as saved: %v", got)
		}
		want(t, a.post("/api/address/update", map[string]any{"id": first, "address": map[string]any{
			"firstName": "Sita", "lastName": "Gurung", "street": "Lakeside", "city": "Pokhara", "state": "Bagmati", "district": "Kaski", "ward": 6,
			"country": "Nepal", "phone": "9811111111"}}), 400, "Kaski district is in Gandaki Province, not Bagmati")

		// Nepali, for a shopper who reads Nepali.
		want(t, a.post("/api/address/update", map[string]any{"id": second, "address": validAddress}, nepali...), 200, "ठेगाना अद्यावधिक भयो")
		want(t, a.post("/api/address/update", map[string]any{"id": other, "address": validAddress}, nepali...), 404, "ठेगाना भेटिएन")
		want(t, a.post("/api/address/default", map[string]string{"id": second}, nepali...), 200, "मुख्य ठेगाना सेभ भयो")
	})
}

// TestAddressDelete: a deleted address is no longer listed nor accepted for an order, and frees its
// place under the cap; ids not the shopper's are 404 and change nothing.
func TestAddressDelete(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		a, b := s.shopper(""), s.shopper("")
		first, second := a.addAddress(), a.addAddress()
		other := b.addAddress()

		want(t, a.post("/api/address/delete", map[string]string{"id": other}), 404, "Address not found")
		want(t, a.post("/api/address/delete", map[string]string{"id": "no-such-address"}), 404, "Address not found")
		want(t, a.post("/api/address/delete", map[string]string{}), 400, "Address id is required")
		want(t, a.post("/api/address/delete", `{"id":7}`), 400)
		if _, ids, _ := b.addressList(); len(ids) != 1 {
			t.Fatal("another shopper's address was deleted")
		}

		want(t, a.post("/api/address/delete", map[string]string{"id": first}), 200, "Address Deleted")
		if _, ids, def := a.addressList(); len(ids) != 1 || ids[0] != second || def != second {
			t.Fatalf("after deleting the first: %v, default %q", ids, def)
		}
		want(t, a.post("/api/address/delete", map[string]string{"id": first}), 404, "Address not found")
		want(t, a.post("/api/address/update", map[string]any{"id": first, "address": validAddress}), 404, "Address not found")
		want(t, a.post("/api/address/default", map[string]string{"id": first}), 404, "Address not found")
		want(t, a.post("/api/order/cod", order(s.rice.ID, 1, first)), 404, "Address not found")
		if r := a.post("/api/cart/quote", map[string]any{"items": []map[string]any{{"product": s.rice.ID, "quantity": 1}}, "address": first}); r.body["quote"].(map[string]any)["problem"] != "Address not found" {
			t.Fatalf("the cart's quote for a deleted address: %s", r.raw)
		}
		if len(a.orders()) != 0 {
			t.Fatal("an order went to a deleted address")
		}
		want(t, a.post("/api/address/delete", map[string]string{"id": second}), 200, "Address Deleted")
		if r := a.get("/api/address/get"); len(r.body["addresses"].([]any)) != 0 || r.body["defaultId"] != nil {
			t.Fatalf("no addresses left: %s", r.raw)
		}

		// At most MaxAddresses saved; a deleted one does not count.
		for range addressbook.MaxAddresses {
			a.addAddress()
		}
		want(t, a.post("/api/address/add", map[string]any{"address": validAddress}), 409, "You can save at most 20 addresses")
		_, ids, _ := a.addressList()
		want(t, a.post("/api/address/delete", map[string]string{"id": ids[3]}), 200)
		a.addAddress()
		want(t, a.post("/api/address/add", map[string]any{"address": validAddress}), 409)
	})
}

// TestAddressDefault: the shopper's default is the one they chose, else their first; it survives
// an edit, and deleting it falls back to the first.
func TestAddressDefault(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		a, b := s.shopper(""), s.shopper("")
		if r := a.get("/api/address/get"); r.body["defaultId"] != nil {
			t.Fatalf("a shopper without addresses has a default: %s", r.raw)
		}
		first, second, third := a.addAddress(), a.addAddress(), a.addAddress()
		other := b.addAddress()
		if _, _, def := a.addressList(); def != first {
			t.Fatalf("default before choosing = %q, want the first %q", def, first)
		}

		want(t, a.post("/api/address/default", map[string]string{"id": second}), 200, "Default Address Saved")
		if _, ids, def := a.addressList(); def != second || len(ids) != 3 || ids[0] != first {
			t.Fatalf("default = %q (%v), want %q, the list in its order", def, ids, second)
		}
		want(t, a.post("/api/address/default", map[string]string{"id": third}), 200)
		want(t, a.post("/api/address/default", map[string]string{"id": third}), 200)
		if _, _, def := a.addressList(); def != third {
			t.Fatalf("default = %q, want %q", def, third)
		}
		want(t, a.post("/api/address/update", map[string]any{"id": third, "address": addressWith(map[string]string{"city": "Damauli"})}), 200)
		if _, _, def := a.addressList(); def != third {
			t.Fatalf("an edit lost the default: %q", def)
		}

		want(t, a.post("/api/address/default", map[string]string{"id": other}), 404, "Address not found")
		want(t, b.post("/api/address/default", map[string]string{"id": first}), 404, "Address not found")
		want(t, a.post("/api/address/default", map[string]string{}), 400, "Address id is required")
		want(t, a.post("/api/address/default", `{"id":`), 400, "Request body is not valid JSON")
		if _, _, def := a.addressList(); def != third {
			t.Fatalf("a refused choice changed the default: %q", def)
		}
		if _, _, def := b.addressList(); def != other {
			t.Fatalf("b's default = %q", def)
		}

		want(t, a.post("/api/address/delete", map[string]string{"id": third}), 200)
		if _, _, def := a.addressList(); def != first {
			t.Fatalf("after deleting the default: %q, want the first %q", def, first)
		}
		// The spec's client reads the list as it always did: addresses and success.
		r := a.get("/api/address/get")
		if r.body["success"] != true || len(r.body["addresses"].([]any)) != 2 {
			t.Fatalf("list: %s", r.raw)
		}
		for _, x := range r.body["addresses"].([]any) {
			if _, has := x.(map[string]any)["isDefault"]; has {
				t.Fatal("an address carries a default flag")
			}
		}
	})
}

// TestOrderKeepsItsAddress: editing and deleting the address an order was placed with changes
// neither the shopper's order, its invoice, nor the seller's view of it.
func TestOrderKeepsItsAddress(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		seller := s.seller()
		want(t, seller.post("/api/seller/settings", invoiceDetails), 200)
		c := s.shopper("")
		addr := c.addAddressWith(map[string]string{"firstName": "Sita", "street": "Lakeside 4", "city": "Pokhara"})
		want(t, c.post("/api/order/cod", order(s.rice.ID, 1, addr)), 200)
		id := c.orders()[0].(map[string]any)["_id"].(string)
		s.walk(seller, id, haat.StatusPacked, haat.StatusOutForDelivery, haat.StatusDelivered)

		want(t, c.post("/api/address/update", map[string]any{"id": addr, "address": addressWith(map[string]string{"firstName": "Gita", "street": "Bagar 1", "city": "Besisahar"})}), 200)
		// An order placed after the edit goes to the address as edited.
		want(t, c.post("/api/order/cod", order(s.rice.ID, 1, addr)), 200)
		want(t, c.post("/api/address/delete", map[string]string{"id": addr}), 200)

		check := func(where string, a any) {
			t.Helper()
			got := a.(map[string]any)
			if got["firstName"] != "Sita" || got["street"] != "Lakeside 4" || got["city"] != "Pokhara" || got["_id"] != addr {
				t.Errorf("%s shows %v, want the address as it was", where, got)
			}
		}
		orders := c.orders()
		if len(orders) != 2 {
			t.Fatalf("orders: %v", orders)
		}
		check("the shopper's order", orders[1].(map[string]any)["address"])
		if later := orders[0].(map[string]any)["address"].(map[string]any); later["firstName"] != "Gita" || later["city"] != "Besisahar" {
			t.Errorf("the later order shows %v, want the edited address", later)
		}
		r := c.get("/api/order/invoice?id=" + id)
		want(t, r, 200)
		check("the invoice's order", r.body["order"].(map[string]any)["address"])
		check("the seller's order", s.sellerOrder(id)["address"])
		// The seller finds the order by the name it was placed under.
		if got, _ := numbers(t, seller, "?q=sita"); len(got) != 1 {
			t.Errorf("search by the old name: %v", got)
		}
		if got, _ := numbers(t, seller, "?q=gita"); len(got) != 1 {
			t.Errorf("search by the new name: %v", got)
		}
	})
}
