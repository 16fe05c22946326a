package notify

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"haat"
	"haat/sms"
)

// SendTexts sends the texts due about orders through sender. A text that fails is given back to
// be tried on a later call (up to haat.MaxOrderTextTries); the order it is about is not touched.
func SendTexts(ctx context.Context, texts haat.OrderTextService, sender sms.Sender) error {
	for {
		due, err := texts.TakeOrderTexts(ctx, batch)
		if err != nil {
			return err
		}
		var errs []error
		for _, t := range due {
			if err := sender.Send(ctx, t.Phone, TextOf(t)); err != nil {
				errs = append(errs, err)
				if err := texts.OrderTextFailed(ctx, t); err != nil {
					return errors.Join(append(errs, err)...)
				}
			}
		}
		if len(due) < batch || len(errs) == len(due) {
			return errors.Join(errs...)
		}
	}
}

// RunTexts sends the texts due about orders every interval until ctx ends.
func RunTexts(ctx context.Context, texts haat.OrderTextService, sender sms.Sender, interval time.Duration, logger *slog.Logger) {
	every(ctx, interval, logger, "order texts", func() error { return SendTexts(ctx, texts, sender) })
}
