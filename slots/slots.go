// Package slots is the seller's daily delivery windows and the slots the cart offers of them on
// today and tomorrow (Service, which the store answers); the slot an order is placed for, and
// choosing it, are the domain's (haat.Slot, haat.ChooseSlot).
package slots

import (
	"context"
	"fmt"
	"slices"
	"time"

	"haat"
)

// Window is a daily delivery window the seller offers, in store time (StoreZone): a
// shopper chooses one on today or tomorrow, and it takes Capacity orders a day.
type Window struct {
	ID string `json:"_id"`
	// Start and End are minutes after midnight: 480 is 08:00, 600 is 10:00.
	Start int `json:"start"`
	End   int `json:"end"`
	// Capacity is how many orders the window takes on one day.
	Capacity int `json:"capacity"`
	// Cutoff is how many minutes before Start the window stops being offered.
	Cutoff int `json:"cutoff"`
}

// Limits of the delivery windows.
const (
	MaxWindows  = 12
	MaxCapacity = 1000
	MaxCutoff   = 24 * 60 // minutes
)

// ValidateWindows checks the seller's windows and sorts them by start: each within the day,
// ending after it starts, not overlapping another, with a capacity of 1 to MaxCapacity and a
// cut-off of 0 to MaxCutoff minutes. No windows at all means the store offers no slots.
func ValidateWindows(ws []Window) error {
	if len(ws) > MaxWindows {
		return haat.Errorf(haat.EINVALID, "At most %d delivery windows", MaxWindows)
	}
	slices.SortFunc(ws, func(a, b Window) int { return a.Start - b.Start })
	for i, w := range ws {
		if w.Start < 0 || w.End > 24*60 || w.End <= w.Start {
			return haat.Errorf(haat.EINVALID, "A delivery window must end after it starts, within the day")
		}
		if w.Capacity < 1 || w.Capacity > MaxCapacity {
			return haat.Errorf(haat.EINVALID, "A delivery window takes 1 to %d orders", MaxCapacity)
		}
		if w.Cutoff < 0 || w.Cutoff > MaxCutoff {
			return haat.Errorf(haat.EINVALID, "A cut-off is 0 to %d minutes before the window", MaxCutoff)
		}
		if i > 0 && w.Start < ws[i-1].End {
			return haat.Errorf(haat.EINVALID, "Delivery windows %s and %s overlap", ws[i-1].Label(), w.Label())
		}
	}
	return nil
}

// Label is the window as people read it: "08:00–10:00".
func (w Window) Label() string { return clock(w.Start) + "–" + clock(w.End) }

func clock(minutes int) string { return fmt.Sprintf("%02d:%02d", minutes/60, minutes%60) }

// Days are the days the cart offers at now: today and tomorrow in store time, YYYY-MM-DD.
func Days(now time.Time) []string {
	today := haat.StartOfDay(now)
	return []string{today.Format(time.DateOnly), today.AddDate(0, 0, 1).Format(time.DateOnly)}
}

// Of is the slots of the windows on today and tomorrow at now, in order: open while places are left
// (taken counts them by slot id) and the cut-off before the window's start has not passed.
func Of(ws []Window, taken map[string]int, now time.Time) []haat.Slot {
	var slots []haat.Slot
	for _, day := range Days(now) {
		midnight, _ := time.ParseInLocation(time.DateOnly, day, haat.StoreZone)
		for _, w := range ws {
			s := haat.Slot{ID: haat.SlotID(day, w.ID), Day: day, Start: w.Start, End: w.End, State: haat.SlotOpen}
			s.Remaining = max(0, w.Capacity-taken[s.ID])
			switch {
			case !now.Before(midnight.Add(time.Duration(w.Start-w.Cutoff) * time.Minute)):
				s.State = haat.SlotClosed
			case s.Remaining == 0:
				s.State = haat.SlotFull
			}
			slots = append(slots, s)
		}
	}
	return slots
}

// Service keeps the seller's delivery windows and offers their slots.
type Service interface {
	// DeliveryWindows returns the seller's windows, by start.
	DeliveryWindows(ctx context.Context) ([]Window, error)
	// SetDeliveryWindows replaces the windows with ws (validated; a window without an id is new)
	// and returns them as stored.
	SetDeliveryWindows(ctx context.Context, ws []Window) ([]Window, error)
	// DeliverySlots returns today's and tomorrow's slots, none when no windows are set.
	DeliverySlots(ctx context.Context) ([]haat.Slot, error)
}
