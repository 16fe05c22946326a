package haat_test

import (
	"testing"

	"haat"
)

func TestOrderMessage(t *testing.T) {
	for _, c := range []struct {
		was, now haat.OrderStatus
		kind     haat.MessageKind
	}{
		{"", haat.StatusOrderPlaced, haat.MessageOrderPlaced},
		{haat.StatusAwaitingPayment, haat.StatusOrderPlaced, haat.MessageOrderPlaced},
		{haat.StatusOrderPlaced, haat.StatusPacked, ""},
		{haat.StatusPacked, haat.StatusOutForDelivery, haat.MessageOutForDelivery},
		{haat.StatusOutForDelivery, haat.StatusDelivered, haat.MessageDelivered},
		{haat.StatusPacked, haat.StatusCancelled, haat.MessageCancelled},
		{haat.StatusAwaitingPayment, haat.StatusCancelled, ""}, // never placed: nothing new to tell
		{haat.StatusPaymentFailed, haat.StatusCancelled, ""},
		{haat.StatusDelivered, haat.StatusDelivered, ""},
	} {
		kind, ok := haat.OrderMessage(c.was, c.now)
		if kind != c.kind || ok != (c.kind != "") {
			t.Errorf("%q → %q: %q, %v; want %q", c.was, c.now, kind, ok, c.kind)
		}
	}
}

func TestNotificationChoice(t *testing.T) {
	off, on := false, true
	n := haat.NotificationChoice{Orders: &off, Newsletter: &on}.Apply(haat.DefaultNotifications)
	if n != (haat.Notifications{Orders: false, BackInStock: true, Newsletter: true}) {
		t.Errorf("applied: %+v", n)
	}
	if err := (haat.NotificationChoice{}).Validate(); haat.ErrorCode(err) != haat.EINVALID {
		t.Errorf("an empty choice: %v", err)
	}
}
