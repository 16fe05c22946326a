package bench

import (
	"database/sql"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"haat/sqlstore"
	"haat/sqlstore/sqlstoretest"
)

// TestBackupUnderLoad writes a backup with `haat backup` while shoppers place orders, and
// restores it as a store of its own: the copy is a sound database holding every order answered
// before the backup began, each once and with its items, and the restored store serves it.
func TestBackupUnderLoad(t *testing.T) {
	reliabilityRun(t)
	bin := buildServer(t)
	_, dir := sqlstoretest.NewDatabase(t, sqlstore.SQLite)
	srv := startHaat(t, bin, "", dir)
	hc := newHTTPClient(16)
	products := twoProducts(t, hc, srv.url)
	clients, addresses := make([]*client, 2), make([]string, 2)
	for i := range clients {
		clients[i], addresses[i] = shopper(t, hc, srv.url, i)
	}
	load := &orderLoad{products: products, clients: clients, addresses: addresses, next: make([]int, 8)}
	load.start(t, srv.url)
	load.waitFor(200, 20)
	before := load.answered()
	restored := t.TempDir()
	backup := filepath.Join(restored, "haat.db")
	began := time.Now()
	out, err := exec.Command(bin, "backup", backup, "-data-dir", dir).CombinedOutput()
	took := time.Since(began)
	if err != nil {
		t.Fatalf("haat backup: %v\n%s", err, out)
	}
	during := len(load.answered()) - len(before)
	load.stop(nil)
	srv.stop(t)

	copyDB := openStored(t, "", restored)
	var check string
	if err := copyDB.QueryRow(`PRAGMA integrity_check`).Scan(&check); err != nil || check != "ok" {
		t.Fatalf("integrity_check of the copy: %q, %v", check, err)
	}
	stored, bad := storedOrders(t, copyDB, products)
	if len(bad) > 0 {
		t.Errorf("%d orders in the copy without their two lines, e.g. %s", len(bad), bad[0])
	}
	for _, k := range before {
		if n := stored[k]; n != 1 {
			t.Errorf("order %+v answered before the backup is in the copy %d times", k, n)
		}
	}

	// Restored: a store started on the copy's folder serves its orders, to the session the shopper had.
	again := startHaat(t, bin, "", restored)
	var orders struct {
		Orders []any `json:"orders"`
	}
	c := *clients[0]
	c.base = again.url
	if _, err := c.call(t.Context(), "GET", "/api/order/user", nil, &orders); err != nil || len(orders.Orders) == 0 {
		t.Fatalf("the restored store's orders of a shopper: %d, %v", len(orders.Orders), err)
	}
	again.stop(t)
	t.Logf("backup of %d orders (%d answered before it began, %d while it ran) in %s", countOrders(t, copyDB), len(before), during,
		took.Round(time.Millisecond))
}

func countOrders(t *testing.T, db *sql.DB) (n int) {
	t.Helper()
	if err := db.QueryRow(`SELECT count(*) FROM orders`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
