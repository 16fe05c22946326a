package haat

import "strings"

// NepaliMobile checks that s is a Nepali mobile number and returns it as its 10 digits: it must
// start with 97 or 98 (NTC, Ncell and the others), may be written with spaces or dashes, in
// Devanagari digits, and with Nepal's country code before it (+977, 977 or 00977). It is the one
// rule for a Nepali phone number, for addresses and for signing in by phone alike.
func NepaliMobile(s string) (string, error) {
	bad := Errorf(EINVALID, "Please enter a Nepali mobile number: 10 digits starting with 97 or 98")
	s = ASCIIDigits(strings.TrimSpace(s))
	plus := strings.HasPrefix(s, "+")
	s = strings.TrimPrefix(s, "+")
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == ' ' || r == '-':
		default:
			return "", bad
		}
		if b.Len() > 15 {
			return "", bad
		}
	}
	n := b.String()
	switch {
	case plus:
		var ok bool
		if n, ok = strings.CutPrefix(n, "977"); !ok {
			return "", bad
		}
	case len(n) == 13 && strings.HasPrefix(n, "977"):
		n = n[3:]
	case len(n) == 15 && strings.HasPrefix(n, "00977"):
		n = n[5:]
	}
	if len(n) != 10 || !(strings.HasPrefix(n, "97") || strings.HasPrefix(n, "98")) {
		return "", bad
	}
	return n, nil
}
