package notify

import (
	"context"
	"time"

	"haat"
)

// MaxTries is how many times a message is tried before it is given up.
const MaxTries = 8

// MaxAge is how long a message waits to be sent at most: older news is stale and is
// given up.
const MaxAge = 2 * 24 * time.Hour

// RetryAfter is how long a message that failed tries times waits before its next try:
// a minute after the first failure, doubling, at most three hours.
func RetryAfter(tries int) time.Duration {
	if tries < 1 {
		tries = 1
	}
	if tries > 8 {
		return 3 * time.Hour
	}
	return min(3*time.Hour, time.Minute<<(tries-1))
}

// ClaimTime is how long a server holds the messages it claimed to send: long past a slow mail
// server's time-outs, so that no other server sends them meanwhile; a server that stops while
// sending leaves them to be claimed again after it.
const ClaimTime = 5 * time.Minute

// Store keeps the messages to send to shoppers. The store writes a message in the
// transaction of the change it tells of; senders on any server claim messages, send them and
// say how it went, so that a message is sent once and a failing provider never fails an order.
type Store interface {
	// ClaimMessages claims up to limit messages due now for channel, oldest first, for
	// ClaimTime: no other claim takes them meanwhile.
	ClaimMessages(ctx context.Context, channel haat.Channel, limit int) ([]haat.Message, error)
	// MessageSent records that a claimed message was sent.
	MessageSent(ctx context.Context, id string) error
	// MessageFailed records a failed try of a claimed message: it is tried again after
	// RetryAfter, or given up after MaxTries.
	MessageFailed(ctx context.Context, id string, reason string) error
	// QueueBackInStock writes the messages of up to limit stock alerts whose product is on sale
	// again, to the shoppers who want them, and marks those alerts told; it answers how many
	// alerts it took.
	QueueBackInStock(ctx context.Context, limit int) (int, error)
}
