// Package locale writes the store's messages in the reader's language: the domain and the API
// write them in English (haat.Errorf keeps the format and its arguments), and the edge (the API's
// answers, the messages notify sends) asks this package for them in the shopper's language.
package locale

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"haat"
	"haat/bikramsambat"
)

// The store's messages (its errors and the answers to a change) are written in English, as the
// spec has them. Say writes one again in another language from that language's catalogue: a map
// from the English format to the language's format, with the same verbs in the same order. The
// arguments are written the language's way too: numbers in its digits, amounts, districts and
// order statuses by their names in it (see haat.Localizer), labels by the catalogue's terms; anything
// else (a product's name, what a person typed) is written as it was given.

// catalogues are the messages of each language other than English, by their English format.
var catalogues = map[haat.Language]map[string]string{haat.Nepali: nepaliMessages}

// termCatalogues are the words a message names as an argument (the label of a field), by their
// English word.
var termCatalogues = map[haat.Language]map[string]string{haat.Nepali: nepaliTerms}

// Say writes the message of format and args in the language. English, and a message the language's
// catalogue does not hold, are written as fmt.Sprintf writes them.
func Say(lang haat.Language, format string, args ...any) string {
	local, ok := catalogues[lang][format]
	if lang == haat.English || !ok {
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
func HasMessage(lang haat.Language, format string) bool {
	if lang == haat.English {
		return true
	}
	_, ok := catalogues[lang][format]
	return ok
}

// CatalogueOf lists the English formats of the language's catalogue with the language's format.
func CatalogueOf(lang haat.Language) map[string]string { return catalogues[lang] }

// localArg writes an argument of a message in a language.
type localArg struct {
	v    any
	lang haat.Language
}

func (a localArg) Format(f fmt.State, verb rune) {
	directive := fmt.FormatString(f, verb)
	switch v := a.v.(type) {
	case haat.OrderStatus:
		fmt.Fprintf(f, directive, status(v, a.lang))
		return
	case haat.ErrorText:
		fmt.Fprintf(f, directive, Error(v.Err, a.lang))
		return
	case haat.Localizer:
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
		fmt.Fprint(f, haat.LocalDigits(fmt.Sprintf(directive, v), a.lang))
		return
	}
	fmt.Fprintf(f, directive, a.v)
}

// Day is a day as a message names it: its date in Nepal in Bikram Sambat, in the reader's language.
func Day(t time.Time) haat.Localizer { return dayArg{t} }

type dayArg struct{ t time.Time }

func (a dayArg) String() string { return a.Local(haat.English) }
func (a dayArg) Local(lang haat.Language) string {
	d, err := bikramsambat.Of(a.t)
	if err != nil {
		return a.t.In(bikramsambat.NepalTime).Format("2006-01-02")
	}
	return haat.LocalDigits(fmt.Sprintf("%d %s %d", d.Year, haat.BSMonthName(d.Month, lang), d.Day), lang)
}

// status is the order status's name in the language, as the storefront shows it.
func status(s haat.OrderStatus, lang haat.Language) string {
	if lang == haat.Nepali {
		if n, ok := nepaliStatuses[s]; ok {
			return n
		}
	}
	return string(s)
}

// PreferredLanguage is the language an Accept-Language header asks for: Nepali when it prefers ne
// (ne, ne-NP) to English, by its quality values and then by its order; English otherwise, and
// without the header.
func PreferredLanguage(acceptLanguage string) haat.Language {
	best := haat.English
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
		best = haat.Nepali
	}
	return best
}

// Error is the error's message in the language: its Message in English, or the message written
// again from the language's catalogue (see Say). An error made without haat.Errorf keeps its
// Message, or takes the catalogue's word for it whole.
func Error(e *haat.Error, lang haat.Language) string {
	format, args := e.Template()
	if format == "" {
		if local, ok := catalogues[lang][e.Message]; ok {
			return local
		}
		return e.Message
	}
	return Say(lang, format, args...)
}

// ErrorMessage is haat.ErrorMessage in the language: the message of an application error, or
// "Something went wrong" for any other.
func ErrorMessage(err error, lang haat.Language) string {
	var e *haat.Error
	if err == nil {
		return ""
	} else if errors.As(err, &e) {
		return Error(e, lang)
	}
	return Say(lang, "Something went wrong")
}
