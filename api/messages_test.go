package api_test

import (
	"slices"
	"testing"

	"haat"
)

// nepali asks for the answer's message in Nepali.
var nepali = []string{"Accept-Language", "ne"}

// TestMessagesInNepali asks real endpoints in Nepali and in English: a client that asks for
// Nepali reads the store's messages in Nepali (numbers in Devanagari digits, amounts in rupees the
// Nepali way, districts by their Nepali names, product names as given); every other client reads
// the English messages unchanged.
func TestMessagesInNepali(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.client()
		login := map[string]string{"email": "nobody@haat.example", "password": "not the password"}
		r := c.post("/api/user/login", login, nepali...)
		want(t, r, 401, "इमेल वा पासवर्ड मिलेन")
		if !slices.Contains(r.header.Values("Vary"), "Accept-Language") {
			t.Errorf("a message chosen by language answers Vary %q", r.header.Values("Vary"))
		}
		want(t, c.post("/api/user/login", login), 401, "Invalid email or password")
		for header, message := range map[string]string{
			"ne-NP":                   "इमेल वा पासवर्ड मिलेन",
			"ne-NP, en;q=0.8":         "इमेल वा पासवर्ड मिलेन",
			"en;q=0.5, ne":            "इमेल वा पासवर्ड मिलेन",
			"en-US,en;q=0.9,ne;q=0.8": "Invalid email or password",
			"en":                      "Invalid email or password",
			"ne;q=0":                  "Invalid email or password",
			"fr":                      "Invalid email or password",
			"*, ne;q=0.5":             "Invalid email or password",
		} {
			want(t, c.post("/api/user/login", login, "Accept-Language", header), 401, message)
		}

		// A shopper's order: the minimum, the delivery area, the stock, and the order placed.
		seller := s.seller()
		want(t, seller.post("/api/seller/settings", valleyRules, nepali...), 200, "सेटिङ सुरक्षित भयो")
		a := s.shopper("")
		pokhara, kathmandu := a.addAddress(), a.addAddressIn("Kathmandu", "Bagmati")
		below := order(s.rice.ID, 1, kathmandu)
		want(t, a.post("/api/order/cod", below, nepali...), 400, "न्यूनतम अर्डर रु ५०० हो")
		want(t, a.post("/api/order/cod", below), 400, "Minimum order is Rs. 500")
		outside := order(s.rice.ID, 2, pokhara)
		want(t, a.post("/api/order/cod", outside, nepali...), 400,
			"हामी भक्तपुर, काठमाडौं र ललितपुर मा मात्र डेलिभरी गर्छौं। कृपया त्यहाँको ठेगाना छान्नुहोस्")
		want(t, a.post("/api/order/cod", outside), 400,
			"We deliver only to Bhaktapur, Kathmandu and Lalitpur. Please choose an address there")
		apple := s.counted("Mustang Apple", 13)
		tooMany := order(apple.ID, 14, kathmandu)
		want(t, a.post("/api/order/cod", tooMany, nepali...), 409, "१३ वटा मात्र बाँकी छ: Mustang Apple")
		want(t, a.post("/api/order/cod", tooMany), 409, "Only 13 left of Mustang Apple")
		want(t, a.post("/api/order/cod", order(apple.ID, 13, kathmandu), nepali...), 200, "अर्डर सफलतापूर्वक भयो")

		// The seller's messages: a status change names the status in Nepali.
		id := s.sellerOrders()[0].(map[string]any)["_id"].(string)
		want(t, seller.post("/api/order/status", map[string]any{"id": id, "status": "Packed"}, nepali...), 200,
			"अर्डरको अवस्था: प्याक गरिएको")
		want(t, seller.post("/api/order/status", map[string]any{"id": id, "status": "Packed"}, nepali...), 409,
			"अर्डर पहिले नै प्याक गरिएको अवस्थामा छ")
		want(t, seller.post("/api/order/status", map[string]any{"id": id, "status": "Packed"}), 409,
			"The order is already Packed")
	}, withCurrency(haat.NPR))
}
