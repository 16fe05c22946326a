package payment

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"haat"
)

// eSewa ePay v2 endpoints.
const (
	EsewaUATFormURL          = "https://rc-epay.esewa.com.np/api/epay/main/v2/form"
	EsewaUATStatusURL        = "https://rc.esewa.com.np/api/epay/transaction/status/"
	EsewaProductionFormURL   = "https://epay.esewa.com.np/api/epay/main/v2/form"
	EsewaProductionStatusURL = "https://epay.esewa.com.np/api/epay/transaction/status/"
)

// EsewaConfig configures eSewa ePay v2.
type EsewaConfig struct {
	ProductCode string // EPAYTEST on UAT
	SecretKey   string
	FormURL     string
	StatusURL   string
	HTTPClient  *http.Client
}

// Esewa takes payments from eSewa wallets through ePay v2: the shopper's browser posts a signed
// form to eSewa, eSewa sends it back with a signed answer, and the store confirms the answer with
// eSewa's status API before it marks anything paid.
type Esewa struct {
	c EsewaConfig
}

// NewEsewa returns the eSewa provider.
func NewEsewa(c EsewaConfig) (*Esewa, error) {
	if c.ProductCode == "" || c.SecretKey == "" || c.FormURL == "" || c.StatusURL == "" {
		return nil, errors.New("payment: eSewa needs a product code, a secret key, and the form and status URLs")
	}
	if c.HTTPClient == nil {
		c.HTTPClient = &http.Client{Timeout: 30 * time.Second}
	}
	return &Esewa{c: c}, nil
}

// Name implements Provider.
func (*Esewa) Name() string { return "esewa" }

// Label implements Provider.
func (*Esewa) Label() string { return "eSewa" }

// Window implements Provider: eSewa's sessions are short; an hour covers a slow shopper.
func (*Esewa) Window() time.Duration { return time.Hour }

// EsewaSignature is eSewa's signature of a message: base64 of HMAC-SHA256 with the secret key.
func EsewaSignature(secret, message string) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte(message))
	return base64.StdEncoding.EncodeToString(m.Sum(nil))
}

// Begin implements Provider: the attempt's id is eSewa's transaction_uuid, and the redirect is
// a page of this store that posts the signed form to eSewa.
func (p *Esewa) Begin(_ context.Context, c Checkout) (string, string, error) {
	return c.CallbackURL + "/pay/" + c.Attempt.ID, c.Attempt.ID, nil
}

// esewaForm is the signed form for an attempt. The order's amount already includes its tax, so it
// goes as the amount with no tax on top.
func (p *Esewa) esewaForm(a *haat.PaymentAttempt, callback string) url.Values {
	total := a.Amount.String()
	f := url.Values{
		"amount":                  {total},
		"tax_amount":              {"0"},
		"total_amount":            {total},
		"transaction_uuid":        {a.ID},
		"product_code":            {p.c.ProductCode},
		"product_service_charge":  {"0"},
		"product_delivery_charge": {"0"},
		"success_url":             {callback + "/return"},
		"failure_url":             {callback + "/failure?ref=" + url.QueryEscape(a.ID)},
		"signed_field_names":      {"total_amount,transaction_uuid,product_code"},
	}
	f.Set("signature", EsewaSignature(p.c.SecretKey, "total_amount="+total+",transaction_uuid="+a.ID+",product_code="+p.c.ProductCode))
	return f
}

// VerifyEsewaAnswer checks the base64 data eSewa returns to the success URL: its signature over
// its own signed_field_names, which must cover status, total_amount, transaction_uuid and
// product_code, and the product code. It returns the answer's fields.
func VerifyEsewaAnswer(secret, productCode, data string) (map[string]string, error) {
	raw, err := base64.StdEncoding.DecodeString(data)
	if err != nil {
		if raw, err = base64.URLEncoding.DecodeString(data); err != nil {
			return nil, errors.New("esewa: answer is not base64")
		}
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber() // keep numbers exactly as signed
	var values map[string]any
	if err := dec.Decode(&values); err != nil {
		return nil, errors.New("esewa: answer is not JSON")
	}
	fields := make(map[string]string, len(values))
	for k, v := range values {
		fields[k] = fmt.Sprint(v)
	}
	names := strings.Split(fields["signed_field_names"], ",")
	for _, required := range []string{"status", "total_amount", "transaction_uuid", "product_code"} {
		if !slices.Contains(names, required) {
			return nil, fmt.Errorf("esewa: %s is not signed", required)
		}
	}
	parts := make([]string, len(names))
	for i, n := range names {
		v, ok := fields[n]
		if !ok {
			return nil, fmt.Errorf("esewa: signed field %s is missing", n)
		}
		parts[i] = n + "=" + v
	}
	want := EsewaSignature(secret, strings.Join(parts, ","))
	if !hmac.Equal([]byte(want), []byte(fields["signature"])) {
		return nil, errors.New("esewa: signature does not match")
	}
	if fields["product_code"] != productCode {
		return nil, errors.New("esewa: answer is for another merchant")
	}
	return fields, nil
}

// parseEsewaAmount reads an amount as eSewa writes it: "601.8", "1,000.0".
func parseEsewaAmount(s string) (haat.Money, error) {
	return haat.ParseMoney(strings.ReplaceAll(strings.TrimSpace(s), ",", ""))
}

// Check implements Provider: eSewa's status API for the attempt.
func (p *Esewa) Check(ctx context.Context, a *haat.PaymentAttempt) (haat.PaymentResult, error) {
	q := url.Values{"product_code": {p.c.ProductCode}, "total_amount": {a.Amount.String()}, "transaction_uuid": {a.ID}}
	req, err := http.NewRequestWithContext(ctx, "GET", p.c.StatusURL+"?"+q.Encode(), nil)
	if err != nil {
		return haat.PaymentResult{}, err
	}
	req.Header.Set("Accept", "application/json")
	res, err := p.c.HTTPClient.Do(req)
	if err != nil {
		return haat.PaymentResult{}, err
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(res.Body, 64<<10))
	var st struct {
		ProductCode     string      `json:"product_code"`
		TransactionUUID string      `json:"transaction_uuid"`
		TotalAmount     json.Number `json:"total_amount"`
		Status          string      `json:"status"`
	}
	if err := json.Unmarshal(body, &st); err != nil || st.Status == "" {
		return haat.PaymentResult{}, fmt.Errorf("esewa status: HTTP %d: %.200s", res.StatusCode, body)
	}
	r := haat.PaymentResult{Provider: p.Name(), Reference: a.ID, Currency: "NPR"}
	switch st.Status {
	case "COMPLETE":
		if st.TransactionUUID != a.ID || st.ProductCode != p.c.ProductCode {
			return haat.PaymentResult{}, fmt.Errorf("esewa status: answer for %s/%s", st.ProductCode, st.TransactionUUID)
		}
		if r.Amount, err = parseEsewaAmount(st.TotalAmount.String()); err != nil {
			return haat.PaymentResult{}, fmt.Errorf("esewa status: amount %q", st.TotalAmount)
		}
		r.State = haat.PaymentPaid
	case "PENDING", "AMBIGUOUS", "NOT_FOUND":
		// Not (yet) known to eSewa: pending until the attempt's window ends.
		r.State = haat.PaymentPending
	case "CANCELED":
		r.State = haat.PaymentCancelled
	case "FULL_REFUND", "PARTIAL_REFUND":
		r.State = haat.PaymentFailed
	default:
		return haat.PaymentResult{}, fmt.Errorf("esewa status: unknown status %q", st.Status)
	}
	return r, nil
}

// Routes implements Provider: the page that posts the form, and eSewa's success and failure returns.
func (p *Esewa) Routes(g *Gateway) []Route {
	return []Route{
		{Pattern: "GET /api/payment/esewa/pay/{ref}", Handle: func(w http.ResponseWriter, r *http.Request) error {
			return p.payPage(w, r, g)
		}},
		{Pattern: "GET /api/payment/esewa/submit.js", Handle: func(w http.ResponseWriter, r *http.Request) error {
			w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
			io.WriteString(w, "document.getElementById('esewa').submit();\n")
			return nil
		}},
		{Pattern: "GET /api/payment/esewa/return", Return: true, Handle: func(w http.ResponseWriter, r *http.Request) error {
			fields, err := VerifyEsewaAnswer(p.c.SecretKey, p.c.ProductCode, r.URL.Query().Get("data"))
			if err != nil {
				g.Logger.WarnContext(r.Context(), "esewa answer refused", "err", err)
				return haat.Errorf(haat.EINVALID, "This payment answer could not be verified.")
			}
			// Paid or still being confirmed, the shopper's orders show where the order stands.
			p.checkReturn(r.Context(), g, fields["transaction_uuid"])
			finish(w, r, g, true)
			return nil
		}},
		{Pattern: "GET /api/payment/esewa/failure", Return: true, Handle: func(w http.ResponseWriter, r *http.Request) error {
			// The failure return is not signed: eSewa's status API decides what happened.
			paid := p.checkReturn(r.Context(), g, r.URL.Query().Get("ref"))
			finish(w, r, g, paid)
			return nil
		}},
	}
}

// payPage is the page that posts the signed form of a pending attempt to eSewa; the shopper of
// any other attempt is sent on.
func (p *Esewa) payPage(w http.ResponseWriter, r *http.Request, g *Gateway) error {
	a, err := g.Attempts.PaymentAttempt(r.Context(), p.Name(), r.PathValue("ref"))
	if err != nil || a.State != haat.PaymentPending {
		finish(w, r, g, false)
		return nil
	}
	form := p.esewaForm(a, callbackURL(g.base(r), p))
	action, _ := url.Parse(p.c.FormURL)
	w.Header().Set("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; form-action "+
		action.Scheme+"://"+action.Host+"; frame-ancestors 'none'")
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	esewaPage.Execute(w, map[string]any{"Store": g.storeName(r.Context()), "Action": p.c.FormURL, "Fields": form})
	return nil
}

// checkReturn finds the attempt the shopper came back from, by its reference, and, while it is
// pending, asks eSewa about it and applies the answer (see Gateway.returned); it reports whether
// the attempt is paid.
func (p *Esewa) checkReturn(ctx context.Context, g *Gateway, ref string) bool {
	a, err := g.Attempts.PaymentAttempt(ctx, p.Name(), ref)
	if err != nil {
		return false
	}
	state, err := g.returned(ctx, p, a)
	if err != nil {
		g.Logger.ErrorContext(ctx, "esewa status", "attempt", a.ID, "err", err)
	}
	return err == nil && state == haat.PaymentPaid
}

var esewaPage = template.Must(template.New("esewa").Parse(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Paying with eSewa{{with .Store}} · {{.}}{{end}}</title>
<style>body{font-family:system-ui,sans-serif;display:flex;min-height:100vh;align-items:center;justify-content:center;margin:0;color:#0f172a}
button{min-height:44px;padding:0 24px;border:0;border-radius:8px;background:#41a124;color:#fff;font-size:16px;font-weight:600}</style>
</head>
<body>
<form id="esewa" method="post" action="{{.Action}}">
{{range $k, $v := .Fields}}<input type="hidden" name="{{$k}}" value="{{index $v 0}}">
{{end}}<p>Taking you to eSewa…</p>
<button type="submit">Continue to eSewa</button>
</form>
<script src="/api/payment/esewa/submit.js"></script>
</body>
</html>
`))
