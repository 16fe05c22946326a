package api_test

import (
	"testing"
	"time"
)

// login signs a new browser in with email and password and returns it.
func (s *store) login(email, password string) *client {
	s.t.Helper()
	c := s.client()
	want(s.t, c.post("/api/user/login", map[string]string{"email": email, "password": password}), 200, "Logged In")
	return c
}

// TestChangePassword: the shopper's password changes only with the current one and the rules of
// sign-up; the change ends the account's other sessions, keeps this one, and the new password
// signs in where the old no longer does.
func TestChangePassword(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		email := s.newEmail()
		c := s.client()
		r := c.post("/api/user/register", map[string]string{"name": "Sita Gurung", "email": email, "password": shopperPassword})
		want(t, r, 200)
		if r.body["user"].(map[string]any)["hasPassword"] != true {
			t.Fatalf("a new account answered without its password: %s", r.raw)
		}
		other := s.login(email, shopperPassword)
		if other.user()["hasPassword"] != true {
			t.Fatalf("signed in without a password: %v", other.user())
		}
		want(t, s.seller().post("/api/user/password", map[string]string{"current": shopperPassword, "password": "a-new-passw0rd"}), 403)
		for _, tc := range []struct {
			current, password string
			status            int
			message           string
		}{
			{"", "a-new-passw0rd", 400, "Enter your current password"},
			{"not-my-password", "a-new-passw0rd", 400, "Wrong password"},
			{shopperPassword, "short", 400, "Password must be at least 8 characters"},
			{shopperPassword, "password", 400, "This password is too common; choose another"},
			{shopperPassword, "        ", 400, "Password must not be only spaces"},
		} {
			want(t, c.post("/api/user/password", map[string]string{"current": tc.current, "password": tc.password}), tc.status, tc.message)
		}
		want(t, other.get("/api/user/is-auth"), 200) // nothing changed yet
		want(t, c.post("/api/user/password", map[string]string{"current": shopperPassword, "password": "a-new-passw0rd"}), 200,
			"Password changed; you are signed out everywhere else")
		want(t, c.get("/api/user/is-auth"), 200)
		want(t, other.get("/api/user/is-auth"), 401)
		want(t, s.client().post("/api/user/login", map[string]string{"email": email, "password": shopperPassword}), 401)
		s.login(email, "a-new-passw0rd")
	})
}

// TestWrongPasswordsAreLimited: wrong current passwords are counted per account; past the limit
// even the right one is refused until the window ends.
func TestWrongPasswordsAreLimited(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.shopper("")
		for range 10 {
			want(t, c.post("/api/user/password", map[string]string{"current": "guess-guess", "password": "a-new-passw0rd"}), 400, "Wrong password")
		}
		r := c.post("/api/user/password", map[string]string{"current": shopperPassword, "password": "a-new-passw0rd"})
		want(t, r, 429, "Too many wrong passwords; try again in 15 minutes")
		if r.header.Get("Retry-After") == "" {
			t.Fatal("no Retry-After")
		}
		want(t, c.post("/api/user/delete", map[string]string{"password": shopperPassword}), 429)
		want(t, c.post("/api/user/email", map[string]string{"email": s.newEmail(), "password": shopperPassword}), 429)
	})
}

// TestPhoneAccountAddsPasswordAndEmail: an account made by phone has no password; it sets one
// without a current one, then adds an e-mail with it, and signs in with both.
func TestPhoneAccountAddsPasswordAndEmail(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.phoneShopper("9812345678")
		if c.user()["hasPassword"] != false {
			t.Fatalf("a phone account has a password: %v", c.user())
		}
		want(t, c.post("/api/user/email", map[string]string{"email": "hari@example.com", "password": "anything-at-all"}), 400, "Wrong password")
		want(t, c.post("/api/user/password", map[string]string{"password": "password"}), 400, "This password is too common; choose another")
		want(t, c.post("/api/user/password", map[string]string{"password": "a-new-passw0rd"}), 200)
		if c.user()["hasPassword"] != true {
			t.Fatalf("no password after setting one: %v", c.user())
		}
		want(t, c.post("/api/user/password", map[string]string{"password": "another-passw0rd"}), 400, "Enter your current password")
		r := c.post("/api/user/email", map[string]string{"email": "Hari@Example.com", "password": "a-new-passw0rd"})
		want(t, r, 200, "Email saved")
		if u := r.body["user"].(map[string]any); u["email"] != "Hari@Example.com" || u["phone"] != "9812345678" {
			t.Fatalf("user %v", u)
		}
		s.login("hari@example.com", "a-new-passw0rd")
		s.clock.advance(time.Minute) // past the wait before asking again
		s.phoneShopper("9812345678") // the number still signs in
	})
}

// TestChangeEmail: the e-mail changes with the password, to a valid address no other account has.
func TestChangeEmail(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		old, taken := s.newEmail(), s.newEmail()
		c := s.shopper(old)
		s.shopper(taken)
		fresh := s.newEmail()
		want(t, c.post("/api/user/email", map[string]string{"email": "not-an-email", "password": shopperPassword}), 400, "Please enter a valid email address")
		want(t, c.post("/api/user/email", map[string]string{"email": fresh, "password": "wrong-password"}), 400, "Wrong password")
		want(t, c.post("/api/user/email", map[string]string{"email": taken, "password": shopperPassword}), 409, "An account with this email already exists")
		want(t, c.post("/api/user/email", map[string]string{"email": fresh, "password": shopperPassword}), 200, "Email saved")
		want(t, s.client().post("/api/user/login", map[string]string{"email": old, "password": shopperPassword}), 401)
		s.login(fresh, shopperPassword)
		s.shopper(old) // the old address is free
	})
}

// TestChangePhone: a number is set only with the code texted to it, asked for by the same
// browser; a number of another account is refused; the number then signs in to the account.
func TestChangePhone(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.shopper("")
		s.phoneShopper("9801111111")
		want(t, c.post("/api/user/phone", map[string]string{"phone": "9812345678", "code": "123456"}), 400, "That code has expired; ask for a new one")
		r, code := c.sendCode("9812345678")
		want(t, r, 200)
		want(t, s.client().post("/api/user/phone", map[string]string{"phone": "9812345678", "code": code}), 401) // no session
		want(t, c.post("/api/user/phone", map[string]string{"phone": "12345", "code": code}), 400, "Enter a 10-digit mobile number starting with 97 or 98")
		want(t, c.post("/api/user/phone", map[string]string{"phone": "9812345678", "code": "12"}), 400, "Enter the 6-digit code from the SMS")
		want(t, c.post("/api/user/phone", map[string]string{"phone": "9812345678", "code": wrong(code)}), 400, "Wrong code; 4 tries left")
		r = c.post("/api/user/phone", map[string]string{"phone": "9812345678", "code": code})
		want(t, r, 200, "Phone number saved")
		id := c.user()["_id"]
		if r.body["user"].(map[string]any)["phone"] != "9812345678" {
			t.Fatalf("user %v", r.body["user"])
		}
		want(t, c.post("/api/user/phone", map[string]string{"phone": "9812345678", "code": code}), 400, "That code has expired; ask for a new one")
		s.clock.advance(time.Minute)
		if got := s.phoneShopper("9812345678").user()["_id"]; got != id {
			t.Fatalf("the number signs in to %v, want %v", got, id)
		}
		s.clock.advance(time.Minute)
		r, code = c.sendCode("9801111111")
		want(t, r, 200)
		want(t, c.post("/api/user/phone", map[string]string{"phone": "9801111111", "code": code}), 409, "This number belongs to another account")
	})
}

// TestLogoutAll: signing out everywhere ends every session of the account, this one included,
// and no other account's.
func TestLogoutAll(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		email := s.newEmail()
		c := s.shopper(email)
		other := s.login(email, shopperPassword)
		someoneElse := s.shopper("")
		r := c.post("/api/user/logout-all", nil)
		want(t, r, 200, "Signed out everywhere")
		if k := r.cookie("haat_session"); k == nil || k.MaxAge >= 0 {
			t.Fatalf("session cookie not cleared: %v", k)
		}
		want(t, c.get("/api/user/is-auth"), 401)
		want(t, other.get("/api/user/is-auth"), 401)
		want(t, someoneElse.get("/api/user/is-auth"), 200)
		want(t, c.post("/api/user/logout-all", nil), 401)
	})
}
