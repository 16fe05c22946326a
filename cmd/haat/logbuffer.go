package main

import (
	"bufio"
	"context"
	"io"
	"log/slog"
	"sync"
	"time"
)

// logBuffer holds log lines in memory and writes them out in blocks: when flushed, when it is
// full, and at least every logFlushEvery. A busy store writes a line per request, and one system
// call per line cost a tenth of the time of a cached answer; in blocks, the lines of many
// requests take one.
//
// The store's own log (start-up, warnings, errors) flushes after each line (flushEach), so only
// the request lines wait, and since every line passes the one buffer, lines stay in order.
type logBuffer struct {
	mu sync.Mutex
	w  *bufio.Writer
}

// logFlushEvery is the longest a request line waits in the buffer.
const logFlushEvery = 200 * time.Millisecond

func newLogBuffer(w io.Writer) *logBuffer {
	return &logBuffer{w: bufio.NewWriterSize(w, 64<<10)}
}

// Write adds a line; slog's handlers, and the request log (api.Server.RequestLines), write each
// line whole, in one call.
func (b *logBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.w.Write(p)
}

// Flush writes out what the buffer holds.
func (b *logBuffer) Flush() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.w.Flush()
}

// run flushes the buffer every logFlushEvery until ctx is done, and once more then.
func (b *logBuffer) run(ctx context.Context) {
	t := time.NewTicker(logFlushEvery)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			b.Flush()
		case <-ctx.Done():
			b.Flush()
			return
		}
	}
}

// flushEach is a log handler that flushes its buffer after every record it writes.
type flushEach struct {
	slog.Handler
	buf *logBuffer
}

func (h flushEach) Handle(ctx context.Context, r slog.Record) error {
	err := h.Handler.Handle(ctx, r)
	if ferr := h.buf.Flush(); err == nil {
		err = ferr
	}
	return err
}

func (h flushEach) WithAttrs(attrs []slog.Attr) slog.Handler {
	return flushEach{h.Handler.WithAttrs(attrs), h.buf}
}

func (h flushEach) WithGroup(name string) slog.Handler {
	return flushEach{h.Handler.WithGroup(name), h.buf}
}

// newLoggers returns the store's log, written at once, and the request log's writer, written in
// blocks, both to w through one buffer. Call closeLogs last: it writes out what is left, and
// nothing writes to w after it returns.
func newLoggers(w io.Writer) (store *slog.Logger, requests io.Writer, closeLogs func()) {
	buf := newLogBuffer(w)
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		buf.run(ctx)
		close(done)
	}()
	text := slog.NewTextHandler(buf, nil)
	return slog.New(flushEach{text, buf}), buf, func() {
		stop()
		<-done
	}
}
