package api_test

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// failLogins sends n logins to email with a wrong password from c (a shopper login, or a seller
// login for the seller's email).
func failLogins(t *testing.T, c *client, email string, n int, header ...string) {
	t.Helper()
	path := "/api/user/login"
	if email == sellerEmail {
		path = "/api/seller/login"
	}
	for range n {
		want(t, c.post(path, map[string]string{"email": email, "password": "guess"}, header...), 401)
	}
}

// wantRetryAfter fails unless the answer says to retry after about want seconds.
func wantRetryAfter(t *testing.T, r response, want int) {
	t.Helper()
	// The store's clock runs on while the test does: the answer may be that much less.
	got, err := strconv.Atoi(r.header.Get("Retry-After"))
	if err != nil || got > want || got < want-2-int(r.storeAge.Seconds()) {
		t.Fatalf("Retry-After %q, want about %d", r.header.Get("Retry-After"), want)
	}
}

const limited = "Too many failed login attempts. Please try again in 15 minutes."

func TestLoginRateLimit(t *testing.T) {
	right := map[string]string{"email": "sita@example.com", "password": shopperPassword}
	sellerRight := map[string]string{"email": sellerEmail, "password": sellerPassword}

	t.Run("ten failures from one address refuse the account there, not the address", func(t *testing.T) {
		eachStore(t, func(t *testing.T, s *store) {
			s.shopper("sita@example.com")
			s.shopper("ravi@example.com")
			c := s.client()
			failLogins(t, c, " SITA@example.com", 10)
			r := c.post("/api/user/login", right)
			want(t, r, 429, limited)
			wantRetryAfter(t, r, 900)
			if r.cookie("haat_session") != nil {
				t.Fatal("a refused login set a session cookie")
			}
			// The limit is per account and address: another browser there without the account's
			// device cookie is refused too.
			want(t, s.client().post("/api/user/login", right), 429, limited)
			// The same address still logs in to other accounts, and as the seller.
			want(t, c.post("/api/user/login", map[string]string{"email": "ravi@example.com", "password": shopperPassword}), 200)
			want(t, s.client().post("/api/seller/login", sellerRight), 200)
			// Other calls are not limited.
			want(t, s.shopper("").get("/api/user/is-auth"), 200)
		})
	})
	t.Run("the seller login has the same rules", func(t *testing.T) {
		eachStore(t, func(t *testing.T, s *store) {
			s.shopper("sita@example.com")
			c := s.client()
			failLogins(t, c, sellerEmail, 10)
			r := c.post("/api/seller/login", sellerRight)
			want(t, r, 429, limited)
			wantRetryAfter(t, r, 900)
			want(t, c.get("/api/seller/auth-seller"), 401)
			want(t, c.post("/api/user/login", right), 200)
		})
	})
	t.Run("an unknown account is limited like a known one", func(t *testing.T) {
		eachStore(t, func(t *testing.T, s *store) {
			c := s.client()
			failLogins(t, c, "nobody@example.com", 10)
			want(t, c.post("/api/user/login", map[string]string{"email": "nobody@example.com", "password": "guess"}), 429, limited)
		})
	})
	t.Run("nine failures still allow the right password", func(t *testing.T) {
		eachStore(t, func(t *testing.T, s *store) {
			s.shopper("sita@example.com")
			c := s.client()
			failLogins(t, c, "sita@example.com", 9)
			failLogins(t, c, sellerEmail, 9)
			want(t, c.post("/api/user/login", right), 200)
			want(t, s.client().post("/api/seller/login", sellerRight), 200)
		})
	})
	t.Run("a successful login does not reset the count", func(t *testing.T) {
		eachStore(t, func(t *testing.T, s *store) {
			s.shopper("victim@example.com")
			c := s.client()
			guess := map[string]string{"email": "victim@example.com", "password": "guess"}
			for range 9 {
				want(t, c.post("/api/user/login", guess), 401)
			}
			// Browsers without the account's device cookie.
			want(t, s.client().post("/api/user/login", map[string]string{"email": "victim@example.com", "password": shopperPassword}), 200)
			want(t, s.client().post("/api/user/login", guess), 401)
			want(t, s.client().post("/api/user/login", guess), 429)
		})
	})
	t.Run("the window ends after 15 minutes", func(t *testing.T) {
		eachStore(t, func(t *testing.T, s *store) {
			s.shopper("sita@example.com")
			c := s.client()
			failLogins(t, c, "sita@example.com", 10)
			s.clock.advance(14 * time.Minute)
			r := c.post("/api/user/login", right)
			want(t, r, 429)
			wantRetryAfter(t, r, 60)
			s.clock.advance(2 * time.Minute)
			want(t, c.post("/api/user/login", right), 200)
			// A new window: ten more failures are needed to be refused again.
			failLogins(t, c, "sita@example.com", 9)
			want(t, c.post("/api/user/login", right), 200)
		})
	})
	t.Run("failures from other addresses do not refuse the account", func(t *testing.T) {
		eachStore(t, func(t *testing.T, s *store) {
			s.shopper("sita@example.com")
			for i := range 10 {
				failLogins(t, s.client(), "sita@example.com", 1, "X-Forwarded-For", fmt.Sprintf("203.0.113.%d", i+1))
			}
			want(t, s.client().post("/api/user/login", right, "X-Forwarded-For", "198.51.100.7"), 200)
		}, withClientIPHeader("X-Forwarded-For"))
	})
	t.Run("a hundred failures from one address refuse it, not its neighbours", func(t *testing.T) {
		eachStore(t, func(t *testing.T, s *store) {
			s.shopper("sita@example.com")
			c := s.client()
			// A guesser behind the proxy tries ten accounts ten times each, and the seller; the
			// client may put anything first, the proxy appends the address it saw.
			for i := range 9 {
				email := fmt.Sprintf("shopper%d@example.com", i)
				s.shopper(email)
				failLogins(t, c, email, 10, "X-Forwarded-For", fmt.Sprintf("10.9.9.%d, 203.0.113.5", i))
			}
			failLogins(t, c, sellerEmail, 10, "X-Forwarded-For", "203.0.113.5")
			r := c.post("/api/user/login", right, "X-Forwarded-For", "1.2.3.4, 203.0.113.5")
			want(t, r, 429, limited)
			wantRetryAfter(t, r, 900)
			// Another shopper behind another address is not affected.
			want(t, c.post("/api/user/login", right, "X-Forwarded-For", "203.0.113.6"), 200)
		}, withClientIPHeader("X-Forwarded-For"))
	})
	t.Run("a client-address header that is no IP address is ignored", func(t *testing.T) {
		eachStore(t, func(t *testing.T, s *store) {
			s.shopper("sita@example.com")
			c := s.client()
			// The proxy passes the header on as the client sent it: made-up values must not
			// each get a count of their own.
			for i := range 10 {
				email := fmt.Sprintf("shopper%d@example.com", i)
				s.shopper(email)
				for j := range 10 {
					failLogins(t, c, email, 1, "X-Real-Ip", fmt.Sprintf("spoofed-%d-%d", i, j))
				}
			}
			want(t, c.post("/api/user/login", right, "X-Real-Ip", "anything"), 429, limited)
			want(t, c.post("/api/user/login", right), 429, limited)
			want(t, c.post("/api/user/login", right, "X-Real-Ip", "203.0.113.9"), 200)
		}, withClientIPHeader("X-Real-Ip"))
	})
	t.Run("IPv6 addresses count per /64", func(t *testing.T) {
		eachStore(t, func(t *testing.T, s *store) {
			s.shopper("sita@example.com")
			c := s.client()
			// A phone picks a new address of its /64 for every request.
			for i := range 10 {
				email := fmt.Sprintf("shopper%d@example.com", i)
				s.shopper(email)
				for j := range 10 {
					failLogins(t, c, email, 1, "X-Forwarded-For", fmt.Sprintf("2001:db8:1:2:%x::%x", i*10+j, j+1))
				}
			}
			want(t, c.post("/api/user/login", right, "X-Forwarded-For", "2001:db8:1:2:ffff:ffff:ffff:ffff"), 429, limited)
			want(t, c.post("/api/user/login", right, "X-Forwarded-For", "2001:db8:1:3::1"), 200)
		}, withClientIPHeader("X-Forwarded-For"))
	})
	t.Run("oversized and malformed bodies are not counted", func(t *testing.T) {
		eachStore(t, func(t *testing.T, s *store) {
			s.shopper("sita@example.com")
			c := s.client()
			for range 12 {
				want(t, c.post("/api/user/login", `{"email":`), 400)
			}
			want(t, c.post("/api/user/login", right), 200)
		})
	})
}

// TestSignUpRateLimit: one address tries at most 20 sign-ups an hour (a household or an office
// behind one address fits); emails found taken and refused input count too, so that nobody can
// test thousands of emails for an account, or of inputs, for free.
func TestSignUpRateLimit(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		signUp := func(email, addr, password string) response {
			t.Helper()
			return s.client().post("/api/user/register", map[string]string{"name": "Sita", "email": email, "password": password},
				"X-Forwarded-For", addr)
		}
		// Refused input counts.
		for i := range 5 {
			want(t, signUp(fmt.Sprintf("short%d@example.com", i), "203.0.113.5", "short"), 400)
		}
		for i := range 14 {
			want(t, signUp(fmt.Sprintf("sita%d@example.com", i), "203.0.113.5", shopperPassword), 200)
		}
		want(t, signUp("sita0@example.com", "203.0.113.5", shopperPassword), 409)
		r := signUp("ravi@example.com", "203.0.113.5", shopperPassword)
		want(t, r, 429, "Too many sign-ups from your network. Please try again in 60 minutes.")
		wantRetryAfter(t, r, 3600)
		// The same /64 is the same network; another address is not affected.
		for i := range 20 {
			want(t, signUp(fmt.Sprintf("v6-%d@example.com", i), fmt.Sprintf("2001:db8::%x", i+1), shopperPassword), 200)
		}
		want(t, signUp("v6-more@example.com", "2001:db8::ffff:1", shopperPassword), 429)
		want(t, signUp("ravi@example.com", "203.0.113.6", shopperPassword), 200)
		s.clock.advance(59 * time.Minute)
		r = signUp("gita@example.com", "203.0.113.5", shopperPassword)
		want(t, r, 429, "Too many sign-ups from your network. Please try again in 1 minute.")
		wantRetryAfter(t, r, 60)
		s.clock.advance(time.Minute)
		want(t, signUp("gita@example.com", "203.0.113.5", shopperPassword), 200)
	}, withClientIPHeader("X-Forwarded-For"))
}

// TestLoginRateLimitUnderConcurrency sends many wrong passwords at once from one address: no
// more than ten of them may be checked, or the limit can be beaten by sending guesses in parallel.
func TestLoginRateLimitUnderConcurrency(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		s.shopper("sita@example.com")
		const attempts = 40
		statuses := make([]int, attempts)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range attempts {
			wg.Go(func() {
				<-start
				res, err := http.Post(s.server.URL+"/api/user/login", "application/json",
					strings.NewReader(`{"email":"sita@example.com","password":"guess"}`))
				if err != nil {
					t.Error(err)
					return
				}
				res.Body.Close()
				statuses[i] = res.StatusCode
			})
		}
		close(start)
		wg.Wait()
		checked := 0
		for _, st := range statuses {
			switch st {
			case 401:
				checked++
			case 429:
			default:
				t.Fatalf("status %d among %v", st, statuses)
			}
		}
		if checked > 10 {
			t.Errorf("%d of %d parallel wrong passwords were checked; the limit is 10", checked, attempts)
		}
	})
}
