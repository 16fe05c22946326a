package main

import (
	"io"
	"strings"
	"sync"
	"testing"
	"time"
)

// lockedBuffer is a writer that may be read while another goroutine writes to it.
type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func TestLogBufferHoldsRequestLinesAndKeepsOrder(t *testing.T) {
	var out lockedBuffer
	store, requests, closeLogs := newLoggers(&out)
	defer closeLogs()

	io.WriteString(requests, "msg=request path=/one\n")
	if got := out.String(); got != "" {
		t.Fatalf("a request line was written at once: %q", got)
	}
	// A line of the store's own log is written at once, after the request lines before it.
	store.Warn("disk nearly full")
	got := out.String()
	one, warn := strings.Index(got, "path=/one"), strings.Index(got, "disk nearly full")
	if one < 0 || warn < one {
		t.Fatalf("want the request line, then the warning; got %q", got)
	}

	// A request line alone is written within logFlushEvery.
	io.WriteString(requests, "msg=request path=/two\n")
	deadline := time.Now().Add(5 * logFlushEvery)
	for !strings.Contains(out.String(), "path=/two") {
		if time.Now().After(deadline) {
			t.Fatalf("the request line was not written within %v: %q", 5*logFlushEvery, out.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestLogBufferWritesTheRestOnClose(t *testing.T) {
	var out lockedBuffer
	_, requests, closeLogs := newLoggers(&out)
	io.WriteString(requests, "msg=request path=/last\n")
	closeLogs()
	if !strings.Contains(out.String(), "path=/last") {
		t.Fatalf("closing the logs lost a line: %q", out.String())
	}
}
