package api_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"haat"
	"haat/newsletter"
)

// subscribe signs an address up from the client address ip.
func subscribe(c *client, email, ip string, header ...string) response {
	c.s.t.Helper()
	return c.post("/api/newsletter/subscribe", map[string]string{"email": email}, append([]string{"X-Forwarded-For", ip}, header...)...)
}

// newsletterMails claims the newsletter mails due, by address.
func (s *store) newsletterMails(t *testing.T) map[string]haat.Message {
	t.Helper()
	due, err := s.db.ClaimMessages(ctx, haat.ChannelMail, 50)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]haat.Message{}
	for _, m := range due {
		if m.Kind == newsletter.MessageConfirm {
			out[m.To] = m
		}
	}
	return out
}

// subscribersCSV is the seller's export of the newsletter's list.
func (s *store) subscribersCSV(t *testing.T) string {
	t.Helper()
	r := s.seller().get("/api/seller/subscribers.csv")
	if r.status != 200 || !strings.HasPrefix(r.header.Get("Content-Type"), "text/csv") {
		t.Fatalf("export: %d %s %s", r.status, r.header.Get("Content-Type"), r.raw)
	}
	return string(r.raw)
}

// TestNewsletterSignup: an address is refused when malformed (in English and Nepali); a good one
// gets the same answer whether or not it was on the list, and a confirmation mail in the language
// it signed up in; only a confirmed address is exported, and unsubscribing takes it off.
func TestNewsletterSignup(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		s.db.QueueMails(true)
		c := s.client()
		want(t, subscribe(c, "not an address", "203.0.113.1"), 400, "Please enter a valid email address")
		want(t, subscribe(c, "sita@", "203.0.113.1", nepali...), 400, "कृपया मान्य इमेल ठेगाना लेख्नुहोस्")
		want(t, subscribe(c, "", "203.0.113.1"), 400, "Email is required")

		first := subscribe(c, "Sita@Example.com", "203.0.113.1")
		want(t, first, 200, "Thank you for subscribing")
		mails := s.newsletterMails(t)
		m, ok := mails["sita@example.com"]
		if !ok || m.Confirm == "" || m.Unsubscribe == "" || m.Language != haat.English {
			t.Fatalf("confirmation mail: %+v", mails)
		}
		// Confirmed, the address signs up again: the same answer, and no mail.
		confirm := s.client().get("/api/newsletter/confirm?token=" + url.QueryEscape(m.Confirm))
		if confirm.status != 200 || !strings.Contains(string(confirm.raw), "Your newsletter signup is confirmed") {
			t.Fatalf("confirm: %d %s", confirm.status, confirm.raw)
		}
		again := subscribe(s.client(), "sita@example.com", "203.0.113.2")
		if again.status != first.status || string(again.raw) != string(first.raw) {
			t.Fatalf("a known address answers %d %s, a new one %d %s", again.status, again.raw, first.status, first.raw)
		}
		if mails := s.newsletterMails(t); len(mails) != 0 {
			t.Fatalf("a confirmed address mailed again: %+v", mails)
		}
		// A used, a wrong and a missing token confirm nothing.
		for _, token := range []string{m.Confirm, "wrong", ""} {
			r := s.client().get("/api/newsletter/confirm?token=" + url.QueryEscape(token))
			if r.status != 404 || !strings.Contains(string(r.raw), "This link is not valid, or was used already") {
				t.Errorf("token %q: %d %s", token, r.status, r.raw)
			}
		}
		r := s.client().do("GET", "/api/newsletter/confirm?token=wrong", nil, "", nepali...)
		if r.status != 404 || !strings.Contains(string(r.raw), "यो लिङ्क मान्य छैन") {
			t.Errorf("in Nepali: %d %s", r.status, r.raw)
		}

		// One not confirmed is not exported; it signed up in Nepali.
		want(t, subscribe(s.client(), "ram@example.com", "203.0.113.3", nepali...), 200, "सदस्यता लिनुभएकोमा धन्यवाद")
		if ram := s.newsletterMails(t)["ram@example.com"]; ram.Language != haat.Nepali {
			t.Errorf("Nepali signup's mail: %+v", ram)
		}
		export := s.subscribersCSV(t)
		if !strings.Contains(export, "sita@example.com") || strings.Contains(export, "ram@example.com") ||
			!strings.HasPrefix(export, "\ufeffEmail,Since,Source\n") {
			t.Fatalf("export:\n%s", export)
		}

		// Unsubscribed, it is not exported; the link works again, harmlessly; a wrong one does not.
		for range 2 {
			r := s.client().get("/api/newsletter/unsubscribe?token=" + url.QueryEscape(m.Unsubscribe))
			if r.status != 200 || !strings.Contains(string(r.raw), "You are unsubscribed") {
				t.Fatalf("unsubscribe: %d %s", r.status, r.raw)
			}
		}
		if r := s.client().get("/api/newsletter/unsubscribe?token=wrong"); r.status != 404 {
			t.Errorf("wrong unsubscribe token: %d", r.status)
		}
		if export := s.subscribersCSV(t); strings.Contains(export, "sita@example.com") {
			t.Fatalf("unsubscribed, still exported:\n%s", export)
		}
		// The old confirmation link does not put it back; signing up again asks again.
		if r := s.client().get("/api/newsletter/confirm?token=" + url.QueryEscape(m.Confirm)); r.status != 404 {
			t.Errorf("old link after unsubscribing: %d", r.status)
		}
		want(t, subscribe(s.client(), "sita@example.com", "203.0.113.4"), 200, "Thank you for subscribing")
		if m2, ok := s.newsletterMails(t)["sita@example.com"]; !ok || m2.Confirm == "" || m2.Confirm == m.Confirm {
			t.Errorf("signing up again: %+v", m2)
		}
	})
}

// TestNewsletterWithoutMail: a store that sends no mail keeps a signup unconfirmed (nobody showed
// the address is theirs) and queues nothing; it answers as always.
func TestNewsletterWithoutMail(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		want(t, subscribe(s.client(), "sita@example.com", "203.0.113.1"), 200, "Thank you for subscribing")
		if due, err := s.db.ClaimMessages(ctx, haat.ChannelMail, 50); err != nil || len(due) != 0 {
			t.Fatalf("queued: %+v, %v", due, err)
		}
		if export := s.subscribersCSV(t); strings.Contains(export, "sita@example.com") {
			t.Fatalf("unconfirmed, exported:\n%s", export)
		}
	})
}

// TestNewsletterLimits: signups are limited per client address and per e-mail address; the
// refusal says when to try again, in English and Nepali.
func TestNewsletterLimits(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.client()
		for i := range newsletter.SignupsPerAddress {
			want(t, subscribe(c, fmt.Sprintf("a%d@example.com", i), "203.0.113.9"), 200)
		}
		r := subscribe(c, "another@example.com", "203.0.113.9")
		want(t, r, 429, "Too many signups. Please try again in 60 minutes.")
		if r.header.Get("Retry-After") == "" {
			t.Error("no Retry-After")
		}
		want(t, subscribe(c, "another@example.com", "203.0.113.9", nepali...), 429, "धेरै पटक सदस्यता अनुरोध भयो। कृपया ६० मिनेटपछि फेरि प्रयास गर्नुहोस्।")
		want(t, subscribe(c, "another@example.com", "203.0.113.10"), 200) // another network

		for i := range newsletter.SignupsPerEmail {
			want(t, subscribe(c, "ram@example.com", fmt.Sprintf("198.51.100.%d", i+1)), 200)
		}
		want(t, subscribe(c, "RAM@example.com", "198.51.100.99"), 429)
	}, withClientIPHeader("X-Forwarded-For"))
}

// TestNewsletterAccountChoice: an account that chooses the newsletter is exported with the
// confirmed signups; its address's unsubscribe link turns its choice off.
func TestNewsletterAccountChoice(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		s.db.QueueMails(true)
		shopper := s.shopper("gita@example.com")
		want(t, shopper.post("/api/user/notifications", map[string]any{"newsletter": true}), 200)
		export := s.subscribersCSV(t)
		if !strings.Contains(export, "gita@example.com") || !strings.Contains(export, ",account") {
			t.Fatalf("export:\n%s", export)
		}
		want(t, subscribe(s.client(), "gita@example.com", "203.0.113.1"), 200)
		m := s.newsletterMails(t)["gita@example.com"]
		if r := s.client().get("/api/newsletter/unsubscribe?token=" + url.QueryEscape(m.Unsubscribe)); r.status != 200 {
			t.Fatalf("unsubscribe: %d %s", r.status, r.raw)
		}
		n := shopper.get("/api/user/session").body["user"].(map[string]any)["notifications"].(map[string]any)
		if n["newsletter"] != false {
			t.Fatalf("the account's choice after unsubscribing: %v", n)
		}
		if export := s.subscribersCSV(t); strings.Contains(export, "gita@example.com") {
			t.Fatalf("still exported:\n%s", export)
		}
	})
}

// TestSubscribersExportSellerOnly: the export is the seller's.
func TestSubscribersExportSellerOnly(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		want(t, s.client().get("/api/seller/subscribers.csv"), 401)
		want(t, s.shopper("").get("/api/seller/subscribers.csv"), 403)
	})
}
