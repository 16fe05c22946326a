package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math"
	"mime"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"haat"
	"haat/locale"
)

// Answers are written from named types, one per shape, each declared beside its handlers. Their
// fields are declared in the alphabetical order of their JSON names, the order the API has always
// written them in; every answer says whether the call succeeded in its success field.

// MessageResponse is a successful answer with at most a message to show.
type MessageResponse struct {
	Message string `json:"message,omitempty"`
	Success bool   `json:"success"`
}

// ErrorResponse is the answer to every failed call: the message is fit to show as it is.
type ErrorResponse struct {
	Message string `json:"message"`
	Success bool   `json:"success"`
}

// Body limits: JSON calls and multipart uploads.
const (
	maxJSONBody      = 1 << 20
	maxMultipartBody = 25 << 20
)

// statusOf maps an application error code to its HTTP status.
func statusOf(code string) int {
	switch code {
	case haat.EINVALID:
		return http.StatusBadRequest
	case haat.EUNAUTHORIZED:
		return http.StatusUnauthorized
	case haat.EFORBIDDEN:
		return http.StatusForbidden
	case haat.ENOTFOUND:
		return http.StatusNotFound
	case haat.ECONFLICT:
		return http.StatusConflict
	case haat.EUNPROCESSABLE:
		return http.StatusUnprocessableEntity
	case haat.ETOOMANY:
		return http.StatusTooManyRequests
	case haat.EUNAVAILABLE:
		return http.StatusServiceUnavailable
	case haat.ETOOLARGE:
		return http.StatusRequestEntityTooLarge
	case eMediaType:
		return http.StatusUnsupportedMediaType
	}
	return http.StatusInternalServerError
}

// eMediaType is the code of a body of the wrong Content-Type: only the HTTP layer produces it.
const eMediaType = "media_type"

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// ok answers 200 with v. It returns nil, so that a handler can end with it.
func ok(w http.ResponseWriter, v any) error {
	writeJSON(w, http.StatusOK, v)
	return nil
}

// fail is the one place that turns an error into the answer: its status and user-facing message,
// and for a cart conflict the stored cart too. Internal errors are logged once, here, and so are
// refusals while a service the store needs is away (the database, the photos' bucket), with what
// it answered. Such a refusal says when to try again (Retry-After), as a refusal of too many
// requests does when it knows.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	code := haat.ErrorCode(err)
	switch code {
	case haat.EINTERNAL:
		s.Logger.ErrorContext(r.Context(), "request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	case haat.EUNAVAILABLE:
		s.Logger.WarnContext(r.Context(), "request refused: unavailable", "method", r.Method, "path", r.URL.Path, "err", err)
	}
	message := locale.ErrorMessage(err, language(w, r))
	var refused *haat.Error
	if errors.As(err, &refused) && (code == haat.EUNAVAILABLE || code == haat.ETOOMANY && refused.RetryAfter > 0) {
		w.Header().Set("Retry-After", strconv.Itoa(int(max(1, math.Ceil(refused.RetryAfter.Seconds())))))
	}
	var conflict *haat.CartConflict
	if errors.As(err, &conflict) {
		writeJSON(w, http.StatusConflict, CartConflictResponse{CartItems: conflict.Cart, CartVersion: conflict.Version,
			Message: message})
		return
	}
	writeJSON(w, statusOf(code), ErrorResponse{Message: message})
}

// language is the language the request asks for its message in (see locale.PreferredLanguage);
// the answer says that it varies with Accept-Language.
func language(w http.ResponseWriter, r *http.Request) haat.Language {
	if !slices.Contains(w.Header().Values("Vary"), "Accept-Language") {
		w.Header().Add("Vary", "Accept-Language")
	}
	return locale.PreferredLanguage(r.Header.Get("Accept-Language"))
}

// say is a message of an answer, written in the language the request asks for. Every message
// an answer shows goes through it or through an error (see fail), so that the catalogue test
// finds it.
func say(w http.ResponseWriter, r *http.Request, format string, args ...any) string {
	return locale.Say(language(w, r), format, args...)
}

// decodeJSON reads a JSON body of at most maxJSONBody bytes into v. A body whose text is not text
// (checkJSONText) is refused before it is decoded.
func decodeJSON(w http.ResponseWriter, r *http.Request, v any) error {
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if mt != "application/json" {
		return haat.Errorf(eMediaType, "Content-Type must be application/json")
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxJSONBody))
	if err != nil {
		return bodyError(err)
	}
	if err := checkJSONText(body); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(v); err != nil {
		return bodyError(err)
	}
	if dec.More() {
		return haat.Errorf(haat.EINVALID, "Request body must be a single JSON object")
	}
	return nil
}

// bodyError turns a body-reading failure into a clear client error.
func bodyError(err error) error {
	var tooLarge *http.MaxBytesError
	var typeErr *json.UnmarshalTypeError
	var valueErr *haat.Error
	switch {
	case errors.As(err, &valueErr):
		// A value its type refuses (an amount), saying why.
		return valueErr
	case errors.As(err, &tooLarge):
		return haat.Errorf(haat.ETOOLARGE, "Request body too large")
	case errors.As(err, &typeErr) && typeErr.Field != "":
		return haat.Errorf(haat.EINVALID, "Invalid value for %s", typeErr.Field)
	default:
		return haat.Errorf(haat.EINVALID, "Request body is not valid JSON")
	}
}

// errBadText refuses text that is not text: a NUL character, which PostgreSQL cannot store (and
// no form asks for), or bytes that are not UTF-8, which Go's decoders would silently replace.
// Every string a request brings (JSON, form fields, query parameters) is checked where it is
// decoded, before any handler sees it, so that both databases answer it alike.
var errBadText = haat.Errorf(haat.EINVALID, "Text must not contain a NUL character or invalid UTF-8")

// checkText refuses a string holding a NUL character or invalid UTF-8 (errBadText).
func checkText(s string) error {
	if strings.IndexByte(s, 0) >= 0 || !utf8.ValidString(s) {
		return errBadText
	}
	return nil
}

// checkJSONText refuses JSON text whose strings, keys or values, would decode to what checkText
// refuses: besides raw bytes, an escaped NUL (\u0000) and a lone UTF-16 surrogate (\ud800), which
// encoding/json turns into U+FFFD without a word. Outside strings a backslash is not JSON at all,
// so every escape found is one in a string.
func checkJSONText(raw []byte) error {
	if bytes.IndexByte(raw, 0) >= 0 || !utf8.Valid(raw) {
		return errBadText
	}
	for i := bytes.IndexByte(raw, '\\'); i >= 0 && i+1 < len(raw); {
		if raw[i+1] == 'u' {
			switch c, ok := hex4(raw[i+2:]); {
			case !ok:
			case c == 0, c >= 0xdc00 && c < 0xe000:
				return errBadText
			case c >= 0xd800 && c < 0xdc00:
				// A high surrogate must be followed by a low one.
				low, ok := rune(0), i+7 < len(raw) && raw[i+6] == '\\' && raw[i+7] == 'u'
				if ok {
					low, ok = hex4(raw[i+8:])
				}
				if !ok || low < 0xdc00 || low >= 0xe000 {
					return errBadText
				}
				i += 6
			}
		}
		// The escaped character is skipped: in "\\u0000" the second backslash escapes nothing.
		next := bytes.IndexByte(raw[i+2:], '\\')
		if next < 0 {
			break
		}
		i += 2 + next
	}
	return nil
}

// hex4 reads the four hexadecimal digits of a \u escape.
func hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	var c rune
	for _, d := range b[:4] {
		switch {
		case '0' <= d && d <= '9':
			d -= '0'
		case 'a' <= d && d <= 'f':
			d -= 'a' - 10
		case 'A' <= d && d <= 'F':
			d -= 'A' - 10
		default:
			return 0, false
		}
		c = c<<4 | rune(d)
	}
	return c, true
}

// checkValues refuses a query's or a form's fields when a name or a value is not text (checkText).
func checkValues(values map[string][]string) error {
	for name, vs := range values {
		if err := checkText(name); err != nil {
			return err
		}
		for _, v := range vs {
			if err := checkText(v); err != nil {
				return err
			}
		}
	}
	return nil
}
