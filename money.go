package haat

import (
	"fmt"
	"strconv"
	"strings"
)

// Money is an amount in minor units of the store currency (paisa or cents). It is never a float
// inside the server; JSON carries it as a decimal number, as the storefront shows it.
type Money int64

// The tax added to every order is TaxNumerator/TaxDenominator of its subtotal (2%), rounded half
// up to the minor unit.
const (
	TaxNumerator   = 2
	TaxDenominator = 100
)

// Tax returns the tax on a subtotal: TaxNumerator/TaxDenominator of it, rounded half up to the
// minor unit (a subtotal of 0.25 pays 0.01 tax, one of 0.24 pays none).
func Tax(subtotal Money) Money {
	return (2*subtotal*TaxNumerator + TaxDenominator) / (2 * TaxDenominator)
}

// String formats the amount as a decimal number without trailing zeros ("601.8", "295", "0.05").
func (m Money) String() string {
	neg := m < 0
	if neg {
		m = -m
	}
	s := strconv.FormatInt(int64(m/100), 10)
	if frac := int64(m % 100); frac != 0 {
		f := strconv.FormatInt(frac+100, 10)[1:]
		s += "." + strings.TrimRight(f, "0")
	}
	if neg {
		s = "-" + s
	}
	return s
}

// Fixed shows the amount with exactly two decimals ("540.60"), as prices are printed.
func (m Money) Fixed() string {
	sign := ""
	if m < 0 {
		sign, m = "-", -m
	}
	return fmt.Sprintf("%s%d.%02d", sign, m/100, m%100)
}

// MarshalJSON writes the amount as a JSON number in major units.
func (m Money) MarshalJSON() ([]byte, error) { return []byte(m.String()), nil }

// UnmarshalJSON reads a JSON number (or numeric string) in major units with at most two decimals.
func (m *Money) UnmarshalJSON(b []byte) error {
	v, err := ParseMoney(strings.Trim(string(b), `"`))
	if err != nil {
		return err
	}
	*m = v
	return nil
}

// ParseMoney reads a decimal amount in major units ("320", "320.5", "320.50") exactly.
func ParseMoney(s string) (Money, error) {
	s = strings.TrimSpace(s)
	invalid := Errorf(EINVALID, "%q is not a valid amount", s)
	if s == "" || len(s) > 15 {
		return 0, invalid
	}
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	whole, frac, hasDot := strings.Cut(s, ".")
	if whole == "" || (hasDot && (frac == "" || len(frac) > 2)) || !digits(whole) || !digits(frac) {
		return 0, invalid
	}
	for len(frac) < 2 {
		frac += "0"
	}
	w, _ := strconv.ParseInt(whole, 10, 64)
	f, _ := strconv.ParseInt(frac, 10, 64)
	v := Money(w*100 + f)
	if neg {
		v = -v
	}
	return v, nil
}

func digits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
