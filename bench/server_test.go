package bench

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"haat/sqlstore"
	"haat/sqlstore/sqlstoretest"
)

// The load and crash tests run the real server, bin/haat built from this tree, as a child
// process and talk to it over HTTP as the storefront does.

// buildServer builds cmd/haat into a temporary folder once per test binary, or takes the binary
// HAAT_BENCH_BIN names.
func buildServer(t testing.TB) string {
	t.Helper()
	if bin := os.Getenv("HAAT_BENCH_BIN"); bin != "" {
		return bin
	}
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "haat-bench-")
		if err != nil {
			buildErr = err
			return
		}
		builtBin = filepath.Join(dir, "haat")
		out, err := exec.Command("go", "build", "-o", builtBin, "haat/cmd/haat").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return builtBin
}

var (
	buildOnce sync.Once
	builtBin  string
	buildErr  error
)

func TestMain(m *testing.M) {
	code := sqlstoretest.Main(m)
	if builtBin != "" {
		os.RemoveAll(filepath.Dir(builtBin))
	}
	os.Exit(code)
}

// haatServer is a running bin/haat.
type haatServer struct {
	cmd *exec.Cmd
	url string
	// exited is closed once the process has ended.
	exited chan struct{}
	log    *bytes.Buffer
	mu     *sync.Mutex
}

var listening = regexp.MustCompile(`haat listening.* addr=http://(127\.0\.0\.1:\d+)`)

// startHaat starts bin on the database dsn (empty: SQLite in dataDir), with the environment
// variables env besides, on a free port and
// waits until it is ready (its log says it listens with the store open).
func startHaat(t testing.TB, bin, dsn, dataDir string, env ...string) *haatServer {
	t.Helper()
	cmd := exec.Command(bin, "serve")
	cmd.Env = append(os.Environ(), "HAAT_ADDR=127.0.0.1:0", "HAAT_DATA_DIR="+dataDir, "HAAT_DATABASE_URL="+dsn,
		"HAAT_SELLER_EMAIL=", "HAAT_CURRENCY=USD", "HAAT_ENV=development",
		"HAAT_ORDERS_PER_HOUR=0") // load and soak shoppers place far more than a shopper's hourly orders
	cmd.Env = append(cmd.Env, env...) // the last value of a variable is the one taken
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout = io.Discard
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s := &haatServer{cmd: cmd, exited: make(chan struct{}), log: &bytes.Buffer{}, mu: &sync.Mutex{}}
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			s.mu.Lock()
			s.log.WriteString(sc.Text() + "\n")
			s.mu.Unlock()
			if m := listening.FindStringSubmatch(sc.Text()); m != nil {
				select {
				case addr <- m[1]:
				default:
				}
			}
		}
		cmd.Wait()
		close(s.exited)
	}()
	t.Cleanup(func() { s.kill() })
	select {
	case a := <-addr:
		s.url = "http://" + a
	case <-s.exited:
		t.Fatalf("the server ended before listening: %v\n%s", s.cmd.ProcessState, s.output())
	case <-time.After(90 * time.Second):
		t.Fatalf("the server did not start in 90 s\n%s", s.output())
	}
	return s
}

func (s *haatServer) output() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.log.String()
}

// kill ends the server at once, as a power cut would end it, and waits for it.
func (s *haatServer) kill() {
	s.cmd.Process.Kill()
	<-s.exited
}

// stop asks the server to shut down and waits for it.
func (s *haatServer) stop(t testing.TB) {
	t.Helper()
	s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.exited:
	case <-time.After(60 * time.Second):
		t.Errorf("the server did not stop in 60 s")
		s.kill()
	}
}

// client talks to the server as one shopper.
type client struct {
	http   *http.Client
	base   string
	cookie string
	email  string
	// forwardedFor is the address a trusted proxy says the client has (X-Forwarded-For), if any.
	forwardedFor string
}

// headers gives a request the client's session and address.
func (c *client) headers(req *http.Request) {
	if c.cookie != "" {
		req.Header.Set("Cookie", c.cookie)
	}
	if c.forwardedFor != "" {
		req.Header.Set("X-Forwarded-For", c.forwardedFor)
	}
}

func newHTTPClient(conns int) *http.Client {
	return &http.Client{Timeout: 60 * time.Second, Transport: &http.Transport{
		MaxIdleConns: conns, MaxIdleConnsPerHost: conns, MaxConnsPerHost: conns,
		DialContext: (&net.Dialer{Timeout: 10 * time.Second}).DialContext,
	}}
}

// call posts (or gets, with a nil body) path and decodes the answer into out; it returns the
// HTTP status.
func (c *client) call(ctx context.Context, method, path string, body, out any) (int, error) {
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, r)
	if err != nil {
		return 0, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	c.headers(req)
	resp, err := c.http.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return resp.StatusCode, err
	}
	if c.cookie == "" {
		for _, ck := range resp.Cookies() {
			c.cookie = ck.Name + "=" + ck.Value
		}
	}
	if resp.StatusCode != http.StatusOK {
		return resp.StatusCode, fmt.Errorf("%s %s: %d %s", method, path, resp.StatusCode, bytes.TrimSpace(data))
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			return resp.StatusCode, fmt.Errorf("%s %s: %v", method, path, err)
		}
	}
	return resp.StatusCode, nil
}

// shopper registers a shopper with an address and returns them and the address's id.
func shopper(t testing.TB, hc *http.Client, base string, i int) (*client, string) {
	t.Helper()
	ctx := context.Background()
	c := &client{http: hc, base: base, email: fmt.Sprintf("shopper%d-%d@example.com", i, time.Now().UnixNano())}
	if _, err := c.call(ctx, "POST", "/api/user/register", map[string]string{"name": fmt.Sprintf("Shopper %d", i), "email": c.email, "password": "long enough"}, nil); err != nil {
		t.Fatal(err)
	}
	address := map[string]any{"address": map[string]string{"firstName": "Sita", "lastName": "Gurung", "email": c.email,
		"street": "Lakeside 4", "city": "Pokhara", "state": "Gandaki", "zipcode": "33700", "country": "Nepal", "phone": "9811111111"}}
	if _, err := c.call(ctx, "POST", "/api/address/add", address, nil); err != nil {
		t.Fatal(err)
	}
	var list struct {
		Addresses []struct {
			ID string `json:"_id"`
		} `json:"addresses"`
	}
	if _, err := c.call(ctx, "GET", "/api/address/get", nil, &list); err != nil {
		t.Fatal(err)
	}
	if len(list.Addresses) != 1 || list.Addresses[0].ID == "" {
		t.Fatalf("addresses: %+v", list)
	}
	return c, list.Addresses[0].ID
}

// twoProducts returns two products on sale whose units are not counted, so that any number of
// orders can take them.
func twoProducts(t testing.TB, hc *http.Client, base string) [2]string {
	t.Helper()
	ids := uncounted(t, hc, base)
	if len(ids) < 2 {
		t.Fatalf("need two products on sale without counts, have %d", len(ids))
	}
	return [2]string{ids[0], ids[1]}
}

// uncounted returns the products on sale whose units are not counted, in the list's order.
func uncounted(t testing.TB, hc *http.Client, base string) []string {
	t.Helper()
	var list struct {
		Products []struct {
			ID      string          `json:"_id"`
			InStock bool            `json:"inStock"`
			Stock   json.RawMessage `json:"stock"`
		} `json:"products"`
	}
	c := &client{http: hc, base: base}
	if _, err := c.call(context.Background(), "GET", "/api/product/list", nil, &list); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, p := range list.Products {
		if p.InStock && (len(p.Stock) == 0 || string(p.Stock) == "null") {
			ids = append(ids, p.ID)
		}
	}
	return ids
}

// orderBody is the cash order number k of a shopper: two lines whose quantities spell k, so
// that each order can be told from the others in the database.
func orderBody(products [2]string, address string, k int) map[string]any {
	return map[string]any{"address": address, "items": []map[string]any{
		{"product": products[0], "quantity": k%100 + 1},
		{"product": products[1], "quantity": k/100 + 1},
	}}
}

// orderKey names the order of a shopper (by email) with the quantities of its two lines.
type orderKey struct {
	email    string
	qa, qb   int
	products [2]string
}

func keyOf(email string, products [2]string, k int) orderKey {
	return orderKey{email: email, qa: k%100 + 1, qb: k/100 + 1, products: products}
}

// storedOrders reads every order from the database: how many times each key is stored, and the
// ids of orders whose items are not the two lines of a key (none expected).
func storedOrders(t testing.TB, db *sql.DB, products [2]string) (map[orderKey]int, []string) {
	t.Helper()
	rows, err := db.Query(`SELECT o.id, u.email, i.product_id, i.quantity, i.position FROM orders o JOIN users u ON u.id = o.user_id
		LEFT JOIN order_items i ON i.order_id = o.id ORDER BY o.id, i.position`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	type lines struct {
		email string
		items []string
		qs    []int
	}
	orders := map[string]*lines{}
	for rows.Next() {
		var id, email string
		var product sql.NullString
		var q, pos sql.NullInt64
		if err := rows.Scan(&id, &email, &product, &q, &pos); err != nil {
			t.Fatal(err)
		}
		o := orders[id]
		if o == nil {
			o = &lines{email: email}
			orders[id] = o
		}
		if product.Valid {
			o.items = append(o.items, product.String)
			o.qs = append(o.qs, int(q.Int64))
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	counts := map[orderKey]int{}
	var bad []string
	for id, o := range orders {
		if len(o.items) != 2 || o.items[0] != products[0] || o.items[1] != products[1] {
			bad = append(bad, id)
			continue
		}
		counts[orderKey{email: o.email, qa: o.qs[0], qb: o.qs[1], products: products}]++
	}
	sort.Strings(bad)
	return counts, bad
}

// openStored opens the database a server used, outside it.
func openStored(t testing.TB, dsn, dataDir string) *sql.DB {
	t.Helper()
	driver, src := "pgx", dsn
	if dsn == "" {
		driver, src = "sqlite", "file:"+filepath.Join(dataDir, "haat.db")+"?_pragma=busy_timeout(10000)"
	}
	_ = sqlstore.SQLite // the drivers register with the store
	db, err := sql.Open(driver, src)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// loadAverage reads the machine's load average, for the record.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	return strings.Join(strings.Fields(string(b))[:3], " ")
}
