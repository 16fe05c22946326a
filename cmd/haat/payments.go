package main

import (
	"errors"
	"fmt"
	"time"

	"haat/payment"
)

// reconcileAfter is how long a payment attempt may stay unanswered before the store asks its
// provider where it stands.
const reconcileAfter = 5 * time.Minute

// paymentConfig holds the payment providers' keys and endpoints, read from the environment only
// (secrets stay out of the process list).
type paymentConfig struct {
	StripeSecretKey, StripeWebhookSecret, StripeAPIURL string
}

func (p *paymentConfig) read(env func(name, def string) string) {
	p.StripeSecretKey = env("HAAT_STRIPE_SECRET_KEY", "")
	p.StripeWebhookSecret = env("HAAT_STRIPE_WEBHOOK_SECRET", "")
	p.StripeAPIURL = env("HAAT_STRIPE_API_URL", "")
}

// providers builds the configured payment providers, in the order the storefront offers them.
func (c *config) providers() ([]payment.Provider, error) {
	var out []payment.Provider
	if c.Pay.StripeSecretKey != "" || c.Pay.StripeWebhookSecret != "" {
		if c.Pay.StripeSecretKey == "" || c.Pay.StripeWebhookSecret == "" {
			return nil, errors.New("set both HAAT_STRIPE_SECRET_KEY and HAAT_STRIPE_WEBHOOK_SECRET, or neither")
		}
		p, err := payment.NewStripe(payment.StripeConfig{SecretKey: c.Pay.StripeSecretKey,
			WebhookSecret: c.Pay.StripeWebhookSecret, APIURL: c.Pay.StripeAPIURL})
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	if c.Sandbox == "true" || (c.Sandbox == "auto" && len(out) == 0 && c.Env != "production") {
		sb, err := payment.NewSandbox(c.Env)
		if err != nil {
			return nil, fmt.Errorf("HAAT_PAYMENT_SANDBOX: %w", err)
		}
		out = append(out, sb)
	}
	return out, nil
}
