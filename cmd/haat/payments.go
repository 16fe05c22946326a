package main

import (
	"errors"
	"fmt"
	"net"
	"time"

	"haat/payment"
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
}

// esewa builds the eSewa provider, which takes rupees only.
func (c *config) esewa() (payment.Provider, error) {
	if c.Currency != "NPR" {
		return nil, errors.New("eSewa takes Nepali rupees only: set HAAT_CURRENCY=NPR, or unset HAAT_ESEWA_PRODUCT_CODE")
	}
	// The UAT endpoints for the test merchant and outside production; eSewa's live ones otherwise.
	form, status := payment.EsewaProductionFormURL, payment.EsewaProductionStatusURL
	if c.Pay.EsewaProductCode == "EPAYTEST" || c.Env != "production" {
		form, status = payment.EsewaUATFormURL, payment.EsewaUATStatusURL
	}
	if c.Pay.EsewaFormURL != "" {
		form = c.Pay.EsewaFormURL
	}
	if c.Pay.EsewaStatusURL != "" {
		status = c.Pay.EsewaStatusURL
	}
	return payment.NewEsewa(payment.EsewaConfig{ProductCode: c.Pay.EsewaProductCode, SecretKey: c.Pay.EsewaSecretKey,
		FormURL: form, StatusURL: status})
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
	if c.Pay.EsewaProductCode != "" || c.Pay.EsewaSecretKey != "" {
		if c.Pay.EsewaProductCode == "" || c.Pay.EsewaSecretKey == "" {
			return nil, errors.New("set both HAAT_ESEWA_PRODUCT_CODE and HAAT_ESEWA_SECRET_KEY, or neither")
		}
		p, err := c.esewa()
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	if c.Pay.KhaltiSecretKey != "" {
		if c.Currency != "NPR" {
			return nil, errors.New("Khalti takes Nepali rupees only: set HAAT_CURRENCY=NPR, or unset HAAT_KHALTI_SECRET_KEY")
		}
		api := c.Pay.KhaltiAPIURL
		if api == "" {
			api = payment.KhaltiSandboxURL
			if c.Env == "production" {
				api = payment.KhaltiProductionURL
			}
		}
		p, err := payment.NewKhalti(payment.KhaltiConfig{SecretKey: c.Pay.KhaltiSecretKey, APIURL: api})
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	if c.sandbox(len(out)) {
		sb, err := payment.NewSandbox(c.Env)
		if err != nil {
			return nil, fmt.Errorf("HAAT_PAYMENT_SANDBOX: %w", err)
		}
		out = append(out, sb)
	}
	return out, nil
}

// sandbox decides whether the built-in test payment page is offered, beside others configured
// providers: always when HAAT_PAYMENT_SANDBOX=true; on auto only on a development machine, that
// is, outside production, with no other provider, and listening on a loopback address, where no
// shopper from outside can reach it.
func (c *config) sandbox(others int) bool {
	switch c.Sandbox {
	case "true":
		return true
	case "auto":
		return others == 0 && c.Env != "production" && loopback(c.Addr)
	}
	return false
}

// loopback reports whether a listen address is on this machine only: 127.0.0.0/8, ::1 or localhost.
func loopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
