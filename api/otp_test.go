package api_test

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"haat"
	"haat/api"
	"haat/otp"
)

// codeInText finds the code in a sign-in text, which names the store once it has a name.
var codeInText = regexp.MustCompile(`^(\d{6}) is your (?:.+ )?sign-in code`)

// sendCode asks for a code for phone and returns the code the SMS carried.
func (c *client) sendCode(phone string, header ...string) (response, string) {
	c.s.t.Helper()
	r := c.post("/api/user/otp/send", map[string]string{"phone": phone}, header...)
	if r.status != 200 {
		return r, ""
	}
	normal, _ := haat.NepaliMobile(phone)
	m := codeInText.FindStringSubmatch(c.s.texts.last(normal))
	if m == nil {
		c.s.t.Fatalf("no code texted to %s: %q", normal, c.s.texts.last(normal))
	}
	return r, m[1]
}

func (c *client) verify(phone, code, name string) response {
	c.s.t.Helper()
	return c.post("/api/user/otp/verify", map[string]string{"phone": phone, "code": code, "name": name})
}

// phoneShopper signs a new browser in by phone and returns it.
func (s *store) phoneShopper(phone string) *client {
	s.t.Helper()
	c := s.client()
	r, code := c.sendCode(phone)
	want(s.t, r, 200)
	want(s.t, c.verify(phone, code, "Hari Thapa"), 200)
	return c
}

// wrong returns a well-formed code that is not code.
func wrong(code string) string {
	if code == "000000" {
		return "111111"
	}
	return "000000"
}

func TestPhoneSignUpAndSignIn(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.client()
		for _, bad := range []string{"", "12345", "9612345678", "98123456789", "phone"} {
			want(t, c.post("/api/user/otp/send", map[string]string{"phone": bad}), 400, "Enter a 10-digit mobile number starting with 97 or 98")
		}
		r, code := c.sendCode("+977 981-234-5678")
		want(t, r, 200, "Code sent")
		if _, has := r.body["newAccount"]; r.body["phone"] != "9812345678" || has || r.body["resendIn"] != 60.0 {
			t.Fatalf("send answer: %s", r.raw)
		}
		if _, has := r.body["devCode"]; has {
			t.Fatalf("the code is answered with an SMS provider: %s", r.raw)
		}
		want(t, c.verify("9812345678", "12345", ""), 400, "Enter the 6-digit code from the SMS")
		want(t, c.verify("9812345678", wrong(code), ""), 400, "Wrong code; 4 tries left")
		r = c.verify("981 234 5678", code, "  Hari Thapa ")
		want(t, r, 200, "Account Created")
		if r.body["newAccount"] != true {
			t.Fatalf("verify answer for a new number: %s", r.raw)
		}
		if r.cookie("haat_session") == nil {
			t.Fatal("no session cookie")
		}
		u := c.user()
		if u["name"] != "Hari Thapa" || u["email"] != "" || u["phone"] != "9812345678" {
			t.Fatalf("user %v", u)
		}
		id := u["_id"]
		// A phone shopper uses the store like any other: cart, address, orders.
		c.setCart(map[string]int{s.rice.ID: 2})
		addr := c.addAddress()
		want(t, c.post("/api/order/cod", order(s.rice.ID, 1, addr)), 200)
		if n := len(c.orders()); n != 1 {
			t.Fatalf("%d orders", n)
		}
		// A code signs in once.
		want(t, c.verify("9812345678", code, ""), 400, "That code has expired; ask for a new one")

		// The next sign-in, a minute later, finds the account; the name asked now changes nothing.
		want(t, c.get("/api/user/logout"), 200)
		s.clock.advance(otp.ResendAfter)
		other := s.client()
		r, code = other.sendCode("9812345678")
		want(t, r, 200)
		if _, has := r.body["newAccount"]; has {
			t.Fatalf("send answer for a known number: %s", r.raw)
		}
		r = other.verify("9812345678", code, "Somebody Else")
		want(t, r, 200, "Logged In")
		if r.body["newAccount"] != false {
			t.Fatalf("verify answer for a known number: %s", r.raw)
		}
		if u := other.user(); u["_id"] != id || u["name"] != "Hari Thapa" {
			t.Fatalf("signed in as %v, want %v", u, id)
		}
		// No email and no password reach the account.
		for _, email := range []string{"", "phone:9812345678"} {
			want(t, s.client().post("/api/user/login", map[string]string{"email": email, "password": ""}), 401, "Invalid email or password")
		}
		// The name is optional.
		s.clock.advance(otp.ResendAfter)
		nameless := s.client()
		_, code = nameless.sendCode("9712345678")
		want(t, nameless.verify("9712345678", code, ""), 200, "Account Created")
		if u := nameless.user(); u["name"] != "" || u["phone"] != "9712345678" {
			t.Fatalf("user %v", u)
		}
	})
}

func TestPhoneCodeExpires(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.client()
		want(t, c.verify("9812345678", "123456", ""), 400, "That code has expired; ask for a new one") // none sent
		_, code := c.sendCode("9812345678")
		s.clock.advance(otp.ValidFor - time.Second)
		want(t, c.verify("9812345678", wrong(code), ""), 400, "Wrong code; 4 tries left")
		s.clock.advance(time.Second)
		want(t, c.verify("9812345678", code, ""), 400, "That code has expired; ask for a new one")
		// A new code works, and ends the old one.
		_, old := c.sendCode("9812345678")
		s.clock.advance(otp.ResendAfter)
		_, code = c.sendCode("9812345678")
		if old != code {
			want(t, c.verify("9812345678", old, ""), 400, "Wrong code; 4 tries left")
		}
		want(t, c.verify("9812345678", code, ""), 200, "Account Created")
	})
}

func TestPhoneCodeTries(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.client()
		_, code := c.sendCode("9812345678")
		for left := 4; left >= 1; left-- {
			want(t, c.verify("9812345678", wrong(code), ""), 400, fmt.Sprintf("Wrong code; %d %s left", left, map[bool]string{true: "try", false: "tries"}[left == 1]))
		}
		want(t, c.verify("9812345678", wrong(code), ""), 400, "Too many wrong codes; ask for a new one")
		want(t, c.verify("9812345678", code, ""), 400, "Too many wrong codes; ask for a new one")
		if c.jarCookie("haat_session") != nil {
			t.Fatal("signed in with a dead code")
		}

		// Tries made at once cannot pass the limit together: of 12, at most 5 are compared.
		s.clock.advance(otp.ResendAfter)
		_, code = c.sendCode("9812345678")
		var wg sync.WaitGroup
		var mu sync.Mutex
		answers := map[string]int{}
		for range 12 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := c.verify("9812345678", wrong(code), "")
				mu.Lock()
				answers[r.message()]++
				mu.Unlock()
			}()
		}
		wg.Wait()
		if answers["Too many wrong codes; ask for a new one"] != 8 {
			t.Fatalf("answers %v: want 4 wrong-code answers and 8 dead ones", answers)
		}
	})
}

// TestPhoneCodeSendTellsNothing: asking for a code answers the same for a number with an account
// and one without (status, fields and values but the number); whether the account is new is told
// only once the code is verified, and the name is asked then (POST /api/user/name).
func TestPhoneCodeSendTellsNothing(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		s.phoneShopper("9812345678")
		s.clock.advance(otp.ResendAfter)
		c := s.client()
		known, _ := s.client().sendCode("9812345678")
		unknown, code := c.sendCode("9812345679")
		for _, r := range []response{known, unknown} {
			delete(r.body, "phone")
		}
		if known.status != unknown.status || fmt.Sprint(known.body) != fmt.Sprint(unknown.body) {
			t.Fatalf("known number: %d %v; unknown: %d %v", known.status, known.body, unknown.status, unknown.body)
		}
		r := c.verify("9812345679", code, "")
		want(t, r, 200, "Account Created")
		if r.body["newAccount"] != true {
			t.Fatalf("verify answer: %s", r.raw)
		}
		want(t, c.post("/api/user/name", map[string]string{"name": "  "}), 400, "Name is required")
		want(t, c.post("/api/user/name", map[string]string{"name": strings.Repeat("n", haat.MaxNameBytes+1)}), 400, "Name is too long")
		r = c.post("/api/user/name", map[string]string{"name": " Gita Rai "})
		want(t, r, 200, "Name saved")
		if u := c.user(); u["name"] != "Gita Rai" || u["phone"] != "9812345679" {
			t.Fatalf("user %v", u)
		}
		want(t, s.client().post("/api/user/name", map[string]string{"name": "Gita Rai"}), 401)
	})
}

// TestPhoneCodeIsTheAskingBrowsers: a code is kept for the browser that asked for it; someone else
// asking for a code for the same number, or guessing at it, neither ends the owner's code nor spends
// its tries.
func TestPhoneCodeIsTheAskingBrowsers(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		owner, attacker := s.client(), s.client()
		r, code := owner.sendCode("9812345678", "X-Forwarded-For", "198.51.100.7")
		want(t, r, 200)
		if r.cookie("haat_otp") == nil || !r.cookie("haat_otp").HttpOnly {
			t.Fatalf("no sign-in code cookie: %v", r.header.Values("Set-Cookie"))
		}
		// Another browser guesses without a code of its own: nothing to try.
		for range otp.MaxTries + 1 {
			want(t, attacker.verify("9812345678", wrong(code), ""), 400, "That code has expired; ask for a new one")
		}
		// It asks for one (the SMS goes to the owner) and spends its tries on it.
		_, theirs := attacker.sendCode("9812345678", "X-Forwarded-For", "203.0.113.66")
		for range otp.MaxTries {
			attacker.verify("9812345678", wrong(theirs), "")
		}
		want(t, attacker.verify("9812345678", code, ""), 400, "Too many wrong codes; ask for a new one")
		// The owner's code lives on.
		want(t, owner.verify("9812345678", code, ""), 200, "Account Created")
		// A code signs in once, and signing in ends the number's other codes.
		want(t, attacker.verify("9812345678", theirs, ""), 400, "That code has expired; ask for a new one")
	}, withClientIPHeader("X-Forwarded-For"))
}

func TestPhoneCodeNotSent(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.client()
		s.texts.fail = true
		want(t, c.post("/api/user/otp/send", map[string]string{"phone": "9812345678"}), 503, "The code could not be sent; try again in a moment")
		want(t, c.verify("9812345678", "123456", ""), 400, "That code has expired; ask for a new one")
		// The failure counted against no limit: the shopper asks again at once.
		s.texts.fail = false
		r, code := c.sendCode("9812345678")
		want(t, r, 200)
		want(t, c.verify("9812345678", code, ""), 200)
	})
}

func TestPhoneCodeShownInDevelopment(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		r, code := s.client().sendCode("9812345678")
		want(t, r, 200)
		if r.body["devCode"] != code {
			t.Fatalf("devCode %v, texted %s", r.body["devCode"], code)
		}
	}, func(srv *api.Server) { srv.PhoneSignIn.(*otp.Service).ShowCode = true })
}
