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
