package login_test

import (
	"testing"
	"time"

	"haat/login"
)

// TestLoginSlowdown: no wait below SlowAfter failures, then a second, doubling every
// FailuresPerAccount failures, never more than SlowdownMax.
func TestLoginSlowdown(t *testing.T) {
	for failures, want := range map[int]time.Duration{
		0: 0, login.SlowAfter - 1: 0, login.SlowAfter: time.Second, login.SlowAfter + 9: time.Second,
		login.SlowAfter + 10: 2 * time.Second, login.SlowAfter + 40: 16 * time.Second,
		login.SlowAfter + 50: login.SlowdownMax, 1 << 30: login.SlowdownMax,
	} {
		if got := login.Slowdown(failures); got != want {
			t.Errorf("Slowdown(%d) = %v, want %v", failures, got, want)
		}
	}
}
