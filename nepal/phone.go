package nepal

import "strings"

// Mobile reads s as a Nepali mobile number and returns its 10 digits: it must start with 97 or 98
// (NTC, Ncell and the others), may be written with spaces or dashes, and with Nepal's country code
// before it (+977, 977 or 00977). Its digits are ASCII ones (haat.ASCIIDigits reads Devanagari
// ones first); ok is false for anything else.
func Mobile(s string) (number string, ok bool) {
	s = strings.TrimSpace(s)
	plus := strings.HasPrefix(s, "+")
	s = strings.TrimPrefix(s, "+")
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == ' ' || r == '-':
		default:
			return "", false
		}
		if b.Len() > 15 {
			return "", false
		}
	}
	n := b.String()
	switch {
	case plus:
		var found bool
		if n, found = strings.CutPrefix(n, "977"); !found {
			return "", false
		}
	case len(n) == 13 && strings.HasPrefix(n, "977"):
		n = n[3:]
	case len(n) == 15 && strings.HasPrefix(n, "00977"):
		n = n[5:]
	}
	if len(n) != 10 || !(strings.HasPrefix(n, "97") || strings.HasPrefix(n, "98")) {
		return "", false
	}
	return n, true
}
