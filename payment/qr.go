package payment

import (
	"context"
	"fmt"
	"net/url"
	"strings"

	qrcode "github.com/skip2/go-qrcode"

	"haat"
)

// A QRProvider is paid by scanning a QR code that the store shows on its own payment page
// (/pay/<provider>/<reference>), not on a page of the provider's (Fonepay Dynamic QR). Gateway.Begin
// starts its attempts with BeginQR instead of Begin and keeps the QR's text with the attempt; the
// page asks Gateway.QRPayment where the payment stands.
type QRProvider interface {
	Provider
	// BeginQR asks the provider for the QR code of an attempt and returns the attempt's reference,
	// the QR's text and the address of the provider's notification socket about it ("" when there
	// is none; see Notifier).
	BeginQR(ctx context.Context, c Checkout) (reference, qr, socket string, err error)
}

// start starts an attempt with its provider and returns where to send the shopper, the provider's
// reference and, for a QRProvider, the QR's text and its notification socket; base is the store's
// address.
func (g *Gateway) start(ctx context.Context, p Provider, c Checkout, base string) (redirect, reference, qr, socket string, err error) {
	qp, ok := p.(QRProvider)
	if !ok {
		redirect, reference, err = p.Begin(ctx, c)
		return redirect, reference, "", "", err
	}
	if reference, qr, socket, err = qp.BeginQR(ctx, c); err != nil {
		return "", "", "", "", err
	}
	return base + "/pay/" + p.Name() + "/" + url.PathEscape(reference), reference, qr, socket, nil
}

// QRPayment is a payment by QR code as its payer's page shows it.
type QRPayment struct {
	OrderID  string        `json:"orderId"`
	Provider string        `json:"provider"`
	Amount   haat.Money    `json:"amount"`
	Currency haat.Currency `json:"currency"`
	// State is pending while the code can be paid; paid once the provider said so; else the
	// payment ended unpaid (failed, cancelled, expired or superseded by a newer one).
	State haat.AttemptState `json:"state"`
	// QR is the code to scan, while the payment is pending.
	QR *QRCode `json:"qr,omitempty"`
}

// QRCode is a QR code drawn as an SVG path: Size modules a side, its quiet zone included, and Path
// the dark modules, one unit each.
type QRCode struct {
	Size int    `json:"size"`
	Path string `json:"path"`
}

// NewQRCode draws a QR code of text, at error correction level M.
func NewQRCode(text string) (*QRCode, error) {
	q, err := qrcode.New(text, qrcode.Medium)
	if err != nil {
		return nil, err
	}
	bits := q.Bitmap()
	var b strings.Builder
	for y, row := range bits {
		for x := 0; x < len(row); {
			if !row[x] {
				x++
				continue
			}
			start := x
			for x < len(row) && row[x] {
				x++
			}
			fmt.Fprintf(&b, "M%d %dh%dv1h-%dz", start, y, x-start, x-start)
		}
	}
	return &QRCode{Size: len(bits), Path: b.String()}, nil
}

// QRPayment answers the shopper where their payment by QR stands: a pending one is checked with its
// provider first (see returned) and, if still pending, comes with its QR code. Another shopper's
// payment, or one of a provider not paid by QR, is ENOTFOUND.
func (g *Gateway) QRPayment(ctx context.Context, userID, provider, reference string) (*QRPayment, error) {
	notFound := haat.Errorf(haat.ENOTFOUND, "Payment not found")
	if g == nil {
		return nil, notFound
	}
	p, ok := g.provider(provider).(QRProvider)
	if !ok || reference == "" {
		return nil, notFound
	}
	a, err := g.Attempts.PaymentAttempt(ctx, p.Name(), reference)
	if haat.ErrorCode(err) == haat.ENOTFOUND || (err == nil && a.UserID != userID) {
		return nil, notFound
	} else if err != nil {
		return nil, err
	}
	if a.State == haat.PaymentPending {
		if _, err := g.returned(ctx, p, a); err != nil {
			// Not known now: the page asks again, and the reconciliation too.
			g.Logger.ErrorContext(ctx, "qr payment status", "provider", a.Provider, "attempt", a.ID, "err", err)
		} else if a, err = g.Attempts.PaymentAttempt(ctx, p.Name(), reference); err != nil {
			return nil, err
		}
	}
	return qrPayment(a)
}

// qrProvider is the first provider paid by QR code, or nil.
func (g *Gateway) qrProvider() QRProvider {
	if g == nil {
		return nil
	}
	for _, p := range g.Providers {
		if qp, ok := p.(QRProvider); ok {
			return qp
		}
	}
	return nil
}

// TakesQRAtTheDoor reports whether a rider can take a cash order's money by QR code at the door.
func (g *Gateway) TakesQRAtTheDoor() bool { return g.qrProvider() != nil }

// errNoDoorQR refuses a payment at the door by QR code in a store that takes none.
var errNoDoorQR = haat.Errorf(haat.EUNAVAILABLE, "Payment by QR code is not set up")

// BeginDoor starts taking the money of a cash order at the door by a QR code for its exact amount,
// which the rider shows from their phone and the shopper pays with their bank's app; the order is
// paid when the provider confirms it (DoorPayment, a notice on its socket, or the reconciliation). A
// code shown before for the order is superseded.
func (g *Gateway) BeginDoor(ctx context.Context, riderID, orderID string) (*QRPayment, error) {
	qp := g.qrProvider()
	if qp == nil {
		return nil, errNoDoorQR
	}
	a, o, superseded, err := g.Attempts.StartDoorPayment(ctx, riderID, orderID, qp.Name())
	if err != nil {
		return nil, err
	}
	for i := range superseded {
		g.end(ctx, &superseded[i])
	}
	ref, qr, socket, err := qp.BeginQR(ctx, Checkout{Attempt: a, Order: o, StoreName: g.storeName(ctx)})
	pending := false
	if err == nil {
		pending, err = g.Attempts.SetPaymentQR(ctx, a.ID, ref, qr)
	}
	if err != nil {
		g.Logger.ErrorContext(ctx, "door payment could not start", "provider", qp.Name(), "attempt", a.ID, "err", err)
		if ferr := g.Attempts.FailPaymentStart(context.WithoutCancel(ctx), a.ID); ferr != nil {
			g.Logger.ErrorContext(ctx, "payment start failure not recorded", "attempt", a.ID, "err", ferr)
		}
		return nil, haat.Errorf(haat.EUNAVAILABLE, "The payment provider is not answering. Please try again or take cash.")
	}
	if !pending {
		return nil, haat.Errorf(haat.ECONFLICT, "The order was changed meanwhile. Please try again.")
	}
	g.listen(ctx, qp, a.ID, ref, socket)
	return g.DoorPayment(ctx, riderID, o.ID)
}

// DoorPayment answers the rider where the QR payment at the door of one of their orders stands: a
// pending one is checked with its provider first and, still pending, comes with its code.
func (g *Gateway) DoorPayment(ctx context.Context, riderID, orderID string) (*QRPayment, error) {
	qp := g.qrProvider()
	if qp == nil {
		return nil, errNoDoorQR
	}
	a, err := g.Attempts.DoorPayment(ctx, riderID, orderID)
	if err != nil {
		return nil, err
	}
	if a.State == haat.PaymentPending && a.Provider == qp.Name() {
		if _, err := g.returned(ctx, qp, a); err != nil {
			g.Logger.ErrorContext(ctx, "door payment status", "provider", a.Provider, "attempt", a.ID, "err", err)
		} else if a, err = g.Attempts.DoorPayment(ctx, riderID, orderID); err != nil {
			return nil, err
		}
	}
	return qrPayment(a)
}

// qrPayment is an attempt as a payer's page shows it, with its code while it is pending.
func qrPayment(a *haat.PaymentAttempt) (*QRPayment, error) {
	out := &QRPayment{OrderID: a.OrderID, Provider: a.Provider, Amount: a.Amount, Currency: haat.Currency(a.Currency), State: a.State}
	if a.State == haat.PaymentPending && a.QR != "" {
		code, err := NewQRCode(a.QR)
		if err != nil {
			return nil, fmt.Errorf("qr payment %s: %w", a.ID, err)
		}
		out.QR = code
	}
	return out, nil
}
