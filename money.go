package haat

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
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
func Tax(subtotal Money) Money { return subtotal.Part(TaxNumerator, TaxDenominator) }

// MaxPrice is the highest price a product may have: 10,000,000 in the store's currency. With at
// most MaxQuantity of at most MaxCartLines products, no order's total comes near what a Money
// holds, nor near what a JSON number carries exactly.
const MaxPrice Money = 10_000_000_00

// ErrMoneyOverflow is the answer of the checked arithmetic below when a result does not fit in a
// Money. It is the store's failure, never the shopper's: prices and quantities are bounded far
// below it, so only data stored before the bounds can reach it.
var ErrMoneyOverflow = errors.New("haat: amount out of range")

// Every total the store works out (an order's lines, subtotal, tax, fee and amount, an invoice's
// figures, the dashboard's revenue) is summed with Add, Sub, Times and Sum, so that an amount too
// large is an error and never wraps around to a negative one.

// Add returns m + n, or ErrMoneyOverflow when the sum does not fit in a Money.
func (m Money) Add(n Money) (Money, error) {
	s := m + n
	if (n > 0 && s < m) || (n < 0 && s > m) {
		return 0, ErrMoneyOverflow
	}
	return s, nil
}

// Sub returns m - n, or ErrMoneyOverflow when the difference does not fit in a Money.
func (m Money) Sub(n Money) (Money, error) {
	d := m - n
	if (n > 0 && d > m) || (n < 0 && d < m) {
		return 0, ErrMoneyOverflow
	}
	return d, nil
}

// Times returns m × q (a line's unit price times its quantity), or ErrMoneyOverflow when the
// product does not fit in a Money.
func (m Money) Times(q int) (Money, error) {
	negative := (m < 0) != (q < 0)
	hi, lo := bits.Mul64(magnitude(int64(m)), magnitude(int64(q)))
	limit := uint64(math.MaxInt64)
	if negative {
		limit++ // math.MinInt64 fits
	}
	if hi != 0 || lo > limit {
		return 0, ErrMoneyOverflow
	}
	if negative {
		return Money(-int64(lo)), nil
	}
	return Money(lo), nil
}

// Sum adds the amounts, or answers ErrMoneyOverflow when a partial sum does not fit in a Money.
func Sum(amounts ...Money) (Money, error) {
	var total Money
	for _, a := range amounts {
		var err error
		if total, err = total.Add(a); err != nil {
			return 0, err
		}
	}
	return total, nil
}

// Part returns num/den of m, rounded half up to the minor unit (half away from zero for a
// negative m), for 0 <= num <= den and den > 0: a share of an amount, as a tax is. The product
// m × num is worked out in 128 bits and the result is never larger than m, so it cannot overflow.
func (m Money) Part(num, den int64) Money {
	if num < 0 || den <= 0 || num > den {
		panic(fmt.Sprintf("haat: Part(%d, %d) takes 0 <= num <= den", num, den))
	}
	hi, lo := bits.Mul64(magnitude(int64(m)), uint64(num))
	// (2 × m × num + den) / (2 × den): twice the product still fits in 128 bits.
	hi, lo = hi<<1|lo>>63, lo<<1
	var carry uint64
	lo, carry = bits.Add64(lo, uint64(den), 0)
	hi += carry
	q, _ := bits.Div64(hi, lo, 2*uint64(den))
	if m < 0 {
		return Money(-int64(q))
	}
	return Money(q)
}

// magnitude is |v| as an unsigned number (math.MinInt64 included).
func magnitude(v int64) uint64 {
	if v < 0 {
		return uint64(-v)
	}
	return uint64(v)
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
	s = ASCIIDigits(strings.TrimSpace(s))
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
