package api

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"database/sql"
	"encoding/hex"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"haat"
)

// Every request has an id: the one a trusted reverse proxy sent in X-Request-Id (when
// ClientIPHeader says a proxy is trusted), else one made here. The answer says it in X-Request-Id,
// and every log line written while the request is served names it (LogRequestIDs).

const requestIDHeader = "X-Request-Id"

type requestIDKey struct{}

// RequestID is the id of the request ctx belongs to, or "".
func RequestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}

// validRequestID accepts an id of 1 to 128 letters, digits, '-', '_', '.' or ':'.
func validRequestID(id string) bool {
	if id == "" || len(id) > 128 {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c == '.' || c == ':') {
			return false
		}
	}
	return true
}

// newRequestID is 64 random bits in hex.
func newRequestID() string {
	var b [8]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// withRequestID gives the request its id and says it in the answer.
func (s *Server) withRequestID(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get(requestIDHeader)
		if s.ClientIPHeader == "" || !validRequestID(id) {
			id = newRequestID()
		}
		w.Header().Set(requestIDHeader, id)
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), requestIDKey{}, id)))
	})
}

// requestIDs is a log handler that adds the request's id to each line logged with its context.
type requestIDs struct{ slog.Handler }

// LogRequestIDs has h add request_id to every line logged with the context of a request.
func LogRequestIDs(h slog.Handler) slog.Handler {
	if _, done := h.(requestIDs); done {
		return h
	}
	return requestIDs{h}
}

func (h requestIDs) Handle(ctx context.Context, r slog.Record) error {
	if id := RequestID(ctx); id != "" {
		r.AddAttrs(slog.String("request_id", id))
	}
	return h.Handler.Handle(ctx, r)
}

func (h requestIDs) WithAttrs(attrs []slog.Attr) slog.Handler {
	return requestIDs{h.Handler.WithAttrs(attrs)}
}

func (h requestIDs) WithGroup(name string) slog.Handler { return requestIDs{h.Handler.WithGroup(name)} }

// Metrics are what the store tells Prometheus on GET /metrics: requests and their latency by route
// pattern and status, orders placed by payment type, payment outcomes by provider, rate limits
// hit by route, the database pool, and the Go runtime and process.
type Metrics struct {
	registry *prometheus.Registry
	requests *prometheus.CounterVec
	latency  *prometheus.HistogramVec
	orders   *prometheus.CounterVec
	payments *prometheus.CounterVec
	limited  *prometheus.CounterVec
}

// NewMetrics makes the store's metrics.
func NewMetrics() *Metrics {
	m := &Metrics{
		registry: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "haat_http_requests_total",
			Help: "Requests answered, by route pattern and status code."}, []string{"route", "code"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "haat_http_request_duration_seconds",
			Help:    "Time to answer a request, by route pattern.",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 10}}, []string{"route"}),
		orders: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "haat_orders_placed_total",
			Help: "Orders placed, by payment type (COD, Online); a call sent again under its Idempotency-Key is not counted again."}, []string{"payment"}),
		payments: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "haat_payment_outcomes_total",
			Help: "Online payment attempts ended, by provider and outcome (paid, failed, cancelled, expired, ...)."}, []string{"provider", "outcome"}),
		limited: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "haat_rate_limited_total",
			Help: "Requests refused with 429 (failed logins, sign-ups, sign-in codes), by route pattern."}, []string{"route"}),
	}
	m.registry.MustRegister(m.requests, m.latency, m.orders, m.payments, m.limited,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// WatchPool reports the use of the database's connection pool (go_sql_* with db_name "haat").
func (m *Metrics) WatchPool(db *sql.DB) {
	m.registry.MustRegister(collectors.NewDBStatsCollector(db, "haat"))
}

// OrderPlaced counts an order placed (checkout.Service.Placed).
func (m *Metrics) OrderPlaced(p haat.PaymentType) { m.orders.WithLabelValues(string(p)).Inc() }

// PaymentOutcome counts an online payment attempt that ended (payment.Gateway.Outcome).
func (m *Metrics) PaymentOutcome(provider string, state haat.AttemptState) {
	m.payments.WithLabelValues(provider, string(state)).Inc()
}

// observe counts a request answered: by the route pattern the mux chose ("" for none, such as a
// request refused before routing), its status and its time.
func (m *Metrics) observe(r *http.Request, status int, took time.Duration) {
	route := r.Pattern
	if route == "" {
		route = "none"
	}
	m.requests.WithLabelValues(route, strconv.Itoa(status)).Inc()
	m.latency.WithLabelValues(route).Observe(took.Seconds())
	if status == http.StatusTooManyRequests {
		m.limited.WithLabelValues(route).Inc()
	}
}

// metrics answers GET /metrics to a caller with the bearer token MetricsToken; to anyone else, and
// to everyone without Metrics or a token set, it is not there (404): the store's business shows
// to no one else.
func (s *Server) metrics() http.Handler {
	if s.Metrics == nil || s.MetricsToken == "" {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { s.fail(w, r, haat.Errorf(haat.ENOTFOUND, "Not Found")) })
	}
	serve := promhttp.HandlerFor(s.Metrics.registry, promhttp.HandlerOpts{})
	want := []byte("Bearer " + s.MetricsToken)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if subtle.ConstantTimeCompare([]byte(r.Header.Get("Authorization")), want) != 1 {
			s.fail(w, r, haat.Errorf(haat.ENOTFOUND, "Not Found"))
			return
		}
		serve.ServeHTTP(w, r)
	})
}
