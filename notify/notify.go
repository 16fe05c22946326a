// Package notify tells shoppers what they asked to hear about: the steps of their orders and a
// refund made (by e-mail, and by SMS to an account that signs in by phone: SendTexts), and that a
// product they wanted is on sale again (QueueBackInStock, then SendMails or SendSMS). The store
// writes each message into its outbox in the change it tells of; the senders here take them from
// there, so that a failing mail server or SMS provider never fails an order.
package notify

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"haat"
	"haat/mail"
	"haat/sms"
)

// batch is how many messages a sender takes from the store at a time.
const batch = 50

// SendMails sends the mails due through sender, each once: a mail that fails is tried again
// later (RetryAfter), until MaxTries. Their links are under base, the
// store's public address.
func SendMails(ctx context.Context, outbox Store, sender mail.Sender, base string) error {
	return send(ctx, outbox, haat.ChannelMail, func(m haat.Message) error {
		out, err := Render(m, base)
		if err != nil {
			return err
		}
		return sender.Send(ctx, out)
	})
}

// SendSMS sends the texts due in the outbox (products back in stock, to phone accounts).
func SendSMS(ctx context.Context, outbox Store, sender sms.Sender) error {
	return send(ctx, outbox, haat.ChannelSMS, func(m haat.Message) error {
		return sender.Send(ctx, m.To, SMSText(m))
	})
}

// send claims the messages due on channel, a batch at a time, and sends each with deliver,
// recording how it went. A message not begun by half the claim's time (a slow server's time-outs)
// is left unsent, to be claimed again once the claim ends: no message is begun by this server
// after another may have claimed it.
func send(ctx context.Context, outbox Store, channel haat.Channel, deliver func(haat.Message) error) error {
	for {
		due, err := outbox.ClaimMessages(ctx, channel, batch)
		if err != nil {
			return err
		}
		late := time.Now().Add(ClaimTime / 2)
		var errs []error
		for i, m := range due {
			if time.Now().After(late) {
				errs = append(errs, fmt.Errorf("notify: %d messages left for a later round: sending was slow", len(due)-i))
				return errors.Join(errs...)
			}
			if err := deliver(m); err != nil {
				errs = append(errs, err)
				if err := outbox.MessageFailed(ctx, m.ID, err.Error()); err != nil {
					return errors.Join(append(errs, err)...)
				}
				continue
			}
			if err := outbox.MessageSent(ctx, m.ID); err != nil {
				return errors.Join(append(errs, err)...)
			}
		}
		if len(due) < batch || len(errs) == len(due) {
			return errors.Join(errs...)
		}
	}
}

// QueueBackInStock writes the messages of every stock alert whose product is on sale again.
func QueueBackInStock(ctx context.Context, outbox Store) error {
	for {
		n, err := outbox.QueueBackInStock(ctx, 100)
		if err != nil || n < 100 {
			return err
		}
	}
}

// Outbox sends what the outbox holds: Mail the mails (nil: none are queued), SMS the texts;
// the mails' links are under PublicURL.
type Outbox struct {
	Store     Store
	Mail      mail.Sender
	SMS       sms.Sender
	PublicURL string
}

// Run queues the back-in-stock messages and sends the messages due every interval until ctx ends.
func (o Outbox) Run(ctx context.Context, interval time.Duration, logger *slog.Logger) {
	every(ctx, interval, logger, "messages", func() error {
		errs := []error{QueueBackInStock(ctx, o.Store)}
		if o.Mail != nil {
			errs = append(errs, SendMails(ctx, o.Store, o.Mail, o.PublicURL))
		}
		if o.SMS != nil {
			errs = append(errs, SendSMS(ctx, o.Store, o.SMS))
		}
		return errors.Join(errs...)
	})
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
