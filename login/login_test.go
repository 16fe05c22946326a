package login_test

import (
	"testing"
	"time"

	"haat/login"
)

// TestLoginSlowdown: no wait below LoginSlowAfter failures, then a second, doubling every
// LoginFailuresPerAccount failures, never more than LoginSlowdownMax.
func TestLoginSlowdown(t *testing.T) {
	for failures, want := range map[int]time.Duration{
		0: 0, login.SlowAfter - 1: 0, login.SlowAfter: time.Second, login.SlowAfter + 9: time.Second,
		login.SlowAfter + 10: 2 * time.Second, login.SlowAfter + 40: 16 * time.Second,
		login.SlowAfter + 50: login.SlowdownMax, 1 << 30: login.SlowdownMax,
	} {
		if got := login.Slowdown(failures); got != want {
			t.Errorf("LoginSlowdown(%d) = %v, want %v", failures, got, want)
		}
	}
}
