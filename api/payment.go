package api

import (
	"net/http"
	"net/url"
	"strings"

	"haat"
	"haat/payment"
)

// paymentCallbacks are the payment providers' callback routes; none when the store takes cash only.
func (s *Server) paymentCallbacks() []payment.Route {
	if s.Payments == nil {
		return nil
	}
	return s.Payments.Routes(payment.Site{Shopper: s.shopperOf, BaseURL: s.baseURL})
}

// OrderQRQuery names one of the shopper's payments by QR code (GET /api/order/qr): its provider and
// the provider's reference, as the payment page's address has them (/pay/<provider>/<reference>).
type OrderQRQuery struct {
	Provider  string `json:"provider"`
	Reference string `json:"reference"`
}

// OrderQRResponse is where a payment by QR code stands, with the code to scan while it is pending.
type OrderQRResponse struct {
	Payment payment.QRPayment `json:"payment"`
	Success bool              `json:"success"`
}

// orderQR answers the shopper's payment page of a QR code; a pending payment is checked with its
// provider first.
func (s *Server) orderQR(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	if q.Get("provider") == "" || q.Get("reference") == "" {
		return haat.Errorf(haat.EINVALID, "Payment provider and reference are required")
	}
	p, err := s.Payments.QRPayment(r.Context(), subject(r.Context(), haat.RoleUser), q.Get("provider"), q.Get("reference"))
	if err != nil {
		return err
	}
	return ok(w, OrderQRResponse{Payment: *p, Success: true})
}

var errTooManyReturns = haat.Errorf(haat.ETOOMANY, "Too many payment pages from your network. Please try again in a minute.")

// limitReturns counts the request against its client address's limit of payment return and
// failure pages (haat.PaymentReturnsPerAddress a minute) before h answers it, and refuses it with
// 429 and Retry-After once the limit is used up: each such page may ask the payment provider.
// Like the other per-address limits, it lets the machine itself through in development only.
func (s *Server) limitReturns(h handler) handler {
	return func(w http.ResponseWriter, r *http.Request) error {
		if s.ownMachine(r) {
			return h(w, r)
		}
		ok, retry, err := s.Limiter.Attempt(r.Context(), "payment-return:"+addressKey(r, s.ClientIPHeader),
			haat.PaymentReturnsPerAddress, haat.PaymentReturnWindow)
		if err != nil {
			return err
		}
		if !ok {
			return tooMany(w, retry, errTooManyReturns)
		}
		return h(w, r)
	}
}

// shopperOf returns the shopper signed in on the request, or "": the test payment page answers
// the order's own shopper only.
func (s *Server) shopperOf(r *http.Request) (string, error) {
	return s.sessionOf(r, haat.RoleUser)
}

// baseURL is the store's address for links that bring a shopper back from a payment: the public
// URL when it is set; otherwise the scheme and host the request reached the store at. Behind a
// reverse proxy (ClientIPHeader set) those are the X-Forwarded-Proto and X-Forwarded-Host it
// passes, the last entry of each, the one it added; without a trusted proxy the headers are
// ignored, as anyone can send them.
func (s *Server) baseURL(r *http.Request) string {
	if s.PublicURL != "" {
		return strings.TrimRight(s.PublicURL, "/")
	}
	scheme, host := "http", r.Host
	if r.TLS != nil {
		scheme = "https"
	}
	if s.ClientIPHeader != "" {
		if p := strings.ToLower(lastEntry(r.Header.Values("X-Forwarded-Proto"))); p == "http" || p == "https" {
			scheme = p
		}
		if h := lastEntry(r.Header.Values("X-Forwarded-Host")); validHost(h) {
			host = h
		}
	}
	return scheme + "://" + host
}

// lastEntry is the last comma-separated entry of a header's values.
func lastEntry(values []string) string {
	if len(values) == 0 {
		return ""
	}
	parts := strings.Split(values[len(values)-1], ",")
	return strings.TrimSpace(parts[len(parts)-1])
}

// validHost reports whether h is a bare host with an optional port, fit to put into a link.
func validHost(h string) bool {
	if h == "" || strings.ContainsAny(h, "/\\@?# \t") {
		return false
	}
	u, err := url.Parse("http://" + h)
	return err == nil && u.Host == h && u.Hostname() != ""
}
