// Package metrics counts what the store tells Prometheus on GET /metrics.
package metrics

import (
	"database/sql"
	"maps"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"haat"
)

// Metrics are what the store tells Prometheus on GET /metrics: requests and their latency by route
// pattern and status, orders placed by payment type, payment outcomes by provider, rate limits
// hit by route, sign-in codes sent and refused by the store's SMS ceiling, the database pool, and
// the Go runtime and process.
type Metrics struct {
	registry *prometheus.Registry
	requests *prometheus.CounterVec
	latency  *prometheus.HistogramVec
	orders   *prometheus.CounterVec
	payments *prometheus.CounterVec
	limited  *prometheus.CounterVec
	sms      *prometheus.CounterVec
	// backupAt, backupSize and backupFailures are the store's own backups (HAAT_BACKUP_DIR).
	backupAt, backupSize prometheus.Gauge
	backupFailures       prometheus.Counter
	// routes are the request counters of each route and status answered so far (routeCounts).
	routes   atomic.Pointer[map[routeStatus]*routeCounters]
	routesMu sync.Mutex
}

// New makes the store's metrics.
func New() *Metrics {
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
		sms: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "haat_sms_codes_total",
			Help: "Sign-in codes by SMS, by outcome: sent, or refused by the store's ceiling (HAAT_SMS_PER_HOUR)."}, []string{"outcome"}),
		backupAt: prometheus.NewGauge(prometheus.GaugeOpts{Name: "haat_backup_last_success_timestamp_seconds",
			Help: "When the last backup into HAAT_BACKUP_DIR was written (Unix time); 0 before the first."}),
		backupSize: prometheus.NewGauge(prometheus.GaugeOpts{Name: "haat_backup_last_size_bytes",
			Help: "Size of the last backup written into HAAT_BACKUP_DIR."}),
		backupFailures: prometheus.NewCounter(prometheus.CounterOpts{Name: "haat_backup_failures_total",
			Help: "Backups into HAAT_BACKUP_DIR that failed."}),
	}
	m.routes.Store(&map[routeStatus]*routeCounters{})
	m.sms.WithLabelValues("sent")
	m.sms.WithLabelValues("refused")
	m.registry.MustRegister(m.requests, m.latency, m.orders, m.payments, m.limited, m.sms,
		m.backupAt, m.backupSize, m.backupFailures,
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

// SMSCode counts a sign-in code sent ("sent") or refused by the store's ceiling ("refused")
// (otp.Service.Counted).
func (m *Metrics) SMSCode(outcome string) { m.sms.WithLabelValues(outcome).Inc() }

// Request counts a request answered: by the route pattern the mux chose ("none" for none, such as
// a request refused before routing), its status and its time.
func (m *Metrics) Request(r *http.Request, status int, took time.Duration) {
	route := r.Pattern
	if route == "" {
		route = "none"
	}
	c := m.routeCounts(route, status)
	c.requests.Inc()
	c.latency.Observe(took.Seconds())
	if c.limited != nil {
		c.limited.Inc()
	}
}

// routeStatus is a route pattern and a status it answered.
type routeStatus struct {
	route  string
	status int
}

// routeCounters are the request metrics of one route and status.
type routeCounters struct {
	requests prometheus.Counter
	latency  prometheus.Observer
	limited  prometheus.Counter // 429 only
}

// routeCounts finds the counters of route and status, made the first time they answer: a lookup
// in the vectors hashes the labels, and costs more than all the rest of counting a request. The
// counters found are kept in a map that is copied to add one, so that a request reads it with
// no lock.
func (m *Metrics) routeCounts(route string, status int) *routeCounters {
	key := routeStatus{route, status}
	if c, ok := (*m.routes.Load())[key]; ok {
		return c
	}
	m.routesMu.Lock()
	defer m.routesMu.Unlock()
	old := *m.routes.Load()
	if c, ok := old[key]; ok {
		return c
	}
	c := &routeCounters{requests: m.requests.WithLabelValues(route, strconv.Itoa(status)), latency: m.latency.WithLabelValues(route)}
	if status == http.StatusTooManyRequests {
		c.limited = m.limited.WithLabelValues(route)
	}
	routes := make(map[routeStatus]*routeCounters, len(old)+1)
	maps.Copy(routes, old)
	routes[key] = c
	m.routes.Store(&routes)
	return c
}

// Handler answers the metrics in Prometheus's text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.registry, promhttp.HandlerOpts{})
}

// BackupWritten reports a backup written at that time, of size bytes.
func (m *Metrics) BackupWritten(at time.Time, size int64) {
	m.backupAt.Set(float64(at.Unix()))
	m.backupSize.Set(float64(size))
}

// BackupFailed counts a backup that failed.
func (m *Metrics) BackupFailed() { m.backupFailures.Inc() }
