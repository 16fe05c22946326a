package otp

import (
	"testing"
)

func TestNewCode(t *testing.T) {
	seen := map[string]bool{}
	firstDigits := map[byte]bool{}
	for range 2000 {
		c := newCode()
		if len(c) != Digits {
			t.Fatalf("code %q is not %d digits", c, Digits)
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

// TestTexts: the texts that carry a code, with the store's name and without.
func TestTexts(t *testing.T) {
	for _, tc := range []struct{ got, want string }{
		{signInText("123456", "Haat"), "123456 is your Haat sign-in code. It is valid for 5 minutes; do not share it."},
		{signInText("123456", ""), "123456 is your sign-in code. It is valid for 5 minutes; do not share it."},
		{resetText("654321", "Haat"), "654321 is your Haat password reset code. It is valid for 15 minutes; do not share it."},
		{resetText("654321", ""), "654321 is your password reset code. It is valid for 15 minutes; do not share it."},
	} {
		if tc.got != tc.want {
			t.Errorf("%q, want %q", tc.got, tc.want)
		}
	}
}
