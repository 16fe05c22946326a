package payment

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"

	"haat"
)

// stripeWindow is how long a Checkout Session stays open (Stripe allows 30 minutes to 24 hours).
const stripeWindow = time.Hour

// Stripe takes card payments through Stripe Checkout.
type Stripe struct {
	client        *stripe.Client
	webhookSecret string
	now           func() time.Time
}

// StripeConfig configures Stripe Checkout.
type StripeConfig struct {
	SecretKey     string // sk_live_… or sk_test_…
	WebhookSecret string // whsec_… of the endpoint /api/payment/stripe/webhook
	// APIURL replaces https://api.stripe.com, for stripe-mock in tests.
	APIURL string
	// HTTPClient replaces the default client; nil is a client with a 30-second timeout.
	HTTPClient *http.Client
}

// NewStripe returns the Stripe provider.
func NewStripe(c StripeConfig) (*Stripe, error) {
	if c.SecretKey == "" || c.WebhookSecret == "" {
		return nil, errors.New("payment: Stripe needs a secret key and a webhook signing secret")
	}
	hc := c.HTTPClient
	if hc == nil {
		hc = &http.Client{Timeout: 30 * time.Second}
	}
	cfg := &stripe.BackendConfig{HTTPClient: hc, MaxNetworkRetries: stripe.Int64(2), LeveledLogger: &stripe.LeveledLogger{Level: stripe.LevelError}}
	if c.APIURL != "" {
		cfg.URL = stripe.String(strings.TrimRight(c.APIURL, "/"))
	}
	client := stripe.NewClient(c.SecretKey, stripe.WithBackends(stripe.NewBackendsWithConfig(cfg)))
	return &Stripe{client: client, webhookSecret: c.WebhookSecret, now: time.Now}, nil
}

// Name implements Provider.
func (*Stripe) Name() string { return "stripe" }

// Label implements Provider.
func (*Stripe) Label() string { return "Card" }

// Window implements Provider.
func (*Stripe) Window() time.Duration { return stripeWindow + 5*time.Minute }

// Begin implements Provider: a Checkout Session whose lines are the order's bill (haat.BillOf) in
// the store currency: one line per item, one for the tax added on top (the flat rule; VAT is in
// the prices), one for the delivery fee and one for each adjustment that adds to the price, with
// the adjustments that take from it, and the store credit the order used, as one coupon (Stripe
// takes no negative line), so that Stripe charges exactly what is left to pay of the order. The attempt's id is the idempotency key, so a retried
// request cannot open a second session.
func (p *Stripe) Begin(ctx context.Context, c Checkout) (string, string, error) {
	currency := strings.ToLower(c.Attempt.Currency)
	params := &stripe.CheckoutSessionCreateParams{
		Mode:              stripe.String(string(stripe.CheckoutSessionModePayment)),
		SuccessURL:        stripe.String(c.ReturnURL),
		CancelURL:         stripe.String(c.CancelURL),
		ClientReferenceID: stripe.String(c.Attempt.ID),
		ExpiresAt:         stripe.Int64(p.now().Add(stripeWindow).Unix()),
		Metadata:          map[string]string{"order_id": c.Order.ID, "attempt_id": c.Attempt.ID},
	}
	bill := c.Order.Bill
	if c.Attempt.Amount != c.Order.ToPay {
		return "", "", fmt.Errorf("stripe: attempt %s is for %s, the order's bill leaves %s to pay", c.Attempt.ID, c.Attempt.Amount, c.Order.ToPay)
	}
	for i, it := range c.Order.Items {
		line := stripeLine(currency, it.Product.Name, it.Product.OfferPrice, it.Quantity)
		if it.Product.SoldBy == haat.SoldByWeight {
			// Goods sold by weight are one line of their weight, at what the bill charges for it.
			line = stripeLine(currency, it.Product.Name+", "+haat.FormatGrams(haat.Grams(it.Quantity, it.Product.Step)), bill.Lines[i], 1)
		}
		params.LineItems = append(params.LineItems, line)
	}
	if bill.TaxRule == haat.TaxFlat && bill.Tax > 0 {
		params.LineItems = append(params.LineItems, stripeLine(currency, haat.TaxLabel(), bill.Tax, 1))
	}
	if bill.DeliveryFee > 0 {
		params.LineItems = append(params.LineItems, stripeLine(currency, "Delivery", bill.DeliveryFee, 1))
	}
	charges, off, offLabels, err := splitAdjustments(bill)
	if err != nil {
		return "", "", err
	}
	if c.Order.CreditUsed > 0 {
		// Store credit pays its part: taken off as the discounts are, the bill as it is.
		if off, err = off.Add(c.Order.CreditUsed); err != nil {
			return "", "", err
		}
		offLabels = append(offLabels, "Store credit")
	}
	for _, a := range charges {
		params.LineItems = append(params.LineItems, stripeLine(currency, a.Label, a.Amount, 1))
	}
	if off > 0 {
		coupon := &stripe.CouponCreateParams{AmountOff: stripe.Int64(int64(off)), Currency: stripe.String(currency),
			Duration: stripe.String(string(stripe.CouponDurationOnce)), MaxRedemptions: stripe.Int64(1),
			Name: stripe.String(couponName(offLabels))}
		coupon.SetIdempotencyKey("haat-coupon-" + c.Attempt.ID)
		cp, err := p.client.V1Coupons.Create(ctx, coupon)
		if err != nil {
			return "", "", err
		}
		params.Discounts = []*stripe.CheckoutSessionCreateDiscountParams{{Coupon: stripe.String(cp.ID)}}
	}
	params.SetIdempotencyKey("haat-attempt-" + c.Attempt.ID)
	s, err := p.client.V1CheckoutSessions.Create(ctx, params)
	if err != nil {
		return "", "", err
	}
	return s.URL, s.ID, nil
}

// maxCouponName is the longest name Stripe takes for a coupon, in characters.
const maxCouponName = 40

// couponName names the coupon of a bill's discounts after their labels, cut to what Stripe takes.
func couponName(labels []string) string {
	name := []rune(strings.Join(labels, ", "))
	if len(name) <= maxCouponName {
		return string(name)
	}
	return string(name[:maxCouponName-1]) + "…"
}

func stripeLine(currency, name string, unit haat.Money, quantity int) *stripe.CheckoutSessionCreateLineItemParams {
	return &stripe.CheckoutSessionCreateLineItemParams{
		Quantity: stripe.Int64(int64(quantity)),
		PriceData: &stripe.CheckoutSessionCreateLineItemPriceDataParams{
			Currency:    stripe.String(currency),
			UnitAmount:  stripe.Int64(int64(unit)),
			ProductData: &stripe.CheckoutSessionCreateLineItemPriceDataProductDataParams{Name: stripe.String(name)},
		},
	}
}

// Check implements Provider: it reads the Checkout Session.
func (p *Stripe) Check(ctx context.Context, a *haat.PaymentAttempt) (haat.PaymentResult, error) {
	s, err := p.client.V1CheckoutSessions.Retrieve(ctx, a.Reference, nil)
	if err != nil {
		return haat.PaymentResult{}, err
	}
	return stripeResult(stripeSession{ID: s.ID, Status: string(s.Status), PaymentStatus: string(s.PaymentStatus),
		AmountTotal: s.AmountTotal, Currency: string(s.Currency)}, ""), nil
}

// stripeSession is the part of a Checkout Session that decides a payment.
type stripeSession struct {
	ID            string `json:"id"`
	Status        string `json:"status"`
	PaymentStatus string `json:"payment_status"`
	AmountTotal   int64  `json:"amount_total"`
	Currency      string `json:"currency"`
}

// stripeResult reads a session: paid only when its payment status says paid.
func stripeResult(s stripeSession, eventType string) haat.PaymentResult {
	r := haat.PaymentResult{Provider: "stripe", Reference: s.ID, State: haat.PaymentPending,
		Amount: haat.Money(s.AmountTotal), Currency: s.Currency}
	switch {
	case eventType == "checkout.session.async_payment_failed":
		r.State = haat.PaymentFailed
	case eventType == "checkout.session.expired" || s.Status == "expired":
		r.State = haat.PaymentExpired
	case s.PaymentStatus == "paid" && (s.Status == "complete" || eventType == "checkout.session.async_payment_succeeded"):
		r.State = haat.PaymentPaid
	}
	return r
}

// Routes implements Provider: the webhook Stripe sends Checkout events to.
func (p *Stripe) Routes(g *Gateway) []Route {
	return []Route{{Pattern: "POST /api/payment/stripe/webhook", Handle: func(w http.ResponseWriter, r *http.Request) error {
		return p.webhook(w, r, g)
	}}}
}

// webhook applies a signed Checkout event. It answers 200 to events the store does not act on
// and to sessions it does not know (another integration on the same account), so that Stripe
// stops sending them; 409 to a result that contradicts the order (amount, currency).
func (p *Stripe) webhook(w http.ResponseWriter, r *http.Request, g *Gateway) error {
	payload, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 1<<20))
	if err != nil {
		return haat.Errorf(haat.ETOOLARGE, "Request body too large")
	}
	// The signature covers the raw body; the event's API version may differ from this
	// library's, so only the fields read below are trusted to its shape.
	event, err := webhook.ConstructEventWithOptions(payload, r.Header.Get("Stripe-Signature"), p.webhookSecret,
		webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
	if err != nil {
		g.Logger.WarnContext(r.Context(), "stripe webhook refused", "err", err)
		return haat.Errorf(haat.EINVALID, "Invalid signature")
	}
	switch event.Type {
	case "checkout.session.completed", "checkout.session.async_payment_succeeded",
		"checkout.session.async_payment_failed", "checkout.session.expired":
	default:
		w.WriteHeader(http.StatusOK)
		return nil
	}
	var session stripeSession
	if event.Data == nil || json.Unmarshal(event.Data.Raw, &session) != nil || session.ID == "" {
		return haat.Errorf(haat.EINVALID, "Malformed event")
	}
	res := stripeResult(session, string(event.Type))
	res.EventKey = event.ID
	switch err := g.Confirm(r.Context(), res); haat.ErrorCode(err) {
	case "", haat.ENOTFOUND:
		w.WriteHeader(http.StatusOK)
		return nil
	case haat.ECONFLICT:
		return err
	default:
		// The store's own failure, whatever its code: 500, so that Stripe sends the event again.
		return fmt.Errorf("stripe webhook %s not applied: %v", event.ID, err)
	}
}

// End implements Ender: the superseded attempt's Checkout Session is expired, so that it can no
// longer be paid. A session that is complete or expired already cannot be expired; its answer
// comes (or came) through the webhook.
func (p *Stripe) End(ctx context.Context, a *haat.PaymentAttempt) error {
	_, err := p.client.V1CheckoutSessions.Expire(ctx, a.Reference, nil)
	return err
}

// Refund implements Refunder: the whole payment of the Checkout Session is given back. The
// attempt's id is the idempotency key, so a repeated request makes one refund.
func (p *Stripe) Refund(ctx context.Context, r haat.Refund) (string, error) {
	s, err := p.client.V1CheckoutSessions.Retrieve(ctx, r.Reference, nil)
	if err != nil {
		return "", err
	}
	if s.PaymentIntent == nil || s.PaymentIntent.ID == "" {
		return "", fmt.Errorf("stripe: session %s has no payment to refund", r.Reference)
	}
	params := &stripe.RefundCreateParams{PaymentIntent: stripe.String(s.PaymentIntent.ID), Amount: stripe.Int64(int64(r.Amount)),
		Metadata: map[string]string{"attempt_id": r.AttemptID, "refund_id": r.ID}}
	params.SetIdempotencyKey("haat-refund-" + r.Key())
	refund, err := p.client.V1Refunds.Create(ctx, params)
	if err != nil {
		return "", err
	}
	return refund.ID, nil
}

// splitAdjustments parts the bill's adjustments as a payment page that takes no negative line
// (Stripe Checkout) needs them: those that add to the price, in order, and what those that take
// from it take together (a positive amount), with their labels.
func splitAdjustments(b haat.Bill) (charges []haat.Adjustment, off haat.Money, offLabels []string, err error) {
	for _, a := range b.Adjustments {
		switch {
		case a.Amount > 0:
			charges = append(charges, a)
		case a.Amount < 0:
			if off, err = off.Sub(a.Amount); err != nil {
				return nil, 0, nil, err
			}
			// A coupon's shares of the lines are named once.
			if !slices.Contains(offLabels, a.Label) {
				offLabels = append(offLabels, a.Label)
			}
		}
	}
	return charges, off, offLabels, nil
}
