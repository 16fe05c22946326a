package api_test

import (
	"fmt"
	"strings"
	"testing"

	"haat"
	"haat/notify"
	"haat/sms"
)

// TestNotificationChoices: a shopper turns each kind of message on or off; the session answer
// carries the choices.
func TestNotificationChoices(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.shopper("")
		choices := func() map[string]any {
			t.Helper()
			return c.get("/api/user/session").body["user"].(map[string]any)["notifications"].(map[string]any)
		}
		if n := choices(); n["orders"] != true || n["backInStock"] != true || n["newsletter"] != false {
			t.Fatalf("a new account's choices: %v", n)
		}
		r := c.post("/api/user/notifications", map[string]any{"backInStock": false, "newsletter": true})
		want(t, r, 200, "Choices saved")
		if n := r.body["notifications"].(map[string]any); n["orders"] != true || n["backInStock"] != false || n["newsletter"] != true {
			t.Fatalf("answer: %v", n)
		}
		if n := choices(); n["orders"] != true || n["backInStock"] != false || n["newsletter"] != true {
			t.Fatalf("after the change: %v", n)
		}
		want(t, c.post("/api/user/notifications", map[string]any{}), 400, "Choose which messages you want")
		want(t, c.post("/api/user/notifications", map[string]any{"orders": "yes"}), 400)
		want(t, s.client().post("/api/user/notifications", map[string]any{"orders": false}), 401)
		want(t, c.post("/api/user/notifications", map[string]any{"orders": false}, nepali...), 200, "छनोट सेभ भयो")
		want(t, c.post("/api/user/notifications", map[string]any{}, nepali...), 400, "कुन सन्देशहरू चाहनुहुन्छ, छान्नुहोस्")
	})
}

// TestTextsInNepali: a shopper who signs in by phone and reads the store in Nepali is texted
// their order's steps, and a product back in stock, in Nepali; one who turned order news off is
// not texted about orders.
func TestTextsInNepali(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		stand := &smsStandIn{}
		sender := &sms.Sparrow{Token: "tok", From: "Haat", URL: stand.start(t)}
		want(t, s.seller().post("/api/seller/settings", map[string]any{"store": map[string]any{"name": "Patan Fresh"}}), 200)
		apple := s.counted("Mustang Apple", 0)

		nepali := s.phoneShopper("9812345678")
		want(t, nepali.post("/api/user/language", map[string]any{"language": "ne"}), 200)
		want(t, nepali.post("/api/product/notify", map[string]any{"id": apple.ID}), 200)
		want(t, nepali.post("/api/order/cod", order(s.rice.ID, 1, nepali.addAddress())), 200)
		quiet := s.phoneShopper("9800000001")
		want(t, quiet.post("/api/user/notifications", map[string]any{"orders": false}), 200)
		want(t, quiet.post("/api/order/cod", order(s.rice.ID, 1, quiet.addAddress())), 200)
		number := int64(nepali.orders()[0].(map[string]any)["number"].(float64))

		if err := notify.SendTexts(ctx, s.db, sender); err != nil {
			t.Fatal(err)
		}
		want(t, s.seller().updateProduct(map[string]string{"id": apple.ID, "stock": "4"}), 200)
		if err := notify.QueueBackInStock(ctx, s.db); err != nil {
			t.Fatal(err)
		}
		if err := notify.SendSMS(ctx, s.db, sender); err != nil {
			t.Fatal(err)
		}
		if err := notify.SendSMS(ctx, s.db, sender); err != nil { // nothing is sent twice
			t.Fatal(err)
		}
		wantTexts := []string{
			fmt.Sprintf("9812345678: Patan Fresh: तपाईंको अर्डर %s राखियो। यो बाटोमा निस्कँदा हामी तपाईंलाई SMS गर्नेछौं।",
				haat.LocalDigits(fmt.Sprintf("#%d", number), haat.Nepali)),
			"9812345678: Patan Fresh: Mustang Apple फेरि उपलब्ध छ।",
		}
		if got := stand.texts(); strings.Join(got, "\n") != strings.Join(wantTexts, "\n") {
			t.Fatalf("texts:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(wantTexts, "\n"))
		}
	})
}
