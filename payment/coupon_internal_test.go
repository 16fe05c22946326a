package payment

import (
	"strings"
	"testing"
	"unicode/utf8"
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
