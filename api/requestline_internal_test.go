package api

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"
)

// TestRequestLineIsSlogs: the request line written by hand is byte for byte the one slog's
// TextHandler writes for its record, request_id added as the store's loggers add it, whatever the
// path, the time and its zone, and the duration.
func TestRequestLineIsSlogs(t *testing.T) {
	kathmandu := time.FixedZone("NPT", 5*3600+45*60)
	at := time.Date(2026, 11, 28, 15, 4, 5, 120_456_789, kathmandu)
	var lines []requestLine
	for _, path := range []string{"/api/product/list", "", "/a b", "/a=b", `/"q"`, `/back\slash`, "/tab\there", "/\x7f",
		"/ne\u0301pal", "/नेपाल", "/nbsp\u00a0x", "/bad\xffutf8", "/zero\u200bwidth", "/" + strings.Repeat("long/", 900)} {
		lines = append(lines, requestLine{at: at, method: "GET", path: path, status: 200, bytes: 1234, took: 1500 * time.Microsecond,
			remote: "203.0.113.7", id: "0123456789abcdef"})
	}
	for _, took := range []time.Duration{0, 1, 999, 1000, 12_345, 2 * time.Millisecond, time.Second, 90 * time.Minute, -time.Millisecond} {
		lines = append(lines, requestLine{at: at, method: "POST", path: "/api/order/cod", status: 409, took: took, remote: "[2001:db8::1]:443", id: "edge-7f3a.1"})
	}
	for _, remote := range []string{"203.0.113.7:5000", "[2001:db8::1]:443", "[::ffff:203.0.113.7]:80", "[fe80::1%eth0]:80", "@", "a b"} {
		addr, _ := parseAddr(remote)
		lines = append(lines, requestLine{at: at, method: "GET", path: "/", status: 200, addr: addr, remote: remote, id: "0123456789abcdef"})
	}
	for _, at := range []time.Time{time.Now(), at.Add(time.Millisecond), at.Add(-at.Sub(at.Truncate(time.Second))), at.In(time.UTC), at.UTC(),
		at.In(time.FixedZone("NPT", 5*3600+45*60)), at.Truncate(time.Second).Add(-time.Nanosecond), at.Truncate(time.Second).Add(-time.Nanosecond).In(time.UTC), time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), time.Date(2026, 1, 2, 3, 4, 5, 999_999_999, time.Local),
		time.Date(12345, 1, 1, 0, 0, 0, 1e6, time.UTC)} {
		lines = append(lines, requestLine{at: at, method: "HEAD", path: "/", status: 304, remote: "", id: ""})
	}
	for _, l := range lines {
		var want bytes.Buffer
		h := LogRequestIDs(slog.NewTextHandler(&want, nil))
		ctx := context.Background()
		if l.id != "" {
			ctx = context.WithValue(ctx, requestIDKey{}, l.id)
		}
		if err := h.Handle(ctx, l.record()); err != nil {
			t.Fatal(err)
		}
		if got := l.append(nil); string(got) != want.String() {
			t.Fatalf("got  %q\nwant %q", got, want.String())
		}
	}
}
