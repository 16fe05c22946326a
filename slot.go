package haat

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"
)

// DeliveryWindow is a daily delivery window the seller offers, in store time (StoreZone): a
// shopper chooses one on today or tomorrow, and it takes Capacity orders a day.
type DeliveryWindow struct {
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
	MaxDeliveryWindows = 12
	MaxSlotCapacity    = 1000
	MaxSlotCutoff      = 24 * 60 // minutes
)

// ValidateWindows checks the seller's windows and sorts them by start: each within the day,
// ending after it starts, not overlapping another, with a capacity of 1 to MaxSlotCapacity and a
// cut-off of 0 to MaxSlotCutoff minutes. No windows at all means the store offers no slots.
func ValidateWindows(ws []DeliveryWindow) error {
	if len(ws) > MaxDeliveryWindows {
		return Errorf(EINVALID, "At most %d delivery windows", MaxDeliveryWindows)
	}
	slices.SortFunc(ws, func(a, b DeliveryWindow) int { return a.Start - b.Start })
	for i, w := range ws {
		if w.Start < 0 || w.End > 24*60 || w.End <= w.Start {
			return Errorf(EINVALID, "A delivery window must end after it starts, within the day")
		}
		if w.Capacity < 1 || w.Capacity > MaxSlotCapacity {
			return Errorf(EINVALID, "A delivery window takes 1 to %d orders", MaxSlotCapacity)
		}
		if w.Cutoff < 0 || w.Cutoff > MaxSlotCutoff {
			return Errorf(EINVALID, "A cut-off is 0 to %d minutes before the window", MaxSlotCutoff)
		}
		if i > 0 && w.Start < ws[i-1].End {
			return Errorf(EINVALID, "Delivery windows %s and %s overlap", ws[i-1].Label(), w.Label())
		}
	}
	return nil
}

// Label is the window as people read it: "08:00–10:00".
func (w DeliveryWindow) Label() string { return clock(w.Start) + "–" + clock(w.End) }

func clock(minutes int) string { return fmt.Sprintf("%02d:%02d", minutes/60, minutes%60) }

// SlotState says whether a slot can be chosen.
type SlotState string

// The states of a slot.
const (
	SlotOpen   SlotState = "open"   // places left and before its cut-off
	SlotFull   SlotState = "full"   // every place taken
	SlotClosed SlotState = "closed" // past its cut-off
)

// Slot is a delivery window on one day, as the cart offers it.
type Slot struct {
	// ID names the slot in an order: the day and the window's id, "2026-11-23/w1".
	ID string `json:"id"`
	// Day is the date in store time, YYYY-MM-DD.
	Day       string    `json:"day"`
	Start     int       `json:"start"`
	End       int       `json:"end"`
	Remaining int       `json:"remaining"`
	State     SlotState `json:"state"`
}

// OrderSlot is the delivery slot an order was placed for, kept with the order as it was chosen.
type OrderSlot struct {
	ID    string `json:"id"`
	Day   string `json:"day"`
	Start int    `json:"start"`
	End   int    `json:"end"`
}

// SlotID names a window on a day.
func SlotID(day, windowID string) string { return day + "/" + windowID }

// ParseSlotID splits a slot's id into its day and window id.
func ParseSlotID(id string) (day, windowID string, ok bool) {
	day, windowID, ok = strings.Cut(id, "/")
	if _, err := time.Parse(time.DateOnly, day); err != nil || windowID == "" {
		return "", "", false
	}
	return day, windowID, ok
}

// SlotDays are the days the cart offers at now: today and tomorrow in store time, YYYY-MM-DD.
func SlotDays(now time.Time) []string {
	today := StartOfDay(now)
	return []string{today.Format(time.DateOnly), today.AddDate(0, 0, 1).Format(time.DateOnly)}
}

// Slots are the windows on today and tomorrow at now, in order: open while places are left
// (taken counts them by slot id) and the cut-off before the window's start has not passed.
func Slots(ws []DeliveryWindow, taken map[string]int, now time.Time) []Slot {
	var slots []Slot
	for _, day := range SlotDays(now) {
		midnight, _ := time.ParseInLocation(time.DateOnly, day, StoreZone)
		for _, w := range ws {
			s := Slot{ID: SlotID(day, w.ID), Day: day, Start: w.Start, End: w.End, State: SlotOpen}
			s.Remaining = max(0, w.Capacity-taken[s.ID])
			switch {
			case !now.Before(midnight.Add(time.Duration(w.Start-w.Cutoff) * time.Minute)):
				s.State = SlotClosed
			case s.Remaining == 0:
				s.State = SlotFull
			}
			slots = append(slots, s)
		}
	}
	return slots
}

// ErrSlotFull is the answer to an order for a slot whose last place went to another order.
var ErrSlotFull = Errorf(ECONFLICT, "That delivery slot is full; please choose another")

// errNoSlot and errSlotGone answer an order that names no slot, or one that cannot be chosen.
var (
	errNoSlot   = Errorf(EINVALID, "Please choose a delivery slot")
	errSlotGone = Errorf(EINVALID, "That delivery slot can no longer be chosen; please choose another")
)

// ChooseSlot returns the slot id names among slots, if it can be chosen.
func ChooseSlot(slots []Slot, id string) (Slot, error) {
	if id == "" {
		return Slot{}, errNoSlot
	}
	for _, s := range slots {
		if s.ID != id {
			continue
		}
		switch s.State {
		case SlotFull:
			return Slot{}, ErrSlotFull
		case SlotClosed:
			return Slot{}, errSlotGone
		}
		return s, nil
	}
	return Slot{}, errSlotGone
}

// SlotService keeps the seller's delivery windows and offers their slots.
type SlotService interface {
	// DeliveryWindows returns the seller's windows, by start.
	DeliveryWindows(ctx context.Context) ([]DeliveryWindow, error)
	// SetDeliveryWindows replaces the windows with ws (validated; a window without an id is new)
	// and returns them as stored.
	SetDeliveryWindows(ctx context.Context, ws []DeliveryWindow) ([]DeliveryWindow, error)
	// DeliverySlots returns today's and tomorrow's slots, none when no windows are set.
	DeliverySlots(ctx context.Context) ([]Slot, error)
}
