package payment_test

import (
	"context"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"

	"haat/payment"
)

// TestRunAsksExclusive: every round of reconciliation goes through Exclusive, which another
// server holding it turns into no round at all (the gateway, without a store, would fail one).
func TestRunAsksExclusive(t *testing.T) {
	var asked atomic.Int32
	g := &payment.Gateway{Logger: slog.New(slog.DiscardHandler),
		Exclusive: func(ctx context.Context, fn func() error) (bool, error) {
			asked.Add(1)
			return false, nil // another server reconciles
		}}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	g.Run(ctx, 10*time.Millisecond, time.Minute)
	if asked.Load() < 3 {
		t.Fatalf("Exclusive asked %d times in 100 ms at a 10 ms interval", asked.Load())
	}
}
