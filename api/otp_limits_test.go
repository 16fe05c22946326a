package api_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"haat/login"
	"haat/otp"
)

func TestPhoneCodeLimitsPerNumber(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.client()
		r, _ := c.sendCode("9812345678")
		want(t, r, 200)
		r, _ = c.sendCode("9812345678")
		want(t, r, 429, "Wait 60 seconds before asking for a new code")
		if r.header.Get("Retry-After") != "60" {
			t.Fatalf("Retry-After %q", r.header.Get("Retry-After"))
		}
		// Another number is not held up.
		want(t, first(c.sendCode("9812345679")), 200)
		for range otp.PerNumber - 1 {
			s.clock.advance(otp.ResendAfter)
			want(t, first(c.sendCode("9812345678")), 200)
		}
		s.clock.advance(otp.ResendAfter)
		r, _ = c.sendCode("9812345678")
		want(t, r, 429, "Too many codes asked for this number; try again in 55 minutes")
		// 55 minutes from the clock's now; the test's own run time passes on the clock too.
		if secs, err := strconv.Atoi(r.header.Get("Retry-After")); err != nil || secs > 3300 || secs < 3240 {
			t.Fatalf("Retry-After %q, want 55 minutes less the test's own run time", r.header.Get("Retry-After"))
		}
		s.clock.advance(55 * time.Minute)
		want(t, first(c.sendCode("9812345678")), 200)
	})
}

func first(r response, _ string) response { return r }

func TestPhoneCodeLimitsPerAddress(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.client()
		from := func(ip string) []string { return []string{"X-Forwarded-For", ip} }
		// Refused input counts nothing.
		for range 3 {
			want(t, c.post("/api/user/otp/send", map[string]string{"phone": "123"}, from("203.0.113.9")...), 400)
		}
		for i := range otp.PerAddress {
			want(t, first(c.sendCode(fmt.Sprintf("98000000%02d", i), from("203.0.113.9")...)), 200)
		}
		r, _ := c.sendCode("9800000099", from("203.0.113.9")...)
		want(t, r, 429, "Too many codes asked from your network; try again in 60 minutes")
		if r.header.Get("Retry-After") == "" {
			t.Fatal("no Retry-After")
		}
		want(t, first(c.sendCode("9800000099", from("198.51.100.7")...)), 200)
	}, withClientIPHeader("X-Forwarded-For"))
}

// TestPhoneCodeLoopbackUnlimited: in development the store's own machine (the browser tests) is
// not limited per address.
func TestPhoneCodeLoopbackUnlimited(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.client()
		for i := range otp.PerAddress + 2 {
			want(t, first(c.sendCode(fmt.Sprintf("98000000%02d", i))), 200)
		}
	})
}

// TestLoopbackLimitedInProduction: a store behind a reverse proxy on its own host sees every
// request come from loopback; without HAAT_ENV=development loopback is held to the per-address
// limits of sign-in codes and sign-ups like any address.
func TestLoopbackLimitedInProduction(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.client()
		for i := range otp.PerAddress {
			want(t, first(c.sendCode(fmt.Sprintf("98000000%02d", i))), 200)
		}
		want(t, first(c.sendCode("9800000099")), 429, "Too many codes asked from your network; try again in 60 minutes")
		for i := range login.SignUpsPerAddress {
			want(t, s.client().post("/api/user/register", map[string]string{"name": "Sita", "email": fmt.Sprintf("sita%d@example.com", i),
				"password": shopperPassword}), 200)
		}
		want(t, s.client().post("/api/user/register", map[string]string{"name": "Sita", "email": "ravi@example.com", "password": shopperPassword}),
			429, "Too many sign-ups from your network. Please try again in 60 minutes.")
	}, inProduction)
}

// TestPhoneCodeLimitsTieToWhoAsks: the limits of a number are counted per number and client
// address, so that someone else asking for the owner's number cannot keep the owner from a code.
func TestPhoneCodeLimitsTieToWhoAsks(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		from := func(ip string) []string { return []string{"X-Forwarded-For", ip} }
		const attacker, owner = "203.0.113.66", "198.51.100.7"
		c := s.client()
		for i := range otp.PerNumber {
			if i > 0 {
				s.clock.advance(otp.ResendAfter)
			}
			want(t, first(c.sendCode("9812345678", from(attacker)...)), 200)
		}
		want(t, first(c.sendCode("9812345678", from(attacker)...)), 429, "Wait 60 seconds before asking for a new code")
		s.clock.advance(otp.ResendAfter)
		want(t, first(c.sendCode("9812345678", from(attacker)...)), 429, "Too many codes asked for this number; try again in 55 minutes")
		// The owner, elsewhere, gets a code at once and signs in with it.
		home := s.client()
		r, code := home.sendCode("9812345678", from(owner)...)
		want(t, r, 200)
		want(t, home.verify("9812345678", code, ""), 200, "Account Created")
	}, withClientIPHeader("X-Forwarded-For"))
}

// TestSMSCeiling: the store sends at most HAAT_SMS_PER_HOUR codes an hour, across servers (the
// count is in the database); beyond it a code is refused with 503 and nothing is sent, and
// /metrics counts the codes sent and refused.
func TestSMSCeiling(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		for i := range 3 {
			want(t, first(s.client().sendCode(fmt.Sprintf("980000000%d", i), "X-Forwarded-For", fmt.Sprintf("203.0.113.%d", i+1))), 200)
		}
		// A second server on the same database shares the count.
		other := newServer(t, s.db, withSMSPerHour(3), withClientIPHeader("X-Forwarded-For")) // the database now keeps its clock
		other.texts = s.texts
		c := other.client()
		r := c.post("/api/user/otp/send", map[string]string{"phone": "9800000009"}, "X-Forwarded-For", "198.51.100.7")
		want(t, r, 503, "Too many codes are being sent right now; try again in a few minutes")
		if s.texts.last("9800000009") != "" {
			t.Fatal("a code was sent beyond the ceiling")
		}
		r = s.client().do("GET", "/metrics", nil, "", "Authorization", "Bearer "+metricsToken)
		for _, line := range []string{`haat_sms_codes_total{outcome="sent"} 3`, `haat_sms_codes_total{outcome="refused"} 0`} {
			if !strings.Contains(string(r.raw), line) {
				t.Errorf("/metrics lacks %s", line)
			}
		}
		want(t, first(s.client().sendCode("9800000008", "X-Forwarded-For", "198.51.100.8")), 503)
		r = s.client().do("GET", "/metrics", nil, "", "Authorization", "Bearer "+metricsToken)
		if !strings.Contains(string(r.raw), `haat_sms_codes_total{outcome="refused"} 1`) {
			t.Errorf("/metrics lacks the refused code: %s", r.raw)
		}
		// The refused request counted against none of its limits: the next hour it is sent.
		s.clock.advance(time.Hour)
		other.clock.advance(time.Hour)
		want(t, first(s.client().sendCode("9800000008", "X-Forwarded-For", "198.51.100.8")), 200)
	}, withSMSPerHour(3), withMetrics, withClientIPHeader("X-Forwarded-For"))
}
