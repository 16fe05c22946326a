package payment

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"haat"
)

// Khalti ePayment (KPG-2) API roots.
const (
	KhaltiSandboxURL    = "https://dev.khalti.com/api/v2/"
	KhaltiProductionURL = "https://khalti.com/api/v2/"
)

// khaltiMinimum is the smallest payment Khalti takes: Rs 10, in paisa.
const khaltiMinimum haat.Money = 1000

// KhaltiConfig configures Khalti ePayment.
type KhaltiConfig struct {
	SecretKey  string
	APIURL     string // KhaltiSandboxURL or KhaltiProductionURL
	HTTPClient *http.Client
}

// Khalti takes payments from Khalti wallets: initiate gives a payment page; the shopper's return
// is not signed, so an order is paid only when Khalti's lookup says Completed.
type Khalti struct {
	c KhaltiConfig
}

var _ Refunder = (*Khalti)(nil)

// NewKhalti returns the Khalti provider.
func NewKhalti(c KhaltiConfig) (*Khalti, error) {
	if c.SecretKey == "" || c.APIURL == "" {
		return nil, errors.New("payment: Khalti needs a secret key and an API URL")
	}
	c.APIURL = strings.TrimRight(c.APIURL, "/") + "/"
	if c.HTTPClient == nil {
		c.HTTPClient = &http.Client{Timeout: 30 * time.Second}
	}
	return &Khalti{c: c}, nil
}

// Name implements Provider.
func (*Khalti) Name() string { return "khalti" }

// Label implements Provider.
func (*Khalti) Label() string { return "Khalti" }

// Window implements Provider: Khalti's payment links last 30 minutes.
func (*Khalti) Window() time.Duration { return 40 * time.Minute }

// post calls a KPG-2 endpoint and decodes its answer into v whatever the status code, since
// Khalti answers some outcomes (Expired, User canceled) with HTTP 400 and a normal body.
func (p *Khalti) post(ctx context.Context, path string, body any, v any) (int, error) {
	b, _ := json.Marshal(body)
	req, err := http.NewRequestWithContext(ctx, "POST", p.c.APIURL+path, bytes.NewReader(b))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Authorization", "Key "+p.c.SecretKey)
	req.Header.Set("Content-Type", "application/json")
	res, err := p.c.HTTPClient.Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(res.Body, 64<<10))
	if err := json.Unmarshal(raw, v); err != nil {
		return res.StatusCode, fmt.Errorf("khalti %s: HTTP %d: %.200s", path, res.StatusCode, raw)
	}
	return res.StatusCode, nil
}

// Begin implements Provider: initiate with the amount in paisa; the pidx is the reference.
func (p *Khalti) Begin(ctx context.Context, c Checkout) (string, string, error) {
	if c.Attempt.Amount < khaltiMinimum {
		return "", "", haat.Errorf(haat.EINVALID, "Khalti takes payments of Rs. 10 or more")
	}
	site := strings.TrimSuffix(c.CallbackURL, "/api/payment/khalti")
	var out struct {
		Pidx       string `json:"pidx"`
		PaymentURL string `json:"payment_url"`
		Detail     string `json:"detail"`
	}
	code, err := p.post(ctx, "epayment/initiate/", map[string]any{
		"return_url":          c.CallbackURL + "/return",
		"website_url":         site,
		"amount":              int64(c.Attempt.Amount),
		"purchase_order_id":   c.Attempt.ID,
		"purchase_order_name": c.OrderName(),
	}, &out)
	if err != nil {
		return "", "", err
	}
	if code != http.StatusOK || out.Pidx == "" || out.PaymentURL == "" {
		return "", "", fmt.Errorf("khalti initiate: HTTP %d: %s", code, out.Detail)
	}
	return out.PaymentURL, out.Pidx, nil
}

// Check implements Provider: Khalti's lookup.
func (p *Khalti) Check(ctx context.Context, a *haat.PaymentAttempt) (haat.PaymentResult, error) {
	var out struct {
		Pidx        string `json:"pidx"`
		TotalAmount int64  `json:"total_amount"`
		Status      string `json:"status"`
		Detail      string `json:"detail"`
	}
	code, err := p.post(ctx, "epayment/lookup/", map[string]string{"pidx": a.Reference}, &out)
	if err != nil {
		return haat.PaymentResult{}, err
	}
	r := haat.PaymentResult{Provider: p.Name(), Reference: a.Reference, Amount: haat.Money(out.TotalAmount), Currency: "NPR"}
	switch out.Status {
	case "Completed":
		if code != http.StatusOK || out.Pidx != a.Reference {
			return haat.PaymentResult{}, fmt.Errorf("khalti lookup: Completed with HTTP %d for %q", code, out.Pidx)
		}
		r.State = haat.PaymentPaid
	case "Pending", "Initiated":
		r.State = haat.PaymentPending
	case "Expired":
		r.State = haat.PaymentExpired
	case "User canceled":
		r.State = haat.PaymentCancelled
	case "Refunded", "Partially Refunded":
		r.State = haat.PaymentFailed
	default:
		return haat.PaymentResult{}, fmt.Errorf("khalti lookup: HTTP %d: status %q %s", code, out.Status, out.Detail)
	}
	return r, nil
}

// Refund implements Refunder through Khalti's Refund API (docs.khalti.com/api/refund): the
// payment's transaction_id from a lookup of its pidx, then POST
// {API}/merchant-transaction/{transaction_id}/refund/ with the amount in paisa (a wallet payment's
// refund, whole or in part), which answers {"detail": "Transaction refund successful."}. Khalti
// gives the refund no id of its own: the refund's reference is the transaction's. Khalti takes no
// idempotency key, so a refund is asked once; one whose answer was lost is checked by hand in
// Khalti's merchant dashboard before it is asked again.
func (p *Khalti) Refund(ctx context.Context, r haat.Refund) (string, error) {
	var look struct {
		Status        string `json:"status"`
		TransactionID string `json:"transaction_id"`
		Detail        string `json:"detail"`
	}
	code, err := p.post(ctx, "epayment/lookup/", map[string]string{"pidx": r.Reference}, &look)
	if err != nil {
		return "", err
	}
	if code != http.StatusOK || look.TransactionID == "" {
		return "", fmt.Errorf("khalti lookup before a refund: HTTP %d: status %q %s", code, look.Status, look.Detail)
	}
	// The refund API is beside KPG-2's root (…/api/v2/), not under it.
	root := strings.TrimSuffix(p.c.APIURL, "v2/")
	var out struct {
		Detail string `json:"detail"`
	}
	b, _ := json.Marshal(map[string]int64{"amount": int64(r.Amount)})
	req, err := http.NewRequestWithContext(ctx, "POST", root+"merchant-transaction/"+look.TransactionID+"/refund/", bytes.NewReader(b))
	if err != nil {
		return "", err
	}
	req.Header.Set("Authorization", "Key "+p.c.SecretKey)
	req.Header.Set("Content-Type", "application/json")
	res, err := p.c.HTTPClient.Do(req)
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(res.Body, 64<<10))
	json.Unmarshal(raw, &out)
	if res.StatusCode != http.StatusOK {
		return "", fmt.Errorf("khalti refund: HTTP %d: %.200s", res.StatusCode, raw)
	}
	return look.TransactionID, nil
}

// Routes implements Provider: the return URL, which is checked with a lookup while the attempt is
// pending.
func (p *Khalti) Routes(g *Gateway) []Route {
	return []Route{{Pattern: "GET /api/payment/khalti/return", Return: true, Handle: func(w http.ResponseWriter, r *http.Request) error {
		a, err := g.Attempts.PaymentAttempt(r.Context(), p.Name(), r.URL.Query().Get("pidx"))
		if err != nil {
			finish(w, r, g, false)
			return nil
		}
		// Paid, still pending, or not known yet: My Orders shows where the order stands; the
		// reconciliation asks again about what is pending.
		state, err := g.returned(r.Context(), p, a)
		if err != nil {
			g.Logger.ErrorContext(r.Context(), "khalti lookup", "attempt", a.ID, "err", err)
		}
		finish(w, r, g, err != nil || state == haat.PaymentPaid || state == haat.PaymentPending)
		return nil
	}}}
}
