package haat_test

import (
	"testing"

	"haat"
)

func TestFormatGrams(t *testing.T) {
	for grams, want := range map[int]string{250: "250 g", 999: "999 g", 1000: "1 kg", 1250: "1.25 kg", 1500: "1.5 kg", 25000: "25 kg", 10: "10 g"} {
		if got := haat.FormatGrams(grams); got != want {
			t.Errorf("FormatGrams(%d) = %q, want %q", grams, got, want)
		}
	}
}

func TestBillLineByWeight(t *testing.T) {
	for _, tc := range []struct {
		line haat.BillLine
		want haat.Money
	}{
		{haat.BillLine{UnitPrice: 18000, Quantity: 3, Step: 250}, 13500},       // 750 g at 180 a kg
		{haat.BillLine{UnitPrice: 9999, Quantity: 5, Step: 250}, 12499},        // 1249.875 rounds half up
		{haat.BillLine{UnitPrice: 2, Quantity: 1, Step: 250}, 1},               // 0.5 rounds up
		{haat.BillLine{UnitPrice: 1, Quantity: 1, Step: 250}, 0},               // 0.25 rounds down
		{haat.BillLine{UnitPrice: 50000, Quantity: 100, Step: 5000}, 25000000}, // 500 kg
		{haat.BillLine{UnitPrice: 29500, Quantity: 2}, 59000},                  // by the unit
	} {
		if got, err := tc.line.Amount(); err != nil || got != tc.want {
			t.Errorf("%+v: %v, %v; want %v", tc.line, got, err, tc.want)
		}
	}
	if _, err := (haat.BillLine{UnitPrice: 100, Quantity: -1, Step: 250}).Amount(); err == nil {
		t.Error("a negative quantity by weight was priced")
	}
}

func TestParseSoldBy(t *testing.T) {
	for in, want := range map[string]haat.SoldBy{"": "", "unit": "", " Unit ": "", "weight": haat.SoldByWeight, "WEIGHT": haat.SoldByWeight} {
		if got, err := haat.ParseSoldBy(in); err != nil || got != want {
			t.Errorf("ParseSoldBy(%q) = %q, %v", in, got, err)
		}
	}
	if _, err := haat.ParseSoldBy("litre"); err == nil {
		t.Error("litre accepted")
	}
}

// TestNumbersInDevanagari: every number a person types reads the same in Devanagari digits.
func TestNumbersInDevanagari(t *testing.T) {
	if got := haat.ASCIIDigits("वडा १०, ४४६००"); got != "वडा 10, 44600" {
		t.Errorf("ASCIIDigits: %q", got)
	}
	if n, err := haat.ParseStep("२५०"); err != nil || n != 250 {
		t.Errorf("ParseStep: %d, %v", n, err)
	}
	if n, err := haat.ParseStock("१२"); err != nil || n == nil || *n != 12 {
		t.Errorf("ParseStock: %v, %v", n, err)
	}
	a := haat.Address{FirstName: "Sita", LastName: "Gurung", Street: "Lakeside", City: "Pokhara", State: "Gandaki", Zipcode: "३३७००",
		Country: "Nepal", Phone: "९८११११११११", Email: "s@example.com"}
	if err := a.Validate(); err != nil || a.Zipcode != "33700" || a.Phone != "9811111111" {
		t.Errorf("address: %+v, %v", a, err)
	}
	f := haat.SellerOrderFilter{}
	if err := f.SetSearch(" ९८११ "); err != nil || f.Search != "9811" {
		t.Errorf("order search: %q, %v", f.Search, err)
	}
}
