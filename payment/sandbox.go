package payment

import (
	"context"
	"fmt"
	"html/template"
	"net/http"
	"time"

	"haat"
)

// Sandbox is a payment provider inside haat, for demos and browser tests: a clearly labelled test
// page with Pay and Cancel. No money moves. The store offers it in development, or when
// HAAT_PAYMENT_SANDBOX=true asks for it.
type Sandbox struct{}

// NewSandbox returns the sandbox provider. Its payments are labelled as tests wherever it runs.
func NewSandbox() *Sandbox { return &Sandbox{} }

// Name implements Provider.
func (*Sandbox) Name() string { return haat.SandboxProvider }

// Label implements Provider.
func (*Sandbox) Label() string { return "Test payment" }

// Window implements Provider: an unanswered test payment expires after half an hour.
func (*Sandbox) Window() time.Duration { return 30 * time.Minute }

// Begin implements Provider: the attempt's own id is the reference, and the test page the redirect.
func (*Sandbox) Begin(_ context.Context, c Checkout) (string, string, error) {
	return c.CallbackURL + "/" + c.Attempt.ID, c.Attempt.ID, nil
}

// Check implements Provider: the sandbox keeps no state of its own, so an unanswered attempt
// stays pending until it expires.
func (*Sandbox) Check(_ context.Context, a *haat.PaymentAttempt) (haat.PaymentResult, error) {
	return haat.PaymentResult{State: haat.PaymentPending}, nil
}

// Routes implements Provider: GET shows the test page, POST pays or cancels. Both answer the
// shopper whose order it is only: anyone else learns nothing and can change nothing. Like a real
// provider's page left open, the page of a superseded attempt can still be paid; that money is
// recorded as owed back.
func (p *Sandbox) Routes(g *Gateway) []Route {
	return []Route{
		{Pattern: "GET /api/payment/sandbox/{ref}", Handle: func(w http.ResponseWriter, r *http.Request) error {
			a, err := p.attempt(r, g)
			if err != nil {
				return err
			}
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Header().Set("Cache-Control", "no-store")
			sandboxPage.Execute(w, map[string]any{"Store": g.storeName(r.Context()), "Attempt": a, "Amount": haat.Currency(a.Currency).Format(a.Amount, haat.English), "Open": open(a), "Superseded": a.State == haat.PaymentSuperseded})
			return nil
		}},
		{Pattern: "POST /api/payment/sandbox/{ref}", Handle: func(w http.ResponseWriter, r *http.Request) error {
			return p.answer(w, r, g)
		}},
	}
}

// answer applies the shopper's Pay or Cancel to an open test payment and sends them on.
func (p *Sandbox) answer(w http.ResponseWriter, r *http.Request, g *Gateway) error {
	if r.Header.Get("Sec-Fetch-Site") == "cross-site" {
		return haat.Errorf(haat.EFORBIDDEN, "Cross-site request refused")
	}
	a, err := p.attempt(r, g)
	if err != nil {
		return err
	}
	if !open(a) {
		return haat.Errorf(haat.ECONFLICT, "This test payment is %s already", a.State)
	}
	res := haat.PaymentResult{Provider: p.Name(), Reference: a.Reference, State: haat.PaymentCancelled}
	if r.PostFormValue("action") == "pay" {
		res.State, res.Amount, res.Currency = haat.PaymentPaid, a.Amount, a.Currency
	}
	if err := g.Confirm(r.Context(), res); err != nil {
		// Confirm has logged it; the shopper is told the payment was not taken.
		return haat.Errorf(haat.ECONFLICT, "%s", haat.ErrorMessage(err))
	}
	finish(w, r, g, res.State == haat.PaymentPaid || a.State == haat.PaymentSuperseded)
	return nil
}

// open reports whether a test payment can still be paid or cancelled.
func open(a *haat.PaymentAttempt) bool {
	return a.State == haat.PaymentPending || a.State == haat.PaymentSuperseded
}

// attempt finds the test payment of the request, if it belongs to the shopper signed in on it.
func (p *Sandbox) attempt(r *http.Request, g *Gateway) (*haat.PaymentAttempt, error) {
	if g.site.Shopper == nil {
		return nil, haat.Errorf(haat.EFORBIDDEN, "Test payments need the store's sign-in")
	}
	shopper, err := g.site.Shopper(r)
	if err != nil {
		return nil, fmt.Errorf("test payment: session: %w", err)
	}
	if shopper == "" {
		return nil, haat.Errorf(haat.EUNAUTHORIZED, "Please log in to pay for your order")
	}
	a, err := g.Attempts.PaymentAttempt(r.Context(), p.Name(), r.PathValue("ref"))
	if err != nil || a.UserID != shopper {
		return nil, haat.Errorf(haat.ENOTFOUND, "Unknown test payment")
	}
	return a, nil
}

var sandboxPage = template.Must(template.New("sandbox").Parse(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test payment{{with .Store}} · {{.}}{{end}}</title>
<style>
body{margin:0;font-family:system-ui,sans-serif;background:#fafaf9;color:#0f172a;display:flex;min-height:100vh;align-items:center;justify-content:center;padding:16px}
main{max-width:420px;width:100%;background:#fff;border:1px solid #e7e5e4;border-radius:16px;padding:32px}
.badge{display:inline-block;background:#fef3c7;color:#78350f;border-radius:999px;padding:4px 12px;font-size:14px;font-weight:600}
h1{font-size:24px;margin:16px 0 8px}
p{color:#475569;line-height:1.5}
.amount{font-size:32px;font-weight:700;color:#0f172a;margin:16px 0}
form{display:flex;gap:12px;margin-top:24px}
button{flex:1;min-height:44px;border-radius:8px;font-size:16px;font-weight:600;cursor:pointer}
.pay{background:#15803d;color:#fff;border:0}
.cancel{background:#fff;color:#334155;border:1px solid #d6d3d1}
</style>
</head>
<body>
<main>
<span class="badge">Test mode: no money moves</span>
<h1>Test payment</h1>
<p>This page stands in for a payment provider while the store runs without one. Pay marks the order paid; Cancel returns to the cart.</p>
<p class="amount">{{.Amount}}</p>
<p>Order {{.Attempt.OrderID}}</p>
{{if .Superseded}}
<p><strong>You started a newer payment of this order.</strong> Money paid here would be given back.</p>
{{end}}
{{if .Open}}
<form method="post">
<button class="cancel" name="action" value="cancel">Cancel</button>
<button class="pay" name="action" value="pay">Pay</button>
</form>
{{else}}
<p><strong>This payment is {{.Attempt.State}}.</strong> <a href="/my-orders">See your orders</a></p>
{{end}}
</main>
</body>
</html>
`))
