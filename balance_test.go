package haat_test

import (
	"errors"
	"math"
	"testing"

	"haat"
)

// TestBalanceOf: what an order's money stands at, from its total, the store credit offered, its
// payment and its refunds.
func TestBalanceOf(t *testing.T) {
	due := func(amount haat.Money, way haat.RefundWay) haat.Refund {
		return haat.Refund{Amount: amount, State: haat.RefundDue, Way: way}
	}
	made := func(amount haat.Money, way haat.RefundWay) haat.Refund {
		return haat.Refund{Amount: amount, State: haat.RefundRefunded, Way: way}
	}
	for _, tc := range []struct {
		name    string
		total   haat.Money
		credit  haat.Money
		paid    bool
		refunds []haat.Refund
		want    haat.Balance
	}{
		{name: "unpaid, no credit", total: 60180,
			want: haat.Balance{Total: 60180, ToPay: 60180}},
		{name: "paid, no credit", total: 60180, paid: true,
			want: haat.Balance{Total: 60180, ToPay: 60180, PaidInMoney: 60180, BackToPayment: 60180}},
		{name: "credit pays part", total: 60180, credit: 10000,
			want: haat.Balance{Total: 60180, CreditUsed: 10000, ToPay: 50180}},
		{name: "credit beyond the total pays all of it", total: 60180, credit: 100000, paid: true,
			want: haat.Balance{Total: 60180, CreditUsed: 60180}},
		{name: "no credit below nothing", total: 500, credit: -100,
			want: haat.Balance{Total: 500, ToPay: 500}},
		{name: "packed lighter: the difference due back", total: 55590, paid: true, refunds: []haat.Refund{due(4590, "")},
			want: haat.Balance{Total: 55590, ToPay: 55590, PaidInMoney: 55590, OwedBack: 4590, BackToPayment: 51000}},
		{name: "refunds of part, to the payment and as credit", total: 60180, credit: 10000, paid: true,
			refunds: []haat.Refund{made(11300, haat.RefundToPayment), due(2000, haat.RefundToCredit)},
			want:    haat.Balance{Total: 60180, CreditUsed: 10000, ToPay: 50180, PaidInMoney: 50180, OwedBack: 2000, Refunded: 11300, BackToPayment: 38880}},
		{name: "cancelled after paying: all of it due back", total: 60180, paid: true, refunds: []haat.Refund{due(60180, "")},
			want: haat.Balance{Total: 60180, ToPay: 60180, PaidInMoney: 60180, OwedBack: 60180}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := haat.BalanceOf(tc.total, tc.credit, tc.paid, tc.refunds)
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("balance %+v, want %+v", got, tc.want)
			}
		})
	}
}

// TestBalanceOverflow: a sum past what a Money holds is an error, never a wrapped figure.
func TestBalanceOverflow(t *testing.T) {
	for _, tc := range []struct {
		name    string
		total   haat.Money
		refunds []haat.Refund
	}{
		{name: "owed back", total: 100, refunds: []haat.Refund{{Amount: math.MaxInt64, State: haat.RefundDue}, {Amount: 1, State: haat.RefundDue}}},
		{name: "back to the payment", total: math.MinInt64 + 1, refunds: []haat.Refund{{Amount: 2, State: haat.RefundRefunded}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := haat.BalanceOf(tc.total, 0, true, tc.refunds); !errors.Is(err, haat.ErrMoneyOverflow) {
				t.Errorf("err %v, want ErrMoneyOverflow", err)
			}
		})
	}
}

// TestOrderBalance: the order's figures are its balance's, as its bill and store credit set them.
func TestOrderBalance(t *testing.T) {
	o := packOrder(t, haat.PaymentOnline, haat.TaxFlat)
	if err := o.UseCredit(10000); err != nil {
		t.Fatal(err)
	}
	b, err := o.Balance()
	if err != nil {
		t.Fatal(err)
	}
	if b.Total != o.Amount || b.CreditUsed != o.CreditUsed || b.ToPay != o.ToPay || b.ToPay != o.Amount-10000 || b.PaidInMoney != o.ToPay {
		t.Errorf("balance %+v of an order of %s with %s credit, %s to pay", b, o.Amount, o.CreditUsed, o.ToPay)
	}
}
