package main

import (
	"fmt"
	"time"

	"haat/payment"
)

// reconcileAfter is how long a payment attempt may stay unanswered before the store asks its
// provider where it stands.
const reconcileAfter = 5 * time.Minute

// paymentConfig holds the payment providers' keys and endpoints.
type paymentConfig struct{}

func (p *paymentConfig) read(env func(name, def string) string) {}

// providers builds the configured payment providers, in the order the storefront offers them.
func (c *config) providers() ([]payment.Provider, error) {
	var out []payment.Provider
	if c.Sandbox == "true" || (c.Sandbox == "auto" && len(out) == 0 && c.Env != "production") {
		sb, err := payment.NewSandbox(c.Env)
		if err != nil {
			return nil, fmt.Errorf("HAAT_PAYMENT_SANDBOX: %w", err)
		}
		out = append(out, sb)
	}
	return out, nil
}
