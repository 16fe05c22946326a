package dashboard

import (
	"time"

	"haat"
)

// AtRiskMargin is how close to the end of its window an order out for delivery is at risk of
// arriving late.
const AtRiskMargin = 15 * time.Minute

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
	if !haat.DeliveredLate(promisedBy, at) {
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
