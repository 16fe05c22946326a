package haat_test

import (
	"testing"

	"haat"
)

func TestVATIncluded(t *testing.T) {
	for _, tc := range []struct{ gross, vat haat.Money }{
		{0, 0},
		{113, 13},       // 1.13 = 1.00 + 13%
		{11300, 1300},   // Rs. 113 holds Rs. 13 of VAT
		{56, 6},         // 0.56 × 13/113 = 0.0644 → 0.06
		{57, 7},         // 0.0655 → 0.07
		{4, 0},          // 0.0046 → 0
		{5, 1},          // 0.0058 → 0.01
		{100000, 11504}, // Rs. 1,000 holds Rs. 115.04
	} {
		if got := haat.VATIncluded(tc.gross); got != tc.vat {
			t.Errorf("VATIncluded(%d) = %d, want %d", tc.gross, got, tc.vat)
		}
		// What is left is the price before VAT, and 13% of it gives the VAT back within a paisa.
		net := tc.gross - tc.vat
		if back := net * haat.VATNumerator / haat.VATDenominator; back < tc.vat-1 || back > tc.vat+1 {
			t.Errorf("13%% of %d is %d, VAT %d", net, back, tc.vat)
		}
	}
}

func TestBill(t *testing.T) {
	rice := haat.Charge{Amount: 50000, VATExempt: true} // exempt staple
	butter := haat.Charge{Amount: 22600}                // taxable, VAT included
	lines := []haat.Charge{rice, butter}

	bill := mustBill(t)
	flat := bill(haat.TaxFlat.Bill(lines, 7500))
	want := haat.Bill{Subtotal: 72600, DeliveryFee: 7500, Tax: 1452, Amount: 72600 + 1452 + 7500}
	if flat != want {
		t.Errorf("flat bill = %+v, want %+v", flat, want)
	}
	if empty := bill(haat.TaxRule("").Bill(lines, 7500)); empty != flat {
		t.Errorf("no rule should be the flat rule: %+v", empty)
	}

	// Under VAT nothing is added: butter and delivery hold 13/113 of their price, rice none.
	vat := bill(haat.TaxNepalVAT.Bill(lines, 7500))
	want = haat.Bill{Subtotal: 72600, DeliveryFee: 7500, Tax: haat.VATIncluded(22600 + 7500), Amount: 72600 + 7500,
		Taxable: 22600 + 7500, Exempt: 50000}
	if vat != want {
		t.Errorf("VAT bill = %+v, want %+v", vat, want)
	}
	if vat.Tax != 3463 { // 301.00 × 13/113 = 34.628…
		t.Errorf("VAT = %d, want 3463", vat.Tax)
	}
	if only := bill(haat.TaxNepalVAT.Bill([]haat.Charge{rice}, 0)); only.Tax != 0 || only.Amount != 50000 || only.Taxable != 0 {
		t.Errorf("an order of staples only pays no VAT: %+v", only)
	}
}

func TestStoreBill(t *testing.T) {
	s := &haat.StoreSettings{Delivery: valley(), TaxRule: haat.TaxNepalVAT}
	// Below the free threshold the fee is charged, and VAT is in it too.
	bill := mustBill(t)
	b := bill(s.Bill([]haat.Charge{{Amount: 60000}}))
	if b.DeliveryFee != 7500 || b.Amount != 67500 || b.Tax != haat.VATIncluded(67500) {
		t.Errorf("bill = %+v", b)
	}
	// The threshold looks at the subtotal, exempt goods included.
	b = bill(s.Bill([]haat.Charge{{Amount: 60000}, {Amount: 40000, VATExempt: true}}))
	if b.DeliveryFee != 0 || b.Amount != 100000 || b.Tax != haat.VATIncluded(60000) {
		t.Errorf("bill at the threshold = %+v", b)
	}
}

func TestOrderBill(t *testing.T) {
	o := haat.Order{TaxRule: haat.TaxNepalVAT, DeliveryFee: 7500, Items: []haat.OrderItem{
		{Quantity: 2, Product: haat.OrderProduct{OfferPrice: 11300}},
		{Quantity: 3, Product: haat.OrderProduct{OfferPrice: 10000, VATExempt: true}},
	}}
	b := mustBill(t)(o.Bill())
	if b.Subtotal != 52600 || b.Taxable != 22600+7500 || b.Exempt != 30000 || b.Amount != 60100 {
		t.Errorf("order bill = %+v", b)
	}
}

func TestTaxRuleSettings(t *testing.T) {
	s := &haat.StoreSettings{}
	if err := s.Validate(); err != nil || s.TaxRule != haat.TaxFlat {
		t.Errorf("no rule: %v, %q", err, s.TaxRule)
	}
	s.TaxRule = "gst"
	if err := s.Validate(); haat.ErrorCode(err) != haat.EINVALID {
		t.Errorf("unknown rule: %v", err)
	}
	for _, c := range []struct {
		category haat.Category
		exempt   bool
	}{{"Vegetables", true}, {"Fruits", true}, {"Grains", true}, {"Dairy", false}, {"Bakery", false}, {"Drinks", false}, {"Instant", false}} {
		if haat.DefaultVATExempt(c.category) != c.exempt {
			t.Errorf("DefaultVATExempt(%s) != %v", c.category, c.exempt)
		}
	}
}
