package haat

import (
	"testing"
	"time"

	"haat/bikramsambat"
)

func TestInvoiceDetailsValidate(t *testing.T) {
	d := InvoiceDetails{LegalName: "  Haat Traders Pvt. Ltd. ", Address: " Baneshwor-10, Kathmandu ", PAN: "६०१ २३४ ५६७"}
	if err := d.Validate(); err != nil {
		t.Fatal(err)
	}
	if d.LegalName != "Haat Traders Pvt. Ltd." || d.Address != "Baneshwor-10, Kathmandu" || d.PAN != "601234567" {
		t.Fatalf("validated: %+v", d)
	}
	for _, pan := range []string{"", "12345678", "1234567890", "12345678x", "-12345678"} {
		d := InvoiceDetails{LegalName: "Haat", Address: "Kathmandu", PAN: pan}
		if ErrorMessage(d.Validate()) != "The PAN/VAT number is 9 digits, like 123456789" {
			t.Errorf("PAN %q: %v", pan, d.Validate())
		}
	}
}

func TestNewInvoice(t *testing.T) {
	// 17:30 UTC on 16 July 2025 is 23:15 in Kathmandu: still 32 Asar 2082, fiscal year 2081/82.
	at := time.Date(2025, time.July, 16, 17, 30, 0, 0, time.UTC)
	fy, err := FiscalYearOf(at)
	if err != nil {
		t.Fatal(err)
	}
	inv, err := NewInvoice("o1", fy, 17, at, InvoiceDetails{LegalName: "Haat"})
	if err != nil {
		t.Fatal(err)
	}
	if inv.Code != "2081/82-17" || inv.FiscalYear != "2081/82" || inv.DateBS != (bikramsambat.Date{Year: 2082, Month: bikramsambat.Asar, Day: 32}) || inv.DateAD != "2025-07-16" {
		t.Fatalf("invoice: %+v", inv)
	}
	inv, _ = NewInvoice("o2", 2082, 1, at.Add(time.Hour), InvoiceDetails{})
	if inv.Code != "2082/83-1" || inv.DateBS != (bikramsambat.Date{Year: 2082, Month: bikramsambat.Shrawan, Day: 1}) || inv.DateAD != "2025-07-17" {
		t.Fatalf("invoice after midnight in Nepal: %+v", inv)
	}
}
