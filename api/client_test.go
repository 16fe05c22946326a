package api_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"testing"
	"time"
)

// client is one browser: its own cookie jar.
type client struct {
	s    *store
	http *http.Client
}

func (s *store) client() *client {
	jar, _ := cookiejar.New(nil)
	return &client{s: s, http: &http.Client{Jar: jar}}
}

// response is a decoded API answer.
type response struct {
	status int
	header http.Header
	body   map[string]any
	raw    []byte
	// storeAge is the real time from the store's start to the answer: the most the store's clock
	// has run on between any two of its answers (seconds, on a busy machine).
	storeAge time.Duration
}

func (r response) message() string { m, _ := r.body["message"].(string); return m }
func (r response) success() bool   { b, _ := r.body["success"].(bool); return b }

// cookie returns the cookie named name that the answer sets, or nil.
func (r response) cookie(name string) *http.Cookie {
	for _, line := range r.header.Values("Set-Cookie") {
		if c, err := http.ParseSetCookie(line); err == nil && c.Name == name {
			return c
		}
	}
	return nil
}

// do sends a request; header holds name, value pairs.
func (c *client) do(method, path string, body io.Reader, contentType string, header ...string) response {
	c.s.t.Helper()
	req, err := http.NewRequest(method, c.s.server.URL+path, body)
	if err != nil {
		c.s.t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	res, err := c.http.Do(req)
	if err != nil {
		c.s.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	r := response{status: res.StatusCode, header: res.Header, raw: raw, storeAge: time.Since(c.s.started)}
	if strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") && method != "HEAD" {
		if err := json.Unmarshal(raw, &r.body); err != nil {
			c.s.t.Fatalf("%s %s: bad JSON %q", method, path, raw)
		}
	}
	return r
}

func (c *client) get(path string) response { c.s.t.Helper(); return c.do("GET", path, nil, "") }

// post sends v as JSON; a string is sent as it is.
func (c *client) post(path string, v any, header ...string) response {
	c.s.t.Helper()
	var b []byte
	switch v := v.(type) {
	case string:
		b = []byte(v)
	default:
		b, _ = json.Marshal(v)
	}
	return c.do("POST", path, bytes.NewReader(b), "application/json", header...)
}

// want fails the test unless the answer has the status, and for errors a JSON body with
// success false and a message; message, if given, must match exactly.
func want(t testing.TB, r response, status int, message ...string) {
	t.Helper()
	if r.status != status {
		t.Fatalf("status %d, want %d: %s", r.status, status, r.raw)
	}
	if status >= 400 {
		if r.body == nil || r.success() || r.message() == "" {
			t.Fatalf("error without JSON {success:false, message}: %s", r.raw)
		}
		if _, isBool := r.body["success"].(bool); !isBool {
			t.Fatalf("error without a success field: %s", r.raw)
		}
	}
	// A file to save (the order export) is the one answer that is not JSON.
	if status < 300 && !r.success() && !strings.HasPrefix(r.header.Get("Content-Type"), "text/csv") {
		t.Fatalf("success is not true: %s", r.raw)
	}
	if len(message) > 0 && r.message() != message[0] {
		t.Fatalf("message %q, want %q", r.message(), message[0])
	}
}
