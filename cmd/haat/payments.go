package main

import (
	"cmp"
	"context"
	"errors"
	"log/slog"
	"time"

	"haat/app"
	"haat/payment"
	"haat/sqlstore"
)

// reconcileAfter is how long a payment attempt may stay unanswered before the store asks its
// provider where it stands.
const reconcileAfter = 5 * time.Minute

// paymentConfig holds the payment providers' keys and endpoints, read from the environment only
// (settings declares them).
type paymentConfig struct {
	StripeSecretKey, StripeWebhookSecret, StripeAPIURL string
	EsewaProductCode, EsewaSecretKey, EsewaFormURL     string
	EsewaStatusURL, KhaltiSecretKey, KhaltiAPIURL      string
	FonepayMerchantCode, FonepaySecret                 string
	FonepayUsername, FonepayPassword, FonepayURL       string
}

// notificationSockets is how many notification sockets of QR payments (Fonepay's) a server keeps
// open at once; a payment started past it is found by its page's asking and the reconciliation,
// as one whose socket was lost.
const notificationSockets = 256

// newPayments is online payment through providers (serve runs its reconciliation every minute),
// which keeps the notification sockets of its QRs until ctx ends; nil when there are none, and the
// store takes cash on delivery only.
func newPayments(ctx context.Context, cfg config, providers []payment.Provider, db *sqlstore.DB, logger *slog.Logger) *payment.Gateway {
	if len(providers) == 0 {
		logger.Warn("no payment provider configured: the store takes cash on delivery only")
		return nil
	}
	payments := &payment.Gateway{Attempts: db, Providers: providers, PublicURL: cfg.PublicURL, Logger: logger, StoreName: app.StoreName(db, logger),
		Sockets: payment.NewSockets(ctx, notificationSockets)}
	for _, m := range payments.Methods() {
		logger.Info("online payment", "provider", m.ID, "label", m.Label)
	}
	if cfg.PublicURL == "" {
		logger.Warn("online payment is on without HAAT_PUBLIC_URL: payment return links use the address each request reached the store at; " +
			"set HAAT_PUBLIC_URL to the store's public address (and HAAT_CLIENT_IP_HEADER behind a reverse proxy)")
	}
	return payments
}

// providers builds the configured payment providers, in the order the storefront offers them.
func (c *config) providers() ([]payment.Provider, error) {
	var out []payment.Provider
	for _, build := range []func() (payment.Provider, error){c.stripe, c.esewa, c.khalti, c.fonepay} {
		p, err := build()
		if err != nil {
			return nil, err
		}
		if p != nil {
			out = append(out, p)
		}
	}
	if c.sandbox(len(out)) {
		out = append(out, payment.NewSandbox())
	}
	return out, nil
}

// stripe builds the Stripe Checkout provider; nil when it is not configured.
func (c *config) stripe() (payment.Provider, error) {
	if c.Pay.StripeSecretKey == "" && c.Pay.StripeWebhookSecret == "" {
		return nil, nil
	}
	if err := both("HAAT_STRIPE_SECRET_KEY", c.Pay.StripeSecretKey, "HAAT_STRIPE_WEBHOOK_SECRET", c.Pay.StripeWebhookSecret); err != nil {
		return nil, err
	}
	return payment.NewStripe(payment.StripeConfig{SecretKey: c.Pay.StripeSecretKey,
		WebhookSecret: c.Pay.StripeWebhookSecret, APIURL: c.Pay.StripeAPIURL})
}

// esewa builds the eSewa provider, which takes rupees only; nil when it is not configured.
func (c *config) esewa() (payment.Provider, error) {
	if c.Pay.EsewaProductCode == "" && c.Pay.EsewaSecretKey == "" {
		return nil, nil
	}
	if err := both("HAAT_ESEWA_PRODUCT_CODE", c.Pay.EsewaProductCode, "HAAT_ESEWA_SECRET_KEY", c.Pay.EsewaSecretKey); err != nil {
		return nil, err
	}
	if c.Currency != "NPR" {
		return nil, errors.New("eSewa takes Nepali rupees only: set HAAT_CURRENCY=NPR, or unset HAAT_ESEWA_PRODUCT_CODE")
	}
	form, status := c.esewaURLs()
	return payment.NewEsewa(payment.EsewaConfig{ProductCode: c.Pay.EsewaProductCode, SecretKey: c.Pay.EsewaSecretKey,
		FormURL: form, StatusURL: status})
}

// esewaURLs are eSewa's payment form and status API: the UAT endpoints for the test merchant and
// outside production, eSewa's live ones otherwise, unless the settings name others.
func (c *config) esewaURLs() (form, status string) {
	form, status = payment.EsewaProductionFormURL, payment.EsewaProductionStatusURL
	if c.Pay.EsewaProductCode == "EPAYTEST" || c.Env != "production" {
		form, status = payment.EsewaUATFormURL, payment.EsewaUATStatusURL
	}
	return cmp.Or(c.Pay.EsewaFormURL, form), cmp.Or(c.Pay.EsewaStatusURL, status)
}

// khalti builds the Khalti provider, which takes rupees only; nil when it is not configured.
func (c *config) khalti() (payment.Provider, error) {
	if c.Pay.KhaltiSecretKey == "" {
		return nil, nil
	}
	if c.Currency != "NPR" {
		return nil, errors.New("Khalti takes Nepali rupees only: set HAAT_CURRENCY=NPR, or unset HAAT_KHALTI_SECRET_KEY")
	}
	return payment.NewKhalti(payment.KhaltiConfig{SecretKey: c.Pay.KhaltiSecretKey, APIURL: c.khaltiURL()})
}

// khaltiURL is Khalti's API root: its sandbox outside production, its live one in production,
// unless HAAT_KHALTI_API_URL names another.
func (c *config) khaltiURL() string {
	api := payment.KhaltiSandboxURL
	if c.Env == "production" {
		api = payment.KhaltiProductionURL
	}
	return cmp.Or(c.Pay.KhaltiAPIURL, api)
}

// fonepay builds the Fonepay Dynamic QR provider, which takes rupees only; nil when it is not
// configured.
func (c *config) fonepay() (payment.Provider, error) {
	p := c.Pay
	if p.FonepayMerchantCode == "" && p.FonepaySecret == "" && p.FonepayUsername == "" && p.FonepayPassword == "" {
		return nil, nil
	}
	if p.FonepayMerchantCode == "" || p.FonepaySecret == "" || p.FonepayUsername == "" || p.FonepayPassword == "" {
		return nil, errors.New("set all of HAAT_FONEPAY_MERCHANT_CODE, HAAT_FONEPAY_SECRET, HAAT_FONEPAY_USERNAME and HAAT_FONEPAY_PASSWORD, or none")
	}
	if c.Currency != "NPR" {
		return nil, errors.New("Fonepay takes Nepali rupees only: set HAAT_CURRENCY=NPR, or unset HAAT_FONEPAY_MERCHANT_CODE")
	}
	return payment.NewFonepay(payment.FonepayConfig{MerchantCode: p.FonepayMerchantCode, SecretKey: p.FonepaySecret,
		Username: p.FonepayUsername, Password: p.FonepayPassword, APIURL: c.fonepayURL()})
}

// fonepayURL is Fonepay's API root: its development server outside production, its live one in
// production, unless HAAT_FONEPAY_URL names another.
func (c *config) fonepayURL() string {
	api := payment.FonepayDevURL
	if c.Env == "production" {
		api = payment.FonepayLiveURL
	}
	return cmp.Or(c.Pay.FonepayURL, api)
}

// sandbox decides whether the built-in test payment page is offered, beside others configured
// providers: always when HAAT_PAYMENT_SANDBOX=true (in production too: its payments stay labelled
// as tests); on auto only in development (HAAT_ENV=development) with no other provider. A store's
// address says nothing: behind a reverse proxy a live store listens on a loopback address.
func (c *config) sandbox(others int) bool {
	switch c.Sandbox {
	case "true":
		return true
	case "auto":
		return others == 0 && c.development()
	}
	return false
}
