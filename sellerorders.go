package haat

import (
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// SellerStatuses are the statuses of the orders a seller handles, in the order an order goes
// through them; an order awaiting its online payment, or whose payment failed, is not the
// seller's yet.
var SellerStatuses = []OrderStatus{StatusOrderPlaced, StatusPacked, StatusOutForDelivery, StatusDelivered, StatusCancelled}

// MaxOrderSearch is the longest search, in characters, the seller's order list takes.
const MaxOrderSearch = 100

// SellerOrderFilter selects among the orders a seller handles; a field left zero selects any.
// Filters combine: an order must pass all of them.
type SellerOrderFilter struct {
	// Status selects the orders that are in this status.
	Status OrderStatus
	// Paid selects the paid orders (true) or those not paid (false).
	Paid *bool
	// Search selects the orders whose number it is ("10482" or "#10482"), or whose delivery
	// address's first name, last name, full name or phone contains it, in any case.
	Search string
	// From and To select the orders placed at or after From and before To.
	From, To time.Time
	// Before selects the orders placed before the order with this id (keyset paging).
	Before string
	// SlotDay selects the orders to deliver on this day (YYYY-MM-DD), SlotWindow those in this
	// delivery window on it.
	SlotDay, SlotWindow string
}

// SetSlot makes the filter select the orders to deliver on a day (YYYY-MM-DD) or in one slot of
// it (a Slot's id); empty selects any.
func (f *SellerOrderFilter) SetSlot(s string) error {
	if s == "" {
		return nil
	}
	if day, window, ok := ParseSlotID(s); ok {
		f.SlotDay, f.SlotWindow = day, window
		return nil
	}
	if _, err := time.Parse(DayLayout, s); err != nil {
		return Errorf(EINVALID, "slot must be a day written YYYY-MM-DD or a delivery slot")
	}
	f.SlotDay = s
	return nil
}

// ParseSellerStatus reads a status the seller's orders can be in, or explains which ones there are.
func ParseSellerStatus(s string) (OrderStatus, error) {
	for _, st := range SellerStatuses {
		if string(st) == s {
			return st, nil
		}
	}
	names := make([]string, len(SellerStatuses))
	for i, st := range SellerStatuses {
		names[i] = string(st)
	}
	return "", Errorf(EINVALID, "status must be one of %s", strings.Join(names, ", "))
}

// DayLayout is how a day is written in the seller's filters and exports: 2026-11-22.
const DayLayout = "2006-01-02"

// ParseDay reads a day written YYYY-MM-DD and returns when it begins in loc; name is the
// parameter that carries it, for the error.
func ParseDay(name, s string, loc *time.Location) (time.Time, error) {
	d, err := time.ParseInLocation(DayLayout, s, loc)
	if err != nil {
		return time.Time{}, Errorf(EINVALID, "%s must be a date written YYYY-MM-DD, like 2026-11-22", name)
	}
	return d, nil
}

// SetDays makes the filter select the orders placed from the beginning of the day from to the end
// of the day to, days of loc written YYYY-MM-DD; either may be empty for no bound on that side.
func (f *SellerOrderFilter) SetDays(from, to string, loc *time.Location) error {
	if from != "" {
		d, err := ParseDay("from", from, loc)
		if err != nil {
			return err
		}
		f.From = d
	}
	if to != "" {
		d, err := ParseDay("to", to, loc)
		if err != nil {
			return err
		}
		f.To = d.AddDate(0, 0, 1)
	}
	if !f.From.IsZero() && !f.To.IsZero() && !f.From.Before(f.To) {
		return Errorf(EINVALID, "from must be on or before to")
	}
	return nil
}

// SetSearch makes the filter select the orders that match what the seller typed, trimmed, its
// Devanagari digits read as ASCII ones (numbers and phones are stored so) and any control
// characters (a tab pasted with a name) left out: no name or phone holds one.
func (f *SellerOrderFilter) SetSearch(q string) error {
	q = ASCIIDigits(strings.TrimSpace(strings.Map(dropControl, q)))
	if utf8.RuneCountInString(q) > MaxOrderSearch {
		return Errorf(EINVALID, "A search is at most %d characters", MaxOrderSearch)
	}
	f.Search = q
	return nil
}

// SearchNumber is the order number the search names, when it is one ("10482" or "#10482").
func (f SellerOrderFilter) SearchNumber() (int64, bool) {
	if f.Search == "" {
		return 0, false
	}
	n, err := ParseOrderNumber(f.Search)
	return n, err == nil
}

// dropControl leaves out a control character (strings.Map).
func dropControl(r rune) rune {
	if unicode.IsControl(r) {
		return -1
	}
	return r
}
