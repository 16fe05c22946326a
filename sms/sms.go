// Package sms sends text messages to shoppers' mobile phones: sign-in codes and news of their
// orders. A Sender is one provider: Sparrow SMS, Aakash SMS, or Log, which writes each message to
// the store's log instead (the store's own until a provider is configured).
package sms

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Sender sends one text message to a Nepali mobile number (its 10 digits).
type Sender interface {
	Send(ctx context.Context, to, text string) error
}

// The providers' documented endpoints.
const (
	SparrowURL = "https://api.sparrowsms.com/v2/sms/"
	AakashURL  = "https://sms.aakashsms.com/sms/v3/send"
)

// Log is the Sender that writes each message to the log and sends nothing.
type Log struct{ Logger *slog.Logger }

// Send implements Sender.
func (l Log) Send(ctx context.Context, to, text string) error {
	l.Logger.InfoContext(ctx, "sms (not sent: no SMS provider configured)", "to", to, "text", text)
	return nil
}

// Sparrow sends through Sparrow SMS's outgoing API: a POST of the form fields token, from (the
// sender identity Sparrow gave the account), to and text. Sparrow answers 200 with
// {"count":1,"response_code":200,"response":"1 mesages has been queued for delivery"}, and a
// refusal with another status (403) and {"response_code":1002,"response":"Invalid Token"}.
type Sparrow struct {
	Token, From string
	// URL is the endpoint; empty is SparrowURL.
	URL  string
	HTTP *http.Client
}

// Send implements Sender.
func (s *Sparrow) Send(ctx context.Context, to, text string) error {
	var answer struct {
		ResponseCode int    `json:"response_code"`
		Response     string `json:"response"`
		Count        int    `json:"count"`
	}
	form := url.Values{"token": {s.Token}, "from": {s.From}, "to": {to}, "text": {text}}
	status, err := postForm(ctx, s.HTTP, orDefault(s.URL, SparrowURL), form, &answer)
	if err != nil {
		return fmt.Errorf("sms: sparrow: %w", err)
	}
	if status != http.StatusOK || answer.ResponseCode != 200 {
		return fmt.Errorf("sms: sparrow: status %d, response_code %d: %s", status, answer.ResponseCode, answer.Response)
	}
	return nil
}

// Aakash sends through Aakash SMS's v3 API: a POST of the form fields auth_token, to and text.
// Aakash answers {"error":false,"message":"1 messages has been queued for delivery.","data":
// {"valid":[…],"invalid":[…]}}, and a refusal with {"error":true,"message":"The provided Auth
// Token is not valid.","data":[]}. A number Aakash lists as invalid was not sent to.
type Aakash struct {
	Token string
	// URL is the endpoint; empty is AakashURL.
	URL  string
	HTTP *http.Client
}

// Send implements Sender.
func (a *Aakash) Send(ctx context.Context, to, text string) error {
	var answer struct {
		Error   bool            `json:"error"`
		Message string          `json:"message"`
		Data    json.RawMessage `json:"data"`
	}
	form := url.Values{"auth_token": {a.Token}, "to": {to}, "text": {text}}
	status, err := postForm(ctx, a.HTTP, orDefault(a.URL, AakashURL), form, &answer)
	if err != nil {
		return fmt.Errorf("sms: aakash: %w", err)
	}
	if status != http.StatusOK || answer.Error {
		return fmt.Errorf("sms: aakash: status %d: %s", status, answer.Message)
	}
	// data is an object on success, an empty list on a refusal.
	var data struct {
		Valid []json.RawMessage `json:"valid"`
	}
	if json.Unmarshal(answer.Data, &data) != nil || len(data.Valid) == 0 {
		return fmt.Errorf("sms: aakash: %s not taken: %s", to, answer.Message)
	}
	return nil
}

// postForm posts form to endpoint and decodes the JSON answer into v whatever the status, which
// it returns.
func postForm(ctx context.Context, client *http.Client, endpoint string, form url.Values, v any) (int, error) {
	if client == nil {
		client = &http.Client{Timeout: 20 * time.Second}
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, strings.NewReader(form.Encode()))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	res, err := client.Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	body, err := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	if err != nil {
		return res.StatusCode, err
	}
	if err := json.Unmarshal(body, v); err != nil {
		return res.StatusCode, errors.Join(fmt.Errorf("status %d, not JSON: %.200q", res.StatusCode, body), err)
	}
	return res.StatusCode, nil
}

func orDefault(v, def string) string {
	if v == "" {
		return def
	}
	return v
}
