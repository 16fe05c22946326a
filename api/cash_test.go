package api_test

import (
	"fmt"
	"math"
	"testing"
	"time"
)

// paisa is an amount of a JSON answer in minor units.
func paisa(v any) int64 { return int64(math.Round(v.(float64) * 100)) }

// sheetOf returns the cash sheet of the rider with id among the answer's sheets.
func sheetOf(t *testing.T, r response, id string) map[string]any {
	t.Helper()
	for _, s := range r.body["sheets"].([]any) {
		if s := s.(map[string]any); s["rider"].(map[string]any)["_id"] == id {
			return s
		}
	}
	t.Fatalf("no sheet of %s: %s", id, r.raw)
	return nil
}

// TestCashSheets: two riders deliver cash orders over two days; the owner records what they hand
// in (an amount in Nepali digits; a correction negative, with a note). Each day's sheet lists each
// rider's cash by order, what they handed in and the difference, and carries a shortfall from the
// day before. Only the owner sees the sheets or records a handover.
func TestCashSheets(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		owner, packer := s.seller(), s.staff("packer")
		addRider := func(name, email string) (*client, string) {
			t.Helper()
			want(t, owner.post("/api/seller/staff", map[string]string{"name": name, "email": email, "role": "rider", "password": sellerPassword}), 200)
			c := s.client()
			want(t, c.post("/api/seller/login", map[string]string{"email": email, "password": sellerPassword}), 200)
			return c, riderOf(t, c)
		}
		bikash, bikashID := addRider("Bikash Rai", "bikash@example.com")
		asha, ashaID := addRider("Asha Tamang", "asha@example.com")
		c := s.phoneShopper("9812345678")
		address := c.addAddress()
		delivered := func(rider *client, riderID string) (string, int64) {
			t.Helper()
			want(t, c.post("/api/order/cod", order(s.rice.ID, 1, address)), 200)
			o := c.orders()[0].(map[string]any)
			id := o["_id"].(string)
			want(t, packer.post("/api/order/status", map[string]string{"id": id, "status": "Packed"}), 200)
			want(t, packer.post("/api/order/assign", map[string]string{"id": id, "rider": riderID}), 200)
			want(t, rider.post("/api/rider/start", map[string]string{"id": id}), 200)
			deliver(t, rider, c, id)
			return id, paisa(o["amount"])
		}
		handIn := func(riderID, amount, note string) response {
			t.Helper()
			return owner.post("/api/seller/cash/handover", map[string]string{"rider": riderID, "amount": amount, "note": note})
		}

		// Yesterday: Bikash delivers one order and hands in Rs. 200 of it.
		noon := s.atNoon()
		s.clock.advance(-24 * time.Hour)
		_, first := delivered(bikash, bikashID)
		r := handIn(bikashID, "२००", "")
		want(t, r, 200, "Handover recorded")
		if h := r.body["handover"].(map[string]any); paisa(h["amount"]) != 20000 {
			t.Fatalf("handover: %v", h)
		}
		short := first - 20000

		// Today: Bikash delivers two, Asha one.
		s.clock.advance(24 * time.Hour)
		second, a2 := delivered(bikash, bikashID)
		third, a3 := delivered(bikash, bikashID)
		fourth, a4 := delivered(asha, ashaID)

		r = owner.get("/api/seller/cash")
		want(t, r, 200)
		if r.body["date"] != noon.Format(time.DateOnly) || r.body["today"] != true {
			t.Fatalf("today's sheets: %s", r.raw)
		}
		if names := fmt.Sprint(sheetNames(r)); names != "[Asha Tamang Bikash Rai]" {
			t.Fatalf("riders by name: %s", names)
		}
		b := sheetOf(t, r, bikashID)
		collected := b["collected"].([]any)
		if len(collected) != 2 || collected[0].(map[string]any)["order"] != second || collected[1].(map[string]any)["order"] != third ||
			paisa(collected[0].(map[string]any)["amount"]) != a2 || collected[0].(map[string]any)["number"] == nil {
			t.Fatalf("Bikash's cash: %v", collected)
		}
		if paisa(b["collectedTotal"]) != a2+a3 || paisa(b["carried"]) != short || paisa(b["handedInTotal"]) != 0 ||
			paisa(b["difference"]) != short+a2+a3 || len(b["qr"].([]any)) != 0 || paisa(b["qrTotal"]) != 0 {
			t.Fatalf("Bikash's sheet: %v", b)
		}
		a := sheetOf(t, r, ashaID)
		if paisa(a["collectedTotal"]) != a4 || paisa(a["carried"]) != 0 || paisa(a["difference"]) != a4 ||
			a["collected"].([]any)[0].(map[string]any)["order"] != fourth {
			t.Fatalf("Asha's sheet: %v", a)
		}

		// Bikash hands in all he owes, counted once too much; the owner corrects it with a note.
		owed := short + a2 + a3
		want(t, handIn(bikashID, fmt.Sprintf("%d.%02d", owed/100+10, owed%100), ""), 200)
		want(t, handIn(bikashID, "-10", ""), 400, "Say why in a note: a negative amount corrects an earlier handover")
		want(t, handIn(bikashID, "-10", "Counted a 10 note twice"), 200)
		want(t, handIn(bikashID, "", ""), 400, "Enter the amount handed in")
		want(t, handIn(bikashID, "0", ""), 400, "Enter the amount handed in")
		want(t, handIn(bikashID, "12.345", ""), 400)
		want(t, handIn(riderOf(t, packer), "100", ""), 400, "Only a rider of the store hands in cash")
		want(t, handIn("nope", "100", ""), 400, "Only a rider of the store hands in cash")
		b = sheetOf(t, owner.get("/api/seller/cash"), bikashID)
		handed := b["handedIn"].([]any)
		if len(handed) != 2 || paisa(b["handedInTotal"]) != owed || paisa(b["difference"]) != 0 ||
			handed[1].(map[string]any)["note"] != "Counted a 10 note twice" || paisa(handed[1].(map[string]any)["amount"]) != -1000 {
			t.Fatalf("settled: %v", b)
		}

		// Yesterday's sheet is as it was, its shortfall shown.
		yesterday := noon.AddDate(0, 0, -1).Format(time.DateOnly)
		r = owner.get("/api/seller/cash?date=" + yesterday)
		want(t, r, 200)
		b = sheetOf(t, r, bikashID)
		if r.body["today"] != false || len(b["collected"].([]any)) != 1 || paisa(b["handedInTotal"]) != 20000 || paisa(b["difference"]) != short {
			t.Fatalf("yesterday's sheet: %v", b)
		}
		if a := sheetOf(t, r, ashaID); len(a["collected"].([]any)) != 0 || paisa(a["difference"]) != 0 {
			t.Fatalf("Asha yesterday: %v", a)
		}
		// Tomorrow, Bikash starts settled and Asha carries what she did not hand in.
		r = owner.get("/api/seller/cash?date=" + noon.AddDate(0, 0, 1).Format(time.DateOnly))
		if b, a := sheetOf(t, r, bikashID), sheetOf(t, r, ashaID); paisa(b["carried"]) != 0 || paisa(a["carried"]) != a4 || paisa(a["difference"]) != a4 {
			t.Fatalf("tomorrow: %v / %v", b, a)
		}

		want(t, owner.get("/api/seller/cash?date=23-11-2026"), 400, "A date is written YYYY-MM-DD")
		want(t, packer.get("/api/seller/cash"), 403)
		want(t, bikash.get("/api/seller/cash"), 403)
		want(t, packer.post("/api/seller/cash/handover", map[string]string{"rider": bikashID, "amount": "100"}), 403)
		want(t, bikash.post("/api/seller/cash/handover", map[string]string{"rider": bikashID, "amount": "100"}), 403)
	})
}

// sheetNames are the riders' names of the cash sheets, in the answer's order.
func sheetNames(r response) []string {
	var names []string
	for _, s := range r.body["sheets"].([]any) {
		names = append(names, s.(map[string]any)["rider"].(map[string]any)["name"].(string))
	}
	return names
}
