package haat

import (
	"strings"

	"haat/nepal"
)

// NepaliMobile checks that s is a Nepali mobile number and returns it as its 10 digits (see
// nepal.Mobile), in ASCII or Devanagari digits. It is the one rule for a Nepali phone number, for
// addresses and for signing in by phone alike.
func NepaliMobile(s string) (string, error) {
	n, ok := nepal.Mobile(ASCIIDigits(strings.TrimSpace(s)))
	if !ok {
		return "", Errorf(EINVALID, "Please enter a Nepali mobile number: 10 digits starting with 97 or 98")
	}
	return n, nil
}
