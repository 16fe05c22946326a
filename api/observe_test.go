package api_test

import (
	"regexp"
	"strings"
	"testing"
)

// TestRequestIDs: every answer says its request's id, which the request's log lines name; an id
// sent by the client is taken only from a trusted reverse proxy, and only when it is well formed.
func TestRequestIDs(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.client()
		r := c.get("/api/product/list")
		id := r.header.Get("X-Request-Id")
		if !regexp.MustCompile(`^[0-9a-f]{16}$`).MatchString(id) {
			t.Fatalf("X-Request-Id %q", id)
		}
		if !strings.Contains(s.logs.String(), "path=/api/product/list status=200") || !strings.Contains(s.logs.String(), "request_id="+id) {
			t.Fatalf("the request's log line lacks its id %s:\n%s", id, s.logs.String())
		}
		if again := c.get("/api/product/list").header.Get("X-Request-Id"); again == id {
			t.Fatal("two requests had one id")
		}
		// No proxy is trusted: a client's id is not taken.
		if got := c.do("GET", "/api/product/list", nil, "", "X-Request-Id", "abc-123").header.Get("X-Request-Id"); got == "abc-123" {
			t.Fatal("a client chose its request id")
		}
	})
}

// TestRequestIDsFromProxy: behind a trusted reverse proxy, its well-formed request ids are taken.
func TestRequestIDsFromProxy(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.client()
		if got := c.do("GET", "/healthz", nil, "", "X-Request-Id", "edge-7f3a.1").header.Get("X-Request-Id"); got != "edge-7f3a.1" {
			t.Fatalf("the proxy's request id became %q", got)
		}
		for _, bad := range []string{"two words", strings.Repeat("a", 129), "quote\""} {
			if got := c.do("GET", "/healthz", nil, "", "X-Request-Id", bad).header.Get("X-Request-Id"); got == bad || len(got) != 16 {
				t.Fatalf("a malformed id %q became %q", bad, got)
			}
		}
	}, withClientIPHeader("X-Forwarded-For"))
}

// TestMetrics: /metrics is answered to the token only, and counts requests by route pattern and
// status, orders by payment type (once, whatever the retries), payment outcomes, rate limits hit,
// the database pool and the Go runtime.
func TestMetrics(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		metrics := func() string {
			t.Helper()
			r := s.client().do("GET", "/metrics", nil, "", "Authorization", "Bearer "+metricsToken)
			if r.status != 200 || !strings.HasPrefix(r.header.Get("Content-Type"), "text/plain") {
				t.Fatalf("/metrics: %d %s", r.status, r.header.Get("Content-Type"))
			}
			return string(r.raw)
		}
		want(t, s.client().get("/metrics"), 404, "Not Found")
		want(t, s.client().do("GET", "/metrics", nil, "", "Authorization", "Bearer wrong"), 404, "Not Found")

		c := s.shopper("")
		addr := c.addAddress()
		want(t, c.post("/api/order/cod", order(s.rice.ID, 1, addr), "Idempotency-Key", "m-1"), 200)
		want(t, c.post("/api/order/cod", order(s.rice.ID, 1, addr), "Idempotency-Key", "m-1"), 200)
		page := c.checkout(addr, "sandbox")
		if st, _ := c.answer(page, "pay"); st != 303 {
			t.Fatalf("pay: %d", st)
		}
		want(t, c.get("/api/product/list"), 200)
		failLogins(t, s.client(), "nobody@example.com", 10)
		want(t, s.client().post("/api/user/login", map[string]string{"email": "nobody@example.com", "password": "whatever-1"}), 429)

		m := metrics()
		for _, line := range []string{
			`haat_orders_placed_total{payment="COD"} 1`,
			`haat_orders_placed_total{payment="Online"} 1`,
			`haat_payment_outcomes_total{outcome="paid",provider="sandbox"} 1`,
			`haat_http_requests_total{code="200",route="GET /api/product/list"}`,
			`haat_http_requests_total{code="200",route="POST /api/order/cod"} 2`,
			`haat_http_requests_total{code="429",route="POST /api/user/login"} 1`,
			`haat_rate_limited_total{route="POST /api/user/login"} 1`,
			`haat_http_request_duration_seconds_bucket{route="POST /api/order/cod",le="+Inf"} 2`,
			`go_sql_open_connections{db_name="haat"}`,
			`go_goroutines`,
		} {
			if !strings.Contains(m, line) {
				t.Errorf("/metrics lacks %s", line)
			}
		}
	}, withSandbox, withMetrics)
}
