// Package payment takes shoppers' online payments through providers (Stripe Checkout, eSewa,
// Khalti, Fonepay Dynamic QR, and a built-in sandbox) and applies their verified results to orders.
//
// Every provider works the same way from the store's side: Begin returns the address the
// shopper's browser goes to (for a provider paid by QR code, the store's page that shows the code); the provider's answer comes back through its callback routes under
// /api/payment/<provider>/ and is verified there (signature, or a status call to the provider);
// Check asks the provider directly, for the reconciliation of attempts no answer came back for.
package payment

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"net/http"
	"slices"
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
	// StoreName is the store's name, for the provider's name of the order; empty: none.
	StoreName string
}

// OrderName is how a provider names the order: "Haat order 0192…", or "Order 0192…" for a store
// without a name.
func (c Checkout) OrderName() string {
	if c.StoreName == "" {
		return "Order " + c.Order.ID
	}
	return c.StoreName + " order " + c.Order.ID
}

// Provider is one way to pay online.
type Provider interface {
	// Name is the provider's key in the API and the database: stripe, esewa, khalti, fonepay, sandbox.
	Name() string
	// Label is what the shopper sees: Card, eSewa, Khalti, Fonepay, Test payment.
	Label() string
	// Begin starts an attempt with the provider and returns where to send the shopper, and the
	// provider's reference of the payment.
	Begin(ctx context.Context, c Checkout) (redirect, reference string, err error)
	// Check asks the provider where an attempt stands.
	Check(ctx context.Context, a *haat.PaymentAttempt) (haat.PaymentResult, error)
	// Window is how long the provider lets a shopper finish paying.
	Window() time.Duration
	// Routes are the provider's callback routes, under /api/payment/<name>/.
	Routes(g *Gateway) []Route
}

// Route is a callback route of a provider: its method and path, as http.ServeMux reads them
// ("GET /api/payment/khalti/return"), and its handler, which writes the answer or returns the
// error for the store's HTTP layer to answer.
type Route struct {
	Pattern string
	Handle  func(w http.ResponseWriter, r *http.Request) error
	// Return marks a page the shopper's browser comes back to from the provider's page (a return
	// or failure page, not a provider's own call): the store's HTTP layer limits how often one
	// client address may ask for such pages, since each may ask the provider about an attempt.
	Return bool
}

// Ender is a provider that can close the page of an attempt, so that it can no longer be paid
// (Stripe expires the Checkout Session). Attempts of other providers are only marked superseded.
type Ender interface {
	End(ctx context.Context, a *haat.PaymentAttempt) error
}

// Refunder is a provider that gives a payment back through its API and returns its id of the
// refund. Refunds of other providers are made by hand and marked by the seller.
type Refunder interface {
	Refund(ctx context.Context, r haat.Refund) (reference string, err error)
}

// Site is what the payment pages learn from the store's HTTP layer about a request.
type Site struct {
	// Shopper returns the id of the shopper signed in on the request, or "".
	Shopper func(*http.Request) (string, error)
	// BaseURL returns the store's address as the request reached it, without a trailing slash.
	BaseURL func(*http.Request) string
}

// Method is a provider as the storefront offers it.
type Method struct {
	ID    string `json:"id"`
	Label string `json:"label"`
}

// Gateway is the store's side of online payment: it starts payment attempts with the configured
// providers, applies their answers to orders, gives refunds back through them, and reconciles
// attempts no answer came back for.
type Gateway struct {
	Attempts  haat.PaymentAttemptService
	Providers []Provider
	// PublicURL is the store's address as shoppers and providers reach it, without a trailing
	// slash; empty means the address each request reached the store at.
	PublicURL string
	Logger    *slog.Logger
	Now       func() time.Time
	// Outcome, if set, is told of each attempt a provider's answer ended (paid, failed, ...).
	Outcome func(provider string, state haat.AttemptState)
	// Exclusive, if set, runs Run's reconciliations on one server of the store at a time: it runs
	// fn unless another server runs it now.
	Exclusive func(ctx context.Context, fn func() error) (ran bool, err error)
	// StoreName, if set, is the store's name as its seller set it, which the payment pages and the
	// providers' order names show; nil or empty: they name no store.
	StoreName func(ctx context.Context) string
	// Sockets, if set, keeps the notification sockets of the QR payments started (Fonepay's), so
	// that a payment is confirmed as soon as its provider tells of it; nil leaves every payment to
	// its page's asking and the reconciliation.
	Sockets *Sockets

	// site is the HTTP layer's view of requests, given to Handler.
	site Site
}

// storeName is the store's name (see StoreName), "" when it has none.
func (g *Gateway) storeName(ctx context.Context) string {
	if g.StoreName == nil {
		return ""
	}
	return g.StoreName(ctx)
}

// Methods lists the configured providers in the order they are offered; none on a nil Gateway,
// which stands for a store that takes cash only.
func (g *Gateway) Methods() []Method {
	if g == nil {
		return []Method{}
	}
	out := make([]Method, len(g.Providers))
	for i, p := range g.Providers {
		out[i] = Method{ID: p.Name(), Label: p.Label()}
	}
	return out
}

func (g *Gateway) provider(name string) Provider {
	for _, p := range g.Providers {
		if p.Name() == name {
			return p
		}
	}
	return nil
}

// CheckMethod refuses a payment method that is not configured (any, on a nil Gateway); empty
// means the first one.
func (g *Gateway) CheckMethod(name string) error {
	_, err := g.method(name)
	return err
}

// method is the provider named, or the first one when name is empty.
func (g *Gateway) method(name string) (Provider, error) {
	if g == nil || len(g.Providers) == 0 {
		return nil, haat.Errorf(haat.EUNAVAILABLE, "Online payment is not available")
	}
	if name == "" {
		return g.Providers[0], nil
	}
	if p := g.provider(name); p != nil {
		return p, nil
	}
	return nil, haat.Errorf(haat.EINVALID, "Unknown payment method %q", name)
}

// base is the store's address for links sent with a request's payment: PublicURL, or else the
// address the request reached the store at.
func (g *Gateway) base(r *http.Request) string {
	if g.PublicURL != "" {
		return strings.TrimRight(g.PublicURL, "/")
	}
	if g.site.BaseURL != nil {
		return strings.TrimRight(g.site.BaseURL(r), "/")
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

// callbackURL is the address of a provider's callback routes on the store at base.
func callbackURL(base string, p Provider) string {
	return base + "/api/payment/" + p.Name()
}

// Window is how long after an order is placed it can be paid: the longest window of the
// providers (none on a nil Gateway). Past it the order is cancelled (Reconcile).
func (g *Gateway) Window() time.Duration {
	var longest time.Duration
	if g != nil {
		for _, p := range g.Providers {
			longest = max(longest, p.Window())
		}
	}
	return longest
}

// CheckPay explains why the shopper cannot start a payment of the order now, or returns nil: the
// order allows it (Order.CheckPayBy) within Window of its placing.
func (g *Gateway) CheckPay(o *haat.Order) error {
	if g == nil || len(g.Providers) == 0 {
		return haat.Errorf(haat.EUNAVAILABLE, "Online payment is not available")
	}
	return o.CheckPayBy(g.now(), g.Window())
}

// Begin starts paying an order with the named provider (the first one when name is empty) and
// returns where to send the shopper. base is the store's address the shopper is to come back to;
// PublicURL, when set, takes its place. The order's previous pending attempt is superseded and
// its provider told to end it. A provider that refuses to start leaves the attempt failed.
func (g *Gateway) Begin(ctx context.Context, o *haat.Order, name, base string) (string, error) {
	p, err := g.method(name)
	if err != nil {
		return "", err
	}
	if g.PublicURL != "" {
		base = g.PublicURL
	}
	base = strings.TrimRight(base, "/")
	if err := g.CheckPay(o); err != nil {
		return "", err
	}
	a, superseded, err := g.Attempts.StartPayment(ctx, o.ID, p.Name(), string(o.Currency))
	if err != nil {
		return "", err
	}
	for i := range superseded {
		g.end(ctx, &superseded[i])
	}
	redirect, ref, qr, socket, err := g.start(ctx, p, Checkout{
		Attempt: a, Order: o, StoreName: g.storeName(ctx),
		ReturnURL:   base + "/loader?next=my-orders",
		CancelURL:   base + "/cart",
		CallbackURL: callbackURL(base, p),
	}, base)
	pending := false
	if err == nil && qr != "" {
		pending, err = g.Attempts.SetPaymentQR(ctx, a.ID, ref, qr)
	} else if err == nil {
		pending, err = g.Attempts.SetPaymentReference(ctx, a.ID, ref)
	}
	if err != nil {
		g.Logger.ErrorContext(ctx, "payment could not start", "provider", p.Name(), "attempt", a.ID, "err", err)
		if ferr := g.Attempts.FailPaymentStart(context.WithoutCancel(ctx), a.ID); ferr != nil {
			g.Logger.ErrorContext(ctx, "payment start failure not recorded", "attempt", a.ID, "err", ferr)
		}
		if haat.ErrorCode(err) == haat.EINVALID {
			return "", err // the provider's own rule, e.g. a minimum amount
		}
		return "", haat.Errorf(haat.EUNAVAILABLE, "The payment provider is not answering. Please try again or choose another method.")
	}
	if !pending {
		// A newer attempt superseded this one while its provider was starting it.
		a.Reference, a.State = ref, haat.PaymentSuperseded
		g.end(ctx, a)
		return redirect, nil
	}
	g.listen(ctx, p, a.ID, ref, socket)
	return redirect, nil
}

// end closes the notification socket of a superseded attempt and asks its provider to close its
// page. Failing that, the attempt stays superseded: money that still arrives for it is recorded as
// owed back (found by Reconcile, not by its socket).
func (g *Gateway) end(ctx context.Context, a *haat.PaymentAttempt) {
	g.Sockets.stop(socketKey(a.Provider, a.Reference))
	e, ok := g.provider(a.Provider).(Ender)
	if !ok || a.Reference == "" {
		return
	}
	if err := e.End(context.WithoutCancel(ctx), a); err != nil {
		g.Logger.WarnContext(ctx, "superseded payment not ended", "provider", a.Provider, "attempt", a.ID, "err", err)
	}
}

// CanRefund reports whether refunds of the provider can be made through its API.
func (g *Gateway) CanRefund(provider string) bool {
	if g == nil {
		return false
	}
	_, ok := g.provider(provider).(Refunder)
	return ok
}

// Refund gives back, through their providers, the refunds due of an order that their providers
// can make, and returns the order as the seller sees it then.
func (g *Gateway) Refund(ctx context.Context, orderID string) (*haat.Order, error) {
	if g == nil {
		return nil, haat.Errorf(haat.ECONFLICT, "Online payment is not available; mark the refund by hand")
	}
	due, err := g.Attempts.DueRefunds(ctx, orderID)
	if err != nil {
		return nil, err
	}
	var o *haat.Order
	for _, r := range due {
		if !g.CanRefund(r.Provider) {
			continue
		}
		if o, err = g.makeRefund(ctx, orderID, r); err != nil {
			return nil, err
		}
	}
	if o == nil {
		return nil, haat.Errorf(haat.ECONFLICT, "No refund of this order can be made through the payment provider; mark it refunded by hand")
	}
	return o, nil
}

// makeRefund gives back one refund due through its provider, which CanRefund, and records it made.
func (g *Gateway) makeRefund(ctx context.Context, orderID string, r haat.Refund) (*haat.Order, error) {
	ref, err := g.provider(r.Provider).(Refunder).Refund(ctx, r)
	if err != nil {
		g.Logger.ErrorContext(ctx, "refund refused", "provider", r.Provider, "reference", r.Reference, "err", err)
		if haat.ErrorCode(err) != haat.EINTERNAL {
			return nil, err
		}
		return nil, haat.Errorf(haat.EUNAVAILABLE, "The payment provider did not make the refund. Please try again.")
	}
	g.Logger.InfoContext(ctx, "refund", "provider", r.Provider, "reference", r.Reference, "refund", ref, "amount", r.Amount)
	return g.Attempts.RecordRefund(ctx, orderID, r, ref)
}

// Refunds agrees refunds of part of orders and decides claims (the store keeps them), and makes
// at once, through the payment provider, the refunds it can make; the others stay due until made
// by hand. Gateway may be nil: a store that takes cash only.
type Refunds struct {
	Store haat.RefundService
	// Claims are the store's claims: everything but ResolveClaim is theirs as it is.
	haat.ClaimService
	Gateway *Gateway
}

var (
	_ haat.RefundService = Refunds{}
	_ haat.ClaimService  = Refunds{}
)

// RefundPart implements haat.RefundService. A refund the provider refuses stays due, and the
// order's Refund button tries it again.
func (s Refunds) RefundPart(ctx context.Context, r haat.PartRefund) (*haat.Order, *haat.Refund, error) {
	o, refund, err := s.Store.RefundPart(ctx, r)
	if err != nil {
		return nil, nil, err
	}
	if made := s.make(ctx, o.ID, refund); made != nil {
		o = made
		refund = findRefund(made, refund)
	}
	return o, refund, nil
}

// make gives back a refund due through its provider when it can, and answers the order then;
// nil when it could not (the refund stays due).
func (s Refunds) make(ctx context.Context, orderID string, r *haat.Refund) *haat.Order {
	if r == nil || r.State != haat.RefundDue || !s.Gateway.CanRefund(r.Provider) {
		return nil
	}
	o, err := s.Gateway.makeRefund(ctx, orderID, *r)
	if err != nil {
		return nil
	}
	return o
}

// findRefund is the refund of o with r's id, or r.
func findRefund(o *haat.Order, r *haat.Refund) *haat.Refund {
	for i := range o.Refunds {
		if o.Refunds[i].ID == r.ID {
			return &o.Refunds[i]
		}
	}
	return r
}

// ResolveClaim implements haat.ClaimService: a claim refunded the way its order was paid through
// a provider with an API (Stripe) is refunded there at once.
func (s Refunds) ResolveClaim(ctx context.Context, d haat.ClaimDecision) (*haat.OrderClaim, error) {
	c, err := s.ClaimService.ResolveClaim(ctx, d)
	if err != nil {
		return nil, err
	}
	if made := s.make(ctx, c.OrderID, c.Refund); made != nil {
		c.Refund = findRefund(made, c.Refund)
	}
	return c, nil
}

// Confirm applies a verified result and logs what happened.
func (g *Gateway) Confirm(ctx context.Context, r haat.PaymentResult) error {
	changed, err := g.Attempts.ConfirmPayment(ctx, r)
	if err != nil {
		g.Logger.ErrorContext(ctx, "payment result refused", "provider", r.Provider, "reference", r.Reference, "state", r.State, "err", err)
		return err
	}
	if r.State != haat.PaymentPending {
		// Settled: nothing its socket may tell is needed any more.
		g.Sockets.stop(socketKey(r.Provider, r.Reference))
	}
	if changed {
		g.Logger.InfoContext(ctx, "payment", "provider", r.Provider, "reference", r.Reference, "state", r.State)
		if g.Outcome != nil {
			g.Outcome(r.Provider, r.State)
		}
	}
	return nil
}

// Routes are every provider's callback routes under /api/payment/; site tells them about the
// requests.
func (g *Gateway) Routes(site Site) []Route {
	withSite := *g
	withSite.site = site
	var routes []Route
	for _, p := range g.Providers {
		routes = append(routes, p.Routes(&withSite)...)
	}
	return routes
}

// Reconcile asks the providers about attempts pending for longer than grace, applies what they
// say, and expires attempts older than their provider's window that are still not paid. It also
// asks, within their provider's window, about superseded attempts, for which money may still
// arrive (to be given back). Then it cancels the online orders still unpaid a Window after they
// were placed (their units and slot places go back, their pending attempts end), but for those
// with an attempt nobody could be asked about (its provider did not answer, or is no longer
// configured), whose money may have arrived.
func (g *Gateway) Reconcile(ctx context.Context, grace time.Duration) error {
	now := g.now()
	longest := g.Window()
	pending, err := g.Attempts.PendingPayments(ctx, now.Add(-grace), now.Add(-longest))
	if err != nil {
		return err
	}
	var errs []error
	// Orders with an attempt still pending that nobody could be asked about.
	unasked := map[string]bool{}
	for i := range pending {
		a := &pending[i]
		var err error
		switch p := g.provider(a.Provider); {
		case a.State == haat.PaymentSuperseded:
			if p != nil && a.Reference != "" && now.Sub(a.CreatedAt) <= p.Window() {
				_, err = g.checkAttempt(ctx, p, a)
			}
		case p == nil:
			// A provider no longer configured: nobody can be asked. Left pending for a day in case
			// it comes back, then given up so the order does not await payment for ever.
			if now.Sub(a.CreatedAt) > orphanWindow {
				err = g.expire(ctx, a)
			} else {
				unasked[a.OrderID] = true
			}
		case a.Reference == "":
			// Begin stopped before the provider answered: nothing to ask about.
			if now.Sub(a.CreatedAt) > p.Window() {
				err = g.expire(ctx, a)
			}
		default:
			var state haat.AttemptState
			state, err = g.checkAttempt(ctx, p, a)
			if err == nil && state == haat.PaymentPending && now.Sub(a.CreatedAt) > p.Window() {
				err = g.expire(ctx, a)
			}
		}
		if err != nil {
			unasked[a.OrderID] = true
			errs = append(errs, err)
		}
	}
	if longest == 0 {
		// No provider: no time to pay to count.
		return errors.Join(errs...)
	}
	// Counted from placing, not from the last Pay Now: an order cannot hold its units and slot
	// place for ever by being paid again and again.
	_, ended, err := g.Attempts.CancelUnpaidOrders(ctx, now.Add(-longest), slices.Collect(maps.Keys(unasked)))
	if err != nil {
		errs = append(errs, err)
	}
	for i := range ended {
		g.end(ctx, &ended[i])
	}
	return errors.Join(errs...)
}

// checkAttempt asks the provider where an attempt stands and applies a final answer. It returns
// the state the provider gave.
func (g *Gateway) checkAttempt(ctx context.Context, p Provider, a *haat.PaymentAttempt) (haat.AttemptState, error) {
	r, err := p.Check(ctx, a)
	if err != nil {
		return "", fmt.Errorf("check %s %s: %w", a.Provider, a.ID, err)
	}
	if r.State == haat.PaymentPending {
		return r.State, nil
	}
	// What the store asked for itself carries no notification key: it is idempotent by state.
	r.Provider, r.Reference, r.EventKey = a.Provider, a.Reference, ""
	return r.State, g.Confirm(ctx, r)
}

// returned is where an attempt stands when the shopper comes back from its provider's page: an
// attempt settled already (paid, failed, cancelled, expired or superseded) answers from the store,
// without asking the provider again, so that reloading or flooding a return page costs the
// provider nothing; a pending one is checked with the provider, and a final answer applied.
// Money that still arrives for a superseded attempt is found by Reconcile.
func (g *Gateway) returned(ctx context.Context, p Provider, a *haat.PaymentAttempt) (haat.AttemptState, error) {
	if a.State != haat.PaymentPending {
		return a.State, nil
	}
	return g.checkAttempt(ctx, p, a)
}

// orphanWindow is how long an attempt of a provider that is no longer configured stays pending.
const orphanWindow = 24 * time.Hour

// expire gives up an attempt without asking its provider.
func (g *Gateway) expire(ctx context.Context, a *haat.PaymentAttempt) error {
	if a.Reference == "" {
		// Never started with the provider: nothing to look up by reference.
		return g.Attempts.FailPaymentStart(ctx, a.ID)
	}
	return g.Confirm(ctx, haat.PaymentResult{Provider: a.Provider, Reference: a.Reference, State: haat.PaymentExpired})
}

// Run reconciles every interval until ctx ends, through Exclusive when set.
func (g *Gateway) Run(ctx context.Context, interval, grace time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			reconcile := func() error { return g.Reconcile(ctx, grace) }
			var err error
			if g.Exclusive != nil {
				_, err = g.Exclusive(ctx, reconcile)
			} else {
				err = reconcile()
			}
			if err != nil && ctx.Err() == nil {
				g.Logger.ErrorContext(ctx, "payment reconciliation", "err", err)
			}
		}
	}
}

func (g *Gateway) now() time.Time {
	if g.Now != nil {
		return g.Now()
	}
	return time.Now()
}

// finish sends the shopper on after a provider's answer: to My Orders (through the loader) when
// the order is paid or may still be, to the cart when the payment ended unpaid.
func finish(w http.ResponseWriter, r *http.Request, g *Gateway, toOrders bool) {
	to := "/cart"
	if toOrders {
		to = "/loader?next=my-orders"
	}
	http.Redirect(w, r, g.base(r)+to, http.StatusSeeOther)
}
