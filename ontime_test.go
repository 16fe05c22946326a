package haat_test

import (
	"testing"
	"time"

	"haat"
)

func TestPromisedWithin(t *testing.T) {
	for _, tc := range []struct {
		promise string
		want    time.Duration
		ok      bool
	}{
		{"Delivered within 30 minutes", 30 * time.Minute, true},
		{"In 2 hours or it's free", 2 * time.Hour, true},
		{"Within 45 mins", 45 * time.Minute, true},
		{"1 hr delivery", time.Hour, true},
		{"३० मिनेटभित्र", 30 * time.Minute, true},
		{"२ घण्टामा", 2 * time.Hour, true},
		{"Same-day delivery", 0, false},
		{"", 0, false},
		{"0 minutes", 0, false},
		{"Open 7 days a week", 0, false},
	} {
		got, ok := haat.PromisedWithin(tc.promise)
		if got != tc.want || ok != tc.ok {
			t.Errorf("PromisedWithin(%q) = %v, %v; want %v, %v", tc.promise, got, ok, tc.want, tc.ok)
		}
	}
}

// TestPlacePromises: an order is promised its slot's end when it has a slot, else the store's speed
// promise from its placing, else no time.
func TestPlacePromises(t *testing.T) {
	placed := time.Date(2026, 11, 23, 9, 10, 0, 0, haat.StoreZone)
	for _, tc := range []struct {
		name    string
		slot    *haat.OrderSlot
		promise string
		want    string // RFC 3339 in UTC, "" for none
	}{
		{"slot", &haat.OrderSlot{ID: "2026-11-24/w1", Day: "2026-11-24", Start: 600, End: 720}, "Delivered within 30 minutes", "2026-11-24T06:15:00Z"},
		{"slot ending at midnight", &haat.OrderSlot{Day: "2026-11-23", Start: 1320, End: 1440}, "", "2026-11-23T18:15:00Z"},
		{"speed promise", nil, "Delivered within 30 minutes", "2026-11-23T03:55:00Z"},
		{"no time named", nil, "Same-day delivery", ""},
		{"no promise", nil, "", ""},
	} {
		o := haat.Order{Slot: tc.slot, SpeedPromise: tc.promise}
		o.Place(placed)
		got := ""
		if o.PromisedBy != nil {
			got = o.PromisedBy.UTC().Format(time.RFC3339)
		}
		if got != tc.want || !o.CreatedAt.Equal(placed) {
			t.Errorf("%s: promised by %q, want %q", tc.name, got, tc.want)
		}
	}
}

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
		atRisk := tc.order.Status == haat.StatusOutForDelivery && haat.AtRisk(*tc.order.PromisedBy, tc.now)
		if atRisk != tc.atRisk {
			t.Errorf("%s: at risk = %v, want %v", tc.name, atRisk, tc.atRisk)
		}
	}
}

func TestOnTimeShare(t *testing.T) {
	by := time.Date(2026, 11, 23, 12, 0, 0, 0, haat.StoreZone)
	var share haat.OnTime
	if share.Percent != 0 || share.Delivered != 0 {
		t.Fatalf("none delivered: %+v", share)
	}
	share.Add(&by, by)                       // on time, at the edge
	share.Add(&by, by.Add(time.Millisecond)) // late
	share.Add(nil, by.Add(time.Hour))        // promised nothing: nothing missed
	if share != (haat.OnTime{Delivered: 3, OnTime: 2, Percent: 66}) {
		t.Fatalf("share: %+v (rounded down: 100 means every one)", share)
	}
}
