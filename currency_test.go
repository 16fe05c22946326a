package haat_test

import (
	"encoding/json"
	"os"
	"testing"

	"haat"
)

// moneyCase is one case of testdata/money-format.json, which the storefront's formatter is held
// to as well.
type moneyCase struct {
	Minor    int64    `json:"minor"`
	Currency string   `json:"currency"`
	Lang     string   `json:"lang"`
	Major    *float64 `json:"major"`
	Fixed    bool     `json:"fixed"`
	Text     string   `json:"text"`
}

func TestCurrencyFormat(t *testing.T) {
	b, err := os.ReadFile("testdata/money-format.json")
	if err != nil {
		t.Fatal(err)
	}
	var table struct{ Cases []moneyCase }
	if err := json.Unmarshal(b, &table); err != nil {
		t.Fatal(err)
	}
	if len(table.Cases) < 20 {
		t.Fatalf("only %d cases read", len(table.Cases))
	}
	for _, c := range table.Cases {
		cur, err := haat.ParseCurrency(c.Currency)
		if err != nil {
			t.Fatal(err)
		}
		lang, err := haat.ParseLanguage(c.Lang)
		if err != nil {
			t.Fatal(err)
		}
		format := cur.Format
		if c.Fixed {
			format = cur.FormatFixed
		}
		if got := format(haat.Money(c.Minor), lang); got != c.Text {
			t.Errorf("%s %s Format(%d) = %q, want %q", c.Currency, c.Lang, c.Minor, got, c.Text)
		}
	}
}

func TestParseCurrency(t *testing.T) {
	for in, want := range map[string]haat.Currency{"USD": haat.USD, "npr": haat.NPR, " NPR ": haat.NPR} {
		if got, err := haat.ParseCurrency(in); err != nil || got != want {
			t.Errorf("ParseCurrency(%q) = %q, %v", in, got, err)
		}
	}
	for _, in := range []string{"", "EUR", "Rs."} {
		if _, err := haat.ParseCurrency(in); haat.ErrorCode(err) != haat.EINVALID {
			t.Errorf("ParseCurrency(%q): %v, want invalid", in, err)
		}
	}
}

func TestLocalDigits(t *testing.T) {
	if got := haat.LocalDigits("Order #10482, 3 items", haat.Nepali); got != "Order #१०४८२, ३ items" {
		t.Errorf("Nepali digits: %q", got)
	}
	if got := haat.LocalDigits("10482", haat.English); got != "10482" {
		t.Errorf("English digits: %q", got)
	}
}
