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
