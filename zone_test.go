package haat_test

import (
	"testing"
	"time"

	"haat"
)

func TestStartOfDayIsMidnightInNepal(t *testing.T) {
	for _, tc := range []struct{ at, want string }{
		{"2026-11-23T18:14:59Z", "2026-11-22T18:15:00Z"}, // 23:59:59 on the 23rd in Kathmandu
		{"2026-11-23T18:15:00Z", "2026-11-23T18:15:00Z"}, // midnight starting the 24th
		{"2026-11-23T05:00:00Z", "2026-11-22T18:15:00Z"},
	} {
		at, _ := time.Parse(time.RFC3339, tc.at)
		if got := haat.StartOfDay(at).UTC().Format(time.RFC3339); got != tc.want {
			t.Errorf("StartOfDay(%s) = %s, want %s", tc.at, got, tc.want)
		}
	}
}
