package haat

import "strings"

// Language is a language the store speaks to people in: its texts, amounts and product names.
type Language string

// The store's languages. English is the default: the store's own texts are written in it first.
const (
	English Language = "en"
	Nepali  Language = "ne"
)

// Languages lists the languages a shopper or seller may choose, the default first.
var Languages = []Language{English, Nepali}

// ParseLanguage reads a language code ("en", "ne"); anything else is refused.
func ParseLanguage(s string) (Language, error) {
	for _, l := range Languages {
		if string(l) == s {
			return l, nil
		}
	}
	return "", Errorf(EINVALID, "Unknown language %q: choose en or ne", s)
}

// devanagariDigits are the digits 0 to 9 as Nepali writes them.
const devanagariDigits = "०१२३४५६७८९"

// ASCIIDigits writes the Devanagari digits of s as ASCII ones, so that a number typed on a Nepali
// keyboard ("१०") reads as any other ("10"); everything else in s is left as it is. Every number a
// person types goes through it before it is read.
func ASCIIDigits(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '०' && r <= '९' {
			return '0' + (r - '०')
		}
		return r
	}, s)
}

// LocalDigits writes the ASCII digits of s in the language's own digits (Devanagari for Nepali);
// everything else in s is left as it is.
func LocalDigits(s string, lang Language) string {
	if lang != Nepali {
		return s
	}
	digits := []rune(devanagariDigits)
	out := make([]rune, 0, len(s))
	for _, r := range s {
		if r >= '0' && r <= '9' {
			r = digits[r-'0']
		}
		out = append(out, r)
	}
	return string(out)
}
