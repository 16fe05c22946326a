package sms_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"haat/sms"
)

// standIn answers every POST with status and body, and keeps the forms it was sent.
type standIn struct {
	mu    sync.Mutex
	forms []url.Values
}

func (s *standIn) serve(t *testing.T, status int, body string) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.Header.Get("Content-Type") != "application/x-www-form-urlencoded" {
			t.Errorf("%s with %q, want a form POST", r.Method, r.Header.Get("Content-Type"))
		}
		raw, _ := io.ReadAll(r.Body)
		form, _ := url.ParseQuery(string(raw))
		s.mu.Lock()
		s.forms = append(s.forms, form)
		s.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		io.WriteString(w, body)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/"
}

func TestSparrow(t *testing.T) {
	for _, tc := range []struct {
		name    string
		status  int
		body    string
		wantErr string
	}{
		{"queued", 200, `{"count": 1, "response_code": 200, "response": "1 mesages has been queued for delivery"}`, ""},
		{"invalid token", 403, `{"response_code":1002,"response":"Invalid Token"}`, "Invalid Token"},
		{"no credits", 403, `{"response_code":1013,"response":"Insufficient Credits"}`, "Insufficient Credits"},
		{"invalid receiver", 403, `{"response_code":1007,"response":"Invalid Receiver"}`, "Invalid Receiver"},
		{"not JSON", 502, `<html>Bad Gateway</html>`, "not JSON"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var s standIn
			sender := &sms.Sparrow{Token: "tok-1", From: "HaatAlert", URL: s.serve(t, tc.status, tc.body)}
			err := sender.Send(context.Background(), "9812345678", "123456 is your code")
			if tc.wantErr == "" && err != nil {
				t.Fatalf("Send: %v", err)
			}
			if tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)) {
				t.Fatalf("Send: %v, want an error saying %q", err, tc.wantErr)
			}
			want := url.Values{"token": {"tok-1"}, "from": {"HaatAlert"}, "to": {"9812345678"}, "text": {"123456 is your code"}}
			if len(s.forms) != 1 || s.forms[0].Encode() != want.Encode() {
				t.Fatalf("sent %v, want %v", s.forms, want)
			}
		})
	}
}

func TestAakash(t *testing.T) {
	for _, tc := range []struct {
		name    string
		status  int
		body    string
		wantErr string
	}{
		{"queued", 200, `{"error": false, "message": "1 messages has been queued for delivery.", "data": {"valid": [{"id": 2673160,
			"mobile": "9812345678", "text": "123456 is your code", "credit": 1, "network": "ncell", "status": "queued"}], "invalid": []}}`, ""},
		{"invalid token", 200, `{"error": true, "message": "The provided Auth Token is not valid.", "data": []}`, "Auth Token is not valid"},
		{"no balance", 200, `{"error": true, "message": "Not enough balance.", "data": []}`, "Not enough balance"},
		{"number refused", 200, `{"error": false, "message": "0 messages has been queued for delivery.", "data": {"valid": [],
			"invalid": [{"mobile": "9812345678", "text": "123456 is your code", "credit": 0, "network": "N/A", "status": "aborted"}]}}`, "not taken"},
		{"server error", 500, `{"error": true, "message": "Server Error", "data": []}`, "status 500"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var s standIn
			sender := &sms.Aakash{Token: "auth-1", URL: s.serve(t, tc.status, tc.body)}
			err := sender.Send(context.Background(), "9812345678", "123456 is your code")
			if tc.wantErr == "" && err != nil {
				t.Fatalf("Send: %v", err)
			}
			if tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)) {
				t.Fatalf("Send: %v, want an error saying %q", err, tc.wantErr)
			}
			want := url.Values{"auth_token": {"auth-1"}, "to": {"9812345678"}, "text": {"123456 is your code"}}
			if len(s.forms) != 1 || s.forms[0].Encode() != want.Encode() {
				t.Fatalf("sent %v, want %v", s.forms, want)
			}
		})
	}
}

func TestSenderUnreachable(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	srv.Close()
	for _, s := range []sms.Sender{&sms.Sparrow{Token: "t", From: "f", URL: srv.URL}, &sms.Aakash{Token: "t", URL: srv.URL}} {
		if err := s.Send(context.Background(), "9812345678", "hi"); err == nil {
			t.Errorf("%T: no error from a closed server", s)
		}
	}
}
