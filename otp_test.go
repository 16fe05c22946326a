package haat_test

import (
	"strings"
	"testing"
	"time"

	"haat"
)

func TestNewOTP(t *testing.T) {
	seen := map[string]bool{}
	firstDigits := map[byte]bool{}
	for range 2000 {
		c := haat.NewOTP()
		if len(c) != haat.OTPDigits {
			t.Fatalf("code %q is not %d digits", c, haat.OTPDigits)
		}
		for _, r := range c {
			if r < '0' || r > '9' {
				t.Fatalf("code %q has %q", c, r)
			}
		}
		seen[c] = true
		firstDigits[c[0]] = true
	}
	// 2,000 codes from a million: a handful of repeats at most, and every leading digit, 0 too.
	if len(seen) < 1990 || len(firstDigits) != 10 {
		t.Fatalf("%d different codes of 2000, leading digits %d", len(seen), len(firstDigits))
	}
}

func TestPhoneCodeCheckTry(t *testing.T) {
	now := time.Date(2026, 11, 23, 8, 0, 0, 0, time.UTC)
	live := func(tries int, expires time.Time) *haat.PhoneCode {
		return &haat.PhoneCode{Phone: "9812345678", Hash: "x", Tries: tries, ExpiresAt: expires, CreatedAt: expires.Add(-haat.OTPValidFor)}
	}
	for _, tc := range []struct {
		name string
		code *haat.PhoneCode
		want error
	}{
		{"none sent", nil, haat.ErrCodeExpired},
		{"fresh", live(0, now.Add(haat.OTPValidFor)), nil},
		{"last moment", live(0, now.Add(time.Millisecond)), nil},
		{"expired at its time", live(0, now), haat.ErrCodeExpired},
		{"expired long ago", live(0, now.Add(-time.Hour)), haat.ErrCodeExpired},
		{"four tries made", live(haat.OTPMaxTries-1, now.Add(time.Minute)), nil},
		{"tries used up", live(haat.OTPMaxTries, now.Add(time.Minute)), haat.ErrCodeDead},
		{"expired and used up", live(haat.OTPMaxTries, now), haat.ErrCodeExpired},
	} {
		if got := tc.code.CheckTry(now); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestPhoneCodeWrongCode(t *testing.T) {
	for tries, want := range map[int]string{
		1: "Wrong code; 4 tries left",
		3: "Wrong code; 2 tries left",
		4: "Wrong code; 1 try left",
		5: "Too many wrong codes; ask for a new one",
	} {
		err := (&haat.PhoneCode{Tries: tries}).WrongCode()
		if haat.ErrorCode(err) != haat.EINVALID || haat.ErrorMessage(err) != want {
			t.Errorf("after %d tries: %v, want %q", tries, err, want)
		}
	}
}

func TestOrderTextText(t *testing.T) {
	for st, want := range map[haat.OrderStatus]string{
		haat.StatusOrderPlaced:    "Haat: your order #10482 is placed. We will text you when it is on its way.",
		haat.StatusOutForDelivery: "Haat: your order #10482 is out for delivery.",
		haat.StatusDelivered:      "Haat: your order #10482 is delivered. Thank you for shopping with us!",
		// Packed is texted when a substitute waits for the shopper's answer.
		haat.StatusPacked: "Haat: an item of your order #10482 was not there, so we packed another instead. Accept or refuse it in My Orders within 10 minutes; if you do not answer, it stays in your order.",
	} {
		if got := (haat.OrderText{Number: 10482, Status: st, Store: "Haat"}).Text(); got != want {
			t.Errorf("%s: %q, want %q", st, got, want)
		}
	}
	// A store without a name: the text names none.
	if got := (haat.OrderText{Number: 7, Status: haat.StatusOutForDelivery}).Text(); got != "Your order #7 is out for delivery." {
		t.Errorf("unnamed store: %q", got)
	}
	if got := (haat.OrderText{Number: 7, Status: haat.StatusPacked}).Text(); !strings.HasPrefix(got, "An item of your order #7 was not there") {
		t.Errorf("unnamed store, a substitute offered: %q", got)
	}
	want := "Haat: तपाईंको अर्डर #१२ को एउटा सामान थिएन, त्यसैले हामीले अर्को सामान राखेका छौं। १० मिनेटभित्र ‘मेरा अर्डरहरू’ मा स्वीकार वा अस्वीकार गर्नुहोस्; जवाफ नदिए यो तपाईंको अर्डरमा रहन्छ।"
	if got := (haat.OrderText{Number: 12, Status: haat.StatusPacked, Store: "Haat", Language: haat.Nepali}).Text(); got != want {
		t.Errorf("a substitute offered, in Nepali: %q", got)
	}
}
