package payment_test

import (
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"haat"
	"haat/api"
	"haat/payment"
	"haat/sqlstore"
	"haat/sqlstore/sqlstoretest"
)

// TestReturnPagesAnswerSettledAttempts: the return and failure pages ask the provider about an
// attempt only while it is pending; for one settled already (paid, cancelled, superseded) they
// answer from the store, however often the shopper's browser comes back.
func TestReturnPagesAnswerSettledAttempts(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		t.Run("khalti", func(t *testing.T) {
			k := &khaltiAPI{statuses: map[string]string{}}
			kpg := httptest.NewServer(k)
			defer kpg.Close()
			p, _ := payment.NewKhalti(payment.KhaltiConfig{SecretKey: "test-secret", APIURL: kpg.URL + "/api/v2/"})
			g, srv, client := serveCallbacks(t, db, p)
			back := func(pidx string) string {
				t.Helper()
				res, err := client.Get(srv.URL + "/api/payment/khalti/return?pidx=" + pidx + "&status=Completed")
				if err != nil {
					t.Fatal(err)
				}
				res.Body.Close()
				return strings.TrimPrefix(res.Header.Get("Location"), srv.URL)
			}
			lookups := func() int { k.mu.Lock(); defer k.mu.Unlock(); return k.lookups }
			begin := func(o *haat.Order) string {
				t.Helper()
				if _, err := g.Begin(ctx, o, "khalti", ""); err != nil {
					t.Fatal(err)
				}
				return fmt.Sprintf("pidx%d", len(k.initiate))
			}

			for _, tc := range []struct {
				status, to string
			}{{"Completed", "/loader?next=my-orders"}, {"User canceled", "/cart"}, {"Expired", "/cart"}} {
				_, o := sqlstoretest.OnlineOrderIn(t, db, strings.ReplaceAll(tc.status, " ", "")+"@example.com", haat.NPR)
				pidx := begin(o)
				k.set(pidx, tc.status)
				if to := back(pidx); to != tc.to {
					t.Fatalf("%s: first return to %s, want %s", tc.status, to, tc.to)
				}
				asked := lookups()
				for range 3 {
					if to := back(pidx); to != tc.to {
						t.Fatalf("%s: return again to %s, want %s", tc.status, to, tc.to)
					}
				}
				if n := lookups() - asked; n != 0 {
					t.Errorf("%s: returns to a settled attempt asked Khalti %d times, want none", tc.status, n)
				}
			}

			// Paying again supersedes the first attempt: its return asks nothing; the pending one is
			// still looked up.
			_, o := sqlstoretest.OnlineOrderIn(t, db, "again@example.com", haat.NPR)
			first := begin(o)
			second := begin(o)
			asked := lookups()
			back(first)
			if n := lookups() - asked; n != 0 {
				t.Errorf("the return to a superseded attempt asked Khalti %d times, want none", n)
			}
			back(second)
			if n := lookups() - asked; n != 1 {
				t.Errorf("the return to a pending attempt asked Khalti %d times, want once", n)
			}
		})

		t.Run("esewa", func(t *testing.T) {
			status := &esewaStatus{statuses: map[string]string{}, amounts: map[string]string{}}
			esewa := httptest.NewServer(status)
			defer esewa.Close()
			p, _ := payment.NewEsewa(payment.EsewaConfig{ProductCode: esewaProduct, SecretKey: esewaSecret,
				FormURL: payment.EsewaUATFormURL, StatusURL: esewa.URL + "/api/epay/transaction/status/"})
			g, srv, client := serveCallbacks(t, db, p)
			get := func(path string) string {
				t.Helper()
				res, err := client.Get(srv.URL + path)
				if err != nil {
					t.Fatal(err)
				}
				res.Body.Close()
				if res.StatusCode != http.StatusSeeOther {
					t.Fatalf("GET %s: %d", path, res.StatusCode)
				}
				return strings.TrimPrefix(res.Header.Get("Location"), srv.URL)
			}
			asked := func() int { status.mu.Lock(); defer status.mu.Unlock(); return len(status.asked) }
			begin := func(email string) string {
				t.Helper()
				_, o := sqlstoretest.OnlineOrderIn(t, db, email, haat.NPR)
				redirect, err := g.Begin(ctx, o, "esewa", "")
				if err != nil {
					t.Fatal(err)
				}
				return redirect[strings.LastIndex(redirect, "/")+1:] // the attempt's id is eSewa's transaction_uuid
			}

			paid := begin("paid@example.com")
			status.set(paid, "COMPLETE")
			success := "/api/payment/esewa/return?data=" + url.QueryEscape(esewaAnswer(esewaSecret, esewaFields(paid, "601.8"), esewaNames))
			if to := get(success); to != "/loader?next=my-orders" {
				t.Fatalf("paid: to %s", to)
			}
			before := asked()
			for _, path := range []string{success, success, "/api/payment/esewa/failure?ref=" + paid} {
				if to := get(path); to != "/loader?next=my-orders" {
					t.Fatalf("%s of a paid attempt: to %s", path, to)
				}
			}
			if n := asked() - before; n != 0 {
				t.Errorf("returns to a paid attempt asked eSewa %d times, want none", n)
			}

			cancelled := begin("cancelled@example.com")
			status.set(cancelled, "CANCELED")
			failure := "/api/payment/esewa/failure?ref=" + cancelled
			if to := get(failure); to != "/cart" {
				t.Fatalf("cancelled: to %s", to)
			}
			before = asked()
			for range 3 {
				if to := get(failure); to != "/cart" {
					t.Fatalf("failure page of a cancelled attempt: to %s", to)
				}
			}
			if n := asked() - before; n != 0 {
				t.Errorf("failure pages of a cancelled attempt asked eSewa %d times, want none", n)
			}
		})
	})
}

// TestReturnPagesLimited: one client address gets haat.PaymentReturnsPerAddress return and
// failure pages a minute, then 429 with Retry-After; another address, and the provider's other
// pages, are not held up by it.
func TestReturnPagesLimited(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		k := &khaltiAPI{statuses: map[string]string{}}
		kpg := httptest.NewServer(k)
		defer kpg.Close()
		khalti, _ := payment.NewKhalti(payment.KhaltiConfig{SecretKey: "test-secret", APIURL: kpg.URL + "/api/v2/"})
		esewa, _ := payment.NewEsewa(payment.EsewaConfig{ProductCode: esewaProduct, SecretKey: esewaSecret,
			FormURL: payment.EsewaUATFormURL, StatusURL: kpg.URL + "/status/"})
		g, _ := newGateway(db, khalti, esewa)
		srv := httptest.NewServer((&api.Server{Payments: g, Limiter: db, ClientIPHeader: "X-Forwarded-For",
			Logger: slog.New(slog.DiscardHandler)}).Handler())
		defer srv.Close()
		client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		get := func(path, from string) *http.Response {
			t.Helper()
			req, _ := http.NewRequest("GET", srv.URL+path, nil)
			req.Header.Set("X-Forwarded-For", from)
			res, err := client.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			return res
		}
		const flooder, other = "203.0.113.7", "198.51.100.20"
		pages := []string{"/api/payment/khalti/return?pidx=nope", "/api/payment/esewa/failure?ref=nope"}
		for i := range haat.PaymentReturnsPerAddress {
			if res := get(pages[i%len(pages)], flooder); res.StatusCode != http.StatusSeeOther {
				t.Fatalf("return page %d: %d", i+1, res.StatusCode)
			}
		}
		for _, page := range append(pages, "/api/payment/esewa/return?data=x") {
			res := get(page, flooder)
			retry, _ := strconv.Atoi(res.Header.Get("Retry-After"))
			if res.StatusCode != http.StatusTooManyRequests || retry < 1 || retry > 60 {
				t.Fatalf("%s past the limit: %d, Retry-After %q", page, res.StatusCode, res.Header.Get("Retry-After"))
			}
		}
		if res := get(pages[0], other); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("another address: %d", res.StatusCode)
		}
		// The page that sends the shopper to eSewa is no return page: it is not counted.
		if res := get("/api/payment/esewa/pay/nope", flooder); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("pay page from the flooding address: %d", res.StatusCode)
		}
	})
}
