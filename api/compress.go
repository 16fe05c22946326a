package api

import (
	"compress/gzip"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
)

// compressMinSize is the smallest answer worth gzipping: below about a kilobyte the bytes saved
// do not pay for the gzip header and the work.
const compressMinSize = 1024

// answerGzipLevel is the gzip level of API answers compressed as they are written: with Go's
// compress/flate, levels 2 and 3 are its fast compressor and 4 and up its lazy one, which took
// two to three times as long on JSON for a few percent. The product list's snapshot uses it too.
const answerGzipLevel = 3

// gzipWriters keeps gzip writers for reuse: each holds some hundreds of kilobytes of tables.
var gzipWriters = sync.Pool{New: func() any {
	zw, _ := gzip.NewWriterLevel(io.Discard, answerGzipLevel)
	return zw
}}

// compress gzips the successful JSON and CSV answers of the API that are larger than
// compressMinSize when the client takes gzip (Accept-Encoding), and says Vary: Accept-Encoding on
// such answers whether it compressed them or not. Anything else passes as the handler wrote it:
// error answers, other statuses and types, HEAD requests, and answers that chose their coding
// themselves (they say Vary: Accept-Encoding already, as the product list does).
func compress(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodHead {
			next.ServeHTTP(w, r)
			return
		}
		cw := compressWriters.Get().(*compressWriter)
		cw.ResponseWriter, cw.acceptEncoding = w, headerValue(r.Header, "Accept-Encoding")
		next.ServeHTTP(cw, r)
		// A handler that panics leaves the answer to the recoverer: nothing held back is sent,
		// and the writer is not used again.
		cw.finish()
		*cw = compressWriter{held: cw.held[:0]}
		compressWriters.Put(cw)
	})
}

// compressWriters keeps compressWriters for reuse, with the buffer they hold answers back in.
var compressWriters = sync.Pool{New: func() any { return new(compressWriter) }}

// What compressWriter does with the body.
const (
	holding  = iota // holding its start back until it is long enough to be worth compressing
	passing         // writing it as it comes
	gzipping        // gzipping it as it comes
)

// compressWriter holds back the start of an answer that may be compressed, until it is long
// enough (then it compresses it, or says that it could have) or the handler is done.
type compressWriter struct {
	http.ResponseWriter
	// acceptEncoding is the request's, read by the answers long enough to compress.
	acceptEncoding string
	status         int // the status the handler gave, 0 before
	state          int
	held           []byte
	zw             *gzip.Writer
}

// compressibleAnswer says whether an answer with the status and headers may be compressed.
func compressibleAnswer(status int, h http.Header) bool {
	if status != http.StatusOK || headerValue(h, "Content-Encoding") != "" || slices.Contains(h["Vary"], "Accept-Encoding") {
		return false
	}
	ct := headerValue(h, "Content-Type")
	return strings.HasPrefix(ct, "application/json") || strings.HasPrefix(ct, "text/csv")
}

func (c *compressWriter) WriteHeader(status int) {
	if c.status != 0 {
		c.ResponseWriter.WriteHeader(status) // superfluous: net/http says so
		return
	}
	c.status = status
	if !compressibleAnswer(status, c.Header()) {
		c.state = passing
		c.ResponseWriter.WriteHeader(status)
	}
}

func (c *compressWriter) Write(b []byte) (int, error) {
	if c.status == 0 {
		c.WriteHeader(http.StatusOK)
	}
	switch c.state {
	case passing:
		return c.ResponseWriter.Write(b)
	case gzipping:
		return c.zw.Write(b)
	}
	if len(c.held)+len(b) < compressMinSize {
		c.held = append(c.held, b...)
		return len(b), nil
	}
	if err := c.start(); err != nil {
		return 0, err
	}
	return c.Write(b)
}

// start sends the headers of an answer long enough to compress, and what it held back.
func (c *compressWriter) start() error {
	h := c.Header()
	h.Add("Vary", "Accept-Encoding")
	held := c.held
	c.held = held[:0]
	if negotiate(c.acceptEncoding, false, true) != codingGzip {
		c.state = passing
		c.ResponseWriter.WriteHeader(c.status)
		if len(held) == 0 {
			return nil
		}
		_, err := c.ResponseWriter.Write(held)
		return err
	}
	h.Set("Content-Encoding", codingGzip)
	h.Del("Content-Length")
	c.state = gzipping
	c.ResponseWriter.WriteHeader(c.status)
	c.zw = gzipWriters.Get().(*gzip.Writer)
	c.zw.Reset(c.ResponseWriter)
	if len(held) == 0 {
		return nil
	}
	_, err := c.zw.Write(held)
	return err
}

// Flush sends what has been written: an answer still held back is taken to be a long one (it is
// streamed) and compressed.
func (c *compressWriter) Flush() {
	if c.status == 0 {
		c.WriteHeader(http.StatusOK)
	}
	if c.state == holding && c.start() != nil {
		return
	}
	if c.state == gzipping {
		if c.zw.Flush() != nil {
			return
		}
	}
	http.NewResponseController(c.ResponseWriter).Flush()
}

// finish sends what the handler left: a short answer as it is, or the end of the gzip stream.
func (c *compressWriter) finish() {
	switch {
	case c.status == 0:
		// Nothing written: net/http answers an empty 200.
	case c.state == holding:
		c.ResponseWriter.WriteHeader(c.status)
		c.ResponseWriter.Write(c.held)
	case c.state == gzipping:
		c.zw.Close()
		c.zw.Reset(io.Discard)
		gzipWriters.Put(c.zw)
		c.zw = nil
	}
}

func (c *compressWriter) Unwrap() http.ResponseWriter { return c.ResponseWriter }
