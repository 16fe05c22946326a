package api

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"log/slog"
	"net/http"
	"sync"

	"haat"
)

// Every request has an id: the one a trusted reverse proxy sent in X-Request-Id (when
// ClientIPHeader says a proxy is trusted), else one made here. The answer says it in X-Request-Id,
// and every log line written while the request is served names it (LogRequestIDs).

const requestIDHeader = "X-Request-Id"

type requestIDKey struct{}

// RequestID is the id of the request ctx belongs to, or "".
func RequestID(ctx context.Context) string {
	if c, ok := ctx.(*requestIDContext); ok {
		return c.header[0]
	}
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}

// requestIDContext is the context of a request with its id, which is also the value of the
// answer's X-Request-Id: the two are made in one allocation, where context.WithValue and the
// header's value took three.
type requestIDContext struct {
	context.Context
	header [1]string
}

func (c *requestIDContext) Value(key any) any {
	if key == (requestIDKey{}) {
		return c.header[0]
	}
	return c.Context.Value(key)
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
	bits := requestIDBits.Get().(*randomBits)
	if bits.n == 0 {
		rand.Read(bits.b[:])
		bits.n = len(bits.b)
	}
	bits.n -= 8
	var id [16]byte
	hex.Encode(id[:], bits.b[bits.n:bits.n+8])
	requestIDBits.Put(bits)
	return string(id[:])
}

// randomBits are bytes read from crypto/rand, handed out from the end (n of them are left), each
// once.
type randomBits struct {
	b [512]byte
	n int
}

// requestIDBits keeps crypto/rand's bytes for request ids, read 64 ids at a time: a read for
// each id cost a twentieth of the store's own work on an answer from memory.
var requestIDBits = sync.Pool{New: func() any { return new(randomBits) }}

// withRequestID gives the request its id and says it in the answer.
func (s *Server) withRequestID(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var id string
		if s.ClientIPHeader != "" {
			id = headerValue(r.Header, requestIDHeader)
		}
		if !validRequestID(id) {
			id = newRequestID()
		}
		ctx := &requestIDContext{Context: r.Context(), header: [1]string{id}}
		w.Header()[requestIDHeader] = ctx.header[:] // the key as http.Header keeps it: no canonicalizing per request
		next.ServeHTTP(w, r.WithContext(ctx))
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

// metrics answers GET /metrics to a caller with the bearer token MetricsToken; to anyone else, and
// to everyone without Metrics or a token set, it is not there (404): the store's business shows
// to no one else.
func (s *Server) metrics() http.Handler {
	var serve http.Handler
	if s.Metrics != nil {
		serve = s.Metrics.Handler()
	}
	want := []byte("Bearer " + s.MetricsToken)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if serve == nil || s.MetricsToken == "" || subtle.ConstantTimeCompare([]byte(r.Header.Get("Authorization")), want) != 1 {
			s.fail(w, r, haat.Errorf(haat.ENOTFOUND, "Not Found"))
			return
		}
		serve.ServeHTTP(w, r)
	})
}
