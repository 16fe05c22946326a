package haat_test

import (
	"errors"
	"strings"
	"testing"

	"haat"
)

// TestCreditRules: an entry is never 0, grants add and spending takes, every entry names its
// shopper and order; spending never takes the balance below 0; an order uses at most what it
// costs of the balance.
func TestCreditRules(t *testing.T) {
	ok := haat.CreditChange{UserID: "u1", OrderID: "o1", Amount: 500, Reason: haat.CreditGoodwill, Note: "  late   delivery "}
	if err := ok.Validate(); err != nil || ok.Note != "late delivery" {
		t.Fatalf("a goodwill entry: %v, note %q", err, ok.Note)
	}
	for name, c := range map[string]haat.CreditChange{
		"zero":             {UserID: "u1", OrderID: "o1", Amount: 0, Reason: haat.CreditRefund},
		"a grant taken":    {UserID: "u1", OrderID: "o1", Amount: -100, Reason: haat.CreditRefund},
		"spending added":   {UserID: "u1", OrderID: "o1", Amount: 100, Reason: haat.CreditSpent},
		"no order":         {UserID: "u1", Amount: 100, Reason: haat.CreditClaim},
		"no shopper":       {OrderID: "o1", Amount: 100, Reason: haat.CreditClaim},
		"unknown reason":   {UserID: "u1", OrderID: "o1", Amount: 100, Reason: "bought"},
		"too much":         {UserID: "u1", OrderID: "o1", Amount: haat.MaxCredit + 1, Reason: haat.CreditGoodwill},
		"a note too long:": {UserID: "u1", OrderID: "o1", Amount: 100, Reason: haat.CreditGoodwill, Note: strings.Repeat("x", haat.MaxCreditNote+1)},
	} {
		if err := c.Validate(); !errors.Is(err, haat.ErrCreditEntry) {
			t.Errorf("%s: %v, want ErrCreditEntry", name, err)
		}
	}
	spend := haat.CreditChange{UserID: "u1", OrderID: "o1", Amount: -100, Reason: haat.CreditSpent}
	if err := spend.Validate(); err != nil {
		t.Fatalf("spending: %v", err)
	}
	for _, r := range []haat.CreditReason{haat.CreditRefund, haat.CreditClaim, haat.CreditGoodwill, haat.CreditWeight, haat.CreditReturned} {
		if !r.Grants() {
			t.Errorf("%s does not grant", r)
		}
	}
	if haat.CreditSpent.Grants() {
		t.Error("spent grants")
	}

	for _, tc := range []struct{ balance, amount haat.Money }{{100, 100}, {100, 1}, {0, 0}} {
		if err := haat.CheckSpend(tc.balance, tc.amount); err != nil {
			t.Errorf("spending %s of %s: %v", tc.amount, tc.balance, err)
		}
	}
	for _, tc := range []struct{ balance, amount haat.Money }{{100, 101}, {0, 1}, {100, -1}} {
		if err := haat.CheckSpend(tc.balance, tc.amount); err != haat.ErrCreditChanged {
			t.Errorf("spending %s of %s: %v, want ErrCreditChanged", tc.amount, tc.balance, err)
		}
	}
	for _, tc := range []struct{ balance, total, want haat.Money }{{10000, 30090, 10000}, {50000, 30090, 30090}, {0, 30090, 0}, {30090, 30090, 30090}, {-5, 100, 0}} {
		if got := haat.CreditToUse(tc.balance, tc.total); got != tc.want {
			t.Errorf("CreditToUse(%s, %s) = %s, want %s", tc.balance, tc.total, got, tc.want)
		}
	}
}

// TestOrderUsesCredit: credit pays part of an order, and what is left to pay is asked for; an
// order paid wholly by credit is paid at once (online too, placed without its provider); the bill
// stays as it was; a bill settled lower keeps the credit within it, and the credit beyond goes back.
func TestOrderUsesCredit(t *testing.T) {
	bill, err := haat.BillOf([]haat.BillLine{{UnitPrice: 29500, Quantity: 1}}, haat.BillRules{TaxRule: haat.TaxFlat}, haat.BillChoices{})
	if err != nil {
		t.Fatal(err)
	}
	order := func(p haat.PaymentType) *haat.Order {
		o := &haat.Order{PaymentType: p, Status: haat.StatusOrderPlaced}
		if p == haat.PaymentOnline {
			o.Status = haat.StatusAwaitingPayment
		}
		o.SetBill(bill)
		return o
	}

	part := order(haat.PaymentCOD)
	part.UseCredit(10000)
	if part.CreditUsed != 10000 || part.ToPay != 20090 || part.IsPaid || part.ToCollect() != 20090 || part.Bill.Total != bill.Total || part.Tax != 590 {
		t.Fatalf("part paid by credit: used %s, to pay %s, paid %v, collect %s, bill %+v", part.CreditUsed, part.ToPay, part.IsPaid, part.ToCollect(), part.Bill)
	}
	online := order(haat.PaymentOnline)
	online.UseCredit(10000)
	if online.IsPaid || online.Status != haat.StatusAwaitingPayment || online.PaidByCredit() {
		t.Fatalf("an online order part paid by credit: %s, paid %v", online.Status, online.IsPaid)
	}
	for _, p := range []haat.PaymentType{haat.PaymentCOD, haat.PaymentOnline} {
		whole := order(p)
		whole.UseCredit(50000)
		if whole.CreditUsed != 30090 || whole.ToPay != 0 || !whole.IsPaid || whole.Status != haat.StatusOrderPlaced || !whole.PaidByCredit() || whole.ToCollect() != 0 {
			t.Fatalf("%s paid wholly by credit: used %s, to pay %s, paid %v, %s", p, whole.CreditUsed, whole.ToPay, whole.IsPaid, whole.Status)
		}
	}
	none := order(haat.PaymentCOD)
	none.UseCredit(0)
	if none.CreditUsed != 0 || none.ToPay != 30090 || none.IsPaid {
		t.Fatalf("no credit: used %s, to pay %s, paid %v", none.CreditUsed, none.ToPay, none.IsPaid)
	}

	// Settled lower than the credit used: the credit stays within the total.
	lower := bill
	lower.Total = 8000
	part.SetBill(lower)
	if part.CreditUsed != 8000 || part.ToPay != 0 {
		t.Fatalf("settled below the credit: used %s, to pay %s", part.CreditUsed, part.ToPay)
	}

	// A paid online order settled lower gets back what it paid online beyond what is left to pay.
	paid := order(haat.PaymentOnline)
	paid.UseCredit(10000)
	paid.IsPaid = true
	settled := bill
	settled.Total = 25000
	if owed, _ := haat.RefundAfterPacking(paid, settled, paid.ToPay); owed != 5090 {
		t.Fatalf("refund after packing to 250 with 100 credit: %s, want 50.90", owed)
	}
	settled.Total = 6000
	if owed, _ := haat.RefundAfterPacking(paid, settled, paid.ToPay); owed != 20090 {
		t.Fatalf("refund after packing below the credit: %s, want all of 200.90 paid online", owed)
	}
}

// TestGoodwillRules: the owner's goodwill names its order, an amount above 0 and why; an order's
// goodwill adds up to at most its total.
func TestGoodwillRules(t *testing.T) {
	for name, tc := range map[string]struct {
		g   haat.Goodwill
		msg string
	}{
		"no order":  {haat.Goodwill{Amount: 100, Note: "late"}, "Order id is required"},
		"zero":      {haat.Goodwill{OrderID: "o1", Note: "late"}, "Enter an amount of store credit above 0"},
		"negative":  {haat.Goodwill{OrderID: "o1", Amount: -100, Note: "late"}, "Enter an amount of store credit above 0"},
		"no reason": {haat.Goodwill{OrderID: "o1", Amount: 100, Note: "   "}, "Say why the shopper is given store credit"},
		"too long":  {haat.Goodwill{OrderID: "o1", Amount: 100, Note: strings.Repeat("x", haat.MaxCreditNote+1)}, "The note must be at most 200 characters"},
	} {
		if err := tc.g.Validate(); haat.ErrorMessage(err) != tc.msg {
			t.Errorf("%s: %v, want %q", name, err, tc.msg)
		}
	}
	o := &haat.Order{Amount: 30090}
	if err := o.CheckGoodwill(10000, 20090); err != nil {
		t.Fatalf("goodwill up to the total: %v", err)
	}
	if err := o.CheckGoodwill(10000, 20091); haat.ErrorCode(err) != haat.EINVALID {
		t.Fatalf("goodwill past the total: %v", err)
	}
}
