package haat

import (
	"strconv"
	"strings"

	"haat/nepal"
)

// The domain's messages are written in English with their arguments (Errorf keeps both); the
// locale package writes them again in another language. An argument that is written differently
// in another language (a number, an amount, a place) is a Localizer: it knows its own form in
// each language, from the domain's data, not from a dictionary.

// Localizer is an argument of a message that knows how it is written in each language.
type Localizer interface {
	Local(lang Language) string
}

// Amount is an amount of money as a message names it: "Rs. 500", "रु ५००".
func Amount(c Currency, m Money) Localizer { return amountArg{c, m} }

type amountArg struct {
	c Currency
	m Money
}

func (a amountArg) String() string             { return a.c.Format(a.m, English) }
func (a amountArg) Local(lang Language) string { return a.c.Format(a.m, lang) }

// WholeNumber is a whole number as a message names it: in thousands in English ("10,000,000"),
// in lakhs and Devanagari digits in Nepali ("१,००,००,०००"), as Nepali writes large numbers.
type WholeNumber int64

func (n WholeNumber) String() string { return n.Local(English) }
func (n WholeNumber) Local(lang Language) string {
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
	if d := nepal.FindDistrict(name); d != nil {
		return placeName{name, d.Nepali}
	}
	return placeName{name, ""}
}

// provinceName is a province by its English name, written by its Nepali name where it is known.
func provinceName(name string) placeName {
	if p := nepal.FindProvince(name); p != nil {
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
