package payment

import (
	"context"
	"errors"
	"sync"
	"time"

	"haat"
)

// A Notifier is a QR provider that pushes notices about a QR on a socket its QR answer names
// (Fonepay's web socket). A notice is never proof of payment: after one that says the QR was paid,
// the Gateway asks the provider's status check, as the payment pages do, and applies its answer.
type Notifier interface {
	// CheckSocket refuses the address of a socket the store must not dial: whatever a QR answer
	// names, only the provider's own hosts are dialled.
	CheckSocket(socketURL string) error
	// Notices listens on the socket until ctx ends or the socket closes, and calls paid for each
	// notice that says the QR was paid; it returns nil once paid reports the payment settled.
	Notices(ctx context.Context, socketURL string, paid func() (settled bool)) error
}

// Sockets keeps the notification sockets of the QR payments a server starts, at most a number of
// them at once, for the server's lifetime. A payment whose socket is not kept (none free, the
// server stopping, the socket refused or lost) is found as before: by its page's asking and by the
// reconciliation.
type Sockets struct {
	// ctx ends every listening when the server stops (or Close).
	ctx    context.Context
	cancel context.CancelFunc
	// slots holds a token for each socket open.
	slots chan struct{}
	// backoff is the wait before a lost socket's first redial.
	backoff time.Duration

	mu sync.Mutex
	// closed is set by Close: no listening starts after it, so that its wait misses none.
	closed bool
	// open ends the listening of each socket open, by provider and reference.
	open      map[string]context.CancelFunc
	listeners sync.WaitGroup
}

// NewSockets keeps at most n sockets open at once, until ctx (the server's lifetime) ends or Close.
func NewSockets(ctx context.Context, n int) *Sockets {
	ctx, cancel := context.WithCancel(ctx)
	return &Sockets{ctx: ctx, cancel: cancel, slots: make(chan struct{}, n), backoff: time.Second, open: map[string]context.CancelFunc{}}
}

// Errors of a socket that is not opened.
var (
	errSocketsFull    = errors.New("every notification socket is taken")
	errSocketsStopped = errors.New("the server is stopping")
)

// Close closes the sockets open and opens no more; it returns once their listeners have ended, so
// that the store's database can close after it.
func (s *Sockets) Close() {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
	s.cancel()
	s.listeners.Wait()
}

// start runs listen in the background for the socket under key, for at most window, or reports
// why it does not.
func (s *Sockets) start(key string, window time.Duration, listen func(ctx context.Context)) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed || s.ctx.Err() != nil {
		return errSocketsStopped
	}
	if _, ok := s.open[key]; ok {
		return nil
	}
	select {
	case s.slots <- struct{}{}:
	default:
		return errSocketsFull
	}
	ctx, cancel := context.WithTimeout(s.ctx, window)
	s.open[key] = cancel
	s.listeners.Go(func() {
		defer func() {
			cancel()
			s.mu.Lock()
			delete(s.open, key)
			s.mu.Unlock()
			<-s.slots
		}()
		listen(ctx)
	})
	return nil
}

// stop closes the socket under key, if one is open: its payment is settled.
func (s *Sockets) stop(key string) {
	if s == nil {
		return
	}
	s.mu.Lock()
	cancel := s.open[key]
	s.mu.Unlock()
	if cancel != nil {
		cancel()
	}
}

// socketKey is the key of the socket of the attempt with reference at provider.
func socketKey(provider, reference string) string { return provider + " " + reference }

// Redials of a notification socket that dropped or could not be opened: at most socketRedials in a
// row, after a second (Sockets.backoff), then twice as long each time; then its payment is left to
// the status checks. A socket that stayed open for socketSteady before it dropped starts the count
// again.
const (
	socketRedials = 3
	socketSteady  = time.Minute
)

// listen listens to the notification socket of the QR attempt with reference ref, just started,
// when its provider answered one and the Gateway keeps Sockets: a notice that the QR was paid runs
// the payment pages' own confirmation (returned: the provider's status check, then the payment), so
// that the order is paid as soon as its payer has paid, whether or not anybody watches its page.
// The socket stays open until the attempt is settled, the provider's window passes or the server
// stops.
func (g *Gateway) listen(ctx context.Context, p Provider, attemptID, ref, socket string) {
	n, ok := p.(Notifier)
	if !ok || socket == "" || g.Sockets == nil {
		return
	}
	if err := n.CheckSocket(socket); err != nil {
		g.Logger.WarnContext(ctx, "notification socket refused", "provider", p.Name(), "attempt", attemptID, "err", err)
		return
	}
	err := g.Sockets.start(socketKey(p.Name(), ref), p.Window(), func(ctx context.Context) {
		g.notices(ctx, n, p, attemptID, ref, socket)
	})
	if err != nil {
		g.Logger.WarnContext(ctx, "notification socket not opened: the payment is left to the status checks",
			"provider", p.Name(), "attempt", attemptID, "err", err)
	}
}

// notices listens on an attempt's socket until ctx ends or the attempt is settled, dialling it
// again after it drops (see socketRedials).
func (g *Gateway) notices(ctx context.Context, n Notifier, p Provider, attemptID, ref, socket string) {
	failures := 0
	for {
		opened := time.Now()
		err := n.Notices(ctx, socket, func() bool { return g.notified(ctx, p, attemptID, ref) })
		if err == nil || ctx.Err() != nil {
			return
		}
		if time.Since(opened) >= socketSteady {
			failures = 0
		}
		if failures == socketRedials {
			g.Logger.WarnContext(ctx, "notification socket given up: the payment is left to the status checks",
				"provider", p.Name(), "attempt", attemptID, "err", err)
			return
		}
		wait := g.Sockets.backoff << failures
		g.Logger.WarnContext(ctx, "notification socket lost", "provider", p.Name(), "attempt", attemptID, "redial", wait, "err", err)
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		failures++
	}
}

// notified confirms an attempt after a notice that it was paid, as its page's asking would, and
// reports whether it is settled. A settled attempt is answered from the store, without asking
// the provider again.
func (g *Gateway) notified(ctx context.Context, p Provider, attemptID, ref string) bool {
	a, err := g.Attempts.PaymentAttempt(ctx, p.Name(), ref)
	if err == nil {
		var state haat.AttemptState
		if state, err = g.returned(ctx, p, a); err == nil {
			return state != haat.PaymentPending
		}
	}
	if ctx.Err() == nil {
		// Not known now: the next notice, the page or the reconciliation asks again.
		g.Logger.ErrorContext(ctx, "payment notice not confirmed", "provider", p.Name(), "attempt", attemptID, "err", err)
	}
	return false
}
