package api

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strconv"
	"strings"
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

// form is the form of p a request takes: its bytes, its Content-Encoding ("" for the bytes as
// they are) and its entity tag.
func (p *prepared) form(r *http.Request) (body []byte, coding, etag string) {
	switch negotiate(r.Header.Get("Accept-Encoding"), p.br != nil, p.gz != nil) {
	case codingBrotli:
		return p.br, codingBrotli, strings.TrimSuffix(p.etag, `"`) + `-br"`
	case codingGzip:
		return p.gz, codingGzip, strings.TrimSuffix(p.etag, `"`) + `-gz"`
	}
	return p.body, "", p.etag
}

// header sets the headers of the form of p the request takes, but its length, and returns that
// form's bytes and tag.
func (p *prepared) header(w http.ResponseWriter, r *http.Request) (body []byte, etag string) {
	h := w.Header()
	h.Set("Content-Type", p.contentType)
	body, coding, etag := p.form(r)
	if p.gz != nil || p.br != nil {
		h.Add("Vary", "Accept-Encoding")
	}
	if coding != "" {
		h.Set("Content-Encoding", coding)
	}
	return body, etag
}

// serve answers 200 with the form of p the request takes, or 304 with no body when the request
// holds it already (If-None-Match); a HEAD request gets the headers only.
func (p *prepared) serve(w http.ResponseWriter, r *http.Request) {
	body, etag := p.header(w, r)
	h := w.Header()
	h.Set("ETag", etag)
	if noneMatch := r.Header.Get("If-None-Match"); noneMatch != "" && etagListed(noneMatch, etag) {
		h.Del("Content-Type")
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}

// etagListed reports whether an If-None-Match header names etag, comparing weakly as RFC 9110
// asks for it (a W/ prefix does not matter), or is "*".
func etagListed(header, etag string) bool {
	for _, tag := range strings.Split(header, ",") {
		tag = strings.TrimSpace(tag)
		if tag == "*" || strings.TrimPrefix(tag, "W/") == etag {
			return true
		}
	}
	return false
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
