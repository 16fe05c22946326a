package haat_test

import (
	"testing"
	"time"

	"haat"
)

// TestLoginSlowdown: no wait below LoginSlowAfter failures, then a second, doubling every
// LoginFailuresPerAccount failures, never more than LoginSlowdownMax.
func TestLoginSlowdown(t *testing.T) {
	for failures, want := range map[int]time.Duration{
		0: 0, haat.LoginSlowAfter - 1: 0, haat.LoginSlowAfter: time.Second, haat.LoginSlowAfter + 9: time.Second,
		haat.LoginSlowAfter + 10: 2 * time.Second, haat.LoginSlowAfter + 40: 16 * time.Second,
		haat.LoginSlowAfter + 50: haat.LoginSlowdownMax, 1 << 30: haat.LoginSlowdownMax,
	} {
		if got := haat.LoginSlowdown(failures); got != want {
			t.Errorf("LoginSlowdown(%d) = %v, want %v", failures, got, want)
		}
	}
}
