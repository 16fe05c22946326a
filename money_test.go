package haat_test

import (
	"encoding/json"
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
	for in, want := range map[string]haat.Money{"320": 32000, "320.5": 32050, "320.50": 32050, " 1 ": 100, "0.05": 5} {
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
		if got := haat.TaxFlat.Bill([]haat.Charge{{Amount: tc.subtotal}}, 0).Amount; got != tc.amount {
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

func TestMoneyFixed(t *testing.T) {
	for m, want := range map[haat.Money]string{0: "0.00", 5: "0.05", 60180: "601.80", 100: "1.00", -250: "-2.50"} {
		if got := m.Fixed(); got != want {
			t.Errorf("%d: %q, want %q", int64(m), got, want)
		}
	}
}
