package main

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/pprof"
	"time"
)

// serveProfiles serves Go's profiles (HAAT_PROFILE_ADDR, a loopback address) until ctx ends:
// `go tool pprof http://ADDR/debug/pprof/profile?seconds=20` under load shows where a route's time
// goes. They are on an address of their own, never the store's, so no shopper can reach them.
func serveProfiles(ctx context.Context, addr string, logger *slog.Logger) {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /debug/pprof/", pprof.Index)
	mux.HandleFunc("GET /debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("GET /debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("GET /debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("GET /debug/pprof/trace", pprof.Trace)
	srv := &http.Server{Addr: addr, Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		srv.Close()
	}()
	logger.Info("profiles served", "addr", "http://"+addr+"/debug/pprof/")
	if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
		logger.Warn("profiles not served", "addr", addr, "err", err)
	}
}
