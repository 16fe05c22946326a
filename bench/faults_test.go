package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"haat/images/imagestest"
)

// The fault tests: the store under order load while what it depends on fails, on the built binary.
// Shoppers send each order with an Idempotency-Key and, refused 503, send it again under the same
// key after a short pause (shorter than Retry-After, to see when the store is back), until it is
// answered. Then: every order answered 2xx is stored exactly once with its lines, an order stored
// without an answer is one that was refused and given up when the load stopped, no order lacks its
// lines, and the counted product's units left are its units less those of the orders stored.

// faultUnits is the counted product's stock at the start of a fault test.
const faultUnits = 1_000_000

// busyMessage is what a refused order says while the database is away.
const busyMessage = "The store is busy for a moment. Please try again."

// ack is an order answered 2xx, and when.
type ack struct {
	key orderKey
	at  time.Time
}

// keyedLoad places cash orders, one shopper per worker, each sent again under its Idempotency-Key
// while refused 503.
type keyedLoad struct {
	t         *testing.T
	base      string
	products  [2]string
	shoppers  []*client
	addresses []string
	pause     time.Duration

	mu       sync.Mutex
	acks     []ack
	refused  int            // 503 answers
	messages map[string]int // the messages of the 503 answers
	noRetry  int            // 503 answers without Retry-After
	other    []string       // any other answer: none expected
	gaveUp   []orderKey     // orders refused and not yet answered when the load stopped
	stopped  chan struct{}
	wg       sync.WaitGroup
}

// newKeyedLoad registers n shoppers, each with an address.
func newKeyedLoad(t *testing.T, hc *http.Client, base string, products [2]string, n int) *keyedLoad {
	l := &keyedLoad{t: t, base: base, products: products, pause: 20 * time.Millisecond, messages: map[string]int{}}
	for i := range n {
		c, a := shopper(t, hc, base, i)
		l.shoppers, l.addresses = append(l.shoppers, c), append(l.addresses, a)
	}
	return l
}

// start sends orders until stop.
func (l *keyedLoad) start() {
	l.stopped = make(chan struct{})
	for w, c := range l.shoppers {
		l.wg.Go(func() {
			for k := 0; ; k++ {
				key := orderKey{email: c.email, qa: k%100 + 1, qb: k/100 + 1, products: l.products}
				if !l.place(c, fmt.Sprintf("%s-%d", c.email, k), orderBody(l.products, l.addresses[w], k), key) {
					return
				}
			}
		})
	}
}

// place sends one order until it is answered 2xx (true), or the load stops (false).
func (l *keyedLoad) place(c *client, idem string, body any, key orderKey) bool {
	b, _ := json.Marshal(body)
	for tries := 0; ; tries++ {
		select {
		case <-l.stopped:
			if tries > 0 {
				l.mu.Lock()
				l.gaveUp = append(l.gaveUp, key)
				l.mu.Unlock()
			}
			return false
		default:
		}
		req, _ := http.NewRequest("POST", l.base+"/api/order/cod", bytes.NewReader(b))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Idempotency-Key", idem)
		c.headers(req)
		res, err := c.http.Do(req)
		var data []byte
		if err == nil {
			data, err = io.ReadAll(res.Body)
			res.Body.Close()
		}
		l.mu.Lock()
		switch {
		case err != nil:
			l.other = append(l.other, err.Error())
		case res.StatusCode/100 == 2:
			l.acks = append(l.acks, ack{key, time.Now()})
			l.mu.Unlock()
			return true
		case res.StatusCode == http.StatusServiceUnavailable:
			l.refused++
			var answer struct {
				Message string `json:"message"`
			}
			json.Unmarshal(data, &answer)
			l.messages[answer.Message]++
			if res.Header.Get("Retry-After") == "" {
				l.noRetry++
			}
		default:
			l.other = append(l.other, fmt.Sprintf("%d %s", res.StatusCode, bytes.TrimSpace(data)))
		}
		l.mu.Unlock()
		time.Sleep(l.pause)
	}
}

// stop ends the workers and waits for them.
func (l *keyedLoad) stop() {
	close(l.stopped)
	l.wg.Wait()
}

// count says how many orders were answered 2xx and how many answers were 503, so far.
func (l *keyedLoad) count() (acked, refused int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.acks), l.refused
}

// ackedBetween counts the orders answered 2xx from from until to.
func (l *keyedLoad) ackedBetween(from, to time.Time) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, a := range l.acks {
		if !a.at.Before(from) && a.at.Before(to) {
			n++
		}
	}
	return n
}

// firstAckAfter waits, at most limit, for an order answered 2xx at or after since, and returns
// when it was answered.
func (l *keyedLoad) firstAckAfter(since time.Time, limit time.Duration) (time.Time, bool) {
	for deadline := time.Now().Add(limit); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		l.mu.Lock()
		for i := len(l.acks) - 1; i >= 0 && !l.acks[i].at.Before(since); i-- {
			if i == 0 || l.acks[i-1].at.Before(since) {
				at := l.acks[i].at
				l.mu.Unlock()
				return at, true
			}
		}
		l.mu.Unlock()
	}
	return time.Time{}, false
}

// waitRefused waits, at most limit, until at least n more answers are 503 than before.
func (l *keyedLoad) waitRefused(before, n int, limit time.Duration) bool {
	for deadline := time.Now().Add(limit); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if _, refused := l.count(); refused >= before+n {
			return true
		}
	}
	return false
}

// checkKept checks the orders stored against the answers of the load (see the top of the file)
// and returns how many of the orders given up were stored.
func (l *keyedLoad) checkKept(t *testing.T, dsn, dataDir string) (storedGivenUp int) {
	t.Helper()
	db := openStored(t, dsn, dataDir)
	stored, bad := storedOrders(t, db, l.products)
	if len(bad) > 0 {
		t.Errorf("%d orders stored without their two lines, e.g. %s", len(bad), bad[0])
	}
	taken := 0
	for key, n := range stored {
		taken += key.qa * n
		if n != 1 {
			t.Errorf("order %+v stored %d times", key, n)
		}
	}
	var left int
	if err := db.QueryRow(`SELECT stock FROM products WHERE id = $1`, l.products[0]).Scan(&left); err != nil || left != faultUnits-taken {
		t.Errorf("%d units left of %d, with %d in the orders stored (%v)", left, faultUnits, taken, err)
	}
	for _, a := range l.acks {
		if stored[a.key] != 1 {
			t.Errorf("order %+v answered 2xx, stored %d times", a.key, stored[a.key])
		}
		delete(stored, a.key)
	}
	for _, k := range l.gaveUp {
		if stored[k] > 0 {
			storedGivenUp++
		}
		delete(stored, k)
	}
	if len(stored) > 0 {
		t.Errorf("%d orders stored that were neither answered nor sent again when the load stopped", len(stored))
	}
	if l.noRetry > 0 {
		t.Errorf("%d answers 503 without Retry-After", l.noRetry)
	}
	if len(l.other) > 0 {
		t.Errorf("%d answers neither 2xx nor 503, e.g. %s", len(l.other), l.other[0])
	}
	return storedGivenUp
}

// countStock gives the first product faultUnits units to count.
func countStock(t *testing.T, dsn, dataDir string, product string) {
	t.Helper()
	db := openStored(t, dsn, dataDir)
	if _, err := db.Exec(`UPDATE products SET stock = $1 WHERE id = $2`, faultUnits, product); err != nil {
		t.Fatal(err)
	}
	db.Close()
}

// getStatus answers GET path of base: the status and the body.
func getStatus(hc *http.Client, base, path string) (int, string) {
	res, err := hc.Get(base + path)
	if err != nil {
		return 0, err.Error()
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(body)
}

// ownPostgres is a PostgreSQL server of the test's own, in a temporary folder, that it may stop
// and start at will: the machine's shared server is not restarted under other tests.
type ownPostgres struct {
	t     *testing.T
	bin   string // the folder of initdb and pg_ctl
	root  string
	port  int
	runAs []string
	dsn   string
}

// postgresBin finds the folder of PostgreSQL's initdb and pg_ctl: on PATH, or Debian's
// /usr/lib/postgresql/<version>/bin, the newest.
func postgresBin() string {
	if p, err := exec.LookPath("pg_ctl"); err == nil {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			p = real
		}
		if _, err := os.Stat(filepath.Join(filepath.Dir(p), "initdb")); err == nil {
			return filepath.Dir(p)
		}
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool {
		vi, _ := strconv.Atoi(filepath.Base(filepath.Dir(dirs[i])))
		vj, _ := strconv.Atoi(filepath.Base(filepath.Dir(dirs[j])))
		return vi < vj
	})
	for i := len(dirs) - 1; i >= 0; i-- {
		if _, err := os.Stat(filepath.Join(dirs[i], "initdb")); err == nil {
			return dirs[i]
		}
	}
	return ""
}

// newPostgres makes a database cluster in a temporary folder and starts its server on a free
// port; both go when the test ends. As root, the server runs as the user postgres (PostgreSQL
// refuses to run as root).
func newPostgres(t *testing.T) *ownPostgres {
	bin := postgresBin()
	if bin == "" {
		t.Skip("PostgreSQL's initdb and pg_ctl are not installed: PostgreSQL restarted under load NOT TESTED")
	}
	root, err := os.MkdirTemp("", "haat-pg-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(root) })
	p := &ownPostgres{t: t, bin: bin, root: root}
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			t.Fatalf("running as root, a PostgreSQL server needs the user postgres: %v", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(root, uid, gid); err != nil {
			t.Fatal(err)
		}
		p.runAs = []string{"runuser", "-u", "postgres", "--"}
	}
	if err := os.Chmod(root, 0o755); err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p.port = ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	p.dsn = fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", p.port)
	if out, err := p.run("initdb", "-D", p.data(), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"); err != nil {
		t.Fatalf("initdb: %v\n%s", err, out)
	}
	p.start()
	t.Cleanup(func() { p.run("pg_ctl", "-D", p.data(), "stop", "-m", "immediate", "-w") })
	return p
}

func (p *ownPostgres) data() string { return filepath.Join(p.root, "data") }

// run runs one of PostgreSQL's programs, as the user postgres when the test runs as root.
func (p *ownPostgres) run(program string, args ...string) ([]byte, error) {
	argv := append(append(append([]string{}, p.runAs...), filepath.Join(p.bin, program)), args...)
	return exec.Command(argv[0], argv[1:]...).CombinedOutput()
}

// start starts the server and waits until it takes connections.
func (p *ownPostgres) start() {
	p.t.Helper()
	opts := fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c max_connections=60 -c shared_buffers=32MB", p.port, p.root)
	if out, err := p.run("pg_ctl", "-D", p.data(), "-l", filepath.Join(p.root, "log"), "-o", opts, "-w", "-t", "60", "start"); err != nil {
		log, _ := os.ReadFile(filepath.Join(p.root, "log"))
		p.t.Fatalf("pg_ctl start: %v\n%s\n%s", err, out, log)
	}
}

// stop shuts the server down as an operator restarting it does (fast: the sessions are ended,
// their transactions rolled back) and waits until it has stopped.
func (p *ownPostgres) stop() {
	p.t.Helper()
	if out, err := p.run("pg_ctl", "-D", p.data(), "stop", "-m", "fast", "-w"); err != nil {
		p.t.Fatalf("pg_ctl stop: %v\n%s", err, out)
	}
}

// accepting returns, once it does, when the server first accepted a connection, trying every
// 10 ms from now on; the time is sent on the channel.
func (p *ownPostgres) accepting() <-chan time.Time {
	at := make(chan time.Time, 1)
	go func() {
		for deadline := time.Now().Add(90 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
			ctx, cancel := context.WithTimeout(context.Background(), time.Second)
			c, err := pgconn.Connect(ctx, p.dsn)
			cancel()
			if err == nil {
				at <- time.Now()
				c.Close(context.Background())
				return
			}
		}
		close(at)
	}()
	return at
}

// TestFaultPostgresRestart restarts PostgreSQL (a server of the test's own) while shoppers place
// orders: while it is down, orders are refused 503 with Retry-After and the busy message, and
// /readyz says the database is unreachable; once it takes connections again, the store places
// orders within 5 s, without a restart; every order answered is kept.
func TestFaultPostgresRestart(t *testing.T) {
	reliabilityRun(t)
	pg := newPostgres(t)
	bin := buildServer(t)
	dir := t.TempDir()
	srv := startHaat(t, bin, pg.dsn, dir)
	hc := newHTTPClient(16)
	products := twoProducts(t, hc, srv.url)
	countStock(t, pg.dsn, dir, products[0])
	load := newKeyedLoad(t, hc, srv.url, products, 6)
	load.start()
	time.Sleep(1500 * time.Millisecond)

	down := time.Now()
	pg.stop()
	stopped := time.Now()
	ackedBefore, refusedBefore := load.count()
	if !load.waitRefused(refusedBefore, 10, 10*time.Second) {
		t.Errorf("no order refused while PostgreSQL is down")
	}
	if st, body := getStatus(hc, srv.url, "/readyz"); st != 503 || body != "database unreachable\n" {
		t.Errorf("/readyz while PostgreSQL is down: %d %q", st, body)
	}
	time.Sleep(time.Until(stopped.Add(3 * time.Second)))

	accepting := pg.accepting()
	pg.start()
	back, ok := <-accepting
	if !ok {
		t.Fatalf("PostgreSQL did not take connections again")
	}
	first, ok := load.firstAckAfter(back, 30*time.Second)
	if !ok {
		load.stop()
		t.Fatalf("no order placed in 30 s after PostgreSQL came back\n%s", srv.output())
	}
	recovery := first.Sub(back)
	if recovery > 5*time.Second {
		t.Errorf("the first order after PostgreSQL came back took %s, more than 5 s", recovery)
	}
	_, refusedAway := load.count()
	if st, body := getStatus(hc, srv.url, "/readyz"); st != 200 {
		t.Errorf("/readyz after PostgreSQL came back: %d %q", st, body)
	}
	time.Sleep(1500 * time.Millisecond)
	load.stop()
	srv.stop(t)

	for msg := range load.messages {
		if msg != busyMessage {
			t.Errorf("an order refused with %q, want %q", msg, busyMessage)
		}
	}
	givenUp := load.checkKept(t, pg.dsn, dir)
	acked, refused := load.count()
	t.Logf("PostgreSQL down %s (stop %s, down 3 s, start until it took connections %s): %d orders answered before, "+
		"%d while it stopped or was down, %d after; %d answers 503 while down, %d in all; first order %s after it took connections; "+
		"%d refused orders given up at the end, %d of them stored",
		back.Sub(down).Round(time.Millisecond), stopped.Sub(down).Round(time.Millisecond), back.Sub(stopped.Add(3*time.Second)).Round(time.Millisecond),
		ackedBefore, load.ackedBetween(down, back), acked-ackedBefore-load.ackedBetween(down, back),
		refusedAway-refusedBefore, refused, recovery.Round(time.Millisecond), len(load.gaveUp), givenUp)
}

// TestFaultS3Stopped stops the S3 server (versitygw) of the photos: a photo upload is refused 503
// with the message that photos cannot be stored, with Retry-After, while pages, the product list and
// orders are served as before and /readyz stays ready; once the S3 server is back, uploads work
// and their photos are served.
func TestFaultS3Stopped(t *testing.T) {
	reliabilityRun(t)
	s3 := newS3(t)
	bin := buildServer(t)
	env := append(s3.env(), "HAAT_SELLER_EMAIL="+benchSeller, "HAAT_SELLER_PASSWORD="+benchPassword)
	dir := t.TempDir()
	srv := startHaat(t, bin, "", dir, env...)
	hc := newHTTPClient(16)
	products := twoProducts(t, hc, srv.url)
	seller := (&server{url: srv.url}).seller(t, 60*time.Second)
	photo := imagestest.ZeroPNG(640, 480)
	upload := func() (*http.Response, string, time.Duration) {
		t.Helper()
		began := time.Now()
		res, body, err := (&server{url: srv.url}).addProductAnswer(seller, photo)
		if err != nil {
			t.Fatal(err)
		}
		return res, body, time.Since(began)
	}
	if res, body, _ := upload(); res.StatusCode != 200 {
		t.Fatalf("upload with the S3 server up: %d %s", res.StatusCode, body)
	}
	countStock(t, "", dir, products[0])
	load := newKeyedLoad(t, hc, srv.url, products, 4)
	load.start()
	time.Sleep(time.Second)

	s3.stop()
	down := time.Now()
	res, body, took := upload()
	var answer struct {
		Message string `json:"message"`
	}
	json.Unmarshal([]byte(body), &answer)
	if res.StatusCode != 503 || answer.Message != "Photos cannot be stored right now. Please try again later." || res.Header.Get("Retry-After") == "" {
		t.Errorf("upload with the S3 server stopped: %d %s, Retry-After %q", res.StatusCode, body, res.Header.Get("Retry-After"))
	}
	for _, path := range []string{"/", "/products", "/api/product/list", "/readyz"} {
		if st, body := getStatus(hc, srv.url, path); st != 200 {
			t.Errorf("GET %s with the S3 server stopped: %d %.200s", path, st, body)
		}
	}
	time.Sleep(time.Until(down.Add(2 * time.Second)))
	ackedAway := load.ackedBetween(down, time.Now())
	if ackedAway == 0 {
		t.Errorf("no order placed while the S3 server was stopped")
	}

	s3.start()
	res, body, tookBack := upload()
	if res.StatusCode != 200 {
		t.Errorf("upload once the S3 server is back: %d %s", res.StatusCode, body)
	}
	load.stop()
	var list struct {
		Products []struct {
			Image []string `json:"image"`
		} `json:"products"`
	}
	if _, err := (&client{http: hc, base: srv.url}).call(t.Context(), "GET", "/api/product/list", nil, &list); err != nil {
		t.Fatal(err)
	}
	served := 0
	for _, p := range list.Products {
		for _, img := range p.Image {
			if strings.HasPrefix(img, "/media/uploads/") {
				if st, _ := getStatus(hc, srv.url, img); st != 200 {
					t.Errorf("GET %s once the S3 server is back: %d", img, st)
				}
				served++
			}
		}
	}
	if served != 2 {
		t.Errorf("%d uploaded photos listed, want the 2 uploaded while the S3 server was up", served)
	}
	srv.stop(t)
	load.checkKept(t, "", dir)
	acked, refused := load.count()
	t.Logf("S3 server stopped: the upload refused 503 after %s; %d orders placed in the 2 s it was stopped, %d in all, %d refused; "+
		"upload once it was back: %s", took.Round(time.Millisecond), ackedAway, acked, refused, tookBack.Round(time.Millisecond))
}

// TestFaultDiskFull fills the small file system SQLite's data folder is on (a tmpfs of its own,
// which needs root) while shoppers place orders: orders are refused 503 with Retry-After and the
// busy message, pages and the product list are served, and once space is freed orders are placed
// again without a restart; the database passes integrity_check and every order answered is kept.
func TestFaultDiskFull(t *testing.T) {
	reliabilityRun(t)
	dir := filepath.Join(t.TempDir(), "data")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=48m", "haat-disk-full", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a small file system for the data folder (mount -t tmpfs needs root): SQLite's disk full NOT TESTED: %v %s",
			err, bytes.TrimSpace(out))
	}
	t.Cleanup(func() {
		if out, err := exec.Command("umount", dir).CombinedOutput(); err != nil {
			t.Errorf("umount %s: %v %s", dir, err, out)
			exec.Command("umount", "-l", dir).Run()
		}
	})
	bin := buildServer(t)
	srv := startHaat(t, bin, "", dir)
	hc := newHTTPClient(16)
	products := twoProducts(t, hc, srv.url)
	countStock(t, "", dir, products[0])
	load := newKeyedLoad(t, hc, srv.url, products, 4)
	load.start()
	time.Sleep(time.Second)

	filler := filepath.Join(dir, "filler")
	full := time.Now()
	filled, err := fill(filler)
	if err != nil {
		t.Fatal(err)
	}
	ackedBefore, refusedBefore := load.count()
	if !load.waitRefused(refusedBefore, 20, 30*time.Second) {
		t.Fatalf("orders still placed 30 s after the disk was filled (%d answered since)", load.ackedBetween(full, time.Now()))
	}
	refusedAt := time.Now()
	for _, path := range []string{"/", "/products", "/api/product/list"} {
		if st, body := getStatus(hc, srv.url, path); st != 200 {
			t.Errorf("GET %s with the disk full: %d %.200s", path, st, body)
		}
	}
	time.Sleep(time.Second)

	ackedFull := load.ackedBetween(full, time.Now())
	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	freed := time.Now()
	first, ok := load.firstAckAfter(freed, 30*time.Second)
	if !ok {
		load.stop()
		t.Fatalf("no order placed in 30 s after space was freed\n%s", srv.output())
	}
	recovery := first.Sub(freed)
	if recovery > 5*time.Second {
		t.Errorf("the first order after space was freed took %s, more than 5 s", recovery)
	}
	_, refusedFull := load.count()
	time.Sleep(time.Second)
	load.stop()
	srv.stop(t)

	for msg := range load.messages {
		if msg != busyMessage {
			t.Errorf("an order refused with %q, want %q", msg, busyMessage)
		}
	}
	db := openStored(t, "", dir)
	var check string
	if err := db.QueryRow(`PRAGMA integrity_check`).Scan(&check); err != nil || check != "ok" {
		t.Errorf("integrity_check: %q, %v", check, err)
	}
	givenUp := load.checkKept(t, "", dir)
	acked, _ := load.count()
	t.Logf("disk full (%d MB of filler): %d orders answered before, %d while full (the first refusal after %s), %d answers 503; "+
		"first order %s after space was freed, %d after; %d refused orders given up at the end, %d of them stored; integrity_check %s",
		filled>>20, ackedBefore, ackedFull, refusedAt.Sub(full).Round(time.Millisecond), refusedFull-refusedBefore,
		recovery.Round(time.Millisecond), acked-ackedBefore-ackedFull, len(load.gaveUp), givenUp, check)
}

// fill writes a file at path until its file system is full, and returns its size.
func fill(path string) (int64, error) {
	f, err := os.Create(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	var n int64
	for _, chunk := range []int{1 << 20, 4 << 10, 512} {
		buf := make([]byte, chunk)
		for {
			w, err := f.Write(buf)
			n += int64(w)
			if errors.Is(err, syscall.ENOSPC) {
				break
			} else if err != nil {
				return n, err
			}
		}
	}
	return n, nil
}
