package api

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"testing"

	"haat"
	"haat/images"
	"haat/sqlstore"
)

// TestUnavailableAnswers: a refusal while the database or the photos' bucket is away answers 503
// with Retry-After and its message in the caller's language, never 500 "Something went wrong";
// /readyz says the database is unreachable.
func TestUnavailableAnswers(t *testing.T) {
	s := &Server{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	for _, tc := range []struct {
		err        error
		lang       string
		message    string
		retryAfter string
	}{
		{fmt.Errorf("sqlstore: place order: %w (%w)", sqlstore.ErrUnavailable, io.ErrUnexpectedEOF), "en",
			"The store is busy for a moment. Please try again.", "2"},
		{fmt.Errorf("sqlstore: place order: %w (%w)", sqlstore.ErrUnavailable, io.ErrUnexpectedEOF), "ne",
			"पसल एकछिन व्यस्त छ। कृपया फेरि प्रयास गर्नुहोस्।", "2"},
		{fmt.Errorf("%w (images: store x.jpg: %w)", images.ErrCannotStore, io.ErrUnexpectedEOF), "en",
			"Photos cannot be stored right now. Please try again later.", "30"},
		{images.ErrBusy, "en", "The store is busy, try again", "1"},
	} {
		w, r := httptest.NewRecorder(), httptest.NewRequest("POST", "/api/order/cod", nil)
		r.Header.Set("Accept-Language", tc.lang)
		s.fail(w, r, tc.err)
		var answer ErrorResponse
		if err := json.Unmarshal(w.Body.Bytes(), &answer); err != nil || w.Code != 503 || answer.Message != tc.message ||
			answer.Success || w.Header().Get("Retry-After") != tc.retryAfter {
			t.Errorf("%v (%s): %d %s Retry-After %q", tc.err, tc.lang, w.Code, w.Body, w.Header().Get("Retry-After"))
		}
	}

	s.Ready = func(context.Context) error {
		return fmt.Errorf("sqlstore: ready: %w (%w)", sqlstore.ErrUnavailable, io.ErrUnexpectedEOF)
	}
	w := httptest.NewRecorder()
	s.readyz(w, httptest.NewRequest("GET", "/readyz", nil))
	if w.Code != 503 || w.Body.String() != "database unreachable\n" {
		t.Errorf("readyz with the database away: %d %q", w.Code, w.Body)
	}
	s.Ready = func(context.Context) error { return haat.Errorf(haat.EINVALID, "not this build's") }
	w = httptest.NewRecorder()
	s.readyz(w, httptest.NewRequest("GET", "/readyz", nil))
	if w.Code != 503 || w.Body.String() != "unavailable\n" {
		t.Errorf("readyz with another fault: %d %q", w.Code, w.Body)
	}
}
