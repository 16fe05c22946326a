package api_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"haat"
	"haat/api"
	"haat/notify"
	"haat/otp"
	"haat/sms"
)

var codeInText = regexp.MustCompile(`^(\d{6}) is your sign-in code`)

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
		s.clock.advance(haat.OTPResendAfter)
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
		s.clock.advance(haat.OTPResendAfter)
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
		s.clock.advance(haat.OTPValidFor - time.Second)
		want(t, c.verify("9812345678", wrong(code), ""), 400, "Wrong code; 4 tries left")
		s.clock.advance(time.Second)
		want(t, c.verify("9812345678", code, ""), 400, "That code has expired; ask for a new one")
		// A new code works, and ends the old one.
		_, old := c.sendCode("9812345678")
		s.clock.advance(haat.OTPResendAfter)
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
		s.clock.advance(haat.OTPResendAfter)
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

func TestPhoneCodeLimitsPerNumber(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.client()
		r, _ := c.sendCode("9812345678")
		want(t, r, 200)
		r, _ = c.sendCode("9812345678")
		want(t, r, 429, "Wait 60 seconds before asking for a new code")
		if r.header.Get("Retry-After") != "60" {
			t.Fatalf("Retry-After %q", r.header.Get("Retry-After"))
		}
		// Another number is not held up.
		want(t, first(c.sendCode("9812345679")), 200)
		for range haat.OTPPerNumber - 1 {
			s.clock.advance(haat.OTPResendAfter)
			want(t, first(c.sendCode("9812345678")), 200)
		}
		s.clock.advance(haat.OTPResendAfter)
		r, _ = c.sendCode("9812345678")
		want(t, r, 429, "Too many codes asked for this number; try again in 55 minutes")
		if r.header.Get("Retry-After") != "3300" {
			t.Fatalf("Retry-After %q", r.header.Get("Retry-After"))
		}
		s.clock.advance(55 * time.Minute)
		want(t, first(c.sendCode("9812345678")), 200)
	})
}

func first(r response, _ string) response { return r }

func TestPhoneCodeLimitsPerAddress(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.client()
		from := func(ip string) []string { return []string{"X-Forwarded-For", ip} }
		// Refused input counts nothing.
		for range 3 {
			want(t, c.post("/api/user/otp/send", map[string]string{"phone": "123"}, from("203.0.113.9")...), 400)
		}
		for i := range haat.OTPPerAddress {
			want(t, first(c.sendCode(fmt.Sprintf("98000000%02d", i), from("203.0.113.9")...)), 200)
		}
		r, _ := c.sendCode("9800000099", from("203.0.113.9")...)
		want(t, r, 429, "Too many codes asked from your network; try again in 60 minutes")
		if r.header.Get("Retry-After") == "" {
			t.Fatal("no Retry-After")
		}
		want(t, first(c.sendCode("9800000099", from("198.51.100.7")...)), 200)
	}, withClientIPHeader("X-Forwarded-For"))
}

// TestPhoneCodeLoopbackUnlimited: in development the store's own machine (the browser tests) is
// not limited per address.
func TestPhoneCodeLoopbackUnlimited(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.client()
		for i := range haat.OTPPerAddress + 2 {
			want(t, first(c.sendCode(fmt.Sprintf("98000000%02d", i))), 200)
		}
	})
}

// TestLoopbackLimitedInProduction: a store behind a reverse proxy on its own host sees every
// request come from loopback; without HAAT_ENV=development loopback is held to the per-address
// limits of sign-in codes and sign-ups like any address.
func TestLoopbackLimitedInProduction(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.client()
		for i := range haat.OTPPerAddress {
			want(t, first(c.sendCode(fmt.Sprintf("98000000%02d", i))), 200)
		}
		want(t, first(c.sendCode("9800000099")), 429, "Too many codes asked from your network; try again in 60 minutes")
		for i := range haat.SignUpsPerAddress {
			want(t, s.client().post("/api/user/register", map[string]string{"name": "Sita", "email": fmt.Sprintf("sita%d@example.com", i),
				"password": shopperPassword}), 200)
		}
		want(t, s.client().post("/api/user/register", map[string]string{"name": "Sita", "email": "ravi@example.com", "password": shopperPassword}),
			429, "Too many sign-ups from your network. Please try again in 60 minutes.")
	}, inProduction)
}

// TestPhoneCodeSendTellsNothing: asking for a code answers the same for a number with an account
// and one without (status, fields and values but the number); whether the account is new is told
// only once the code is verified, and the name is asked then (POST /api/user/name).
func TestPhoneCodeSendTellsNothing(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		s.phoneShopper("9812345678")
		s.clock.advance(haat.OTPResendAfter)
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

// TestPhoneCodeLimitsTieToWhoAsks: the limits of a number are counted per number and client
// address, so that someone else asking for the owner's number cannot keep the owner from a code.
func TestPhoneCodeLimitsTieToWhoAsks(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		from := func(ip string) []string { return []string{"X-Forwarded-For", ip} }
		const attacker, owner = "203.0.113.66", "198.51.100.7"
		c := s.client()
		for i := range haat.OTPPerNumber {
			if i > 0 {
				s.clock.advance(haat.OTPResendAfter)
			}
			want(t, first(c.sendCode("9812345678", from(attacker)...)), 200)
		}
		want(t, first(c.sendCode("9812345678", from(attacker)...)), 429, "Wait 60 seconds before asking for a new code")
		s.clock.advance(haat.OTPResendAfter)
		want(t, first(c.sendCode("9812345678", from(attacker)...)), 429, "Too many codes asked for this number; try again in 55 minutes")
		// The owner, elsewhere, gets a code at once and signs in with it.
		home := s.client()
		r, code := home.sendCode("9812345678", from(owner)...)
		want(t, r, 200)
		want(t, home.verify("9812345678", code, ""), 200, "Account Created")
	}, withClientIPHeader("X-Forwarded-For"))
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
		for range haat.OTPMaxTries + 1 {
			want(t, attacker.verify("9812345678", wrong(code), ""), 400, "That code has expired; ask for a new one")
		}
		// It asks for one (the SMS goes to the owner) and spends its tries on it.
		_, theirs := attacker.sendCode("9812345678", "X-Forwarded-For", "203.0.113.66")
		for range haat.OTPMaxTries {
			attacker.verify("9812345678", wrong(theirs), "")
		}
		want(t, attacker.verify("9812345678", code, ""), 400, "Too many wrong codes; ask for a new one")
		// The owner's code lives on.
		want(t, owner.verify("9812345678", code, ""), 200, "Account Created")
		// A code signs in once, and signing in ends the number's other codes.
		want(t, attacker.verify("9812345678", theirs, ""), 400, "That code has expired; ask for a new one")
	}, withClientIPHeader("X-Forwarded-For"))
}

// TestSMSCeiling: the store sends at most HAAT_SMS_PER_HOUR codes an hour, across servers (the
// count is in the database); beyond it a code is refused with 503 and nothing is sent, and
// /metrics counts the codes sent and refused.
func TestSMSCeiling(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		for i := range 3 {
			want(t, first(s.client().sendCode(fmt.Sprintf("980000000%d", i), "X-Forwarded-For", fmt.Sprintf("203.0.113.%d", i+1))), 200)
		}
		// A second server on the same database shares the count.
		other := newServer(t, s.db, withSMSPerHour(3), withClientIPHeader("X-Forwarded-For")) // the database now keeps its clock
		other.texts = s.texts
		c := other.client()
		r := c.post("/api/user/otp/send", map[string]string{"phone": "9800000009"}, "X-Forwarded-For", "198.51.100.7")
		want(t, r, 503, "Too many codes are being sent right now; try again in a few minutes")
		if s.texts.last("9800000009") != "" {
			t.Fatal("a code was sent beyond the ceiling")
		}
		r = s.client().do("GET", "/metrics", nil, "", "Authorization", "Bearer "+metricsToken)
		for _, line := range []string{`haat_sms_codes_total{outcome="sent"} 3`, `haat_sms_codes_total{outcome="refused"} 0`} {
			if !strings.Contains(string(r.raw), line) {
				t.Errorf("/metrics lacks %s", line)
			}
		}
		want(t, first(s.client().sendCode("9800000008", "X-Forwarded-For", "198.51.100.8")), 503)
		r = s.client().do("GET", "/metrics", nil, "", "Authorization", "Bearer "+metricsToken)
		if !strings.Contains(string(r.raw), `haat_sms_codes_total{outcome="refused"} 1`) {
			t.Errorf("/metrics lacks the refused code: %s", r.raw)
		}
		// The refused request counted against none of its limits: the next hour it is sent.
		s.clock.advance(time.Hour)
		other.clock.advance(time.Hour)
		want(t, first(s.client().sendCode("9800000008", "X-Forwarded-For", "198.51.100.8")), 200)
	}, withSMSPerHour(3), withMetrics, withClientIPHeader("X-Forwarded-For"))
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

// smsStandIn is a Sparrow SMS stand-in, or an Aakash SMS one: it answers the provider's documented
// bodies and keeps what it queued; refuse makes it answer Sparrow's refusal.
type smsStandIn struct {
	mu     sync.Mutex
	queued []url.Values
	refuse bool
	aakash bool
}

func (p *smsStandIn) start(t *testing.T) string {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw, _ := io.ReadAll(r.Body)
		form, _ := url.ParseQuery(string(raw))
		p.mu.Lock()
		defer p.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		if p.refuse {
			w.WriteHeader(403)
			io.WriteString(w, `{"response_code":1013,"response":"Insufficient Credits"}`)
			return
		}
		p.queued = append(p.queued, form)
		if p.aakash {
			io.WriteString(w, `{"error": false, "message": "1 messages has been queued for delivery.", "data": {"valid": [{"id": 1,
				"mobile": "`+form.Get("to")+`", "credit": 1, "network": "ncell", "status": "queued"}], "invalid": []}}`)
			return
		}
		io.WriteString(w, `{"count": 1, "response_code": 200, "response": "1 mesages has been queued for delivery"}`)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

func (p *smsStandIn) texts() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []string
	for _, f := range p.queued {
		out = append(out, f.Get("to")+": "+f.Get("text"))
	}
	return out
}

func TestOrderTexts(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		stand := &smsStandIn{}
		sender := &sms.Sparrow{Token: "tok", From: "Haat", URL: stand.start(t)}
		send := func() error { return notify.SendTexts(ctx, s.db, sender) }

		// The texts name the store as its seller calls it.
		want(t, s.seller().post("/api/seller/settings", map[string]any{"store": map[string]any{"name": "Patan Fresh"}}), 200)
		phone := s.phoneShopper("9812345678")
		email := s.shopper("")
		var ids []string
		for _, c := range []*client{phone, email} {
			r := c.post("/api/order/cod", order(s.rice.ID, 1, c.addAddress()))
			want(t, r, 200)
			orders := c.orders()
			ids = append(ids, orders[0].(map[string]any)["_id"].(string))
		}
		number := int64(phone.orders()[0].(map[string]any)["number"].(float64))

		// A provider that refuses fails no order: the seller moves it on, the text waits.
		stand.refuse = true
		if err := send(); err == nil || !strings.Contains(err.Error(), "Insufficient Credits") {
			t.Fatalf("send with a refusing provider: %v", err)
		}
		seller := s.seller()
		for _, st := range []haat.OrderStatus{haat.StatusPacked, haat.StatusOutForDelivery} {
			for _, id := range ids {
				want(t, seller.post("/api/order/status", map[string]string{"id": id, "status": string(st)}), 200)
			}
		}
		stand.refuse = false
		if err := send(); err != nil {
			t.Fatal(err)
		}
		for _, id := range ids {
			want(t, seller.post("/api/order/status", map[string]string{"id": id, "status": string(haat.StatusDelivered)}), 200)
		}
		if err := send(); err != nil {
			t.Fatal(err)
		}
		if err := send(); err != nil { // nothing is sent twice
			t.Fatal(err)
		}
		wantTexts := []string{
			fmt.Sprintf("9812345678: Patan Fresh: your order #%d is placed. We will text you when it is on its way.", number),
			fmt.Sprintf("9812345678: Patan Fresh: your order #%d is out for delivery.", number),
			fmt.Sprintf("9812345678: Patan Fresh: your order #%d is delivered. Thank you for shopping with us!", number),
		}
		if got := stand.texts(); strings.Join(got, "\n") != strings.Join(wantTexts, "\n") {
			t.Fatalf("texts:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(wantTexts, "\n"))
		}
	})
}

func TestOrderTextGivenUp(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		stand := &smsStandIn{refuse: true}
		sender := &sms.Sparrow{Token: "tok", From: "Haat", URL: stand.start(t)}
		phone := s.phoneShopper("9812345678")
		want(t, phone.post("/api/order/cod", order(s.rice.ID, 1, phone.addAddress())), 200)
		for range haat.MaxOrderTextTries {
			if err := notify.SendTexts(ctx, s.db, sender); err == nil {
				t.Fatal("no error from a refusing provider")
			}
		}
		stand.refuse = false
		if err := notify.SendTexts(ctx, s.db, sender); err != nil {
			t.Fatal(err)
		}
		if got := stand.texts(); len(got) != 0 {
			t.Fatalf("sent after %d tries: %v", haat.MaxOrderTextTries, got)
		}
	})
}

// TestOrderTextsOnlinePayment: an online order is texted as placed when its payment arrives, not
// when it starts; one whose payment fails is never texted.
func TestOrderTextsOnlinePayment(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		stand := &smsStandIn{aakash: true}
		sender := &sms.Aakash{Token: "tok", URL: stand.start(t)}
		send := func() {
			t.Helper()
			if err := notify.SendTexts(ctx, s.db, sender); err != nil {
				t.Fatal(err)
			}
		}

		c := s.phoneShopper("9812345678")
		addr := c.addAddress()
		paid := c.checkout(addr, "sandbox")
		send()
		if got := stand.texts(); len(got) != 0 {
			t.Fatalf("texted before payment: %v", got)
		}
		failed := c.checkout(addr, "sandbox")
		if st, _ := c.answer(failed, "cancel"); st != 303 {
			t.Fatalf("cancel: %d", st)
		}
		if st, _ := c.answer(paid, "pay"); st != 303 {
			t.Fatalf("pay: %d", st)
		}
		send()
		var number float64
		for _, o := range c.orders() {
			if o := o.(map[string]any); o["isPaid"] == true {
				number = o["number"].(float64)
			}
		}
		// A store without a name sends texts that name none.
		want := []string{fmt.Sprintf("9812345678: Your order #%d is placed. We will text you when it is on its way.", int64(number))}
		if got := stand.texts(); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Fatalf("texts %v, want %v", got, want)
		}
	}, withSandbox)
}
