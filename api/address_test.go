package api_test

import (
	"strings"
	"testing"
)

func TestAddresses(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		a, b := s.shopper("a@example.com"), s.shopper("b@example.com")
		if list := a.addresses(); len(list) != 0 {
			t.Fatalf("new shopper has addresses: %v", list)
		}

		r := a.post("/api/address/add", map[string]any{"address": addressWith(map[string]string{"city": "  Pokhara  "})})
		want(t, r, 200, "Address Added")
		saved := r.body["address"].(map[string]any)
		idA := saved["_id"].(string)
		second := a.addAddress()
		idB := b.addAddress()

		list := a.addresses()
		if len(list) != 2 || list[0].(map[string]any)["_id"] != idA || list[1].(map[string]any)["_id"] != second {
			t.Fatalf("a's addresses (oldest first) = %v", list)
		}
		got := list[0].(map[string]any)
		for k, v := range validAddress {
			if got[k] != v {
				t.Errorf("%s = %v, want %q", k, got[k], v)
			}
		}
		if len(got) != len(validAddress)+1 {
			t.Errorf("address has fields %v", got)
		}
		if list := b.addresses(); len(list) != 1 || list[0].(map[string]any)["_id"] != idB {
			t.Fatalf("b's addresses = %v", list)
		}

		for field := range validAddress {
			t.Run("without "+field, func(t *testing.T) {
				want(t, a.post("/api/address/add", map[string]any{"address": addressWith(map[string]string{field: ""})}), 400)
				want(t, a.post("/api/address/add", map[string]any{"address": addressWith(map[string]string{field: "   "})}), 400)
			})
		}
		for name, tc := range map[string]struct {
			body any
			msg  string
		}{
			"bad email":          {map[string]any{"address": addressWith(map[string]string{"email": "not-an-email"})}, "Please enter a valid email address"},
			"letters in zipcode": {map[string]any{"address": addressWith(map[string]string{"zipcode": "33A00"})}, "Zip code must be a number"},
			"letters in phone":   {map[string]any{"address": addressWith(map[string]string{"phone": "98-call-me"})}, "Please enter a valid phone number"},
			"short phone":        {map[string]any{"address": addressWith(map[string]string{"phone": "12345"})}, "Please enter a valid phone number"},
			"street too long":    {map[string]any{"address": addressWith(map[string]string{"street": strings.Repeat("s", 201)})}, "Street is too long"},
			"no address":         {`{}`, "address is required"},
			"address null":       {`{"address":null}`, "address is required"},
			"fields not strings": {`{"address":{"firstName":1}}`, "Invalid value for address.firstName"},
			"not JSON":           {`{"address":`, "Request body is not valid JSON"},
		} {
			t.Run(name, func(t *testing.T) { want(t, a.post("/api/address/add", tc.body), 400, tc.msg) })
		}
		if n := len(a.addresses()); n != 2 {
			t.Fatalf("refused addresses stored: %d", n)
		}

		// A userId in the body does not put the address in someone else's book.
		bUser := b.user()["_id"]
		body := map[string]any{"address": validAddress, "userId": bUser}
		addr := map[string]any{}
		for k, v := range validAddress {
			addr[k] = v
		}
		addr["userId"] = bUser
		body["address"] = addr
		want(t, a.post("/api/address/add", body), 200)
		if len(a.addresses()) != 3 || len(b.addresses()) != 1 {
			t.Fatal("userId in the body was obeyed")
		}
	})
}
