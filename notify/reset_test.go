package notify_test

import (
	"context"
	"strings"
	"testing"

	"haat"
	"haat/mail/mailtest"
	"haat/notify"
)

// TestResetCodeMail: a reset code reaches a real SMTP server at once, in the language asked, named
// with the store's name; an account without a name is greeted without one.
func TestResetCodeMail(t *testing.T) {
	srv := mailtest.Start(t)
	r := notify.ResetMail{Sender: sender(srv), StoreName: func(context.Context) string { return "Patan Fresh" }}
	if err := r.SendResetCode(ctx, "sita@example.com", haat.Nepali, "482913"); err != nil {
		t.Fatal(err)
	}
	if err := r.SendResetCode(ctx, "ram@example.com", haat.English, "105267"); err != nil {
		t.Fatal(err)
	}
	mails := srv.Mails()
	if len(mails) != 2 {
		t.Fatalf("%d mails", len(mails))
	}
	ne, en := mails[0], mails[1]
	if ne.To != "sita@example.com" || ne.Subject != "Patan Fresh: तपाईंको पासवर्ड रिसेट कोड" || !ne.TLS {
		t.Errorf("Nepali mail: to %s, subject %q, TLS %v", ne.To, ne.Subject, ne.TLS)
	}
	if en.To != "ram@example.com" || en.Subject != "Patan Fresh: Your password reset code" {
		t.Errorf("English mail: to %s, subject %q", en.To, en.Subject)
	}
	for _, m := range []struct {
		part  string
		wants []string
	}{
		{ne.Text, []string{"482913", "१५ मिनेट", "नमस्ते,"}},
		{ne.HTML, []string{"482913", "Patan Fresh"}},
		{en.Text, []string{"Your code to set a new password is 105267", "15 minutes", "Hello,"}},
		{en.HTML, []string{"105267"}},
	} {
		for _, want := range m.wants {
			if !strings.Contains(m.part, want) {
				t.Errorf("mail lacks %q:\n%s", want, m.part)
			}
		}
		// A code the shopper just asked for is no mail they chose: it offers no way to turn it off.
		if strings.Contains(m.part, "/account") {
			t.Errorf("reset mail links the account page's choices:\n%s", m.part)
		}
	}
}
