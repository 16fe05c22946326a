package api

import (
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"haat"
)

// guard checks the cross-site rules and the role of a route, then calls it, and answers its error.
func (s *Server) guard(rt route) http.Handler {
	method, path, _ := strings.Cut(rt.pattern, " ")
	// Logout is a GET but changes state, so it is guarded like the POSTs.
	sameOriginOnly := rt.role != callback && (method != "GET" || strings.HasSuffix(path, "/logout"))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := s.serve(w, r, rt, sameOriginOnly); err != nil {
			s.fail(w, r, err)
		}
	})
}

// serve runs the checks of guard and the route's handler.
func (s *Server) serve(w http.ResponseWriter, r *http.Request, rt route, sameOriginOnly bool) error {
	if sameOriginOnly && !s.sameOrigin(r) {
		return haat.Errorf(haat.EFORBIDDEN, "Cross-site request refused")
	}
	// The path (a route's {ref}) and every query parameter are checked here, once for every
	// route, before anything reads them.
	if err := checkText(r.URL.Path); err != nil {
		return err
	}
	if r.URL.RawQuery != "" {
		if err := checkValues(r.URL.Query()); err != nil {
			return err
		}
	}
	if rt.role != public && rt.role != callback {
		ctx, err := s.authorize(r, rt.role)
		if err != nil {
			return err
		}
		r = r.WithContext(ctx)
	}
	return rt.handler(w, r)
}

// sameOrigin refuses requests that a browser marks as coming from another site.
func (s *Server) sameOrigin(r *http.Request) bool {
	origin := r.Header.Get("Origin")
	if origin == "" {
		return r.Header.Get("Sec-Fetch-Site") != "cross-site"
	}
	if s.PublicURL != "" && strings.TrimRight(s.PublicURL, "/") == origin {
		return true
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return origin == scheme+"://"+r.Host
}

// securityHeaderValues are the headers every answer carries, keyed as http.Header keeps them, so that
// setting them costs no work per request; a list, which is quicker to go through than a map.
var securityHeaderValues = []struct {
	key   string
	value []string
}{
	{"X-Content-Type-Options", []string{"nosniff"}},
	{"Referrer-Policy", []string{"strict-origin-when-cross-origin"}},
	{"X-Frame-Options", []string{"DENY"}},
	{"Content-Security-Policy", []string{"default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; " +
		"script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'"}},
}

// hstsHeader tells browsers that the store is reached over HTTPS only: they must never try plain
// HTTP again.
var hstsHeader = []string{"max-age=63072000; includeSubDomains"}

func (s *Server) securityHeaders(next http.Handler) http.Handler {
	hsts := s.httpsOnly()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		if hsts {
			h["Strict-Transport-Security"] = hstsHeader
		}
		// The values are shared by every answer: a handler that changes one of these headers
		// replaces its slice (Set, Del), never writes into it.
		for _, kv := range securityHeaderValues {
			h[kv.key] = kv.value
		}
		next.ServeHTTP(w, r)
	})
}

// statusWriter remembers the status and size of a response for the request log.
type statusWriter struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += n
	return n, err
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// statusWriters keeps statusWriters for reuse.
var statusWriters = sync.Pool{New: func() any { return new(statusWriter) }}

func (s *Server) logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := statusWriters.Get().(*statusWriter)
		sw.ResponseWriter = w
		// A handler that panics leaves sw unused: it is not put back.
		next.ServeHTTP(sw, r)
		defer func() {
			*sw = statusWriter{}
			statusWriters.Put(sw)
		}()
		if sw.status == 0 {
			sw.status = http.StatusOK
		}
		// The end is the start and the time taken by the monotonic clock: time.Now reads the wall
		// clock too, and a clock read was a twentieth of the store's own work on an answer.
		took := time.Since(start)
		if s.Metrics != nil {
			s.Metrics.Request(r, sw.status, took)
		}
		line := requestLine{at: start.Add(took), method: r.Method, path: r.URL.Path, status: sw.status, bytes: sw.bytes,
			took: took, addr: clientAddr(r, s.ClientIPHeader), remote: r.RemoteAddr}
		if s.RequestLines != nil {
			line.id = RequestID(r.Context())
			b := lineBuffers.Get().(*[]byte)
			*b = line.append((*b)[:0])
			s.RequestLines.Write(*b)
			if cap(*b) <= 4<<10 {
				lineBuffers.Put(b)
			}
			return
		}
		// The record is handed to the handler as it is: through Logger.LogAttrs each line would
		// also look up its caller in the stack, a tenth of the work of a cached answer.
		h := s.RequestLog.Handler()
		if h.Enabled(r.Context(), slog.LevelInfo) {
			h.Handle(r.Context(), line.record())
		}
	})
}

func (s *Server) recoverer(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.Logger.ErrorContext(r.Context(), "panic", "path", r.URL.Path, "panic", v)
				writeJSON(w, http.StatusInternalServerError, ErrorResponse{Message: say(w, r, "Something went wrong")})
			}
		}()
		next.ServeHTTP(w, r)
	})
}
