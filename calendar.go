package haat

import (
	"errors"
	"time"

	"haat/bikramsambat"
)

// The domain's dates in Nepal are of the Bikram Sambat calendar (package bikramsambat): invoices,
// credit notes and claims are numbered within its fiscal years, and coupons name its days.

// BSOf is the Bikram Sambat date of an instant, its date in Nepal, as invoices, credit notes and
// coupons name it; a date outside the calendar's table is refused.
func BSOf(t time.Time) (bikramsambat.Date, error) {
	d, err := bikramsambat.Of(t)
	if errors.Is(err, bikramsambat.ErrOutOfRange) {
		return d, Errorf(EINVALID, "Dates in Bikram Sambat are known from %d to %d BS (14 April 1943 to 13 April 2043)",
			bikramsambat.FirstYear, bikramsambat.LastYear)
	}
	return d, err
}

// FiscalYearOf is the fiscal year of an instant, by its date in Nepal (BSOf): invoices, credit
// notes and claims are numbered within it.
func FiscalYearOf(t time.Time) (bikramsambat.FiscalYear, error) {
	d, err := BSOf(t)
	if err != nil {
		return 0, err
	}
	return d.FiscalYear(), nil
}

// BSMonthName is the name of a Bikram Sambat month (1, Baisakh, to 12, Chaitra) in the language.
func BSMonthName(month int, lang Language) string {
	if lang == Nepali {
		return bikramsambat.MonthNamesNepali[month-1]
	}
	return bikramsambat.MonthNames[month-1]
}
