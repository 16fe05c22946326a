package bench

import (
	"context"
	"sync"
	"testing"
	"time"

	"haat/sqlstore"
	"haat/sqlstore/sqlstoretest"
)

// TestCrashKeepsAnsweredOrders kills the server (SIGKILL) while shoppers place cash orders, starts
// it again on the same data, and checks what it kept: the database is sound, every order the
// server answered 200 for is stored exactly once with its items, no order lacks its items, and
// order numbers follow each other without gaps. Orders sent but not answered when the server died
// may or may not be stored. A killed process leaves what it wrote in the operating system's cache,
// so this checks that the answer comes only after the commit and that the store recovers; that
// the commit reached the disk is SQLite's synchronous=FULL (PostgreSQL's synchronous_commit).
func TestCrashKeepsAnsweredOrders(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the server")
	}
	sqlstoretest.EachDialect(t, func(t *testing.T, dialect string) {
		began := time.Now()
		bin := buildServer(t)
		built := time.Since(began)
		dsn, dir := sqlstoretest.NewDatabase(t, dialect)
		srv := startHaat(t, bin, dsn, dir)
		started := time.Since(began)
		hc := newHTTPClient(16)
		products := twoProducts(t, hc, srv.url)
		const shoppers, workers = 2, 8
		clients := make([]*client, shoppers)
		addresses := make([]string, shoppers)
		for i := range clients {
			clients[i], addresses[i] = shopper(t, hc, srv.url, i)
		}

		var (
			mu      sync.Mutex
			acks    []orderKey
			sent    int
			wg      sync.WaitGroup
			stopped = make(chan struct{})
		)
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		for w := range workers {
			wg.Go(func() {
				c := clients[w%shoppers]
				for k := w / shoppers; ; k += workers / shoppers {
					select {
					case <-stopped:
						return
					default:
					}
					mu.Lock()
					sent++
					mu.Unlock()
					_, err := c.call(ctx, "POST", "/api/order/cod", orderBody(products, addresses[w%shoppers], k), nil)
					if err != nil {
						select {
						case <-stopped: // the server is gone
							return
						default:
							t.Errorf("order before the kill: %v", err)
							return
						}
					}
					mu.Lock()
					acks = append(acks, keyOf(c.email, products, k))
					mu.Unlock()
				}
			})
		}
		// Kill once enough orders are answered, or after a while on a slow machine.
		ready := time.Since(began)
		start := time.Now()
		for {
			time.Sleep(20 * time.Millisecond)
			mu.Lock()
			n := len(acks)
			mu.Unlock()
			if took := time.Since(start); n >= 200 || (n >= 20 && took > 2*time.Second) || took > 15*time.Second {
				break
			}
		}
		close(stopped)
		srv.kill()
		cancel()
		wg.Wait()
		mu.Lock()
		answered, unanswered := len(acks), sent-len(acks)
		mu.Unlock()
		if answered == 0 {
			t.Fatalf("no order answered before the kill\n%s", srv.output())
		}

		// The restarted server recovers the database and serves; then it stops cleanly.
		again := startHaat(t, bin, dsn, dir)
		c := &client{http: hc, base: again.url}
		if _, err := c.call(context.Background(), "GET", "/readyz", nil, nil); err != nil {
			t.Fatalf("after the restart: %v", err)
		}
		again.stop(t)

		db := openStored(t, dsn, dir)
		if dialect == sqlstore.SQLite {
			var check string
			if err := db.QueryRow(`PRAGMA integrity_check`).Scan(&check); err != nil || check != "ok" {
				t.Errorf("integrity_check: %q, %v", check, err)
			}
		}
		stored, bad := storedOrders(t, db, products)
		if len(bad) > 0 {
			t.Errorf("%d orders stored without their two lines, e.g. %s", len(bad), bad[0])
		}
		for _, k := range acks {
			if n := stored[k]; n != 1 {
				t.Errorf("answered order %+v stored %d times", k, n)
			}
			delete(stored, k)
		}
		extra := 0
		for _, n := range stored {
			extra += n
		}
		if extra > unanswered || extra > workers {
			t.Errorf("%d orders stored that were not answered, of %d sent unanswered by %d connections", extra, unanswered, workers)
		}
		rows, err := db.Query(`SELECT number FROM orders ORDER BY number`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		next := int64(10001)
		for rows.Next() {
			var n int64
			if err := rows.Scan(&n); err != nil {
				t.Fatal(err)
			}
			if n != next {
				t.Errorf("order number %d where %d was next", n, next)
				break
			}
			next++
		}
		t.Logf("%s: killed after %d orders answered; %d sent unanswered, of which %d stored (built %s, started %s, shoppers ready %s, done %s)",
			dialect, answered, unanswered, extra, built.Round(time.Millisecond), started.Round(time.Millisecond), ready.Round(time.Millisecond),
			time.Since(began).Round(time.Millisecond))
	})
}
