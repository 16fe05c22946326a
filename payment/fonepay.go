package payment

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha512"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/coder/websocket"

	"haat"
)

// Fonepay's merchant API for Dynamic QR, as Fonepay Payment Service Ltd. documents it in "Fonepay
// Dynamic QR API Documentation", version 1.1 (July 2024):
//
//   - QR request: POST {API}/merchant/merchantDetailsForThirdParty/thirdPartyDynamicQrDownload with
//     the JSON body {amount, remarks1, remarks2, prn, merchantCode, dataValidation, username,
//     password}, every value a string; dataValidation is the HMAC-SHA512, in hex, of
//     "AMOUNT,PRN,MERCHANT-CODE,REMARKS1,REMARKS2" with the merchant's secret key. It answers
//     {message, qrMessage, status: "CREATED", statusCode: 201, success: true,
//     thirdpartyQrWebSocketUrl}, or {documentation, errorCode: 406, message: "Data Validation
//     Failed" | "Invalid Merchant Code" | "Invalid username"}.
//   - Status check: POST {API}/merchant/merchantDetailsForThirdParty/thirdPartyDynamicQrGetStatus
//     with {prn, merchantCode, dataValidation, username, password}, dataValidation over
//     "PRN,MERCHANT-CODE"; it answers {fonepayTraceId, merchantCode, paymentStatus, prn}, with
//     paymentStatus "success", "failed" or "pending".
//   - Notifications: the web socket at thirdpartyQrWebSocketUrl pushes {merchantId, deviceId,
//     transactionStatus}, where transactionStatus is a JSON text whose paymentSuccess says the QR
//     was paid (another message says it was scanned: {"success": true, "message": "VERIFIED",
//     "QRVerified": true}). The document asks the merchant to call the status check after such a
//     message: a message is never proof of payment by itself. Its sockets are on hosts of
//     Fonepay's domain other than the API's: ws://acquirer-websocket.fonepay.com/merchantEndPoint
//     for development (its example answer names wss://dev-ws.fonepay.com/convergent-webSocket-web/
//     merchantEndPoint/…), wss://ws.fonepay.com/convergent-webSocket-web/merchantEndPoint live.
//
// The store listens to that socket (Notices, through Gateway.listen) while the QR can be paid, and
// after a message that says paid asks the status check, as the payment pages do; the pages' asking
// and the reconciliation still find every payment whose socket was not kept.
//
// Field lengths: amount 1–10 digits with an optional "."; remarks1, remarks2 1–25 letters and
// digits; prn 1–25 characters, unique for every request; merchantCode 1–15.

// Fonepay API roots: the development (test) server and the live one.
const (
	FonepayDevURL  = "https://uat-new-merchant-api.fonepay.com/api"
	FonepayLiveURL = "https://merchantapi.fonepay.com/api"
)

// Paths of the Dynamic QR calls under the API root.
const (
	FonepayQRPath     = "/merchant/merchantDetailsForThirdParty/thirdPartyDynamicQrDownload"
	FonepayStatusPath = "/merchant/merchantDetailsForThirdParty/thirdPartyDynamicQrGetStatus"
)

// fonepayDomain is Fonepay's domain. Its notification sockets are on hosts of it other than its
// API's, so a socket is dialled on any host of it, or on the API root's own host (a stand-in's).
const fonepayDomain = ".fonepay.com"

// fonepayDialTimeout bounds the opening of a notification socket.
const fonepayDialTimeout = 30 * time.Second

// FonepayConfig configures Fonepay Dynamic QR: the merchant's code, secret key, API user name and
// password as Fonepay issued them, and the API root.
type FonepayConfig struct {
	MerchantCode string
	SecretKey    string
	Username     string
	Password     string
	APIURL       string // FonepayDevURL or FonepayLiveURL
	// HTTPClient makes the API calls; its Transport also opens the notification sockets.
	HTTPClient *http.Client
}

// A QRIssuer asks a provider for a QR code of a fixed amount and where its payment stands. It is
// all a payment by QR needs from the provider, whoever shows the code.
//
// At checkout the Gateway shows the QR on the shopper's payment page (QRProvider). A payment at
// the door uses the same two calls: for a cash-on-delivery order the rider's screen asks
// CreateQR(ctx, order.Amount, prn, "Order 1042", "At the door") with a new PRN kept with the order's
// attempt (the amount is the store's, never typed by the rider), shows qrMessage as a QR code, and
// marks the order paid only when QRStatus(ctx, prn) answers haat.PaymentPaid, through the same
// PaymentAttemptService.ConfirmPayment path as checkout, so that a notice, a reload or a second
// rider's tap changes nothing twice.
type QRIssuer interface {
	// CreateQR asks for a QR code that pays exactly amount under the payment reference prn (unique
	// for every request) with the two remarks the payer's app shows; it returns the QR's text and
	// the address of the provider's notifications about it ("" when there is none).
	CreateQR(ctx context.Context, amount haat.Money, prn, remarks1, remarks2 string) (qrMessage, socketURL string, err error)
	// QRStatus asks where the payment of prn stands: haat.PaymentPaid once it is paid, else
	// haat.PaymentPending.
	QRStatus(ctx context.Context, prn string) (haat.AttemptState, error)
}

// Fonepay takes payments by Fonepay Dynamic QR: the store asks Fonepay for a QR code of the order's
// amount and shows it; the shopper scans it with a bank's or wallet's app; the order is paid only
// when Fonepay's status check says so.
type Fonepay struct {
	c FonepayConfig
	// apiHost is the API root's host and port, in lower case.
	apiHost string
	// sockets opens the notification sockets: it follows no redirect, which could lead anywhere.
	sockets *http.Client
}

var (
	_ QRIssuer   = (*Fonepay)(nil)
	_ QRProvider = (*Fonepay)(nil)
	_ Notifier   = (*Fonepay)(nil)
)

// NewFonepay returns the Fonepay provider.
func NewFonepay(c FonepayConfig) (*Fonepay, error) {
	if c.MerchantCode == "" || c.SecretKey == "" || c.Username == "" || c.Password == "" || c.APIURL == "" {
		return nil, errors.New("payment: Fonepay needs a merchant code, a secret key, a user name, a password and an API URL")
	}
	c.APIURL = strings.TrimRight(c.APIURL, "/")
	api, err := url.Parse(c.APIURL)
	if err != nil || api.Host == "" {
		return nil, fmt.Errorf("payment: Fonepay's API URL %q is not an address", c.APIURL)
	}
	if c.HTTPClient == nil {
		c.HTTPClient = &http.Client{Timeout: 30 * time.Second}
	}
	sockets := &http.Client{Transport: c.HTTPClient.Transport,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	return &Fonepay{c: c, apiHost: strings.ToLower(api.Host), sockets: sockets}, nil
}

// Name implements Provider.
func (*Fonepay) Name() string { return "fonepay" }

// Label implements Provider.
func (*Fonepay) Label() string { return "Fonepay" }

// Window implements Provider: half an hour to scan and pay the QR.
func (*Fonepay) Window() time.Duration { return 30 * time.Minute }

// FonepaySignature is Fonepay's dataValidation of a message: HMAC-SHA512 with the secret key, in
// lower-case hex.
func FonepaySignature(secret, message string) string {
	m := hmac.New(sha512.New, []byte(secret))
	m.Write([]byte(message))
	return hex.EncodeToString(m.Sum(nil))
}

// FonepayQRRequest is the body of a QR request.
type FonepayQRRequest struct {
	Amount         string `json:"amount"`
	Remarks1       string `json:"remarks1"`
	Remarks2       string `json:"remarks2"`
	PRN            string `json:"prn"`
	MerchantCode   string `json:"merchantCode"`
	DataValidation string `json:"dataValidation"`
	Username       string `json:"username"`
	Password       string `json:"password"`
}

// FonepayStatusRequest is the body of a status check.
type FonepayStatusRequest struct {
	PRN            string `json:"prn"`
	MerchantCode   string `json:"merchantCode"`
	DataValidation string `json:"dataValidation"`
	Username       string `json:"username"`
	Password       string `json:"password"`
}

// qrRequest is the signed body of a QR request.
func (p *Fonepay) qrRequest(amount haat.Money, prn, remarks1, remarks2 string) FonepayQRRequest {
	r := FonepayQRRequest{Amount: amount.String(), Remarks1: fonepayRemark(remarks1), Remarks2: fonepayRemark(remarks2),
		PRN: prn, MerchantCode: p.c.MerchantCode, Username: p.c.Username, Password: p.c.Password}
	r.DataValidation = FonepaySignature(p.c.SecretKey, strings.Join([]string{r.Amount, r.PRN, r.MerchantCode, r.Remarks1, r.Remarks2}, ","))
	return r
}

// fonepayRemark is a remark as Fonepay takes it: letters, digits and spaces, at most 25; "-" for
// nothing left.
func fonepayRemark(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r < 128 && (r == ' ' || r >= '0' && r <= '9' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z') {
			b.WriteRune(r)
		}
	}
	out := strings.TrimSpace(b.String())
	if len(out) > 25 {
		out = strings.TrimSpace(out[:25])
	}
	if out == "" {
		return "-"
	}
	return out
}

// post sends a call to Fonepay and decodes its JSON answer into v, whatever the status code: its
// refusals are bodies too.
func (p *Fonepay) post(ctx context.Context, path string, body, v any) (int, error) {
	b, _ := json.Marshal(body)
	req, err := http.NewRequestWithContext(ctx, "POST", p.c.APIURL+path, bytes.NewReader(b))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	res, err := p.c.HTTPClient.Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(res.Body, 64<<10))
	if err := json.Unmarshal(raw, v); err != nil {
		return res.StatusCode, fmt.Errorf("fonepay %s: HTTP %d: %.200s", path, res.StatusCode, raw)
	}
	return res.StatusCode, nil
}

// CreateQR implements QRIssuer. The QR's text is refused unless it carries the amount asked for
// (its EMV field 54), so that no shopper is shown a code for another sum.
func (p *Fonepay) CreateQR(ctx context.Context, amount haat.Money, prn, remarks1, remarks2 string) (string, string, error) {
	if amount <= 0 {
		return "", "", fmt.Errorf("fonepay QR: amount %s", amount)
	}
	if len(prn) == 0 || len(prn) > 25 {
		return "", "", fmt.Errorf("fonepay QR: PRN %q is not 1–25 characters", prn)
	}
	var out struct {
		Success   bool   `json:"success"`
		Message   string `json:"message"`
		QRMessage string `json:"qrMessage"`
		Status    string `json:"status"`
		Socket    string `json:"thirdpartyQrWebSocketUrl"`
		ErrorCode int    `json:"errorCode"`
	}
	code, err := p.post(ctx, FonepayQRPath, p.qrRequest(amount, prn, remarks1, remarks2), &out)
	if err != nil {
		return "", "", err
	}
	if !out.Success || out.QRMessage == "" {
		return "", "", fmt.Errorf("fonepay QR: HTTP %d: %d %s", code, out.ErrorCode, out.Message)
	}
	if got, err := QRAmount(out.QRMessage); err != nil || got != amount {
		return "", "", fmt.Errorf("fonepay QR: the code pays %s, not %s (%v)", got, amount, err)
	}
	return out.QRMessage, out.Socket, nil
}

// QRAmount reads the amount an EMV merchant-presented QR code's text carries in its field 54.
func QRAmount(qr string) (haat.Money, error) {
	for s := qr; len(s) >= 4; {
		n, err := strconv.Atoi(s[2:4])
		if err != nil || 4+n > len(s) {
			break
		}
		if s[:2] == "54" {
			return haat.ParseMoney(s[4 : 4+n])
		}
		s = s[4+n:]
	}
	return 0, errors.New("no amount in the QR")
}

// QRStatus implements QRIssuer with Fonepay's status check. Only "success" pays: the document's
// own example of a pending payment answers "failed", so "failed" and "pending" both leave the
// attempt waiting, until the reconciliation ends it when its window has passed.
func (p *Fonepay) QRStatus(ctx context.Context, prn string) (haat.AttemptState, error) {
	req := FonepayStatusRequest{PRN: prn, MerchantCode: p.c.MerchantCode, Username: p.c.Username, Password: p.c.Password,
		DataValidation: FonepaySignature(p.c.SecretKey, prn+","+p.c.MerchantCode)}
	var out struct {
		TraceID       json.Number `json:"fonepayTraceId"`
		MerchantCode  string      `json:"merchantCode"`
		PaymentStatus string      `json:"paymentStatus"`
		PRN           string      `json:"prn"`
		Message       string      `json:"message"`
	}
	code, err := p.post(ctx, FonepayStatusPath, req, &out)
	if err != nil {
		return "", err
	}
	switch strings.ToLower(out.PaymentStatus) {
	case "success":
		if out.PRN != prn || out.MerchantCode != p.c.MerchantCode {
			return "", fmt.Errorf("fonepay status: success for %s/%s", out.MerchantCode, out.PRN)
		}
		return haat.PaymentPaid, nil
	case "pending", "failed":
		return haat.PaymentPending, nil
	default:
		return "", fmt.Errorf("fonepay status: HTTP %d: status %q %s", code, out.PaymentStatus, out.Message)
	}
}

// Begin implements Provider for a caller that cannot show a QR code: Fonepay is paid by one, which
// the Gateway starts with BeginQR and shows on the store's payment page.
func (*Fonepay) Begin(context.Context, Checkout) (string, string, error) {
	return "", "", errors.New("fonepay: payments start with BeginQR")
}

// BeginQR implements QRProvider: a QR for the attempt's amount under a new PRN, which is the
// attempt's reference, with its notification socket.
func (p *Fonepay) BeginQR(ctx context.Context, c Checkout) (string, string, string, error) {
	prn := newPRN()
	remarks1 := orDefault(fonepayRemark(c.StoreName), "Online order")
	remarks2 := "Order " + strconv.FormatInt(c.Order.Number, 10)
	qr, socket, err := p.CreateQR(ctx, c.Attempt.Amount, prn, remarks1, remarks2)
	if err != nil {
		return "", "", "", err
	}
	return prn, qr, socket, nil
}

// orDefault is a remark, or def for a remark with nothing left.
func orDefault(s, def string) string {
	if s == "-" {
		return def
	}
	return s
}

// newPRN is a new payment reference for Fonepay: 20 random letters and digits (100 bits), within
// its 25 characters.
func newPRN() string {
	const alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
	var b [20]byte
	rand.Read(b[:]) // crypto/rand never fails on supported systems
	for i := range b {
		b[i] = alphabet[b[i]%32]
	}
	return string(b[:])
}

// Check implements Provider: the status check. The amount paid is the QR's, which the payer's app
// cannot change and CreateQR checked to be the attempt's.
func (p *Fonepay) Check(ctx context.Context, a *haat.PaymentAttempt) (haat.PaymentResult, error) {
	state, err := p.QRStatus(ctx, a.Reference)
	if err != nil {
		return haat.PaymentResult{}, err
	}
	r := haat.PaymentResult{Provider: p.Name(), Reference: a.Reference, State: state}
	if state == haat.PaymentPaid {
		r.Amount, r.Currency = a.Amount, "NPR"
	}
	return r, nil
}

// Routes implements Provider: the shopper's payment page asks the store (GET /api/order/qr), which
// asks Fonepay; Fonepay calls nothing of the store's, it only answers on the socket the store
// opens (Notices).
func (*Fonepay) Routes(*Gateway) []Route { return nil }

// CheckSocket implements Notifier: a ws:// or wss:// address on a host of Fonepay's domain, or
// on the API root's own host. A QR answer that names any other (a forged one) is never dialled.
func (p *Fonepay) CheckSocket(socketURL string) error {
	u, err := url.Parse(socketURL)
	if err != nil {
		return errors.New("fonepay socket: not an address")
	}
	if u.Scheme != "ws" && u.Scheme != "wss" {
		return fmt.Errorf("fonepay socket: scheme %q is not ws or wss", u.Scheme)
	}
	host := strings.ToLower(u.Hostname())
	if u.User != nil || host == "" || !strings.HasSuffix(host, fonepayDomain) && strings.ToLower(u.Host) != p.apiHost {
		return fmt.Errorf("fonepay socket: host %q is not Fonepay's", u.Host)
	}
	return nil
}

// Notices implements Notifier with Fonepay's web socket, on an address CheckSocket allows.
func (p *Fonepay) Notices(ctx context.Context, socketURL string, paid func() bool) error {
	if err := p.CheckSocket(socketURL); err != nil {
		return err
	}
	host, _ := url.Parse(socketURL)
	dial, cancel := context.WithTimeout(ctx, fonepayDialTimeout)
	c, _, err := websocket.Dial(dial, socketURL, &websocket.DialOptions{HTTPClient: p.sockets})
	cancel()
	if err != nil {
		return socketError(host.Host, err)
	}
	defer c.CloseNow()
	for {
		_, msg, err := c.Read(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return socketError(host.Host, err)
		}
		if fonepayPaid(msg) && paid() {
			c.Close(websocket.StatusNormalClosure, "paid")
			return nil
		}
	}
}

// socketError is a failure of the socket on host, without its address: the address's path names
// the merchant's terminal, which logs need not carry.
func socketError(host string, err error) error {
	if ue, ok := errors.AsType[*url.Error](err); ok {
		err = ue.Err
	}
	return fmt.Errorf("fonepay socket on %s: %w", host, err)
}

// fonepayPaid reports whether a message of Fonepay's socket says the QR was paid: its
// transactionStatus, a JSON text (or, leniently, an object), has paymentSuccess true. Any other
// message, such as the QR being scanned, is not.
func fonepayPaid(msg []byte) bool {
	var m struct {
		TransactionStatus json.RawMessage `json:"transactionStatus"`
	}
	if json.Unmarshal(msg, &m) != nil {
		return false
	}
	status := []byte(m.TransactionStatus)
	var text string
	if json.Unmarshal(status, &text) == nil {
		status = []byte(text)
	}
	var s struct {
		PaymentSuccess bool `json:"paymentSuccess"`
	}
	return json.Unmarshal(status, &s) == nil && s.PaymentSuccess
}
