package bench

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"haat"
	"haat/sqlstore"
	"haat/sqlstore/sqlstoretest"
)

// reliabilityRun skips the long runs of real servers (the soak, the crash, the backup, the two
// servers and the faults) unless HAAT_SOAK=1: `make soak` runs them, and CI once, apart from
// `make test`.
func reliabilityRun(t *testing.T) {
	t.Helper()
	if os.Getenv("HAAT_SOAK") != "1" {
		t.Skip("runs with make soak (HAAT_SOAK=1)")
	}
}

// TestSoak is the store under a crowd: HAAT_SOAK_SHOPPERS shoppers (200) for HAAT_SOAK_SECONDS
// (60) browse, change their carts and place cash and online orders (paid on the test payment
// page), on SQLite, on PostgreSQL, and on two servers sharing one PostgreSQL. It checks: no 5xx;
// every order answered is stored exactly once, with the items asked for and an amount that is
// its bill; each cart ends as its last answered change; counted stock never goes below zero and
// equals what it was less the units of the orders stored. `make soak` runs it (HAAT_SOAK=1);
// docs/RELIABILITY.md keeps its last figures.
func TestSoak(t *testing.T) {
	reliabilityRun(t)
	shoppers, seconds := envInt("HAAT_SOAK_SHOPPERS", 200), envInt("HAAT_SOAK_SECONDS", 60)
	bin := buildServer(t)
	runs := []struct {
		name    string
		dialect string
		servers int
	}{{"sqlite", sqlstore.SQLite, 1}, {"postgres", sqlstore.Postgres, 1}, {"postgres, two servers", sqlstore.Postgres, 2}}
	for _, run := range runs {
		t.Run(run.name, func(t *testing.T) {
			if run.dialect == sqlstore.Postgres && !sqlstoretest.HavePostgres() {
				t.Skip("HAAT_TEST_POSTGRES is not set: PostgreSQL NOT SOAKED")
			}
			dsn, dir := sqlstoretest.NewDatabase(t, run.dialect)
			env := []string{"HAAT_CLIENT_IP_HEADER=X-Forwarded-For", "HAAT_PAYMENT_SANDBOX=true"}
			if run.servers > 1 {
				env = append(env, startS3(t)...)
			}
			servers := []*haatServer{startHaat(t, bin, dsn, dir, env...)}
			for len(servers) < run.servers {
				servers = append(servers, startHaat(t, bin, dsn, t.TempDir(), env...))
			}
			soak(t, servers, openStored(t, dsn, dir), shoppers, time.Duration(seconds)*time.Second)
			for _, s := range servers {
				s.stop(t)
			}
		})
	}
}

// soakShopper is one shopper of the crowd and what the store answered them.
type soakShopper struct {
	c       *client
	address string
	cart    map[string]int   // the cart as last answered
	asked   []map[string]int // the items of each order answered
}

// soakCounts are the crowd's requests by outcome.
type soakCounts struct {
	requests, failures5xx, refused, orders, online atomic.Int64

	mu      sync.Mutex
	byRoute map[string][]time.Duration // the time of each answer, by route
}

func (n *soakCounts) took(route string, d time.Duration) {
	n.mu.Lock()
	n.byRoute[route] = append(n.byRoute[route], d)
	n.mu.Unlock()
}

func soak(t *testing.T, servers []*haatServer, db *sql.DB, shoppers int, length time.Duration) {
	hc := newHTTPClient(shoppers)
	products := uncounted(t, hc, servers[0].url)
	products = products[:min(len(products), 20)]
	// A few products count their units, few enough to run out during the soak.
	counted := products[:4]
	const units = 150
	for _, id := range counted {
		if _, err := db.Exec(`UPDATE products SET stock = $1, version = version + 1 WHERE id = $2`, units, id); err != nil {
			t.Fatal(err)
		}
	}
	crowd := make([]*soakShopper, shoppers)
	var wg sync.WaitGroup
	for i := range crowd {
		wg.Go(func() {
			c := &client{http: hc, base: servers[i%len(servers)].url, forwardedFor: fmt.Sprintf("10.%d.%d.%d", i/65536, i/256%256, i%256)}
			c.email = fmt.Sprintf("soak%d-%d@example.com", i, time.Now().UnixNano())
			if _, err := c.call(t.Context(), "POST", "/api/user/register", map[string]string{"name": "Soak " + strconv.Itoa(i), "email": c.email, "password": "long enough"}, nil); err != nil {
				t.Error(err)
				return
			}
			address := map[string]any{"address": map[string]string{"firstName": "Sita", "lastName": "Gurung", "email": c.email,
				"street": "Lakeside 4", "city": "Kathmandu", "state": "Bagmati", "zipcode": "44600", "country": "Nepal", "phone": "9811111111"}}
			var added struct {
				Address struct {
					ID string `json:"_id"`
				} `json:"address"`
			}
			if _, err := c.call(t.Context(), "POST", "/api/address/add", address, &added); err != nil {
				t.Error(err)
				return
			}
			crowd[i] = &soakShopper{c: c, address: added.Address.ID, cart: map[string]int{}}
		})
	}
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}

	n := &soakCounts{byRoute: map[string][]time.Duration{}}
	deadline := time.Now().Add(length)
	began := time.Now()
	for i, s := range crowd {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(i), 7))
			for time.Now().Before(deadline) {
				soakStep(t, rng, s, products, n)
			}
		})
	}
	wg.Wait()
	took := time.Since(began)

	// What the store kept.
	if n.failures5xx.Load() > 0 {
		t.Errorf("%d answers 5xx", n.failures5xx.Load())
	}
	stored := 0
	for _, s := range crowd {
		var mine struct {
			Orders []haat.Order `json:"orders"`
		}
		if _, err := s.c.call(context.Background(), "GET", "/api/order/user", nil, &mine); err != nil {
			t.Fatal(err)
		}
		stored += len(mine.Orders)
		if len(mine.Orders) != len(s.asked) {
			t.Errorf("%s: %d orders answered, %d stored", s.c.email, len(s.asked), len(mine.Orders))
			continue
		}
		for _, o := range mine.Orders {
			got := map[string]int{}
			for _, it := range o.Items {
				got[it.Product.ID] = it.Quantity
			}
			if i := slices.IndexFunc(s.asked, func(a map[string]int) bool { return mapsEqual(a, got) }); i < 0 {
				t.Errorf("%s: order %s holds %v, which was not asked for (or twice)", s.c.email, o.ID, got)
			} else {
				s.asked = slices.Delete(s.asked, i, i+1)
			}
			if o.Bill.Total != o.Amount {
				t.Errorf("order %s: amount %d, its bill %d", o.ID, o.Amount, o.Bill.Total)
			}
		}
		var me struct {
			User struct {
				CartItems map[string]int `json:"cartItems"`
			} `json:"user"`
		}
		if _, err := s.c.call(context.Background(), "GET", "/api/user/is-auth", nil, &me); err != nil {
			t.Fatal(err)
		}
		if !mapsEqual(me.User.CartItems, s.cart) {
			t.Errorf("%s: cart %v, last answered %v", s.c.email, me.User.CartItems, s.cart)
		}
	}
	for _, id := range counted {
		var left, ordered int
		if err := db.QueryRow(`SELECT stock FROM products WHERE id = $1`, id).Scan(&left); err != nil {
			t.Fatal(err)
		}
		if err := db.QueryRow(`SELECT COALESCE(SUM(quantity), 0) FROM order_items WHERE product_id = $1`, id).Scan(&ordered); err != nil {
			t.Fatal(err)
		}
		if left < 0 || left+ordered != units {
			t.Errorf("product %s: %d left and %d in orders, of %d", id, left, ordered, units)
		}
	}
	report := fmt.Sprintf("%d shoppers, %d server(s), %s: %d requests (%.0f/s), %d orders stored (%d online, paid on the test page), %d refused (4xx), %d 5xx",
		len(crowd), len(servers), took.Round(time.Second), n.requests.Load(), float64(n.requests.Load())/took.Seconds(), stored, n.online.Load(),
		n.refused.Load(), n.failures5xx.Load())
	for _, route := range slices.Sorted(mapsKeys(n.byRoute)) {
		d := n.byRoute[route]
		slices.Sort(d)
		report += fmt.Sprintf("\n  %-28s %6d  p50 %6.1f ms  p99 %6.1f ms", route, len(d), ms(d[len(d)/2]), ms(d[len(d)*99/100]))
	}
	t.Log(report)
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func mapsKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

func mapsEqual(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// soakStep is one thing a shopper does: mostly browse, often change the cart, sometimes order.
func soakStep(t *testing.T, rng *rand.Rand, s *soakShopper, products []string, n *soakCounts) {
	do := func(route, method, path string, body any) (int, []byte) {
		start := time.Now()
		st, data := s.c.raw(method, path, body)
		n.took(route, time.Since(start))
		n.requests.Add(1)
		switch {
		case st >= 500 || st == 0:
			n.failures5xx.Add(1)
			t.Errorf("%s %s: %d %s", method, path, st, data)
		case st >= 400:
			n.refused.Add(1)
		}
		return st, data
	}
	switch r := rng.IntN(100); {
	case r < 45:
		do("GET search", "GET", "/api/product/search?limit=24&q="+url.QueryEscape([]string{"", "rice", "milk", "a"}[rng.IntN(4)]), nil)
	case r < 55:
		do("GET list", "GET", "/api/product/list", nil)
	case r < 85:
		cart := map[string]int{}
		for range 1 + rng.IntN(3) {
			cart[products[rng.IntN(len(products))]] = 1 + rng.IntN(3)
		}
		if st, _ := do("POST cart", "POST", "/api/cart/update", map[string]any{"cartItems": cart}); st == 200 {
			s.cart = cart
		}
	default:
		if len(s.cart) == 0 {
			return
		}
		items := []map[string]any{}
		for id, q := range s.cart {
			items = append(items, map[string]any{"product": id, "quantity": q})
		}
		body := map[string]any{"items": items, "address": s.address}
		if rng.IntN(3) > 0 {
			if st, _ := do("POST order/cod", "POST", "/api/order/cod", body); st == 200 {
				s.asked = append(s.asked, s.cart)
				s.cart = map[string]int{} // a cash order empties the cart
				n.orders.Add(1)
			}
			return
		}
		body["method"] = "sandbox"
		st, data := do("POST order/stripe", "POST", "/api/order/stripe", body)
		if st != 200 {
			return
		}
		s.asked = append(s.asked, s.cart)
		var page struct {
			URL string `json:"url"`
		}
		json.Unmarshal(data, &page)
		if st, data := s.c.form(page.URL, url.Values{"action": {"pay"}}); st != http.StatusSeeOther {
			t.Errorf("paying on the test page: %d %s", st, data)
			return
		}
		s.cart = map[string]int{} // paid: the cart is emptied
		n.online.Add(1)
	}
}

// raw sends a request as the client and returns the status and body, whatever they are.
func (c *client) raw(method, path string, body any) (int, []byte) {
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, c.base+path, r)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	c.headers(req)
	res, err := c.http.Do(req)
	if err != nil {
		return 0, []byte(err.Error())
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	return res.StatusCode, data
}

// form posts a form to page (an address the store answered) as the client, following no redirect.
func (c *client) form(page string, v url.Values) (int, []byte) {
	req, _ := http.NewRequest("POST", page, strings.NewReader(v.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	c.headers(req)
	res, err := c.http.Transport.RoundTrip(req)
	if err != nil {
		return 0, []byte(err.Error())
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	return res.StatusCode, data
}
