package haat_test

import (
	"encoding/json"
	"errors"
	"math"
	"testing"

	"haat"
)

func TestMoneyString(t *testing.T) {
	for _, tc := range []struct {
		m    haat.Money
		want string
	}{{0, "0"}, {5, "0.05"}, {50, "0.5"}, {29500, "295"}, {60180, "601.8"}, {4950, "49.5"}, {-125, "-1.25"}} {
		if got := tc.m.String(); got != tc.want {
			t.Errorf("Money(%d) = %q, want %q", tc.m, got, tc.want)
		}
	}
}

func TestParseMoney(t *testing.T) {
	for in, want := range map[string]haat.Money{"320": 32000, "320.5": 32050, "320.50": 32050, " 1 ": 100, "0.05": 5, "३२०.५०": 32050} {
		if got, err := haat.ParseMoney(in); err != nil || got != want {
			t.Errorf("ParseMoney(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "abc", "1.234", "1e3", "1.", ".5", "1,000", "NaN", "12345678901234567"} {
		if _, err := haat.ParseMoney(in); haat.ErrorCode(err) != haat.EINVALID {
			t.Errorf("ParseMoney(%q): err = %v, want invalid", in, err)
		}
	}
}

func TestOrderAmount(t *testing.T) {
	for _, tc := range []struct{ subtotal, tax, amount haat.Money }{
		{59000, 1180, 60180}, // 295 × 2 = 590 → 601.8
		{25, 1, 26},          // 0.25 → tax 0.005 rounds half up to 0.01
		{24, 0, 24},          // 0.24 → tax 0.0048 rounds to 0
		{0, 0, 0},
		{99999, 2000, 101999}, // 999.99 → tax 19.9998 → 20.00
	} {
		if got := haat.Tax(tc.subtotal); got != tc.tax {
			t.Errorf("Tax(%d) = %d, want %d", tc.subtotal, got, tc.tax)
		}
		if got := mustBill(t)(haat.BillOf([]haat.BillLine{{UnitPrice: tc.subtotal, Quantity: 1}}, haat.BillRules{}, haat.BillChoices{})).Total; got != tc.amount {
			t.Errorf("flat amount of %d = %d, want %d", tc.subtotal, got, tc.amount)
		}
	}
}

func TestMoneyJSON(t *testing.T) {
	b, _ := json.Marshal(struct{ A haat.Money }{60180})
	if string(b) != `{"A":601.8}` {
		t.Fatalf("marshal = %s", b)
	}
	var v struct{ A haat.Money }
	if err := json.Unmarshal([]byte(`{"A":12.5}`), &v); err != nil || v.A != 1250 {
		t.Fatalf("unmarshal = %d, %v", v.A, err)
	}
}

func TestNormalizeEmail(t *testing.T) {
	for _, ok := range []string{"sita@example.com", " Sita.Gurung@Example.COM "} {
		if _, err := haat.NormalizeEmail(ok); err != nil {
			t.Errorf("NormalizeEmail(%q) = %v", ok, err)
		}
	}
	for _, bad := range []string{"", "sita", "sita@", "@example.com", "sita@localhost", "Sita <sita@example.com>", "a b@example.com"} {
		if _, err := haat.NormalizeEmail(bad); haat.ErrorCode(err) != haat.EINVALID {
			t.Errorf("NormalizeEmail(%q) accepted", bad)
		}
	}
}

// mustBill returns a function that takes a bill and its error and fails the test on the error.
func mustBill(t *testing.T) func(haat.Bill, error) haat.Bill {
	return func(b haat.Bill, err error) haat.Bill {
		t.Helper()
		if err != nil {
			t.Fatalf("bill: %v", err)
		}
		return b
	}
}

// TestCheckedMoney: sums and products of amounts that do not fit in a Money are ErrMoneyOverflow,
// never an amount wrapped around to a negative one.
func TestCheckedMoney(t *testing.T) {
	const top, bottom = haat.Money(math.MaxInt64), haat.Money(math.MinInt64)
	for _, tc := range []struct {
		name string
		got  func() (haat.Money, error)
		want haat.Money // when it fits
		over bool
	}{
		{"add", func() (haat.Money, error) { return haat.Money(60180).Add(7500) }, 67680, false},
		{"add negative", func() (haat.Money, error) { return haat.Money(100).Add(-250) }, -150, false},
		{"add to the top", func() (haat.Money, error) { return (top - 1).Add(1) }, top, false},
		{"add past the top", func() (haat.Money, error) { return top.Add(1) }, 0, true},
		{"add past the bottom", func() (haat.Money, error) { return bottom.Add(-1) }, 0, true},
		{"sub", func() (haat.Money, error) { return haat.Money(100).Sub(250) }, -150, false},
		{"sub past the bottom", func() (haat.Money, error) { return bottom.Sub(1) }, 0, true},
		{"sub past the top", func() (haat.Money, error) { return top.Sub(-1) }, 0, true},
		{"times", func() (haat.Money, error) { return haat.Money(29500).Times(3) }, 88500, false},
		{"times zero", func() (haat.Money, error) { return top.Times(0) }, 0, false},
		{"times negative", func() (haat.Money, error) { return haat.Money(-125).Times(4) }, -500, false},
		{"times to the bottom", func() (haat.Money, error) { return (bottom / 2).Times(2) }, bottom, false},
		// The wrap a line of 100 units at a price of 99,999,999,999,999.99 made before prices had a bound.
		{"times past the top", func() (haat.Money, error) { return haat.Money(99_999_999_999_999_900).Times(haat.MaxQuantity) }, 0, true},
		{"times past the bottom", func() (haat.Money, error) { return bottom.Times(-1) }, 0, true},
		{"sum", func() (haat.Money, error) { return haat.Sum(59000, 1180, 7500) }, 67680, false},
		{"sum of none", func() (haat.Money, error) { return haat.Sum() }, 0, false},
		{"sum past the top", func() (haat.Money, error) { return haat.Sum(top/2, top/2, 2) }, 0, true},
	} {
		got, err := tc.got()
		switch {
		case tc.over && !errors.Is(err, haat.ErrMoneyOverflow):
			t.Errorf("%s = %d, %v; want ErrMoneyOverflow", tc.name, got, err)
		case !tc.over && (err != nil || got != tc.want):
			t.Errorf("%s = %d, %v; want %d", tc.name, got, err, tc.want)
		}
	}
}

// TestPart: a share of an amount is rounded half up as the tax always was, and is exact for the
// largest amounts, whose product with the numerator does not fit in 64 bits.
func TestPart(t *testing.T) {
	old := func(m haat.Money, num, den int64) haat.Money {
		return (2*m*haat.Money(num) + haat.Money(den)) / (2 * haat.Money(den))
	}
	for _, m := range []haat.Money{0, 1, 24, 25, 26, 49, 50, 56, 57, 113, 99999, 123456789, haat.MaxPrice * haat.MaxQuantity * haat.MaxCartLines} {
		for _, f := range [][2]int64{{2, 100}, {13, 113}, {0, 7}, {7, 7}} {
			if got, want := m.Part(f[0], f[1]), old(m, f[0], f[1]); got != want {
				t.Errorf("%d × %d/%d = %d, want %d", m, f[0], f[1], got, want)
			}
		}
	}
	top := haat.Money(math.MaxInt64)
	if got, want := top.Part(2, 100), haat.Money(184467440737095516); got != want { // 9223372036854775807 / 50 = …516.14
		t.Errorf("2%% of the largest amount = %d, want %d", got, want)
	}
	if got := top.Part(1, 1); got != top {
		t.Errorf("all of the largest amount = %d", got)
	}
	if got := haat.Money(-25).Part(2, 100); got != -1 {
		t.Errorf("2%% of -0.25 = %d, want -1", got)
	}
}

// TestBillOverflow: an order whose total does not fit is an error, never a negative amount.
func TestBillOverflow(t *testing.T) {
	huge := haat.Money(99_999_999_999_999_900) // 999,999,999,999,999: the longest price ParseMoney reads
	none := haat.BillChoices{}
	if b, err := haat.BillOf([]haat.BillLine{{UnitPrice: huge, Quantity: haat.MaxQuantity}}, haat.BillRules{}, none); !errors.Is(err, haat.ErrMoneyOverflow) {
		t.Errorf("bill of 100 × %d = %+v, %v; want ErrMoneyOverflow", huge, b, err)
	}
	fee := func(f haat.Money) *haat.DeliveryRules { return &haat.DeliveryRules{Fee: f} }
	for _, rule := range haat.TaxRules {
		lines := []haat.BillLine{{UnitPrice: math.MaxInt64 - 10, Quantity: 1}, {UnitPrice: 20, Quantity: 1, VATExempt: true}}
		if b, err := haat.BillOf(lines, haat.BillRules{TaxRule: rule}, none); !errors.Is(err, haat.ErrMoneyOverflow) {
			t.Errorf("%s bill past the top = %+v, %v", rule, b, err)
		}
		lines = []haat.BillLine{{UnitPrice: math.MaxInt64 - 10, Quantity: 1}}
		if b, err := haat.BillOf(lines, haat.BillRules{TaxRule: rule, Delivery: fee(20)}, none); !errors.Is(err, haat.ErrMoneyOverflow) {
			t.Errorf("%s bill with a fee past the top = %+v, %v", rule, b, err)
		}
		plus := haat.BillChoices{Adjustments: []haat.Adjustment{{Amount: 20}}}
		if b, err := haat.BillOf(lines, haat.BillRules{TaxRule: rule}, plus); !errors.Is(err, haat.ErrMoneyOverflow) {
			t.Errorf("%s bill with an adjustment past the top = %+v, %v", rule, b, err)
		}
	}
	// The largest order of valid products fits, under either rule.
	lines := make([]haat.BillLine, haat.MaxCartLines)
	for i := range lines {
		lines[i] = haat.BillLine{UnitPrice: haat.MaxPrice, Quantity: haat.MaxQuantity}
	}
	for _, rule := range haat.TaxRules {
		if b, err := haat.BillOf(lines, haat.BillRules{TaxRule: rule, Delivery: fee(haat.MaxPrice)}, none); err != nil || b.Total <= 0 {
			t.Errorf("%s bill of the largest order = %+v, %v", rule, b, err)
		}
	}
}
