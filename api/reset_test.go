package api_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"haat"
	"haat/api"
	"haat/otp"
	"haat/sqlstore"
	"haat/sqlstore/sqlstoretest"
)

// mailBox is a otp.ResetMailer that keeps the codes it was given.
type mailBox struct {
	mu   sync.Mutex
	sent []sentMail
}

type sentMail struct {
	to   string
	lang haat.Language
	code string
}

func (m *mailBox) SendResetCode(_ context.Context, email string, lang haat.Language, code string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.sent = append(m.sent, sentMail{email, lang, code})
	return nil
}

func (m *mailBox) all() []sentMail {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]sentMail(nil), m.sent...)
}

// withMail sends the store's reset codes by e-mail to box.
func withMail(box *mailBox) option {
	return func(s *api.Server) { s.PhoneSignIn.(*otp.Service).Mail = box }
}

const resetSent = "If an account has this address, we sent it a code"

// TestResetPasswordByEmail: a code goes to the account's e-mail, in the language asked in; the
// answer is the same for an address no account has; the code sets a new password, once, from the
// browser that asked, and every session of the account ends.
func TestResetPasswordByEmail(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		box := &mailBox{}
		s := newStore(t, db, withMail(box))
		email := s.newEmail()
		c := s.shopper(email)
		b := s.client()
		want(t, b.post("/api/user/password/reset", map[string]string{}), 400, "Enter your email or your mobile number")
		want(t, b.post("/api/user/password/reset", map[string]string{"email": email, "phone": "9812345678"}), 400, "Enter your email or your mobile number")
		want(t, b.post("/api/user/password/reset", map[string]string{"email": "nobody"}), 400, "Please enter a valid email address")

		before := len(box.all())
		want(t, b.post("/api/user/password/reset", map[string]string{"email": "nobody-" + email}), 200, resetSent)
		s.sent()
		if len(box.all()) != before {
			t.Fatal("a code went to an address no account has")
		}
		r := b.post("/api/user/password/reset", map[string]string{"email": strings.ToUpper(email)}, "Accept-Language", "ne")
		want(t, r, 200)
		if r.body["resendIn"] != float64(60) {
			t.Fatalf("answer %s", r.raw)
		}
		s.sent()
		mails := box.all()
		if len(mails) != before+1 || mails[len(mails)-1].to != email || mails[len(mails)-1].lang != haat.Nepali {
			t.Fatalf("mails %+v", mails)
		}
		code := mails[len(mails)-1].code
		want(t, b.post("/api/user/password/reset", map[string]string{"email": email}), 429, "Wait 60 seconds before asking for a new code")

		confirm := func(c *client, code, password string) response {
			return c.post("/api/user/password/reset/confirm", map[string]string{"email": email, "code": code, "password": password})
		}
		want(t, confirm(s.client(), code, "a-new-passw0rd"), 400, "That code has expired; ask for a new one") // another browser
		want(t, confirm(b, "12", "a-new-passw0rd"), 400, "Enter the 6-digit code we sent you")
		want(t, confirm(b, code, "password"), 400, "This password is too common; choose another")
		want(t, confirm(b, wrong(code), "a-new-passw0rd"), 400, "Wrong code; 4 tries left")
		want(t, confirm(b, code, "a-new-passw0rd"), 200, "Password changed; sign in with your new password")
		want(t, c.get("/api/user/is-auth"), 401) // every session ended
		want(t, confirm(b, code, "another-passw0rd"), 400, "That code has expired; ask for a new one")
		want(t, s.client().post("/api/user/login", map[string]string{"email": email, "password": shopperPassword}), 401)
		s.login(email, "a-new-passw0rd")
	})
}

// TestResetPasswordByPhone: a code goes by SMS to the account's number and lives 15 minutes.
func TestResetPasswordByPhone(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.phoneShopper("9812345678")
		b := s.client()
		texts := len(s.texts.sent)
		want(t, b.post("/api/user/password/reset", map[string]string{"phone": "9800000000"}), 200, resetSent)
		s.sent()
		if len(s.texts.sent) != texts {
			t.Fatal("a code went to a number no account has")
		}
		want(t, b.post("/api/user/password/reset", map[string]string{"phone": "12345"}), 400, "Enter a 10-digit mobile number starting with 97 or 98")
		s.clock.advance(time.Minute)
		want(t, b.post("/api/user/password/reset", map[string]string{"phone": "981-234-5678"}), 200, resetSent)
		s.sent()
		text := s.texts.last("9812345678")
		if !strings.Contains(text, "password reset code. It is valid for 15 minutes") {
			t.Fatalf("text %q", text)
		}
		code := text[:6]
		// A sign-in code cannot set the password, nor a reset code sign in.
		want(t, b.verify("9812345678", code, ""), 400)
		s.clock.advance(14 * time.Minute)
		want(t, b.post("/api/user/password/reset/confirm", map[string]string{"phone": "9812345678", "code": code, "password": "a-new-passw0rd"}), 200)
		want(t, c.get("/api/user/is-auth"), 401)

		s.clock.advance(time.Minute)
		want(t, b.post("/api/user/password/reset", map[string]string{"phone": "9812345678"}), 200)
		s.sent()
		code = s.texts.last("9812345678")[:6]
		s.clock.advance(16 * time.Minute)
		want(t, b.post("/api/user/password/reset/confirm", map[string]string{"phone": "9812345678", "code": code, "password": "a-new-passw0rd"}), 400,
			"That code has expired; ask for a new one")
	})
}

// TestResetCodesAreLimited: an address gets at most 5 codes an hour asked from one network, whether
// an account has it or not.
func TestResetCodesAreLimited(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		b := s.client()
		for range 5 {
			want(t, b.post("/api/user/password/reset", map[string]string{"email": "nobody@example.com"}), 200, resetSent)
			s.clock.advance(time.Minute + time.Second) // past the minute between two codes
		}
		r := b.post("/api/user/password/reset", map[string]string{"email": "nobody@example.com"})
		want(t, r, 429, "Too many codes asked for this email; try again in 55 minutes")
		if r.header.Get("Retry-After") == "" {
			t.Fatal("no Retry-After")
		}
	})
}

// heldMail is a otp.ResetMailer that sends nothing until released, then fails when told to.
type heldMail struct {
	release chan struct{}
	fail    bool
	mailBox
}

func (m *heldMail) SendResetCode(ctx context.Context, email string, lang haat.Language, code string) error {
	<-m.release
	if m.fail {
		return errors.New("the mail server refused it")
	}
	return m.mailBox.SendResetCode(ctx, email, lang, code)
}

// TestResetAnswersBeforeSending: the answer to a reset does not wait for the code to be sent, so
// neither its time nor a mail server that is down tells whether an account has the address. A
// code that could not be sent is forgotten, logged, and counts against no limit.
func TestResetAnswersBeforeSending(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		held := &heldMail{release: make(chan struct{}), fail: true}
		s := newStore(t, db, func(srv *api.Server) { srv.PhoneSignIn.(*otp.Service).Mail = held })
		email := s.newEmail()
		s.shopper(email)
		b := s.client()
		// The mail is held: the answer comes all the same, and says what it says for anyone.
		want(t, b.post("/api/user/password/reset", map[string]string{"email": email}), 200, resetSent)
		close(held.release)
		s.sent()
		if !strings.Contains(s.logs.String(), "reset code not sent") {
			t.Fatalf("the failed send is not logged:\n%s", s.logs.String())
		}
		// The code that was not sent is forgotten: no code of it sets a password.
		want(t, b.post("/api/user/password/reset/confirm", map[string]string{"email": email, "code": "123456", "password": "a-new-passw0rd"}), 400,
			"That code has expired; ask for a new one")
		// Its limits were given back: a new code may be asked at once, and this one arrives.
		held.fail = false
		want(t, b.post("/api/user/password/reset", map[string]string{"email": email}), 200, resetSent)
		s.sent()
		if mails := held.all(); len(mails) != 1 || mails[0].to != email {
			t.Fatalf("mails %+v", mails)
		}
	})
}
