package haat

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// The store's messages (its errors and the answers to a change) are written in English, as the
// spec has them. Say writes one again in another language from that language's catalogue: a map
// from the English format to the language's format, with the same verbs in the same order. The
// arguments are written the language's way too: numbers in its digits, amounts, districts and
// order statuses by their names in it (see Localizer), labels by the catalogue's terms; anything
// else (a product's name, what a person typed) is written as it was given.

// Localizer is an argument of a message that knows how it is written in each language.
type Localizer interface {
	Local(lang Language) string
}

// catalogues are the messages of each language other than English, by their English format.
var catalogues = map[Language]map[string]string{Nepali: nepaliMessages}

// termCatalogues are the words a message names as an argument (the label of a field), by their
// English word.
var termCatalogues = map[Language]map[string]string{Nepali: nepaliTerms}

// Say writes the message of format and args in the language. English, and a message the language's
// catalogue does not hold, are written as fmt.Sprintf writes them.
func Say(lang Language, format string, args ...any) string {
	local, ok := catalogues[lang][format]
	if lang == English || !ok {
		return fmt.Sprintf(format, args...)
	}
	in := make([]any, len(args))
	for i, a := range args {
		in[i] = localArg{v: a, lang: lang}
	}
	return fmt.Sprintf(local, in...)
}

// HasMessage reports whether the language's catalogue holds the English format; English holds
// every message.
func HasMessage(lang Language, format string) bool {
	if lang == English {
		return true
	}
	_, ok := catalogues[lang][format]
	return ok
}

// CatalogueOf lists the English formats of the language's catalogue with the language's format.
func CatalogueOf(lang Language) map[string]string { return catalogues[lang] }

// localArg writes an argument of a message in a language.
type localArg struct {
	v    any
	lang Language
}

func (a localArg) Format(f fmt.State, verb rune) {
	directive := fmt.FormatString(f, verb)
	switch v := a.v.(type) {
	case Localizer:
		fmt.Fprintf(f, directive, v.Local(a.lang))
		return
	case string:
		// A word the catalogue knows (a field's label, a message passed on whole) is translated;
		// a quoted value is what someone typed and stays as it is.
		if verb == 's' {
			if t, ok := termCatalogues[a.lang][v]; ok {
				v = t
			} else if t, ok := catalogues[a.lang][v]; ok && !strings.Contains(v, "%") {
				v = t
			}
		}
		fmt.Fprintf(f, directive, v)
		return
	case int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64:
		fmt.Fprint(f, LocalDigits(fmt.Sprintf(directive, v), a.lang))
		return
	}
	fmt.Fprintf(f, directive, a.v)
}

// Amount is an amount of money as a message names it: "Rs. 500", "रु ५००".
func Amount(c Currency, m Money) Localizer { return amountArg{c, m} }

type amountArg struct {
	c Currency
	m Money
}

func (a amountArg) String() string             { return a.c.Format(a.m, English) }
func (a amountArg) Local(lang Language) string { return a.c.Format(a.m, lang) }

// Day is a day as a message names it: its date in Nepal in Bikram Sambat, in the reader's language.
func Day(t time.Time) Localizer { return dayArg{t} }

type dayArg struct{ t time.Time }

func (a dayArg) String() string { return a.Local(English) }
func (a dayArg) Local(lang Language) string {
	d, err := BSOf(a.t)
	if err != nil {
		return a.t.In(NepalTime).Format("2006-01-02")
	}
	return d.Format(lang)
}

// wholeNumber is a whole number as a message names it: in thousands in English ("10,000,000"),
// in lakhs and Devanagari digits in Nepali ("१,००,००,०००"), as Nepali writes large numbers.
type wholeNumber int64

func (n wholeNumber) String() string { return n.Local(English) }
func (n wholeNumber) Local(lang Language) string {
	digits := strconv.FormatInt(int64(n), 10)
	if lang == Nepali {
		return LocalDigits(groupLakhs(digits), lang)
	}
	var b strings.Builder
	for i, d := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(d)
	}
	return b.String()
}

// placeName is a named place (a province, a district, a month) with its Nepali name.
type placeName struct{ en, ne string }

func (p placeName) String() string { return p.en }
func (p placeName) Local(lang Language) string {
	if lang == Nepali && p.ne != "" {
		return p.ne
	}
	return p.en
}

// districtName is a district by its English name, written by its Nepali name where it is known.
func districtName(name string) placeName {
	if d := FindDistrict(name); d != nil {
		return placeName{name, d.Nepali}
	}
	return placeName{name, ""}
}

// provinceName is a province by its English name, written by its Nepali name where it is known.
func provinceName(name string) placeName {
	if p := FindProvince(name); p != nil {
		return placeName{name, p.Nepali}
	}
	return placeName{name, ""}
}

// districtList names districts as a sentence does: "Kathmandu, Lalitpur and Bhaktapur", or in
// Nepali "काठमाडौं, ललितपुर र भक्तपुर".
type districtList []string

func (l districtList) String() string { return l.Local(English) }
func (l districtList) Local(lang Language) string {
	names := make([]string, len(l))
	for i, n := range l {
		names[i] = districtName(n).Local(lang)
	}
	and := " and "
	if lang == Nepali {
		and = " र "
	}
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + and + names[len(names)-1]
}

// Local is the status's name in the language, as the storefront shows it.
func (s OrderStatus) Local(lang Language) string {
	if lang == Nepali {
		if n, ok := nepaliStatuses[s]; ok {
			return n
		}
	}
	return string(s)
}

// PreferredLanguage is the language an Accept-Language header asks for: Nepali when it prefers ne
// (ne, ne-NP) to English, by its quality values and then by its order; English otherwise, and
// without the header.
func PreferredLanguage(acceptLanguage string) Language {
	best := English
	englishQ, starQ, englishSeen, starSeen := 0.0, 0.0, false, false
	nepaliQ, nepaliAt, englishAt := -1.0, -1, -1
	for i, part := range strings.Split(acceptLanguage, ",") {
		tag, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		tag = strings.ToLower(strings.TrimSpace(tag))
		if tag == "" {
			continue
		}
		q := 1.0
		for _, p := range strings.Split(params, ";") {
			k, v, found := strings.Cut(strings.TrimSpace(p), "=")
			if found && strings.EqualFold(strings.TrimSpace(k), "q") {
				parsed, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
				if err != nil || parsed < 0 || parsed > 1 {
					parsed = 0
				}
				q = parsed
			}
		}
		primary, _, _ := strings.Cut(tag, "-")
		switch {
		case primary == "ne":
			if q > nepaliQ {
				nepaliQ, nepaliAt = q, i
			}
		case primary == "en":
			if !englishSeen || q > englishQ {
				englishQ, englishAt = q, i
			}
			englishSeen = true
		case tag == "*":
			starQ, starSeen = q, true
		}
	}
	if !englishSeen && starSeen {
		englishQ, englishAt = starQ, len(acceptLanguage)
	}
	if nepaliQ > 0 && (nepaliQ > englishQ || (nepaliQ == englishQ && (englishAt < 0 || nepaliAt < englishAt))) {
		best = Nepali
	}
	return best
}
