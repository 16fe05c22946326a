package api_test

import (
	"testing"

	"haat"
	"haat/api"
)

func withCurrency(c haat.Currency) option { return func(s *api.Server) { s.Currency = c } }

// valleyRules are delivery rules within the Kathmandu Valley: Rs. 75, free from Rs. 1,180 (four
// rice), minimum Rs. 500 (two rice).
var valleyRules = map[string]any{"delivery": map[string]any{
	"districts": []string{"Kathmandu", "Lalitpur", "Bhaktapur"}, "fee": 75, "freeFrom": 1180, "minimumOrder": "500"}}

// delivery returns the delivery rules the store answers to anyone, or nil when there are none.
func (c *client) delivery() map[string]any {
	c.s.t.Helper()
	r := c.get("/api/settings")
	want(c.s.t, r, 200)
	d, _ := r.body["settings"].(map[string]any)["delivery"].(map[string]any)
	return d
}

// addAddressIn saves an address in city and state for c and returns its id.
func (c *client) addAddressIn(city, state string) string {
	c.s.t.Helper()
	r := c.post("/api/address/add", map[string]any{"address": addressWith(map[string]string{"city": city, "state": state})})
	want(c.s.t, r, 200)
	return r.body["address"].(map[string]any)["_id"].(string)
}

func TestSettingsSellerOnly(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		anon := s.client()
		if anon.delivery() != nil {
			t.Fatal("a new store has delivery rules")
		}
		want(t, anon.post("/api/seller/settings", valleyRules), 401)
		want(t, s.shopper("").post("/api/seller/settings", valleyRules), 403)
		seller := s.seller()
		for name, tc := range map[string]struct {
			body any
			msg  string
		}{
			"negative fee":              {map[string]any{"delivery": map[string]any{"districts": []string{"Kathmandu"}, "fee": -1}}, "The delivery fee cannot be negative"},
			"negative threshold":        {map[string]any{"delivery": map[string]any{"districts": []string{"Kathmandu"}, "freeFrom": -5}}, "The free delivery amount cannot be negative"},
			"negative minimum":          {map[string]any{"delivery": map[string]any{"districts": []string{"Kathmandu"}, "minimumOrder": -0.5}}, "The minimum order cannot be negative"},
			"fee above the bound":       {map[string]any{"delivery": map[string]any{"districts": []string{"Kathmandu"}, "fee": 10000000.01}}, "Delivery amounts must be at most 10,000,000"},
			"threshold above the bound": {map[string]any{"delivery": map[string]any{"districts": []string{"Kathmandu"}, "freeFrom": "999999999999999"}}, "Delivery amounts must be at most 10,000,000"},
			"minimum above the bound":   {map[string]any{"delivery": map[string]any{"districts": []string{"Kathmandu"}, "minimumOrder": 10000000.01}}, "Delivery amounts must be at most 10,000,000"},
			"no district":               {map[string]any{"delivery": map[string]any{"districts": []string{}, "fee": 75}}, "Choose at least one district to deliver to"},
			"unknown district":          {map[string]any{"delivery": map[string]any{"districts": []string{"Kathmandu", "Gotham"}}}, `"Gotham" is not a district of Nepal`},
			"fee not a number":          {map[string]any{"delivery": map[string]any{"districts": []string{"Kathmandu"}, "fee": "cheap"}}, `"cheap" is not a valid amount`},
			"not JSON":                  {`{"delivery":`, "Request body is not valid JSON"},
		} {
			t.Run(name, func(t *testing.T) {
				want(t, seller.post("/api/seller/settings", tc.body), 400, tc.msg)
				if anon.delivery() != nil {
					t.Fatal("refused settings were stored")
				}
			})
		}
		r := seller.post("/api/seller/settings", valleyRules)
		want(t, r, 200, "Settings saved")
		d := anon.delivery()
		if d["fee"] != 75.0 || d["freeFrom"] != 1180.0 || d["minimumOrder"] != 500.0 {
			t.Fatalf("stored rules: %v", d)
		}
		// The districts come back in the order of the list of districts.
		if ds := d["districts"].([]any); len(ds) != 3 || ds[0] != "Bhaktapur" || ds[1] != "Kathmandu" || ds[2] != "Lalitpur" {
			t.Fatalf("districts: %v", ds)
		}
		// A field left out keeps its value; null sets no rules.
		want(t, seller.post("/api/seller/settings", map[string]any{"delivery": map[string]any{"fee": 50}}), 200)
		if d := anon.delivery(); d["fee"] != 50.0 || d["freeFrom"] != 1180.0 || len(d["districts"].([]any)) != 3 {
			t.Fatalf("after changing the fee: %v", d)
		}
		want(t, seller.post("/api/seller/settings", map[string]any{}), 200)
		if anon.delivery()["fee"] != 50.0 {
			t.Fatal("an empty change changed the rules")
		}
		want(t, seller.post("/api/seller/settings", map[string]any{"delivery": nil}), 200)
		if anon.delivery() != nil {
			t.Fatal("delivery: null left rules in place")
		}
	})
}

func TestDeliveryRulesInOrders(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		a := s.shopper("")
		pokhara, kathmandu, patan := a.addAddress(), a.addAddressIn("Kathmandu", "Bagmati"), a.addAddressIn("Patan", "lalitpur")
		// Addresses from the Nepal form: inside or outside by their district, whatever their city.
		addNepali := func(change map[string]any) string {
			r := a.post("/api/address/add", map[string]any{"address": nepaliAddress(change)})
			want(t, r, 200)
			return r.body["address"].(map[string]any)["_id"].(string)
		}
		lalitpurDistrict := addNepali(nil)
		nuwakot := addNepali(map[string]any{"district": "Nuwakot", "city": "Kathmandu"})

		// Without rules: delivery is free everywhere and the amount is subtotal + 2%.
		r := a.post("/api/order/cod", order(s.rice.ID, 1, pokhara))
		want(t, r, 200)
		if o := a.orders()[0].(map[string]any); o["amount"] != 300.9 || o["deliveryFee"] != 0.0 {
			t.Fatalf("without rules: amount %v, fee %v", o["amount"], o["deliveryFee"])
		}

		want(t, s.seller().post("/api/seller/settings", valleyRules), 200)
		for name, tc := range map[string]struct {
			body any
			msg  string
		}{
			"below the minimum": {order(s.rice.ID, 1, kathmandu), "Minimum order is Rs. 500"},
			"outside the area":  {order(s.rice.ID, 2, pokhara), "We deliver only to Bhaktapur, Kathmandu and Lalitpur. Please choose an address there"},
			"district outside":  {order(s.rice.ID, 2, nuwakot), "We deliver only to Bhaktapur, Kathmandu and Lalitpur. Please choose an address there"},
		} {
			t.Run(name, func(t *testing.T) {
				want(t, a.post("/api/order/cod", tc.body), 400, tc.msg)
				want(t, a.post("/api/order/stripe", tc.body), 400, tc.msg)
				if n := len(a.orders()); n != 1 {
					t.Fatalf("%d orders after a refused one, want 1", n)
				}
			})
		}

		for _, tc := range []struct {
			quantity    int
			address     string
			amount, fee float64
		}{
			{2, kathmandu, 590 + 11.8 + 75, 75},        // below the threshold: the fee is in the amount
			{3, patan, 885 + 17.7 + 75, 75},            // a district named by the city or state, any case
			{3, lalitpurDistrict, 885 + 17.7 + 75, 75}, // a district of the area
			{4, kathmandu, 1180 + 23.6, 0},             // at the threshold delivery is free
		} {
			want(t, a.post("/api/order/cod", order(s.rice.ID, tc.quantity, tc.address)), 200)
			o := a.orders()[0].(map[string]any)
			if o["amount"] != tc.amount || o["deliveryFee"] != tc.fee {
				t.Errorf("%d rice: amount %v fee %v, want %v and %v", tc.quantity, o["amount"], o["deliveryFee"], tc.amount, tc.fee)
			}
		}

		// An order keeps what it was charged when the rules change.
		want(t, s.seller().post("/api/seller/settings", map[string]any{"delivery": nil}), 200)
		if o := a.orders()[3].(map[string]any); o["amount"] != 590+11.8+75 || o["deliveryFee"] != 75.0 {
			t.Fatalf("an old order changed with the rules: %v %v", o["amount"], o["deliveryFee"])
		}
	}, withCurrency(haat.NPR), withSandbox)
}

func TestMinimumOrderInDollars(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		want(t, s.seller().post("/api/seller/settings", map[string]any{"delivery": map[string]any{"districts": []string{"Kaski"}, "minimumOrder": 300.5}}), 200)
		a := s.shopper("")
		want(t, a.post("/api/order/cod", order(s.rice.ID, 1, a.addAddress())), 400, "Minimum order is $300.50")
	})
}
