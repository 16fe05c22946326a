package api_test

import (
	"strings"
	"testing"
)

// nepaliAddress is an address as the storefront's Nepal form sends it: district, ward and
// landmark beside the spec's fields, no zip code or email.
func nepaliAddress(change map[string]any) map[string]any {
	a := map[string]any{"firstName": "Sita", "lastName": "Gurung", "email": "", "street": "Jhamsikhel tole",
		"city": "Lalitpur Metropolitan City", "state": "Bagmati", "zipcode": "", "country": "Nepal",
		"phone": "+977 984-123-4567", "district": "Lalitpur", "ward": 3, "landmark": "opposite Bhatbhateni, blue gate"}
	for k, v := range change {
		if v == nil {
			delete(a, k)
		} else {
			a[k] = v
		}
	}
	return a
}

// TestNepaliAddress: a Nepali address is saved with its district, ward and landmark and its
// phone as 10 digits, comes back with the shopper's orders and the seller's, and is refused with a
// message naming what is wrong; an address as the spec's form sends it keeps the spec's rules.
func TestNepaliAddress(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.shopper("")
		r := c.post("/api/address/add", map[string]any{"address": nepaliAddress(nil)})
		want(t, r, 200, "Address Added")
		saved := r.body["address"].(map[string]any)
		for k, v := range map[string]any{"state": "Bagmati", "district": "Lalitpur", "ward": float64(3), "city": "Lalitpur Metropolitan City",
			"street": "Jhamsikhel tole", "landmark": "opposite Bhatbhateni, blue gate", "phone": "9841234567", "zipcode": "", "email": ""} {
			if saved[k] != v {
				t.Errorf("saved %s = %v, want %v", k, saved[k], v)
			}
		}
		list := c.addresses()
		if len(list) != 1 || list[0].(map[string]any)["landmark"] != "opposite Bhatbhateni, blue gate" || list[0].(map[string]any)["ward"] != float64(3) {
			t.Fatalf("addresses = %v", list)
		}
		id := saved["_id"].(string)
		want(t, c.post("/api/order/cod", order(s.rice.ID, 1, id)), 200, "Order Placed Successfully")
		o := c.orders()[0].(map[string]any)["address"].(map[string]any)
		so := s.sellerOrders()[0].(map[string]any)["address"].(map[string]any)
		for _, a := range []map[string]any{o, so} {
			if a["district"] != "Lalitpur" || a["landmark"] != "opposite Bhatbhateni, blue gate" || a["phone"] != "9841234567" || a["ward"] != float64(3) {
				t.Fatalf("order's address = %v", a)
			}
		}

		// Written in Nepali, the province and district are stored as the lists name them.
		r = c.post("/api/address/add", map[string]any{"address": nepaliAddress(map[string]any{"state": "बागमती", "district": "काठमाडौं", "country": "नेपाल"})})
		want(t, r, 200)
		if a := r.body["address"].(map[string]any); a["state"] != "Bagmati" || a["district"] != "Kathmandu" || a["country"] != "Nepal" {
			t.Fatalf("saved = %v", a)
		}

		for _, c2 := range []struct {
			change  map[string]any
			message string
		}{
			{map[string]any{"state": "Province 3"}, "Province must be one of Nepal's 7 provinces"},
			{map[string]any{"state": nil}, "Province is required"},
			{map[string]any{"district": "Pokhara"}, "District must be one of Nepal's 77 districts"},
			{map[string]any{"district": "Kaski"}, "Kaski district is in Gandaki Province, not Bagmati"},
			{map[string]any{"city": " "}, "Municipality is required"},
			{map[string]any{"street": nil}, "Tole or street is required"},
			{map[string]any{"ward": nil}, "Ward must be a number from 1 to 35"},
			{map[string]any{"ward": 36}, "Ward must be a number from 1 to 35"},
			{map[string]any{"phone": ""}, "Phone is required"},
			{map[string]any{"phone": "01-4123456"}, "Please enter a Nepali mobile number: 10 digits starting with 97 or 98"},
			{map[string]any{"phone": "+91 9841234567"}, "Please enter a Nepali mobile number: 10 digits starting with 97 or 98"},
			{map[string]any{"email": "sita"}, "Please enter a valid email address"},
			{map[string]any{"zipcode": "KTM"}, "Zip code must be a number"},
			{map[string]any{"country": "India"}, "District is only for addresses in Nepal"},
			{map[string]any{"landmark": strings.Repeat("x", 121)}, "Landmark is too long"},
		} {
			want(t, c.post("/api/address/add", map[string]any{"address": nepaliAddress(c2.change)}), 400, c2.message)
		}
		if n := len(c.addresses()); n != 2 {
			t.Fatalf("%d addresses kept, want 2: a refused one was saved", n)
		}

		// The spec's form sends no district: its rules stand, for Nepal too.
		want(t, c.post("/api/address/add", map[string]any{"address": addressWith(map[string]string{"phone": "01-4123456"})}), 200)
		want(t, c.post("/api/address/add", map[string]any{"address": addressWith(map[string]string{"zipcode": ""})}), 400, "Zip code is required")
		want(t, c.post("/api/address/add", map[string]any{"address": addressWith(map[string]string{"email": ""})}), 400, "Email is required")
		if a := c.addresses()[2].(map[string]any); len(a) != len(validAddress)+1 || a["phone"] != "01-4123456" {
			t.Fatalf("spec address came back as %v", a)
		}
	})
}
