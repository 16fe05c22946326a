package haat

import (
	"regexp"
	"strconv"
	"strings"
	"time"
)

// promiseSpan finds a time in the seller's words of their promise: "within 30 minutes", "in 2
// hours", "४५ मिनेट".
var promiseSpan = regexp.MustCompile(`(?i)(\d+)\s*(minutes?|mins?|hours?|hrs?|मिनेट|घण्टा|घन्टा)`)

// PromisedWithin is how long after its placing the store's speed promise (StoreDetails.Promise)
// gives an order: the first time it names, in minutes or hours. A promise that names none ("Same
// day"), or none at all, gives no time: such orders are not held to one.
func PromisedWithin(promise string) (time.Duration, bool) {
	m := promiseSpan.FindStringSubmatch(ASCIIDigits(promise))
	if m == nil {
		return 0, false
	}
	n, err := strconv.Atoi(m[1])
	if err != nil || n <= 0 || n > 7*24*60 {
		return 0, false
	}
	unit := time.Minute
	if u := strings.ToLower(m[2]); strings.HasPrefix(u, "h") || u == "घण्टा" || u == "घन्टा" {
		unit = time.Hour
	}
	return time.Duration(n) * unit, true
}

// SlotEnd is when the slot ends: its day's midnight in the store's time zone and End minutes.
func (s OrderSlot) SlotEnd() (time.Time, bool) {
	day, err := time.ParseInLocation(time.DateOnly, s.Day, StoreZone)
	if err != nil {
		return time.Time{}, false
	}
	return day.Add(time.Duration(s.End) * time.Minute), true
}

// Place dates the order placed at at, and fixes when it is promised to arrive (PromisedBy): at its
// slot's end when it has a slot, else within the store's speed promise (PromisedWithin of
// SpeedPromise) of its placing; no time when neither names one. It is never worked out again.
func (o *Order) Place(at time.Time) {
	o.CreatedAt, o.UpdatedAt, o.PromisedBy = at, at, nil
	if o.Slot != nil {
		if end, ok := o.Slot.SlotEnd(); ok {
			o.PromisedBy = &end
		}
		return
	}
	if within, ok := PromisedWithin(o.SpeedPromise); ok {
		by := at.Add(within)
		o.PromisedBy = &by
	}
}

// DeliveredAt is when the order was delivered, from its history.
func (o *Order) DeliveredAt() (time.Time, bool) {
	for i := len(o.Events) - 1; i >= 0; i-- {
		if o.Events[i].Status == StepDelivered {
			return o.Events[i].At, true
		}
	}
	return time.Time{}, false
}

// DeliveredLate reports whether an order promised by promisedBy (nil: promised no time) and
// delivered at was late: delivered after it. Delivered at the very moment is on time.
func DeliveredLate(promisedBy *time.Time, at time.Time) bool {
	return promisedBy != nil && at.After(*promisedBy)
}

// Late reports whether the order missed the time it was promised by, at now: delivered after it,
// or still on its way (placed, packed or out for delivery) past it. A cancelled order, or one
// promised no time, is never late.
func (o *Order) Late(now time.Time) bool {
	switch o.Status {
	case StatusDelivered:
		at, ok := o.DeliveredAt()
		return ok && DeliveredLate(o.PromisedBy, at)
	case StatusOrderPlaced, StatusPacked, StatusOutForDelivery:
		return DeliveredLate(o.PromisedBy, now)
	}
	return false
}
