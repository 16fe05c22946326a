package payment

import (
	"strings"
	"testing"
	"unicode/utf8"

	"haat"
)

// TestCouponName: a coupon's name is its discounts' labels, cut to the 40 characters Stripe takes.
func TestCouponName(t *testing.T) {
	if got := couponName([]string{"Dashain offer", "Store credit"}); got != "Dashain offer, Store credit" {
		t.Errorf("short labels: %q", got)
	}
	long := couponName([]string{strings.Repeat("दशैं ", 10), "Store credit"})
	if n := utf8.RuneCountInString(long); n != maxCouponName || !strings.HasSuffix(long, "…") {
		t.Errorf("long labels: %q has %d characters", long, n)
	}
}

// TestSplitAdjustmentsNamesACouponOnce: a payment page that takes no negative line takes a
// coupon's shares of the lines off together, naming the coupon once.
func TestSplitAdjustmentsNamesACouponOnce(t *testing.T) {
	b := haat.Bill{Adjustments: []haat.Adjustment{
		{Kind: haat.AdjustCoupon, Label: "DASHAIN10", Amount: -2260, Product: "butter"},
		{Kind: haat.AdjustCoupon, Label: "DASHAIN10", Amount: -5000, Product: "rice"},
		{Kind: haat.AdjustWeight, Label: "Tomato: 800 g packed of 750 g", Amount: 900, Product: "tomato"},
	}}
	charges, off, labels, err := splitAdjustments(b)
	if err != nil || off != 7260 || len(labels) != 1 || labels[0] != "DASHAIN10" || len(charges) != 1 || charges[0].Amount != 900 {
		t.Fatalf("charges %v, off %s, labels %v, %v", charges, off, labels, err)
	}
}
