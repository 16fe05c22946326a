package bench

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"haat/sqlstore"
	"haat/sqlstore/sqlstoretest"
)

// TestCrashKeepsAnsweredOrders kills the server (SIGKILL) five times while shoppers place cash
// orders, each time starting it again on the same data, and checks what it kept: the database is
// sound, every order the server answered 200 for is stored exactly once with its items, no order
// lacks its items, order numbers follow each other without gaps, and the units a counted product
// has left are its units less those of the orders stored (none taken twice, none lost). Orders
// sent but not answered when the server died may or may not be stored. A killed process leaves
// what it wrote in the operating system's cache, so this checks that the answer comes only after
// the commit and that the store recovers; that the commit reached the disk is SQLite's
// synchronous=FULL (PostgreSQL's synchronous_commit).
func TestCrashKeepsAnsweredOrders(t *testing.T) {
	reliabilityRun(t)
	const kills, units = 5, 1_000_000
	sqlstoretest.EachDialect(t, func(t *testing.T, dialect string) {
		began := time.Now()
		bin := buildServer(t)
		built := time.Since(began)
		dsn, dir := sqlstoretest.NewDatabase(t, dialect)
		srv := startHaat(t, bin, dsn, dir)
		hc := newHTTPClient(16)
		products := twoProducts(t, hc, srv.url)
		// The first product counts its units from now on.
		if _, err := openStored(t, dsn, dir).Exec(`UPDATE products SET stock = $1 WHERE id = $2`, units, products[0]); err != nil {
			t.Fatal(err)
		}
		const shoppers, workers = 2, 8
		clients := make([]*client, shoppers)
		addresses := make([]string, shoppers)
		for i := range clients {
			clients[i], addresses[i] = shopper(t, hc, srv.url, i)
		}

		load := &orderLoad{products: products, clients: clients, addresses: addresses, next: make([]int, workers)}
		for kill := range kills {
			before := len(load.answered())
			load.start(t, srv.url)
			// Kill once enough orders are answered, or after a while on a slow machine.
			load.waitFor(before+100, before+10)
			load.stop(srv.kill)
			if len(load.answered()) == before {
				t.Fatalf("no order answered before kill %d\n%s", kill+1, srv.output())
			}
			// The restarted server recovers the database and serves.
			srv = startHaat(t, bin, dsn, dir)
			c := &client{http: hc, base: srv.url}
			if _, err := c.call(context.Background(), "GET", "/readyz", nil, nil); err != nil {
				t.Fatalf("after kill %d: %v", kill+1, err)
			}
		}
		srv.stop(t)
		acks := load.answered()
		answered, unanswered := len(acks), load.sent-len(acks)

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
		taken := 0
		for key, n := range stored {
			taken += key.qa * n
		}
		var left int
		if err := db.QueryRow(`SELECT stock FROM products WHERE id = $1`, products[0]).Scan(&left); err != nil || left != units-taken {
			t.Errorf("%d units left of %d, with %d in the orders stored (%v)", left, units, taken, err)
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
		if extra > unanswered || extra > workers*kills {
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
		t.Logf("%s: killed %d times, %d orders answered; %d sent unanswered, of which %d stored (built %s, done %s)",
			dialect, kills, answered, unanswered, extra, built.Round(time.Millisecond), time.Since(began).Round(time.Millisecond))
	})
}

// orderLoad places cash orders for its shoppers, one worker per entry of next, from start to stop,
// and keeps the orders answered. An order under way when the server dies may or may not be
// stored: each worker then goes on with another, so that no order is asked for twice.
type orderLoad struct {
	products  [2]string
	clients   []*client
	addresses []string
	next      []int // each worker's next order

	mu      sync.Mutex
	acks    []orderKey
	sent    int
	wg      sync.WaitGroup
	stopped chan struct{}
	cancel  context.CancelFunc
}

// start sends orders to the server at base until stop.
func (l *orderLoad) start(t *testing.T, base string) {
	l.stopped = make(chan struct{})
	ctx, cancel := context.WithCancel(context.Background())
	l.cancel = cancel
	workers, shoppers := len(l.next), len(l.clients)
	for w := range workers {
		l.wg.Go(func() {
			c := *l.clients[w%shoppers]
			c.base = base
			for ; ; l.next[w]++ {
				select {
				case <-l.stopped:
					return
				default:
				}
				l.mu.Lock()
				l.sent++
				l.mu.Unlock()
				n := w/shoppers + l.next[w]*workers/shoppers
				if _, err := c.call(ctx, "POST", "/api/order/cod", orderBody(l.products, l.addresses[w%shoppers], n), nil); err != nil {
					select {
					case <-l.stopped: // the server is gone
					default:
						t.Errorf("order: %v", err)
					}
					return
				}
				l.mu.Lock()
				l.acks = append(l.acks, keyOf(c.email, l.products, n))
				l.mu.Unlock()
			}
		})
	}
}

// waitFor returns once enough orders are answered, or fewer after a while on a slow machine.
func (l *orderLoad) waitFor(enough, fewer int) {
	start := time.Now()
	for {
		time.Sleep(20 * time.Millisecond)
		n := len(l.answered())
		if took := time.Since(start); n >= enough || (n >= fewer && took > 2*time.Second) || took > 15*time.Second {
			return
		}
	}
}

// stop ends the workers and waits for them; kill, if not nil, kills the server first (after the
// workers know, so that they take the failures that follow for what they are).
func (l *orderLoad) stop(kill func()) {
	close(l.stopped)
	if kill != nil {
		kill()
	}
	l.cancel()
	l.wg.Wait()
	for w := range l.next {
		l.next[w]++ // the order under way, if any, is not asked for again
	}
}

// answered returns the orders answered so far.
func (l *orderLoad) answered() []orderKey {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.acks)
}
