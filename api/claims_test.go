package api_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"haat"
	"haat/locale"
)

// claim sends a claim of the order as c: lines, a note and photos.
func (c *client) claim(id string, lines []map[string]any, note string, photos ...upload) response {
	c.s.t.Helper()
	b, _ := json.Marshal(lines)
	body, ct := multipartFiles(map[string]string{"id": id, "lines": string(b), "note": note}, "photos", photos...)
	return c.do("POST", "/api/order/claim", body, ct)
}

// TestClaims: a shopper claims lines of a delivered order within the policy's hours, with photos
// checked by content, and gets a reference and the day it will be decided by; out of time, more
// than delivered, already claimed, another's order or bad input are refused and store nothing; the
// owner sees open claims oldest first with the days left, and decides each once: a refund, store
// credit or a rejection with its reason, which the shopper sees.
func TestClaims(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		seller := s.seller()
		shopper, id, _ := s.deliveredOrder(seller) // 2 × rice, cash
		want(t, seller.post("/api/order/paid", map[string]string{"id": id}), 200)
		rice := s.rice.ID
		torn := []map[string]any{{"product": rice, "quantity": 1, "reason": "damaged"}}
		photo := upload{"torn.png", pngFile(t)}
		uploads := func() int {
			n := 0
			filepath.WalkDir(s.uploads, func(_ string, d os.DirEntry, _ error) error {
				if d != nil && !d.IsDir() {
					n++
				}
				return nil
			})
			return n
		}
		stored := uploads()

		// Refused, and nothing stored.
		for name, tc := range map[string]struct {
			c      *client
			id     string
			lines  []map[string]any
			photos []upload
			status int
			msg    string
		}{
			"no lines":      {shopper, id, nil, nil, 400, "Choose the items that were not right"},
			"bad reason":    {shopper, id, []map[string]any{{"product": rice, "quantity": 1, "reason": "meh"}}, nil, 400, "Say what was wrong: missing, damaged, wrong item, poor quality, or a return"},
			"too many":      {shopper, id, []map[string]any{{"product": rice, "quantity": 3, "reason": "missing"}}, nil, 400, "Jumla Red Rice: at most 2 can be claimed"},
			"not in it":     {shopper, id, []map[string]any{{"product": s.dal.ID, "quantity": 1, "reason": "missing"}}, nil, 400, "This order has no such line"},
			"four photos":   {shopper, id, torn, []upload{photo, photo, photo, photo}, 400, "Send at most 3 photos"},
			"not an image":  {shopper, id, torn, []upload{{"torn.png", []byte("not a picture at all")}}, 400, ""},
			"another's":     {s.shopper(""), id, torn, nil, 404, "Order not found"},
			"not delivered": {shopper, "", torn, nil, 400, "Order id is required"},
		} {
			t.Run(name, func(t *testing.T) {
				r := tc.c.claim(tc.id, tc.lines, "", tc.photos...)
				if tc.msg == "" {
					want(t, r, tc.status)
				} else {
					want(t, r, tc.status, tc.msg)
				}
			})
		}
		if n := uploads(); n != stored {
			t.Fatalf("refused claims stored %d files", n-stored)
		}
		mine := shopper.get("/api/order/claims")
		if claims := mine.body["claims"].([]any); len(claims) != 0 {
			t.Fatalf("claims after refusals = %v", claims)
		}
		claimable := func() string {
			t.Helper()
			lines, _ := shopper.get("/api/order/claims").body["claimable"].(map[string]any)[id].([]any)
			var out []string
			for _, l := range lines {
				l := l.(map[string]any)
				out = append(out, fmt.Sprint(l["name"], " ", l["quantity"], " ", l["reasons"]))
			}
			return strings.Join(out, "; ")
		}
		if got := claimable(); got != "Jumla Red Rice 2 [missing damaged wrong quality return]" {
			t.Fatalf("claimable at first = %q", got)
		}

		// One bag torn, with a photo: a reference, decided within 15 days.
		r := shopper.claim(id, torn, "The bag was split open", photo)
		want(t, r, 200)
		c := r.body["claim"].(map[string]any)
		ref := c["reference"].(string)
		decide, _ := time.Parse(time.RFC3339, c["decideBy"].(string))
		if !strings.HasPrefix(ref, "C-") || !strings.HasSuffix(ref, "-1") || c["state"] != "open" || len(c["photos"].([]any)) != 1 ||
			c["note"] != "The bag was split open" || decide.Sub(s.clock.now()) < 15*24*time.Hour-time.Minute {
			t.Fatalf("claim = %v", c)
		}
		if msg := r.body["message"].(string); msg != "Claim "+ref+" recorded: we will decide it by "+locale.Say(haat.English, "%s", locale.Day(decide)) {
			t.Fatalf("message %q", msg)
		}
		if n := uploads(); n <= stored {
			t.Fatal("the claim's photo was not stored")
		}
		// The same bag again is refused; the other one may still be claimed.
		want(t, shopper.claim(id, []map[string]any{{"product": rice, "quantity": 2, "reason": "missing"}}, ""), 400, "Jumla Red Rice: at most 1 can be claimed")

		if got := claimable(); got != "Jumla Red Rice 1 [missing damaged wrong quality return]" {
			t.Fatalf("claimable after a claim = %q", got)
		}

		// Past the 24 hours, only a return (rice is not perishable) within 7 days.
		s.clock.advance(25 * time.Hour)
		if got := claimable(); got != "Jumla Red Rice 1 [return]" {
			t.Fatalf("claimable after 25 hours = %q", got)
		}
		want(t, shopper.claim(id, []map[string]any{{"product": rice, "quantity": 1, "reason": "quality"}}, ""), 409, "Items that were not right are reported within 24 hours of delivery")
		r = shopper.claim(id, []map[string]any{{"product": rice, "quantity": 1, "reason": "return"}}, "Bought twice")
		want(t, r, 200)
		ret := r.body["claim"].(map[string]any)
		want(t, shopper.claim(id, []map[string]any{{"product": rice, "quantity": 1, "reason": "return"}}, ""), 409, "Jumla Red Rice has been claimed already")

		// The desk: owner only, open claims oldest first with days left.
		want(t, s.staff("packer").get("/api/seller/claims"), 403)
		want(t, shopper.get("/api/seller/claims"), 403)
		desk := seller.get("/api/seller/claims")
		want(t, desk, 200)
		open := desk.body["claims"].([]any)
		if len(open) != 2 || open[0].(map[string]any)["reference"] != ref || open[0].(map[string]any)["daysLeft"] != 14.0 ||
			open[0].(map[string]any)["shopper"] == "" {
			t.Fatalf("desk = %v", open)
		}

		// Decisions: bad ones refused; a rejection needs its reason; each claim is decided once.
		want(t, seller.post("/api/seller/claim/resolve", map[string]any{"id": c["_id"], "resolution": "reject"}), 400, "Write why the claim is rejected: the shopper is told")
		want(t, seller.post("/api/seller/claim/resolve", map[string]any{"id": c["_id"], "resolution": "shrug"}), 400, "Resolve a claim with a refund, store credit, a replacement, or a rejection")
		want(t, seller.post("/api/seller/claim/resolve", map[string]any{"id": "nope", "resolution": "refund"}), 404, "Claim not found")
		want(t, shopper.post("/api/seller/claim/resolve", map[string]any{"id": c["_id"], "resolution": "refund"}), 403)
		want(t, seller.post("/api/seller/claim/resolve", map[string]any{"id": c["_id"], "resolution": "refund",
			"lines": []map[string]any{{"product": rice, "quantity": 2}}}), 400, "Refund only what the claim is of")

		var wg sync.WaitGroup
		codes := make([]int, 2)
		for i := range codes {
			wg.Add(1)
			go func() {
				defer wg.Done()
				codes[i] = seller.post("/api/seller/claim/resolve", map[string]any{"id": c["_id"], "resolution": "refund", "reason": "Sorry"}).status
			}()
		}
		wg.Wait()
		if (codes[0] == 200) == (codes[1] == 200) {
			t.Fatalf("two decisions of one claim at once answered %v", codes)
		}
		refunds := s.sellerOrder(id)["refunds"].([]any)
		if len(refunds) != 1 || refunds[0].(map[string]any)["amount"] != 300.9 || !strings.HasPrefix(refunds[0].(map[string]any)["reason"].(string), ref+": Sorry") {
			t.Fatalf("refunds after the claim = %v", refunds)
		}
		r = seller.post("/api/seller/claim/resolve", map[string]any{"id": ret["_id"], "resolution": "reject", "reason": "Opened and used"})
		want(t, r, 200, "Claim "+ret["reference"].(string)+" decided")

		// The shopper sees both decisions; the rejected return's unit may be claimed again.
		if got := claimable(); got != "Jumla Red Rice 1 [return]" {
			t.Fatalf("claimable after a rejection = %q", got)
		}
		claims := shopper.get("/api/order/claims").body["claims"].([]any)
		if len(claims) != 2 {
			t.Fatalf("shopper's claims = %v", claims)
		}
		rejected, refunded := claims[0].(map[string]any), claims[1].(map[string]any)
		if rejected["resolution"] != "reject" || rejected["decision"] != "Opened and used" || rejected["state"] != "resolved" {
			t.Fatalf("rejected claim = %v", rejected)
		}
		if refunded["resolution"] != "refund" || refunded["refund"].(map[string]any)["amount"] != 300.9 || refunded["refund"].(map[string]any)["state"] != "due" {
			t.Fatalf("refunded claim = %v", refunded)
		}
		// A replacement: a new order at no charge, paid, linked to the order, its units taken.
		r = shopper.claim(id, []map[string]any{{"product": rice, "quantity": 1, "reason": "return"}}, "")
		want(t, r, 200)
		again := r.body["claim"].(map[string]any)
		r = seller.post("/api/seller/claim/resolve", map[string]any{"id": again["_id"], "resolution": "resend"})
		want(t, r, 200)
		number := r.body["claim"].(map[string]any)["replacement"].(float64)
		var sent map[string]any
		for _, o := range shopper.orders() {
			if o := o.(map[string]any); o["number"] == number {
				sent = o
			}
		}
		if sent == nil || sent["amount"] != 0.0 || sent["isPaid"] != true || sent["status"] != "Order Placed" || sent["replaces"] != id ||
			len(sent["items"].([]any)) != 1 || sent["items"].([]any)[0].(map[string]any)["quantity"] != 1.0 {
			t.Fatalf("replacement order = %v", sent)
		}
		// The store packs it like any order: it waits among the seller's orders, marked a replacement.
		if so := s.sellerOrder(sent["_id"].(string)); so["status"] != "Order Placed" || so["replaces"] != id || so["amount"] != 0.0 {
			t.Fatalf("the seller's replacement order = %v", so)
		}

		// A rejected claim's units may be claimed again while in time; decided ones are not open at the desk.
		if open := seller.get("/api/seller/claims").body["claims"].([]any); open[0].(map[string]any)["state"] != "resolved" {
			t.Fatalf("desk after decisions = %v", open)
		}
	})
}
