package api

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"time"

	"haat"
	"haat/locale"
)

// healthz says the process is alive: it answers as long as the store's address does, also while
// the store starts and stops (see Starting).
func healthz(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	io.WriteString(w, "ok\n")
}

// readyz says whether the store takes requests: 503 once it shuts down (Stop) or while Ready
// fails (the database unreachable, or its migrations not this build's), else 200. The photos'
// bucket is not asked: without it the shop still sells, and only uploads are refused.
func (s *Server) readyz(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	if s.stopping.Load() {
		http.Error(w, "stopping", http.StatusServiceUnavailable)
		return
	}
	if s.Ready != nil {
		ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
		defer cancel()
		if err := s.Ready(ctx); err != nil {
			s.Logger.ErrorContext(r.Context(), "readiness check failed", "err", err)
			w.Header().Set("Retry-After", "1")
			if haat.ErrorCode(err) == haat.EUNAVAILABLE || errors.Is(err, context.DeadlineExceeded) {
				http.Error(w, "database unreachable", http.StatusServiceUnavailable)
			} else {
				http.Error(w, "unavailable", http.StatusServiceUnavailable)
			}
			return
		}
	}
	io.WriteString(w, "ready\n")
}

// Stop marks the store as shutting down: /readyz answers 503 from now on, so that a load balancer
// sends no more requests, while those under way and arriving meanwhile are still served.
func (s *Server) Stop() { s.stopping.Store(true) }

// Starting is what the store's address answers while the store opens its database: /healthz 200
// (alive), /readyz 503, and every other request 503 with Retry-After, an API call with the JSON
// error "The store is starting, try again".
func Starting() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		switch {
		case r.URL.Path == "/healthz":
			healthz(w, r)
		case r.URL.Path == "/readyz":
			http.Error(w, "starting", http.StatusServiceUnavailable)
		default:
			w.Header().Set("Retry-After", "1")
			msg := locale.ErrorMessage(haat.Errorf(haat.EUNAVAILABLE, "The store is starting, try again"), language(w, r))
			if strings.HasPrefix(r.URL.Path, "/api/") {
				writeJSON(w, http.StatusServiceUnavailable, ErrorResponse{Message: msg})
				return
			}
			http.Error(w, msg, http.StatusServiceUnavailable)
		}
	})
}
