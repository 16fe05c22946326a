package haat

import (
	"regexp"
	"strconv"
	"strings"
	"time"
)

// AtRiskMargin is how close to the end of its window an order out for delivery is at risk of
// arriving late.
const AtRiskMargin = 15 * time.Minute

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

// AtRisk reports whether an order out for delivery, promised by promisedBy, is at risk at now:
// within AtRiskMargin of the end of its window, or past it.
func AtRisk(promisedBy, now time.Time) bool { return !now.Before(promisedBy.Add(-AtRiskMargin)) }

// OnTime counts the orders delivered on a day and those of them delivered on time (promised no
// time counts as on time: nothing was missed).
type OnTime struct {
	Delivered int `json:"delivered"`
	OnTime    int `json:"onTime"`
	// Percent is the share delivered on time, rounded down (so 100 means every one), 0 when none
	// was delivered.
	Percent int `json:"percent"`
}

// Add counts an order promised by promisedBy and delivered at.
func (t *OnTime) Add(promisedBy *time.Time, at time.Time) {
	t.Delivered++
	if !DeliveredLate(promisedBy, at) {
		t.OnTime++
	}
	t.Percent = t.OnTime * 100 / t.Delivered
}

// RiskOrder is an order out for delivery at risk of arriving late (AtRisk), as the dashboard
// lists it.
type RiskOrder struct {
	ID         string    `json:"_id"`
	Number     int64     `json:"number"`
	PromisedBy time.Time `json:"promisedBy"`
	// Rider is the name of the rider who has it.
	Rider string `json:"rider"`
	// Late: its window has ended.
	Late bool `json:"late"`
}
