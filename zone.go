package haat

import (
	"time"
)

// DefaultTimeZone names the store's time zone when none is configured: Nepal's (+05:45), which
// StoreZone holds.
const DefaultTimeZone = "Asia/Kathmandu"

// StoreZone is the time zone the store keeps its days in, for a seller's "today", the days of the
// seller's order filters and the times of order exports: Nepal's, DefaultTimeZone, five hours
// forty-five ahead of UTC all year, unless HAAT_TIME_ZONE names another (set once at start-up).
var StoreZone = time.FixedZone(DefaultTimeZone, 5*60*60+45*60)

// StartOfDay is midnight, in StoreZone, of the day t falls on there.
func StartOfDay(t time.Time) time.Time {
	y, m, d := t.In(StoreZone).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, StoreZone)
}
