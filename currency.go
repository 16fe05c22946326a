package haat

import (
	"strconv"
	"strings"
)

// Currency is the ISO 4217 code of the currency a store prices in and an order was placed in.
type Currency string

// The currencies a store may price in. USD is the default, as the storefront first shipped; NPR is
// Nepal's rupee.
const (
	USD Currency = "USD"
	NPR Currency = "NPR"
)

// Currencies lists the currencies a store may be configured with, the default first.
var Currencies = []Currency{USD, NPR}

// ParseCurrency reads a currency code, in any case; an unknown one is refused.
func ParseCurrency(s string) (Currency, error) {
	c := Currency(strings.ToUpper(strings.TrimSpace(s)))
	for _, known := range Currencies {
		if c == known {
			return c, nil
		}
	}
	return "", Errorf(EINVALID, "Unknown currency %q: choose USD or NPR", s)
}

// currencySymbols are the symbols written before an amount, per currency and language; a symbol
// that is a word ends with the space that separates it from the number.
var currencySymbols = map[Currency]map[Language]string{
	USD: {English: "$", Nepali: "$"},
	NPR: {English: "Rs. ", Nepali: "रु "},
}

// Symbol is what is written before an amount in the currency, in the language ("$", "Rs. ", "रु ").
func (c Currency) Symbol(lang Language) string {
	if s, ok := currencySymbols[c][lang]; ok {
		return s
	}
	return currencySymbols[c][English]
}

// lakhGrouping says whether the currency groups digits the South Asian way, in a thousand and then
// in hundreds (1,23,456); others are written without grouping, as the storefront first showed them.
func (c Currency) lakhGrouping() bool { return c == NPR }

// Format writes an amount as people read it in the currency and language: the symbol, then the
// number with no decimals when it is whole and two when it is not. Rupees are grouped in lakhs
// ("Rs. 1,23,456.50"), Nepali writes Devanagari digits ("रु १,२३,४५६.५०"), a negative amount
// starts with a minus ("-Rs. 75"). testdata/money-format.json holds the cases the storefront's
// formatter is held to as well.
func (c Currency) Format(m Money, lang Language) string { return c.format(m, lang, false) }

// FormatFixed writes an amount as Format does, always with two decimals ("$25.00"), as a saving
// is shown.
func (c Currency) FormatFixed(m Money, lang Language) string { return c.format(m, lang, true) }

func (c Currency) format(m Money, lang Language, fixed bool) string {
	sign := ""
	if m < 0 {
		sign, m = "-", -m
	}
	whole := strconv.FormatInt(int64(m/100), 10)
	if c.lakhGrouping() {
		whole = groupLakhs(whole)
	}
	number := whole
	if frac := m % 100; frac != 0 || fixed {
		number += "." + strconv.FormatInt(int64(frac)+100, 10)[1:]
	}
	return sign + c.Symbol(lang) + LocalDigits(number, lang)
}

// groupLakhs puts commas into a run of digits the South Asian way: the last three digits, then
// pairs ("123456" → "1,23,456").
func groupLakhs(digits string) string {
	if len(digits) <= 3 {
		return digits
	}
	head, tail := digits[:len(digits)-3], digits[len(digits)-3:]
	var b strings.Builder
	for i, d := range head {
		if i > 0 && (len(head)-i)%2 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(d)
	}
	return b.String() + "," + tail
}
