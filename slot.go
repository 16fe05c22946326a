package haat

import (
	"strings"
	"time"
)

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
