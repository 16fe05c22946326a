package cash_test

import (
	"testing"
	"time"

	"haat"
	"haat/cash"
)

// TestCashSheetSum: a rider's day adds up from what they collected, what they handed in and what
// was left from the days before; QR payments are listed but went to the store's account.
func TestCashSheetSum(t *testing.T) {
	orders := func(amounts ...haat.Money) []cash.Order {
		out := []cash.Order{}
		for i, a := range amounts {
			out = append(out, cash.Order{Number: int64(10480 + i), Amount: a})
		}
		return out
	}
	handed := func(amounts ...haat.Money) []cash.Handover {
		out := []cash.Handover{}
		for _, a := range amounts {
			out = append(out, cash.Handover{Amount: a})
		}
		return out
	}
	for _, tc := range []struct {
		name                          string
		sheet                         cash.Sheet
		collected, qr, handedIn, diff haat.Money
	}{
		{"nothing", cash.Sheet{Collected: orders(), QR: orders(), HandedIn: handed()}, 0, 0, 0, 0},
		{"all handed in", cash.Sheet{Collected: orders(52050, 30000), HandedIn: handed(82050)}, 82050, 0, 82050, 0},
		{"short", cash.Sheet{Collected: orders(52050, 30000), HandedIn: handed(80000)}, 82050, 0, 80000, 2050},
		{"nothing handed in", cash.Sheet{Collected: orders(52050)}, 52050, 0, 0, 52050},
		{"shortfall carried, settled today", cash.Sheet{Carried: 2050, Collected: orders(10000), HandedIn: handed(12050)}, 10000, 0, 12050, 0},
		{"shortfall carried, nothing today", cash.Sheet{Carried: 2050}, 0, 0, 0, 2050},
		{"handed in too much, corrected", cash.Sheet{Collected: orders(10000), HandedIn: handed(11000, -1000)}, 10000, 0, 10000, 0},
		{"over carried", cash.Sheet{Carried: -500, Collected: orders(10000), HandedIn: handed(9500)}, 10000, 0, 9500, 0},
		{"QR is not cash", cash.Sheet{Collected: orders(10000), QR: orders(25000), HandedIn: handed(10000)}, 10000, 25000, 10000, 0},
	} {
		s := tc.sheet
		if err := s.Sum(); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if s.CollectedTotal != tc.collected || s.QRTotal != tc.qr || s.HandedInTotal != tc.handedIn || s.Difference != tc.diff {
			t.Errorf("%s: collected %d, qr %d, handed in %d, difference %d; want %d, %d, %d, %d", tc.name,
				s.CollectedTotal, s.QRTotal, s.HandedInTotal, s.Difference, tc.collected, tc.qr, tc.handedIn, tc.diff)
		}
	}
	big := cash.Sheet{Carried: haat.Money(1<<63 - 1), Collected: orders(1)}
	if err := big.Sum(); err == nil {
		t.Fatal("a sum too large was wrapped")
	}
	if got, err := cash.Balance(82050, 80000); got != 2050 || err != nil {
		t.Fatalf("balance: %d %v", got, err)
	}
}

func TestNewHandoverValidate(t *testing.T) {
	for _, tc := range []struct {
		h    cash.NewHandover
		want string
	}{
		{cash.NewHandover{RiderID: "r", Amount: 50000}, ""},
		{cash.NewHandover{RiderID: "r", Amount: -1000, Note: "  counted twice  "}, ""},
		{cash.NewHandover{RiderID: "r", Amount: -1000, Note: "   "}, "Say why in a note: a negative amount corrects an earlier handover"},
		{cash.NewHandover{RiderID: "r"}, "Enter the amount handed in"},
		{cash.NewHandover{Amount: 100}, "Choose the rider who hands in the money"},
		{cash.NewHandover{RiderID: "r", Amount: haat.MaxPrice + 1}, "A handover is at most 10,000,000"},
	} {
		h := tc.h
		err := h.Validate()
		if (err == nil && tc.want != "") || (err != nil && haat.ErrorMessage(err) != tc.want) {
			t.Errorf("%+v: %v, want %q", tc.h, err, tc.want)
		}
	}
	h := cash.NewHandover{RiderID: "r", Amount: -1000, Note: "  counted   twice "}
	if h.Validate(); h.Note != "counted twice" {
		t.Errorf("note kept as %q", h.Note)
	}
}

func TestParseCashDay(t *testing.T) {
	now := time.Date(2026, 11, 23, 0, 30, 0, 0, haat.StoreZone)
	from, to, err := cash.ParseDay("", now)
	if err != nil || !from.Equal(time.Date(2026, 11, 23, 0, 0, 0, 0, haat.StoreZone)) || to.Sub(from) != 24*time.Hour {
		t.Fatalf("today: %v %v %v", from, to, err)
	}
	if from, _, err := cash.ParseDay("२०२६-११-२०", now); err != nil || from.Format(time.DateOnly) != "2026-11-20" {
		t.Fatalf("Devanagari digits: %v %v", from, err)
	}
	if _, _, err := cash.ParseDay("23/11/2026", now); err == nil {
		t.Fatal("a date in another form was read")
	}
}
