package api_test

import (
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"haat"
	"haat/bikramsambat"
)

// invoiceDetails are a Kathmandu business's details for its tax invoices.
var invoiceDetails = map[string]any{"invoice": map[string]any{
	"legalName": "Haat Traders Pvt. Ltd.", "address": "Baneshwor-10, Kathmandu", "pan": "६०१२३४५६७"}}

// deliveredOrder has a new shopper order rice and the seller deliver it; it returns the shopper,
// the order's id and its number.
func (s *store) deliveredOrder(seller *client) (*client, string, int64) {
	s.t.Helper()
	c, id := s.placeCashOrder()
	s.walk(seller, id, haat.StatusPacked, haat.StatusOutForDelivery, haat.StatusDelivered)
	return c, id, int64(s.sellerOrder(id)["number"].(float64))
}

// invoice returns the invoice of the seller's order with number, failing on anything but 200.
func (c *client) sellerInvoice(number int64) map[string]any {
	c.s.t.Helper()
	r := c.get(fmt.Sprintf("/api/seller/order/invoice?number=%d", number))
	want(c.s.t, r, 200)
	return r.body["invoice"].(map[string]any)
}

func TestInvoiceDetailsSettings(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		seller := s.seller()
		for name, tc := range map[string]struct {
			details map[string]any
			msg     string
		}{
			"short PAN":     {map[string]any{"legalName": "Haat", "address": "Kathmandu", "pan": "12345"}, "The PAN/VAT number is 9 digits, like 123456789"},
			"letters":       {map[string]any{"legalName": "Haat", "address": "Kathmandu", "pan": "12345678A"}, "The PAN/VAT number is 9 digits, like 123456789"},
			"no name":       {map[string]any{"legalName": " ", "address": "Kathmandu", "pan": "123456789"}, "Enter the business's registered name for the tax invoice"},
			"no address":    {map[string]any{"legalName": "Haat", "pan": "123456789"}, "Enter the business's address for the tax invoice"},
			"long PAN":      {map[string]any{"legalName": "Haat", "address": "Kathmandu", "pan": "1234567890"}, "The PAN/VAT number is 9 digits, like 123456789"},
			"name too long": {map[string]any{"legalName": string(make([]byte, 121)), "address": "Kathmandu", "pan": "123456789"}, ""},
		} {
			t.Run(name, func(t *testing.T) {
				r := seller.post("/api/seller/settings", map[string]any{"invoice": tc.details})
				if tc.msg == "" {
					want(t, r, 400)
				} else {
					want(t, r, 400, tc.msg)
				}
			})
		}
		r := s.client().get("/api/settings")
		want(t, r, 200)
		if inv := r.body["settings"].(map[string]any)["invoice"]; inv != nil {
			t.Fatalf("a new store has invoice details: %v", inv)
		}
		want(t, seller.post("/api/seller/settings", valleyRules), 200)
		r = seller.post("/api/seller/settings", invoiceDetails)
		want(t, r, 200, "Settings saved")
		settings := s.client().get("/api/settings").body["settings"].(map[string]any)
		inv := settings["invoice"].(map[string]any)
		if inv["legalName"] != "Haat Traders Pvt. Ltd." || inv["address"] != "Baneshwor-10, Kathmandu" || inv["pan"] != "601234567" {
			t.Fatalf("stored details: %v", inv)
		}
		if settings["delivery"] == nil {
			t.Fatal("setting invoice details dropped the delivery rules")
		}
		// A field left out keeps its value; null issues no invoices.
		want(t, seller.post("/api/seller/settings", map[string]any{"invoice": map[string]any{"pan": "123456789"}}), 200)
		inv = s.client().get("/api/settings").body["settings"].(map[string]any)["invoice"].(map[string]any)
		if inv["pan"] != "123456789" || inv["legalName"] != "Haat Traders Pvt. Ltd." {
			t.Fatalf("after changing the PAN: %v", inv)
		}
		want(t, seller.post("/api/seller/settings", map[string]any{"invoice": nil}), 200)
		if inv := s.client().get("/api/settings").body["settings"].(map[string]any)["invoice"]; inv != nil {
			t.Fatalf("invoice details after null: %v", inv)
		}
	})
}

// TestTaxInvoice: a delivered order gets the next number of the fiscal year, keeps the seller's
// details as they were, and is shown to the seller and to its own shopper only.
func TestTaxInvoice(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		seller := s.seller()
		// Delivered before the store had details: no invoice, and the page is told why.
		early, earlyID, earlyNumber := s.deliveredOrder(seller)
		want(t, seller.get(fmt.Sprintf("/api/seller/order/invoice?number=%d", earlyNumber)), 404,
			"This order has no tax invoice: it was delivered before the store's invoice details were set")
		want(t, early.get("/api/order/invoice?id="+earlyID), 404,
			"This order has no tax invoice: it was delivered before the store's invoice details were set")

		want(t, seller.post("/api/seller/settings", invoiceDetails), 200)
		// Not delivered yet: no invoice.
		pending, pendingID := s.placeCashOrder()
		want(t, pending.get("/api/order/invoice?id="+pendingID), 404, "A tax invoice is issued when the order is delivered")

		fy, err := haat.FiscalYearOf(time.Now())
		if err != nil {
			t.Fatal(err)
		}
		shopper, id, number := s.deliveredOrder(seller)
		inv := seller.sellerInvoice(number)
		if inv["fiscalYear"] != fy.String() || inv["number"] != 1.0 || inv["code"] != fy.String()+"-1" || inv["orderId"] != id {
			t.Fatalf("first invoice: %v", inv)
		}
		bs, _ := haat.BSOf(time.Now())
		if d := inv["dateBs"].(map[string]any); d["year"] != float64(bs.Year) || d["month"] != float64(bs.Month) || d["day"] != float64(bs.Day) {
			t.Fatalf("invoice date in BS: %v, want %v", d, bs)
		}
		if inv["dateAd"] != time.Now().In(bikramsambat.NepalTime).Format("2006-01-02") {
			t.Fatalf("invoice date in AD: %v", inv["dateAd"])
		}
		if seller := inv["seller"].(map[string]any); seller["pan"] != "601234567" || seller["legalName"] != "Haat Traders Pvt. Ltd." {
			t.Fatalf("invoice seller: %v", seller)
		}
		// Two bags of rice at 295, the spec's 2% on top.
		if tot := inv["totals"].(map[string]any); tot["taxRule"] != "flat" || tot["subtotal"] != 590.0 || tot["deliveryFee"] != 0.0 ||
			tot["tax"] != 11.8 || tot["total"] != 601.8 || tot["taxableExVat"] != 0.0 || tot["exempt"] != 0.0 {
			t.Fatalf("invoice totals: %v", tot)
		}
		// The shopper reads their own invoice, with the order.
		r := shopper.get("/api/order/invoice?id=" + id)
		want(t, r, 200)
		if r.body["invoice"].(map[string]any)["code"] != fy.String()+"-1" || r.body["order"].(map[string]any)["_id"] != id {
			t.Fatalf("shopper's invoice: %v", r.raw)
		}
		// Not another shopper's, nor through the seller's route; not without a session.
		want(t, pending.get("/api/order/invoice?id="+id), 404, "Order not found")
		want(t, shopper.get(fmt.Sprintf("/api/seller/order/invoice?number=%d", number)), 403)
		want(t, s.client().get("/api/order/invoice?id="+id), 401)
		want(t, s.client().get(fmt.Sprintf("/api/seller/order/invoice?number=%d", number)), 401)
		want(t, seller.get("/api/order/invoice?id="+id), 403)
		want(t, seller.get("/api/seller/order/invoice?number=abc"), 400)
		want(t, shopper.get("/api/order/invoice"), 400, "Order id is required")

		// A later change of the details does not rewrite an issued invoice; the next one has them.
		want(t, seller.post("/api/seller/settings", map[string]any{"invoice": map[string]any{"legalName": "Haat Bazaar Pvt. Ltd."}}), 200)
		_, _, second := s.deliveredOrder(seller)
		if inv := seller.sellerInvoice(number); inv["seller"].(map[string]any)["legalName"] != "Haat Traders Pvt. Ltd." {
			t.Fatalf("issued invoice rewritten: %v", inv)
		}
		if inv := seller.sellerInvoice(second); inv["number"] != 2.0 || inv["seller"].(map[string]any)["legalName"] != "Haat Bazaar Pvt. Ltd." {
			t.Fatalf("second invoice: %v", inv)
		}

		// A new fiscal year starts again at 1: move the clock to 1 Shrawan of the next year, in Nepal.
		_, outID := s.placeCashOrder()
		s.walk(seller, outID, haat.StatusPacked, haat.StatusOutForDelivery)
		start, err := bikramsambat.Date{Year: int(fy) + 1, Month: bikramsambat.Shrawan, Day: 1}.AD()
		if err != nil {
			t.Fatal(err)
		}
		midnight := time.Date(start.Year(), start.Month(), start.Day(), 0, 0, 0, 0, bikramsambat.NepalTime)
		s.clock.advance(time.Until(midnight) + time.Minute)
		seller = s.seller()
		s.walk(seller, outID, haat.StatusDelivered)
		next := seller.sellerInvoice(int64(s.sellerOrder(outID)["number"].(float64)))
		if next["fiscalYear"] != (fy+1).String() || next["number"] != 1.0 || next["code"] != (fy+1).String()+"-1" {
			t.Fatalf("first invoice of the next fiscal year: %v", next)
		}
		if d := next["dateBs"].(map[string]any); d["month"] != float64(bikramsambat.Shrawan) || d["day"] != 1.0 {
			t.Fatalf("its date: %v", d)
		}
		_, _, after := s.deliveredOrder(seller)
		if inv := seller.sellerInvoice(after); inv["number"] != 2.0 || inv["fiscalYear"] != (fy+1).String() {
			t.Fatalf("second invoice of the next fiscal year: %v", inv)
		}
	})
}

// TestInvoiceNumbersRace: orders delivered at the same moment get the numbers 1 to n, each once.
func TestInvoiceNumbersRace(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		seller := s.seller()
		want(t, seller.post("/api/seller/settings", invoiceDetails), 200)
		const racers = 10
		ids := make([]string, racers)
		for i := range ids {
			_, ids[i] = s.placeCashOrder()
			s.walk(seller, ids[i], haat.StatusPacked, haat.StatusOutForDelivery)
		}
		statuses := make([]response, racers)
		var wg sync.WaitGroup
		for i := range ids {
			wg.Go(func() {
				statuses[i] = seller.post("/api/order/status", map[string]string{"id": ids[i], "status": string(haat.StatusDelivered)})
			})
		}
		wg.Wait()
		var numbers []int
		for i, r := range statuses {
			want(t, r, 200, "Order Delivered")
			inv := seller.sellerInvoice(int64(s.sellerOrder(ids[i])["number"].(float64)))
			numbers = append(numbers, int(inv["number"].(float64)))
		}
		slices.Sort(numbers)
		for i, n := range numbers {
			if n != i+1 {
				t.Fatalf("invoice numbers %v, want 1 to %d", numbers, racers)
			}
		}
	})
}

// TestTaxInvoiceVAT: under Nepal VAT the invoice splits the total into the taxable value without
// VAT, the VAT and the exempt goods.
func TestTaxInvoiceVAT(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		seller := s.seller()
		want(t, seller.post("/api/seller/settings", invoiceDetails), 200)
		want(t, seller.post("/api/seller/settings", map[string]any{"taxRule": "vat"}), 200)
		_, _, number := s.deliveredOrder(seller)
		tot := seller.sellerInvoice(number)["totals"].(map[string]any)
		if tot["taxRule"] != "vat" || tot["subtotal"] != 590.0 || tot["total"] != 590.0 {
			t.Fatalf("VAT totals: %v", tot)
		}
		vat, taxable, exempt := haat.Money(tot["tax"].(float64)*100+0.5), haat.Money(tot["taxableExVat"].(float64)*100+0.5), haat.Money(tot["exempt"].(float64)*100+0.5)
		if taxable+vat+exempt != 59000 {
			t.Fatalf("taxable %d + VAT %d + exempt %d is not the total: %v", taxable, vat, exempt, tot)
		}
		if exempt == 0 && vat != haat.VATIncluded(59000) {
			t.Fatalf("VAT %d, want %d: %v", vat, haat.VATIncluded(59000), tot)
		}
	})
}
