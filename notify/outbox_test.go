package notify_test

import (
	"testing"
	"time"

	"haat/notify"
)

func TestRetryAfter(t *testing.T) {
	want := []time.Duration{time.Minute, 2 * time.Minute, 4 * time.Minute, 8 * time.Minute}
	for i, w := range want {
		if got := notify.RetryAfter(i + 1); got != w {
			t.Errorf("after %d tries: %v, want %v", i+1, got, w)
		}
	}
	if got := notify.RetryAfter(100); got != 3*time.Hour {
		t.Errorf("after 100 tries: %v", got)
	}
}
