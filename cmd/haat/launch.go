package main

import (
	"cmp"
	"context"
	"net/http"
	"sync"
	"time"

	"haat/launch"
	"haat/payment"
)

const (
	// providerCheckEvery is how long the answer of a check of the payment providers is kept.
	providerCheckEvery = 5 * time.Minute
	// providerCheckWait is how long a payment provider may take to answer the check.
	providerCheckWait = 5 * time.Second
)

// launchConfig answers the launch checklist's questions about the configuration (api.Launch): the mode,
// the public address, the payment providers (each asked, now and then, whether it answers), the
// SMS provider and the backups.
type launchConfig struct {
	cfg config
	// endpoints are the real payment providers configured, each with an address of theirs to ask.
	endpoints map[string]string
	backups   *backups // nil: the store writes no backups
	client    *http.Client

	mu      sync.Mutex
	checked time.Time
	answer  bool
}

// newLaunch answers the checklist for the configuration, its providers and its backups (nil: none).
func newLaunch(cfg config, providers []payment.Provider, b *backups) *launchConfig {
	l := &launchConfig{cfg: cfg, endpoints: map[string]string{}, backups: b, client: &http.Client{Timeout: providerCheckWait}}
	for _, p := range providers {
		switch p.Name() {
		case "stripe":
			l.endpoints["stripe"] = cmp.Or(cfg.Pay.StripeAPIURL, "https://api.stripe.com")
		case "esewa":
			_, l.endpoints["esewa"] = cfg.esewaURLs()
		case "khalti":
			l.endpoints["khalti"] = cfg.khaltiURL()
		}
	}
	return l
}

// LaunchConfig reports what the configuration says about going live.
func (l *launchConfig) LaunchConfig(ctx context.Context) launch.Config {
	c := launch.Config{Production: !l.cfg.development(), PublicURL: l.cfg.PublicURL, SMSProvider: l.cfg.SMS.Provider,
		Backups: launch.BackupStatus{Operator: l.cfg.postgres()}}
	for name := range l.endpoints {
		c.PaymentProviders = append(c.PaymentProviders, name)
	}
	c.PaymentsAnswer = l.providersAnswer(ctx)
	if l.backups != nil {
		c.Backups = l.backups.status()
	}
	return c
}

// providersAnswer reports whether every real payment provider answered the last check, made
// again when it is older than providerCheckEvery. Any HTTP answer counts: the check asks whether
// the provider can be reached, not whether a payment would go through.
func (l *launchConfig) providersAnswer(ctx context.Context) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.endpoints) == 0 {
		return false
	}
	if !l.checked.IsZero() && time.Since(l.checked) < providerCheckEvery {
		return l.answer
	}
	l.answer = true
	for _, url := range l.endpoints {
		if !l.reachable(ctx, url) {
			l.answer = false
			break
		}
	}
	l.checked = time.Now()
	return l.answer
}

// reachable reports whether the address answers an HTTP request within providerCheckWait.
func (l *launchConfig) reachable(ctx context.Context, url string) bool {
	req, err := http.NewRequestWithContext(ctx, http.MethodHead, url, nil)
	if err != nil {
		return false
	}
	res, err := l.client.Do(req)
	if err != nil {
		return false
	}
	res.Body.Close()
	return true
}
