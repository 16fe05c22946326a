// Package notify tells shoppers what they asked to hear about: that a product they wanted is on
// sale again (through a haat.Notifier; Log is the one that writes to the store's log until an
// email or SMS provider is configured), and, by SMS, the steps of their orders (SendTexts).
package notify

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"haat"
)

// Log is a haat.Notifier that writes each notice to the log.
type Log struct{ Logger *slog.Logger }

// BackInStock implements haat.Notifier.
func (l Log) BackInStock(ctx context.Context, n haat.BackInStock) error {
	l.Logger.InfoContext(ctx, "back in stock", "user", n.UserID, "product", n.Product.ID, "name", n.Product.Name)
	return nil
}

// batch is how many alerts Send takes from the store at a time.
const batch = 100

// Send tells every shopper whose product is on sale again, and records each one told. A shopper
// the notifier fails to reach is tried again on the next Send.
func Send(ctx context.Context, alerts haat.AlertService, n haat.Notifier) error {
	for {
		due, err := alerts.AlertsToSend(ctx, batch)
		if err != nil {
			return err
		}
		var errs []error
		sent := 0
		for _, b := range due {
			if err := n.BackInStock(ctx, b); err != nil {
				errs = append(errs, err)
				continue
			}
			if err := alerts.AlertSent(ctx, b.UserID, b.Product.ID); err != nil {
				return err
			}
			sent++
		}
		if len(due) < batch || sent == 0 {
			return errors.Join(errs...)
		}
	}
}

// Run sends the alerts due every interval until ctx ends.
func Run(ctx context.Context, alerts haat.AlertService, n haat.Notifier, interval time.Duration, logger *slog.Logger) {
	every(ctx, interval, logger, "stock alerts", func() error { return Send(ctx, alerts, n) })
}

// every calls send every interval until ctx ends, logging what fails under the name what.
func every(ctx context.Context, interval time.Duration, logger *slog.Logger, what string, send func() error) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := send(); err != nil {
				logger.ErrorContext(ctx, what, "err", err)
			}
		}
	}
}
