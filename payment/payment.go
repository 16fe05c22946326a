// Package payment takes shoppers' online payments through providers (Stripe Checkout, eSewa,
// Khalti, and a built-in sandbox) and applies their verified results to orders.
//
// Every provider works the same way from the store's side: Begin returns the address the
// shopper's browser goes to; the provider's answer comes back through its callback routes under
// /api/payment/<provider>/ and is verified there (signature, or a status call to the provider);
// Check asks the provider directly, for the reconciliation of attempts no answer came back for.
package payment

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"haat"
)

// Checkout is what a provider needs to start an attempt.
type Checkout struct {
	Attempt *haat.PaymentAttempt
	Order   *haat.Order
	// ReturnURL is where the shopper lands after paying: /loader?next=my-orders.
	ReturnURL string
	// CancelURL is where the shopper lands after giving up: /cart.
	CancelURL string
	// CallbackURL is the provider's own callback route on this store, /api/payment/<provider>.
	CallbackURL string
}

// Provider is one way to pay online.
type Provider interface {
	// Name is the provider's key in the API and the database: stripe, esewa, khalti, sandbox.
	Name() string
	// Label is what the shopper sees: Card, eSewa, Khalti, Test payment.
	Label() string
	// Begin starts an attempt with the provider and returns where to send the shopper, and the
	// provider's reference of the payment.
	Begin(ctx context.Context, c Checkout) (redirect, reference string, err error)
	// Check asks the provider where an attempt stands.
	Check(ctx context.Context, a *haat.PaymentAttempt) (haat.PaymentResult, error)
	// Window is how long the provider lets a shopper finish paying.
	Window() time.Duration
	// Routes adds the provider's callback routes, under /api/payment/<name>/, to mux.
	Routes(mux *http.ServeMux, s *Service)
}

// Method is a provider as the storefront offers it.
type Method struct {
	ID    string `json:"id"`
	Label string `json:"label"`
}

// Service starts payments and applies providers' answers.
type Service struct {
	Store     haat.PaymentService
	Providers []Provider
	// PublicURL is the store's address as shoppers and providers reach it, without a trailing slash.
	PublicURL string
	Currency  string
	Logger    *slog.Logger
	Now       func() time.Time
}

// Methods lists the configured providers in the order they are offered; none on a nil Service,
// which stands for a store that takes cash only.
func (s *Service) Methods() []Method {
	if s == nil {
		return []Method{}
	}
	out := make([]Method, len(s.Providers))
	for i, p := range s.Providers {
		out[i] = Method{ID: p.Name(), Label: p.Label()}
	}
	return out
}

func (s *Service) provider(name string) Provider {
	for _, p := range s.Providers {
		if p.Name() == name {
			return p
		}
	}
	return nil
}

// CheckMethod refuses a payment method that is not configured (any, on a nil Service); empty
// means the first one.
func (s *Service) CheckMethod(name string) error {
	_, err := s.method(name)
	return err
}

// method is the provider named, or the first one when name is empty.
func (s *Service) method(name string) (Provider, error) {
	if s == nil || len(s.Providers) == 0 {
		return nil, haat.Errorf(haat.EUNAVAILABLE, "Online payment is not available")
	}
	if name == "" {
		return s.Providers[0], nil
	}
	if p := s.provider(name); p != nil {
		return p, nil
	}
	return nil, haat.Errorf(haat.EINVALID, "Unknown payment method %q", name)
}

// callbackURL is the address of a provider's callback routes on this store.
func (s *Service) callbackURL(p Provider) string {
	return strings.TrimRight(s.PublicURL, "/") + "/api/payment/" + p.Name()
}

// Begin starts paying an order with the named provider (the first one when name is empty) and
// returns where to send the shopper. A provider that refuses to start leaves the attempt failed.
func (s *Service) Begin(ctx context.Context, o *haat.Order, name string) (string, error) {
	p, err := s.method(name)
	if err != nil {
		return "", err
	}
	a, err := s.Store.StartPayment(ctx, o.ID, p.Name(), s.Currency)
	if err != nil {
		return "", err
	}
	base := strings.TrimRight(s.PublicURL, "/")
	redirect, ref, err := p.Begin(ctx, Checkout{
		Attempt: a, Order: o,
		ReturnURL:   base + "/loader?next=my-orders",
		CancelURL:   base + "/cart",
		CallbackURL: s.callbackURL(p),
	})
	if err == nil {
		err = s.Store.SetPaymentReference(ctx, a.ID, ref)
	}
	if err != nil {
		s.Logger.ErrorContext(ctx, "payment could not start", "provider", p.Name(), "attempt", a.ID, "err", err)
		if ferr := s.Store.FailPaymentStart(context.WithoutCancel(ctx), a.ID); ferr != nil {
			s.Logger.ErrorContext(ctx, "payment start failure not recorded", "attempt", a.ID, "err", ferr)
		}
		if haat.ErrorCode(err) == haat.EINVALID {
			return "", err // the provider's own rule, e.g. a minimum amount
		}
		return "", haat.Errorf(haat.EUNAVAILABLE, "The payment provider is not answering. Please try again or choose another method.")
	}
	return redirect, nil
}

// Confirm applies a verified result and logs what happened.
func (s *Service) Confirm(ctx context.Context, r haat.PaymentResult) error {
	changed, err := s.Store.ConfirmPayment(ctx, r)
	if err != nil {
		s.Logger.ErrorContext(ctx, "payment result refused", "provider", r.Provider, "reference", r.Reference, "state", r.State, "err", err)
		return err
	}
	if changed {
		s.Logger.InfoContext(ctx, "payment", "provider", r.Provider, "reference", r.Reference, "state", r.State)
	}
	return nil
}

// Handler serves every provider's callback routes under /api/payment/.
func (s *Service) Handler() http.Handler {
	mux := http.NewServeMux()
	for _, p := range s.Providers {
		p.Routes(mux, s)
	}
	return mux
}

// Reconcile asks the providers about attempts pending for longer than grace, applies what they
// say, and expires attempts older than their provider's window that are still not paid.
func (s *Service) Reconcile(ctx context.Context, grace time.Duration) error {
	now := s.now()
	pending, err := s.Store.PendingPayments(ctx, now.Add(-grace))
	if err != nil {
		return err
	}
	var errs []error
	for i := range pending {
		a := &pending[i]
		var err error
		switch p := s.provider(a.Provider); {
		case p == nil:
			// A provider no longer configured: nobody can be asked. Left pending for a day in case
			// it comes back, then given up so the order does not await payment for ever.
			if now.Sub(a.CreatedAt) > orphanWindow {
				err = s.expire(ctx, a)
			}
		case a.Reference == "":
			// Begin stopped before the provider answered: nothing to ask about.
			if now.Sub(a.CreatedAt) > p.Window() {
				err = s.expire(ctx, a)
			}
		default:
			var state string
			state, err = s.settle(ctx, p, a)
			if err == nil && state == haat.PaymentPending && now.Sub(a.CreatedAt) > p.Window() {
				err = s.expire(ctx, a)
			}
		}
		if err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// settle asks the provider where an attempt stands and applies a final answer. It returns the
// state the provider gave.
func (s *Service) settle(ctx context.Context, p Provider, a *haat.PaymentAttempt) (string, error) {
	r, err := p.Check(ctx, a)
	if err != nil {
		return "", fmt.Errorf("check %s %s: %w", a.Provider, a.ID, err)
	}
	if r.State == haat.PaymentPending {
		return r.State, nil
	}
	// What the store asked for itself carries no notification key: it is idempotent by state.
	r.Provider, r.Reference, r.EventKey = a.Provider, a.Reference, ""
	return r.State, s.Confirm(ctx, r)
}

// orphanWindow is how long an attempt of a provider that is no longer configured stays pending.
const orphanWindow = 24 * time.Hour

// expire gives up an attempt without asking its provider.
func (s *Service) expire(ctx context.Context, a *haat.PaymentAttempt) error {
	if a.Reference == "" {
		// Never started with the provider: nothing to look up by reference.
		return s.Store.FailPaymentStart(ctx, a.ID)
	}
	return s.Confirm(ctx, haat.PaymentResult{Provider: a.Provider, Reference: a.Reference, State: haat.PaymentExpired})
}

// Run reconciles every interval until ctx ends.
func (s *Service) Run(ctx context.Context, interval, grace time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := s.Reconcile(ctx, grace); err != nil {
				s.Logger.ErrorContext(ctx, "payment reconciliation", "err", err)
			}
		}
	}
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// finish sends the shopper on after a provider's answer: to My Orders (through the loader) when
// the order is paid or may still be, to the cart when the payment ended unpaid.
func finish(w http.ResponseWriter, r *http.Request, s *Service, toOrders bool) {
	to := "/cart"
	if toOrders {
		to = "/loader?next=my-orders"
	}
	http.Redirect(w, r, strings.TrimRight(s.PublicURL, "/")+to, http.StatusSeeOther)
}
