package notify_test

import (
	"strings"
	"testing"

	"haat"
	"haat/notify"
)

func TestTextOf(t *testing.T) {
	for st, want := range map[haat.OrderStatus]string{
		haat.StatusOrderPlaced:    "Haat: your order #10482 is placed. We will text you when it is on its way.",
		haat.StatusOutForDelivery: "Haat: your order #10482 is out for delivery.",
		haat.StatusDelivered:      "Haat: your order #10482 is delivered. Thank you for shopping with us!",
		// Packed is texted when a substitute waits for the shopper's answer.
		haat.StatusPacked: "Haat: an item of your order #10482 was not there, so we packed another instead. Accept or refuse it in My Orders within 10 minutes; if you do not answer, it stays in your order.",
	} {
		if got := notify.TextOf(haat.OrderText{Number: 10482, Status: st, Store: "Haat"}); got != want {
			t.Errorf("%s: %q, want %q", st, got, want)
		}
	}
	// A store without a name: the text names none.
	if got := notify.TextOf(haat.OrderText{Number: 7, Status: haat.StatusOutForDelivery}); got != "Your order #7 is out for delivery." {
		t.Errorf("unnamed store: %q", got)
	}
	if got := notify.TextOf(haat.OrderText{Number: 7, Status: haat.StatusPacked}); !strings.HasPrefix(got, "An item of your order #7 was not there") {
		t.Errorf("unnamed store, a substitute offered: %q", got)
	}
	want := "Haat: तपाईंको अर्डर #१२ को एउटा सामान थिएन, त्यसैले हामीले अर्को सामान राखेका छौं। १० मिनेटभित्र ‘मेरा अर्डरहरू’ मा स्वीकार वा अस्वीकार गर्नुहोस्; जवाफ नदिए यो तपाईंको अर्डरमा रहन्छ।"
	if got := notify.TextOf(haat.OrderText{Number: 12, Status: haat.StatusPacked, Store: "Haat", Language: haat.Nepali}); got != want {
		t.Errorf("a substitute offered, in Nepali: %q", got)
	}
}
