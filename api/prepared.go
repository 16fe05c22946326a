package api

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strconv"
	"strings"
	"sync"
)

// prepared is a body made ready once and served many times: its bytes as they are and, when
// they are worth compressing, gzipped and brotli-compressed too, with a strong entity tag of the
// bytes as they are. The storefront's files (static.go) and the product list (productlist.go) are
// served from it; an answer then costs a header or two and one Write.
type prepared struct {
	body, gz, br []byte
	contentType  string
	// etag is the quoted tag of body; each compressed form is a representation of its own, whose
	// tag adds -gz or -br inside the quotes.
	etag string

	// headers are the header values of each form, made once (ready) and shared by every answer:
	// an answer assigns them, and never writes into them.
	once    sync.Once
	headers [3]formHeaders
}

// formHeaders are the values of the headers of one form of a prepared body.
type formHeaders struct {
	body                                      []byte
	contentType, encoding, etag, length, vary []string
}

// The forms of a prepared body, as headers indexes them.
const (
	formPlain = iota
	formGzip
	formBrotli
)

// ready makes the header values of each form of p, once.
func (p *prepared) ready() *[3]formHeaders {
	p.once.Do(func() {
		var vary []string
		if p.gz != nil || p.br != nil {
			vary = []string{"Accept-Encoding"}
		}
		form := func(body []byte, coding, etag string) formHeaders {
			f := formHeaders{body: body, contentType: []string{p.contentType}, etag: []string{etag},
				length: []string{strconv.Itoa(len(body))}, vary: vary}
			if coding != "" {
				f.encoding = []string{coding}
			}
			return f
		}
		p.headers[formPlain] = form(p.body, "", p.etag)
		p.headers[formGzip] = form(p.gz, codingGzip, strings.TrimSuffix(p.etag, `"`)+`-gz"`)
		p.headers[formBrotli] = form(p.br, codingBrotli, strings.TrimSuffix(p.etag, `"`)+`-br"`)
	})
	return &p.headers
}

// etagOf is a strong entity tag of body: a hash of its bytes.
func etagOf(body []byte) string {
	sum := sha256.Sum256(body)
	return `"` + hex.EncodeToString(sum[:12]) + `"`
}

// Content codings the prepared bodies come in.
const (
	codingBrotli = "br"
	codingGzip   = "gzip"
)

// formOf is the headers of the form of p a request takes.
func (p *prepared) formOf(r *http.Request) *formHeaders {
	forms := p.ready()
	switch negotiate(headerValue(r.Header, "Accept-Encoding"), p.br != nil, p.gz != nil) {
	case codingBrotli:
		return &forms[formBrotli]
	case codingGzip:
		return &forms[formGzip]
	}
	return &forms[formPlain]
}

// setHeader sets the headers of the form of p the request takes, but its tag and length, and
// returns that form. The values are assigned by their keys as http.Header keeps them.
func (p *prepared) setHeader(w http.ResponseWriter, r *http.Request) *formHeaders {
	h := w.Header()
	f := p.formOf(r)
	h["Content-Type"] = f.contentType
	f.setCoding(h)
	return f
}

// setCoding sets the headers of the form's coding: Vary and Content-Encoding.
func (f *formHeaders) setCoding(h http.Header) {
	if f.vary != nil {
		if v := h["Vary"]; v != nil {
			h["Vary"] = append(v[:len(v):len(v)], f.vary...)
		} else {
			h["Vary"] = f.vary
		}
	}
	if f.encoding != nil {
		h["Content-Encoding"] = f.encoding
	}
}

// serve answers 200 with the form of p the request takes, or 304 with no body and no
// Content-Type when the request holds it already (If-None-Match); a HEAD request gets the
// headers only.
func (p *prepared) serve(w http.ResponseWriter, r *http.Request) {
	f := p.formOf(r)
	h := w.Header()
	f.setCoding(h)
	h["Etag"] = f.etag
	if noneMatch := headerValue(r.Header, "If-None-Match"); noneMatch != "" && etagListed(noneMatch, f.etag[0]) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h["Content-Type"] = f.contentType
	h["Content-Length"] = f.length
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(f.body)
	}
}

// etagListed reports whether an If-None-Match header names etag, comparing weakly as RFC 9110
// asks for it (a W/ prefix does not matter), or is "*".
func etagListed(header, etag string) bool {
	for tag := range strings.SplitSeq(header, ",") {
		tag = strings.TrimSpace(tag)
		if tag == "*" || strings.TrimPrefix(tag, "W/") == etag {
			return true
		}
	}
	return false
}

// headerValue is the first value of a header, as Header.Get finds it, by its key as http.Header
// keeps it (canonical): Get canonicalizes the key on every call.
func headerValue(h http.Header, canonicalKey string) string {
	if v := h[canonicalKey]; len(v) > 0 {
		return v[0]
	}
	return ""
}

// negotiate picks the content coding of an answer from the request's Accept-Encoding: brotli
// or gzip when the answer has that form and the client takes it (a coding it gives q=0 it
// refuses, and "*" stands for every coding it does not name), brotli first when the client
// likes both as well; "" (the body as it is) otherwise.
func negotiate(acceptEncoding string, hasBrotli, hasGzip bool) string {
	if acceptEncoding == "" || (!hasBrotli && !hasGzip) {
		return ""
	}
	br, gz, star := -1.0, -1.0, -1.0 // -1: not named
	for part := range strings.SplitSeq(acceptEncoding, ",") {
		name, params, _ := strings.Cut(part, ";")
		q := 1.0
		if params != "" {
			q = qValue(params)
		}
		switch strings.ToLower(strings.TrimSpace(name)) {
		case "br":
			br = max(br, q)
		case "gzip", "x-gzip":
			gz = max(gz, q)
		case "*":
			star = max(star, q)
		}
	}
	if br < 0 {
		br = star
	}
	if gz < 0 {
		gz = star
	}
	if !hasBrotli {
		br = 0
	}
	if !hasGzip {
		gz = 0
	}
	switch {
	case br > 0 && br >= gz:
		return codingBrotli
	case gz > 0:
		return codingGzip
	}
	return ""
}

// qValue is the weight the parameters of a coding in Accept-Encoding give it: its q, 1 without one.
func qValue(params string) float64 {
	q := 1.0
	for p := range strings.SplitSeq(params, ";") {
		k, v, _ := strings.Cut(strings.TrimSpace(p), "=")
		if strings.EqualFold(strings.TrimSpace(k), "q") {
			f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err != nil || f < 0 || f > 1 {
				f = 0 // a q we cannot read is no acceptance
			}
			q = f
		}
	}
	return q
}
