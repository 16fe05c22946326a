package dashboard_test

import (
	"testing"
	"time"

	"haat"
	"haat/dashboard"
)

// TestLateAtTheEdge: delivered at the very moment promised is on time; a millisecond after is late.
// An order still on its way is late once the moment has passed; a cancelled one, or one promised no
// time, never is.
func TestLateAtTheEdge(t *testing.T) {
	by := time.Date(2026, 11, 23, 12, 0, 0, 0, haat.StoreZone)
	delivered := func(at time.Time) []haat.OrderEvent {
		return []haat.OrderEvent{{Status: haat.StepPlaced, At: by.Add(-time.Hour)}, {Status: haat.StepDelivered, At: at}}
	}
	for _, tc := range []struct {
		name   string
		order  haat.Order
		now    time.Time
		late   bool
		atRisk bool
	}{
		{"delivered at the deadline", haat.Order{Status: haat.StatusDelivered, PromisedBy: &by, Events: delivered(by)}, by.Add(time.Hour), false, false},
		{"delivered a millisecond after", haat.Order{Status: haat.StatusDelivered, PromisedBy: &by, Events: delivered(by.Add(time.Millisecond))}, by, true, false},
		{"delivered early", haat.Order{Status: haat.StatusDelivered, PromisedBy: &by, Events: delivered(by.Add(-time.Minute))}, by.Add(time.Hour), false, false},
		{"delivered, no history of it", haat.Order{Status: haat.StatusDelivered, PromisedBy: &by}, by.Add(time.Hour), false, false},
		{"delivered late, promised nothing", haat.Order{Status: haat.StatusDelivered, Events: delivered(by.Add(time.Hour))}, by.Add(time.Hour), false, false},
		{"out, 16 minutes to go", haat.Order{Status: haat.StatusOutForDelivery, PromisedBy: &by}, by.Add(-16 * time.Minute), false, false},
		{"out, 15 minutes to go", haat.Order{Status: haat.StatusOutForDelivery, PromisedBy: &by}, by.Add(-15 * time.Minute), false, true},
		{"out, at the deadline", haat.Order{Status: haat.StatusOutForDelivery, PromisedBy: &by}, by, false, true},
		{"out, a millisecond past", haat.Order{Status: haat.StatusOutForDelivery, PromisedBy: &by}, by.Add(time.Millisecond), true, true},
		{"packed, past", haat.Order{Status: haat.StatusPacked, PromisedBy: &by}, by.Add(time.Minute), true, false},
		{"cancelled, past", haat.Order{Status: haat.StatusCancelled, PromisedBy: &by}, by.Add(time.Hour), false, false},
		{"awaiting payment, past", haat.Order{Status: haat.StatusAwaitingPayment, PromisedBy: &by}, by.Add(time.Hour), false, false},
	} {
		if got := tc.order.Late(tc.now); got != tc.late {
			t.Errorf("%s: late = %v, want %v", tc.name, got, tc.late)
		}
		atRisk := tc.order.Status == haat.StatusOutForDelivery && dashboard.AtRisk(*tc.order.PromisedBy, tc.now)
		if atRisk != tc.atRisk {
			t.Errorf("%s: at risk = %v, want %v", tc.name, atRisk, tc.atRisk)
		}
	}
}

func TestOnTimeShare(t *testing.T) {
	by := time.Date(2026, 11, 23, 12, 0, 0, 0, haat.StoreZone)
	var share dashboard.OnTime
	if share.Percent != 0 || share.Delivered != 0 {
		t.Fatalf("none delivered: %+v", share)
	}
	share.Add(&by, by)                       // on time, at the edge
	share.Add(&by, by.Add(time.Millisecond)) // late
	share.Add(nil, by.Add(time.Hour))        // promised nothing: nothing missed
	if share != (dashboard.OnTime{Delivered: 3, OnTime: 2, Percent: 66}) {
		t.Fatalf("share: %+v (rounded down: 100 means every one)", share)
	}
}
