package mail_test

import (
	"context"
	"net/url"
	"strings"
	"testing"
	"time"

	"haat/mail"
	"haat/mail/mailtest"
)

var ctx = context.Background()

func sample() mail.Mail {
	return mail.Mail{To: "sita@example.com", Subject: "Patan Fresh: तपाईंको अर्डर #१०००१ राखियो — a long subject that needs more than one encoded word",
		Text: "नमस्ते Sita,\n\nजम्मा: रु ६०१.८०\n", HTML: "<p>नमस्ते Sita,</p><p>जम्मा: <strong>रु ६०१.८०</strong></p>"}
}

// TestSend: a mail goes through a real SMTP server over STARTTLS, and over TLS from the start
// (smtps://), signed in, and arrives whole.
func TestSend(t *testing.T) {
	for name, start := range map[string]func(testing.TB) *mailtest.Server{"starttls": mailtest.Start, "smtps": mailtest.StartTLS} {
		t.Run(name, func(t *testing.T) {
			srv := start(t)
			s := &mail.SMTP{URL: srv.URL, From: "Patan Fresh <orders@patan.example>", TLS: srv.ClientTLS, Timeout: 10 * time.Second}
			m := sample()
			if err := s.Send(ctx, m); err != nil {
				t.Fatal(err)
			}
			got := srv.Mails()
			if len(got) != 1 {
				t.Fatalf("%d mails", len(got))
			}
			g := got[0]
			if g.Subject != m.Subject || g.Text != strings.ReplaceAll(m.Text, "\n", "\r\n") || g.HTML != m.HTML ||
				g.From != "orders@patan.example" || g.To != m.To || !g.TLS {
				t.Fatalf("got %+v\nsent %+v", g, m)
			}
		})
	}
}

// TestSendRefused: a wrong password, an untrusted certificate and a server that is not there are
// errors the sender reports.
func TestSendRefused(t *testing.T) {
	srv := mailtest.Start(t)
	wrong := *srv.URL
	wrong.User = url.UserPassword(mailtest.User, "not the password")
	for name, s := range map[string]*mail.SMTP{
		"password":    {URL: &wrong, From: "orders@patan.example", TLS: srv.ClientTLS},
		"certificate": {URL: srv.URL, From: "orders@patan.example"},
		"no server":   {URL: &url.URL{Scheme: "smtp", Host: "127.0.0.1:1"}, From: "orders@patan.example"},
	} {
		if err := s.Send(ctx, sample()); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if n := len(srv.Mails()); n != 0 {
		t.Errorf("%d mails accepted", n)
	}
}

func TestParseURL(t *testing.T) {
	for s, ok := range map[string]bool{
		"smtp://user:pass@mail.example:587": true,
		"smtps://mail.example":              true,
		"https://mail.example":              false,
		"smtp://":                           false,
		"mail.example:25":                   false,
	} {
		if _, err := mail.ParseURL(s); (err == nil) != ok {
			t.Errorf("%q: %v", s, err)
		}
	}
}
