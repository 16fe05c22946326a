package haat_test

import (
	"testing"

	"haat"
)

func TestOrderRules(t *testing.T) {
	for _, tc := range []struct {
		status   haat.OrderStatus
		payment  haat.PaymentType
		paid     bool
		next     []haat.OrderStatus
		markPaid string // "" when allowed, else the message
	}{
		{haat.StatusOrderPlaced, haat.PaymentCOD, false, []haat.OrderStatus{"Packed", "Cancelled"}, "A cash order is marked paid once it is delivered"},
		{haat.StatusPacked, haat.PaymentCOD, false, []haat.OrderStatus{"Out for Delivery", "Cancelled"}, "A cash order is marked paid once it is delivered"},
		{haat.StatusOutForDelivery, haat.PaymentOnline, true, []haat.OrderStatus{"Delivered", "Cancelled"}, "The order is already paid"},
		{haat.StatusDelivered, haat.PaymentCOD, false, nil, ""},
		{haat.StatusDelivered, haat.PaymentCOD, true, nil, "The order is already paid"},
		{haat.StatusDelivered, haat.PaymentOnline, false, nil, "Online orders are marked paid by their payment provider"},
		{haat.StatusCancelled, haat.PaymentCOD, false, nil, "A cash order is marked paid once it is delivered"},
		// A status the seller does not handle (an online order not paid yet) has no steps.
		{"Awaiting Payment", haat.PaymentOnline, false, nil, "Online orders are marked paid by their payment provider"},
	} {
		o := haat.Order{Status: tc.status, PaymentType: tc.payment, IsPaid: tc.paid}
		next := o.NextStatuses()
		if len(next) != len(tc.next) {
			t.Errorf("%s: next %v, want %v", tc.status, next, tc.next)
		}
		for i := range next {
			if i < len(tc.next) && next[i] != tc.next[i] {
				t.Errorf("%s: next %v, want %v", tc.status, next, tc.next)
			}
			if err := o.CheckStatusChange(next[i]); err != nil {
				t.Errorf("%s → %s offered but refused: %v", tc.status, next[i], err)
			}
		}
		err := o.CheckMarkPaid()
		if (tc.markPaid == "") != (err == nil) || (err != nil && haat.ErrorMessage(err) != tc.markPaid) {
			t.Errorf("%s %s paid=%v: mark paid = %v, want %q", tc.status, tc.payment, tc.paid, err, tc.markPaid)
		}
	}
	o := haat.Order{Status: "Awaiting Payment"}
	if err := o.CheckStatusChange(haat.StatusPacked); haat.ErrorMessage(err) != "An order that is Awaiting Payment cannot be handled yet" {
		t.Errorf("awaiting payment → packed: %v", err)
	}
}

func TestParseOrderNumber(t *testing.T) {
	for in, want := range map[string]int64{"10482": 10482, "#10482": 10482, " # 10482 ": 10482, "#1": 1, "#१०४८२": 10482} {
		if got, err := haat.ParseOrderNumber(in); err != nil || got != want {
			t.Errorf("ParseOrderNumber(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "#", "abc", "10482a", "+10482", "-5", "0", "##10482", "1 0482", "99999999999999999999"} {
		if _, err := haat.ParseOrderNumber(in); haat.ErrorCode(err) != haat.EINVALID {
			t.Errorf("ParseOrderNumber(%q) = %v, want EINVALID", in, err)
		}
	}
}

func TestCheckPay(t *testing.T) {
	for _, tc := range []struct {
		payment   haat.PaymentType
		status    haat.OrderStatus
		paid, can bool
	}{
		{haat.PaymentOnline, haat.StatusAwaitingPayment, false, true},
		{haat.PaymentOnline, haat.StatusPaymentFailed, false, true},
		{haat.PaymentOnline, haat.StatusOrderPlaced, true, false},
		{haat.PaymentOnline, haat.StatusCancelled, true, false},
		{haat.PaymentOnline, haat.StatusAwaitingPayment, true, false}, // paid while the status lags: never twice
		{haat.PaymentCOD, haat.StatusOrderPlaced, false, false},
	} {
		o := haat.Order{PaymentType: tc.payment, Status: tc.status, IsPaid: tc.paid}
		if err := o.CheckPay(); (err == nil) != tc.can {
			t.Errorf("%s %s paid=%v: CheckPay = %v, want payable %v", tc.payment, tc.status, tc.paid, err, tc.can)
		} else if err != nil && haat.ErrorMessage(err) != "This order does not await payment" {
			t.Errorf("message %q", haat.ErrorMessage(err))
		}
	}
}

func TestNewOrderCurrency(t *testing.T) {
	o := haat.NewOrder{UserID: "u", AddressID: "a", PaymentType: haat.PaymentCOD, Lines: []haat.OrderLine{{ProductID: "p", Quantity: 1}}}
	if v, err := o.Validate(); err != nil || v.NewOrder().Currency != haat.USD {
		t.Errorf("no currency: %q, %v; want the default USD", v.NewOrder().Currency, err)
	}
	o.Currency = "EUR"
	if _, err := o.Validate(); haat.ErrorCode(err) != haat.EINVALID {
		t.Errorf("EUR: %v, want invalid", err)
	}
}
