package bench

import (
	"context"
	"os"
	"sort"
	"strconv"
	"sync"
	"testing"
	"time"

	"haat/sqlstore/sqlstoretest"
)

// TestLoad measures cash orders through the real server: HAAT_LOAD_SHOPPERS shoppers (8), each
// with an address, post POST /api/order/cod from HAAT_LOAD_CONNS connections (16) for
// HAAT_LOAD_SECONDS (10), each order a new request with its two lines, as the storefront posts
// it. It reports orders/s, latencies and errors, then checks that every answered order is
// stored exactly once. It runs only with HAAT_LOAD=1, on SQLite and, with HAAT_TEST_POSTGRES, on
// PostgreSQL (HAAT_LOAD_DB=sqlite or postgres picks one):
//
//	HAAT_LOAD=1 go test -run TestLoad -v ./bench
func TestLoad(t *testing.T) {
	if os.Getenv("HAAT_LOAD") == "" {
		t.Skip("HAAT_LOAD is not set")
	}
	sqlstoretest.EachDialect(t, func(t *testing.T, dialect string) {
		if only := os.Getenv("HAAT_LOAD_DB"); only != "" && only != dialect {
			t.Skip("HAAT_LOAD_DB=" + only)
		}
		load(t, dialect, envInt("HAAT_LOAD_SHOPPERS", 8), envInt("HAAT_LOAD_CONNS", 16),
			time.Duration(envInt("HAAT_LOAD_SECONDS", 10))*time.Second)
	})
}

func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}

func load(t *testing.T, dialect string, shoppers, conns int, d time.Duration) {
	bin := buildServer(t)
	dsn, dir := sqlstoretest.NewDatabase(t, dialect)
	srv := startHaat(t, bin, dsn, dir)
	hc := newHTTPClient(conns + shoppers)
	products := twoProducts(t, hc, srv.url)
	clients := make([]*client, shoppers)
	addresses := make([]string, shoppers)
	for i := range clients {
		clients[i], addresses[i] = shopper(t, hc, srv.url, i)
	}

	type result struct {
		lat  []time.Duration
		acks []orderKey
		errs int
		err  error
	}
	results := make([]result, conns)
	var wg sync.WaitGroup
	ctx := context.Background()
	before := loadAverage()
	start := time.Now()
	end := start.Add(d)
	for w := range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := &results[w]
			c := clients[w%shoppers]
			// Each connection numbers its orders apart from the other connections of the shopper.
			for k := w / shoppers; time.Now().Before(end); k += (conns + shoppers - 1) / shoppers {
				t0 := time.Now()
				_, err := c.call(ctx, "POST", "/api/order/cod", orderBody(products, addresses[w%shoppers], k), nil)
				r.lat = append(r.lat, time.Since(t0))
				if err != nil {
					r.errs++
					r.err = err
					continue
				}
				r.acks = append(r.acks, keyOf(c.email, products, k))
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)

	var lat []time.Duration
	var acks []orderKey
	errs := 0
	for _, r := range results {
		lat = append(lat, r.lat...)
		acks = append(acks, r.acks...)
		errs += r.errs
		if r.err != nil {
			t.Logf("an error: %v", r.err)
		}
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	pct := func(p float64) time.Duration { return lat[int(p*float64(len(lat)-1))].Round(100 * time.Microsecond) }
	t.Logf("%s: %d shoppers, %d connections, %s: %d orders, %.0f orders/s, p50 %s, p99 %s, max %s, errors %d; load average %s before, %s after",
		dialect, shoppers, conns, elapsed.Round(time.Millisecond), len(acks), float64(len(acks))/elapsed.Seconds(),
		pct(0.5), pct(0.99), lat[len(lat)-1].Round(100*time.Microsecond), errs, before, loadAverage())
	if errs > 0 {
		t.Errorf("%d requests failed", errs)
	}

	srv.stop(t)
	db := openStored(t, dsn, dir)
	stored, bad := storedOrders(t, db, products)
	if len(bad) > 0 {
		t.Errorf("%d orders stored without their two lines, e.g. %s", len(bad), bad[0])
	}
	missing, twice := 0, 0
	for _, k := range acks {
		switch stored[k] {
		case 0:
			missing++
		case 1:
		default:
			twice++
		}
		delete(stored, k)
	}
	if missing > 0 || twice > 0 || len(stored) > 0 {
		t.Errorf("of %d answered orders %d are missing and %d stored more than once; %d stored orders were not answered",
			len(acks), missing, twice, len(stored))
	}
}
