package api_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"haat"
	"haat/locale"
)

// refundPart asks the seller's refund of part of an order.
func refundPart(c *client, id string, lines []map[string]any, amount float64, reason, way string) response {
	c.s.t.Helper()
	body := map[string]any{"id": id, "reason": reason, "way": way}
	if lines != nil {
		body["lines"] = lines
	}
	if amount != 0 {
		body["amount"] = amount
	}
	return c.post("/api/seller/order/refund", body)
}

// TestRefundPart: the owner gives back lines or an amount of a paid order, the way it was paid; a
// refund is due within the policy's refund days until marked made; an order with a tax invoice gets a credit note per
// refund, numbered in its own series, with the VAT given back; nothing beyond what was delivered
// and not yet given back can be refunded, even by two refunds at once.
func TestRefundPart(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		seller := s.seller()
		want(t, seller.post("/api/seller/settings", map[string]any{"taxRule": "vat"}), 200)
		want(t, seller.post("/api/seller/settings", invoiceDetails), 200)
		shopper, id, number := s.deliveredOrder(seller) // 2 × rice at 295, VAT included
		rice := s.rice.ID
		one := []map[string]any{{"product": rice, "quantity": 1}}

		// A cash order not yet paid owes nothing back.
		want(t, refundPart(seller, id, one, 0, "Torn bag", "payment"), 409, "Only an order that has been paid can be refunded")
		want(t, seller.post("/api/order/paid", map[string]string{"id": id}), 200)

		// Bad requests change nothing.
		for name, tc := range map[string]struct {
			lines  []map[string]any
			amount float64
			reason string
			way    string
			status int
			msg    string
		}{
			"no reason":       {one, 0, " ", "payment", 400, "Write why the refund is given"},
			"no way":          {one, 0, "Torn bag", "cheque", 400, "Choose how the refund is given: back the way it was paid, or as store credit"},
			"nothing":         {nil, 0, "Torn bag", "payment", 400, "Choose the lines to refund, or an amount"},
			"negative":        {nil, -5, "Torn bag", "payment", 400, "A refund's amount cannot be negative"},
			"zero units":      {[]map[string]any{{"product": rice, "quantity": 0}}, 0, "Torn bag", "payment", 400, "Refund at least one of a line, and at most 100"},
			"too many":        {[]map[string]any{{"product": rice, "quantity": 3}}, 0, "Torn bag", "payment", 400, "Jumla Red Rice: only 2 can be refunded"},
			"twice":           {[]map[string]any{{"product": rice, "quantity": 1}, {"product": rice, "quantity": 1}}, 0, "Torn bag", "payment", 400, "Name each line once"},
			"not in it":       {[]map[string]any{{"product": s.dal.ID, "quantity": 1}}, 0, "Torn bag", "payment", 400, "This order has no such line"},
			"more than left":  {nil, 590.01, "Goodwill", "payment", 400, "That is more than is left of the order to refund: at most $590"},
			"reason too long": {one, 0, strings.Repeat("a", 301), "payment", 400, "The reason must be at most 300 characters"},
		} {
			t.Run(name, func(t *testing.T) {
				want(t, refundPart(seller, id, tc.lines, tc.amount, tc.reason, tc.way), tc.status, tc.msg)
			})
		}
		if so := s.sellerOrder(id); len(so["refunds"].([]any)) != 0 {
			t.Fatalf("refused refunds left %v", so["refunds"])
		}
		// Only the owner refunds: not a packer, not the shopper; not another store's order.
		want(t, refundPart(s.staff("packer"), id, one, 0, "Torn bag", "payment"), 403)
		want(t, refundPart(shopper, id, one, 0, "Torn bag", "payment"), 403)
		want(t, refundPart(seller, "nope", one, 0, "Torn bag", "payment"), 404, "Order not found")

		// One bag of rice back: due by hand (cash), within the policy's 5 days, with a credit note of
		// the VAT in it.
		before := time.Now()
		r := refundPart(seller, id, one, 0, "Torn bag", "payment")
		want(t, r, 200)
		refund := r.body["refund"].(map[string]any)
		if refund["amount"] != 295.0 || refund["state"] != "due" || refund["way"] != "payment" || refund["reason"] != "Torn bag" ||
			refund["creditNote"] == nil || refund["by"].(map[string]any)["role"] != "owner" {
			t.Fatalf("refund = %v", refund)
		}
		due, _ := time.Parse(time.RFC3339, refund["dueBy"].(string))
		if d := due.Sub(before); d < 5*24*time.Hour-time.Minute || d > 5*24*time.Hour+time.Minute {
			t.Fatalf("due by %v, %v after it was agreed", due, d)
		}
		if msg := r.body["message"].(string); msg != fmt.Sprintf("Refund of $295 recorded: make it by %s", locale.Day(due)) {
			t.Fatalf("message %q", msg)
		}
		so := r.body["order"].(map[string]any)
		if so["canMarkRefunded"] != true || so["canRefund"] != false || so["refund"] != "due" || so["amount"] != 590.0 {
			t.Fatalf("order after the refund = %v (its bill stays as issued)", so)
		}

		inv := seller.sellerInvoice(number)
		notes := inv["creditNotes"].([]any)
		if len(notes) != 1 {
			t.Fatalf("credit notes = %v", notes)
		}
		note := notes[0].(map[string]any)
		totals := note["totals"].(map[string]any)
		// 590 → 295 VAT-inclusive: VAT 67.88 → 33.94, so 33.94 of VAT and 261.06 without it go back.
		if note["code"] != refund["creditNote"] || note["invoice"] != inv["code"] || note["reason"] != "Torn bag" ||
			totals["total"] != 295.0 || totals["tax"] != 33.94 || totals["taxableExVat"] != 261.06 || totals["exempt"] != 0.0 {
			t.Fatalf("credit note = %v", note)
		}
		if lines := note["lines"].([]any); len(lines) != 1 || lines[0].(map[string]any)["quantity"] != 1.0 || lines[0].(map[string]any)["amount"] != 295.0 {
			t.Fatalf("credit note lines = %v", lines)
		}
		if inv["totals"].(map[string]any)["total"] != 590.0 {
			t.Fatalf("the invoice changed: %v", inv["totals"])
		}
		// The shopper's invoice lists it too.
		mine := shopper.get("/api/order/invoice?id=" + id)
		want(t, mine, 200)
		if n := mine.body["invoice"].(map[string]any)["creditNotes"].([]any); len(n) != 1 {
			t.Fatalf("shopper's credit notes = %v", n)
		}

		// Marked made by hand.
		want(t, seller.post("/api/order/refunded", map[string]string{"id": id}), 200, "Marked Refunded")
		made := s.sellerOrder(id)["refunds"].([]any)[0].(map[string]any)
		if made["state"] != "refunded" || made["madeAt"] == nil {
			t.Fatalf("refund made = %v", made)
		}

		// The last bag, asked twice at once: one refund, the other refused; the second credit
		// note takes the next number.
		var wg sync.WaitGroup
		codes := make([]int, 2)
		for i := range codes {
			wg.Add(1)
			go func() {
				defer wg.Done()
				codes[i] = refundPart(seller, id, one, 0, "Wet rice", "payment").status
			}()
		}
		wg.Wait()
		if !(codes[0] == 200) != (codes[1] == 200) {
			t.Fatalf("two refunds of the last bag at once answered %v", codes)
		}
		refunds := s.sellerOrder(id)["refunds"].([]any)
		if len(refunds) != 2 {
			t.Fatalf("refunds = %v", refunds)
		}
		if c1, c2 := refunds[0].(map[string]any)["creditNote"].(string), refunds[1].(map[string]any)["creditNote"].(string); c2 == c1 || c2[len(c2)-2:] != "-2" {
			t.Fatalf("credit notes %s then %s", c1, c2)
		}
		want(t, refundPart(seller, id, nil, 0.01, "Goodwill", "payment"), 400, "That is more than is left of the order to refund: at most $0")

		// The records: both refunds and both credit notes of today, in a file for a spreadsheet.
		today := time.Now().In(haat.StoreZone).Format(haat.DayLayout)
		csv := seller.get("/api/seller/records.csv?kind=refunds&from=" + today + "&to=" + today)
		want(t, csv, 200)
		if lines := strings.Split(strings.TrimSpace(string(csv.raw)), "\n"); len(lines) != 3 || !strings.HasPrefix(lines[0], "\ufeffAgreed at,Order,Amount") ||
			!strings.Contains(lines[1], "Torn bag") || !strings.Contains(lines[1], "refunded") {
			t.Fatalf("refunds file:\n%s", csv.raw)
		}
		csv = seller.get("/api/seller/records.csv?kind=credit-notes&from=" + today + "&to=" + today)
		if lines := strings.Split(strings.TrimSpace(string(csv.raw)), "\n"); len(lines) != 3 || !strings.Contains(lines[1], ",295.00") || !strings.Contains(lines[1], ",33.94,") {
			t.Fatalf("credit notes file:\n%s", csv.raw)
		}
		want(t, seller.get("/api/seller/records.csv?kind=invoices&from="+today+"&to="+today), 400, "Export claims, refunds or credit-notes")
		want(t, seller.get("/api/seller/records.csv?kind=refunds&from="+today+"&to=2020-01-01"), 400, "The range ends before it begins")
		want(t, s.staff("packer").get("/api/seller/records.csv?kind=refunds&from="+today+"&to="+today), 403)

		// An order of the flat rule without an invoice: an amount back, no credit note.
		want(t, seller.post("/api/seller/settings", map[string]any{"invoice": nil, "taxRule": "flat"}), 200)
		shopper2, id2, _ := s.deliveredOrder(seller)
		want(t, seller.post("/api/order/paid", map[string]string{"id": id2}), 200)
		r = refundPart(seller, id2, nil, 50, "Late by a day", "payment")
		want(t, r, 200)
		if refund := r.body["refund"].(map[string]any); refund["amount"] != 51.0 || refund["creditNote"] != nil || refund["lines"] != nil {
			t.Fatalf("an amount refunded of a flat-rule order = %v (50 of goods and their 2%% tax)", refund)
		}

		// As store credit: made at once, and on the shopper's ledger with its reason and order.
		r = refundPart(seller, id2, []map[string]any{{"product": rice, "quantity": 1}}, 0, "Bag torn", "credit")
		want(t, r, 200, "Refunded")
		if refund := r.body["refund"].(map[string]any); refund["amount"] != 300.9 || refund["state"] != "refunded" || refund["way"] != "credit" {
			t.Fatalf("refund as credit = %v", refund)
		}
		credit := shopper2.get("/api/user/credit")
		want(t, credit, 200)
		entries := credit.body["entries"].([]any)
		if credit.body["balance"] != 300.9 || len(entries) != 1 || entries[0].(map[string]any)["reason"] != "refund" || entries[0].(map[string]any)["orderId"] != id2 {
			t.Fatalf("credit after a refund as credit = %v", credit.body)
		}
		// What is left goes back only as far as money paid: 590 + tax less 51 and 300.9.
		want(t, refundPart(seller, id2, nil, 300, "Goodwill", "payment"), 400)
	})
}
