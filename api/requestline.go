package api

import (
	"log/slog"
	"net/netip"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
	"unicode"
	"unicode/utf8"
)

// The request log's line is written here by hand when the store gives it a writer
// (Server.RequestLines): through slog, the record, its attributes and the text handler's state
// took a fifth of the store's own work on an answer from memory. The line is byte for byte the
// one slog's TextHandler, with no options, writes for the record logRequests makes, with
// request_id last as LogRequestIDs adds it (TestRequestLineIsSlogs).

// lineBuffers keeps the buffers request lines are made in.
var lineBuffers = sync.Pool{New: func() any {
	b := make([]byte, 0, 256)
	return &b
}}

// requestLine is what the request log says of one answer.
type requestLine struct {
	at            time.Time
	method, path  string
	status, bytes int
	took          time.Duration
	// addr is the client's address (clientAddr); remote the connection's as net/http gives it,
	// said when there is no address.
	addr       netip.Addr
	remote, id string
}

// remoteText is the client's address as the line says it: the connection's when there is none.
func (l *requestLine) remoteText() string {
	if l.addr.IsValid() {
		return l.addr.String()
	}
	return l.remote
}

// record is the line as a record for RequestLog: its handler adds request_id (LogRequestIDs).
func (l *requestLine) record() slog.Record {
	rec := slog.NewRecord(l.at, slog.LevelInfo, "request", 0)
	rec.AddAttrs(slog.String("method", l.method), slog.String("path", l.path), slog.Int("status", l.status),
		slog.Int("bytes", l.bytes), slog.Duration("duration", l.took), slog.String("remote", l.remoteText()))
	return rec
}

// append appends the line, with its newline, to b.
func (l *requestLine) append(b []byte) []byte {
	b = append(b, "time="...)
	b = appendRFC3339Millis(b, l.at.Round(0))
	b = append(b, " level=INFO msg=request method="...)
	b = appendLogString(b, l.method)
	b = append(b, " path="...)
	b = appendLogString(b, l.path)
	b = append(b, " status="...)
	b = strconv.AppendInt(b, int64(l.status), 10)
	b = append(b, " bytes="...)
	b = strconv.AppendInt(b, int64(l.bytes), 10)
	b = append(b, " duration="...)
	b = append(b, l.took.String()...)
	b = append(b, " remote="...)
	if l.addr.IsValid() {
		// An address without its zone (clientAddr) is digits, letters, '.' and ':': never quoted.
		b = l.addr.AppendTo(b)
	} else {
		b = appendLogString(b, l.remote)
	}
	if l.id != "" {
		b = append(b, " request_id="...)
		b = appendLogString(b, l.id)
	}
	return append(b, '\n')
}

// appendRFC3339Millis appends t as slog's text handler writes a time: RFC 3339 with exactly three
// digits of the second's fraction. RFC3339Nano trims trailing zeros, so a tenth of a millisecond is
// added to keep four digits, and the fourth is dropped.
//
// The text of the second and of the zone is the same for all the lines of a second, and made
// once (lastSecond): formatting the whole time took a twentieth of the store's own work on an
// answer from memory.
func appendRFC3339Millis(b []byte, t time.Time) []byte {
	if s := lastSecond.Load(); s != nil && s.unix == t.Unix() && s.loc == t.Location() {
		ms := t.Nanosecond() / 1e6
		b = append(b, s.second...)
		b = append(b, '.', byte('0'+ms/100), byte('0'+ms/10%10), byte('0'+ms%10))
		return append(b, s.zone...)
	}
	const secondLen = len("2006-01-02T15:04:05")
	const prefixLen = len("2006-01-02T15:04:05.000")
	n := len(b)
	b = t.Truncate(time.Millisecond).Add(time.Millisecond/10).AppendFormat(b, time.RFC3339Nano)
	b = append(b[:n+prefixLen], b[n+prefixLen+1:]...)
	// Years of other than four digits are not kept.
	if text := b[n:]; len(text) > prefixLen && text[secondLen] == '.' {
		lastSecond.Store(&secondText{unix: t.Unix(), loc: t.Location(), second: string(text[:secondLen]), zone: string(text[prefixLen:])})
	}
	return b
}

// secondText is the text of a second in a zone, as appendRFC3339Millis writes it: the second
// without its fraction, and the zone after it.
type secondText struct {
	unix         int64
	loc          *time.Location
	second, zone string
}

// lastSecond is the second of the last line written.
var lastSecond atomic.Pointer[secondText]

// appendLogString appends s as slog's text handler writes a string value: quoted (strconv.Quote)
// when it is empty or holds a space, '=', '"', a control or other character JSON would escape, an
// invalid or unprintable rune, or any Unicode space; as it is otherwise.
func appendLogString(b []byte, s string) []byte {
	if logNeedsQuoting(s) {
		return strconv.AppendQuote(b, s)
	}
	return append(b, s...)
}

func logNeedsQuoting(s string) bool {
	if s == "" {
		return true
	}
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			// The printable ASCII but space, '=' and '"' stand as they are; so does the backslash,
			// and DEL.
			if c <= ' ' || c == '=' || c == '"' {
				return true
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError || unicode.IsSpace(r) || !unicode.IsPrint(r) {
			return true
		}
		i += size
	}
	return false
}
