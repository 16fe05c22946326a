package api

import (
	"encoding/csv"
	htmltemplate "html/template"
	"net/http"
	"time"

	"haat"
	"haat/locale"
	"haat/newsletter"
	"haat/productcsv"
)

// SubscribeRequest is an address given to the home page's newsletter signup
// (POST /api/newsletter/subscribe).
type SubscribeRequest struct {
	Email string `json:"email"`
}

// NewsletterTokenQuery is the token of a newsletter link (GET /api/newsletter/confirm and
// GET /api/newsletter/unsubscribe).
type NewsletterTokenQuery struct {
	Token string `json:"token"`
}

// newsletterSubscribe keeps a signup's address and, when the store mails, sends it the link that
// confirms it. The answer is the same whether or not the address was on the list.
func (s *Server) newsletterSubscribe(w http.ResponseWriter, r *http.Request) error {
	var req SubscribeRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if err := s.newsletterAttempt(r, "newsletter:"+addressKey(r, s.ClientIPHeader), newsletter.SignupsPerAddress); err != nil {
		return err
	}
	email, err := newsletter.Email(req.Email)
	if err != nil {
		return err
	}
	if err := s.newsletterAttempt(r, "newsletter:email:"+hashKey(email), newsletter.SignupsPerEmail); err != nil {
		return err
	}
	if err := s.Newsletter.Subscribe(r.Context(), email, language(w, r)); err != nil {
		return err
	}
	return ok(w, MessageResponse{Success: true, Message: say(w, r, "Thank you for subscribing")})
}

// newsletterAttempt takes a slot of a signup limit, and refuses the signup when it is used up.
func (s *Server) newsletterAttempt(r *http.Request, key string, limit int) error {
	ok, retry, err := s.Limiter.Attempt(r.Context(), key, limit, newsletter.Window)
	if err != nil || ok {
		return err
	}
	return haat.TooManyFor(retry, "Too many signups. Please try again in %d minute.", "Too many signups. Please try again in %d minutes.")
}

// newsletterConfirm confirms the address of a confirmation link, and answers a page saying so.
func (s *Server) newsletterConfirm(w http.ResponseWriter, r *http.Request) error {
	err := s.Newsletter.ConfirmSubscription(r.Context(), r.URL.Query().Get("token"))
	return s.newsletterPage(w, r, err, say(w, r, "Your newsletter signup is confirmed. Thank you!"))
}

// newsletterUnsubscribe takes the address of an unsubscribe link off the list, and answers a page
// saying so.
func (s *Server) newsletterUnsubscribe(w http.ResponseWriter, r *http.Request) error {
	err := s.Newsletter.Unsubscribe(r.Context(), r.URL.Query().Get("token"))
	return s.newsletterPage(w, r, err, say(w, r, "You are unsubscribed from the newsletter."))
}

// newsletterPage answers a link followed from a mail with a simple page in the request's language:
// done, or why not (a link unknown or used: 404).
func (s *Server) newsletterPage(w http.ResponseWriter, r *http.Request, err error, done string) error {
	status, text := http.StatusOK, done
	if err != nil {
		if haat.ErrorCode(err) != haat.ENOTFOUND {
			return err
		}
		status, text = http.StatusNotFound, locale.ErrorMessage(err, language(w, r))
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("Referrer-Policy", "no-referrer") // the token stays out of other sites' logs
	w.WriteHeader(status)
	return newsletterHTML.Execute(w, map[string]string{"Lang": string(language(w, r)), "Text": text, "Home": say(w, r, "Go to the store")})
}

var newsletterHTML = htmltemplate.Must(htmltemplate.New("").Parse(`<!DOCTYPE html>
<html lang="{{.Lang}}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>{{.Text}}</title></head>
<body style="font-family:sans-serif;color:#222;max-width:560px;margin:48px auto;padding:16px;text-align:center">
<p style="font-size:18px">{{.Text}}</p>
<p><a href="/" style="color:#2e7d32">{{.Home}}</a></p>
</body></html>
`))

// subscribersCSVHeader names the columns of the seller's export of the newsletter's list.
var subscribersCSVHeader = []string{utf8BOM + "Email", "Since", "Source"}

// sellerSubscribers answers the newsletter's confirmed addresses (and the accounts that chose
// it) as a CSV file to save.
func (s *Server) sellerSubscribers(w http.ResponseWriter, r *http.Request) error {
	list, err := s.Newsletter.Subscribers(r.Context())
	if err != nil {
		return err
	}
	h := w.Header()
	h.Set("Content-Type", "text/csv; charset=utf-8")
	h.Set("Content-Disposition", `attachment; filename="subscribers-`+time.Now().In(haat.StoreZone).Format(haat.DayLayout)+`.csv"`)
	h.Set("Cache-Control", "no-store")
	out := csv.NewWriter(w)
	out.Write(subscribersCSVHeader)
	for _, sub := range list {
		source := "signup"
		if sub.Account {
			source = "account"
		}
		out.Write([]string{productcsv.SpreadsheetCell(sub.Email), sub.Since.In(haat.StoreZone).Format(time.DateTime), source})
	}
	out.Flush()
	return out.Error()
}
