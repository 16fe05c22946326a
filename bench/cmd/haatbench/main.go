// Command haatbench loads a real haat server the way shoppers do and, in the same run, nginx
// serving the same product list as a static file: the reference for reads. It starts bin/haat on
// a temporary store (SQLite, and PostgreSQL when -postgres is given) with catalogues of the sizes
// asked for, drives each route with wrk, and prints a Markdown report: throughput, latency
// percentiles, errors and the server's peak resident memory. `make bench` runs it; RESULTS.md
// keeps what it printed.
package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"haat/catalogue"
	"haat/sqlstore"
)

type options struct {
	bin         string
	dbs         []string
	sizes       []int
	duration    time.Duration
	conns       int
	orderConns  int
	shoppers    int
	postgres    string
	startupSize int
	startups    int
	work        string
	// only selects the routes measured: those whose name contains it (all when empty).
	only string
	// pgName is the database haatbench makes afresh on the PostgreSQL server.
	pgName string
	// baseline is the file of the hot paths' figures; writeBaseline writes this run's there
	// instead of comparing with it.
	baseline      string
	writeBaseline bool
	// hot collects this run's figures of the hot paths.
	hot measured
}

// ports are the ports the servers listen on, the next one each time (any free one when 0).
var ports struct{ next, last int }

func main() {
	var o options
	var dbs, sizes string
	flag.StringVar(&o.bin, "bin", "bin/haat", "the haat binary to measure")
	flag.StringVar(&dbs, "db", "sqlite,postgres", "databases to measure on (postgres only with -postgres)")
	flag.StringVar(&sizes, "products", "50,5000", "catalogue sizes")
	flag.DurationVar(&o.duration, "duration", 10*time.Second, "how long wrk loads each route")
	flag.IntVar(&o.conns, "c", 64, "wrk connections for the reads")
	flag.IntVar(&o.orderConns, "order-c", 16, "wrk connections for cart updates and cash orders")
	flag.IntVar(&o.shoppers, "shoppers", 8, "shoppers placing orders")
	flag.StringVar(&o.postgres, "postgres", os.Getenv("HAAT_TEST_POSTGRES"), "a PostgreSQL URL whose server may get a database haatbench")
	flag.IntVar(&o.startupSize, "startup-products", 10000, "catalogue size of the start-up measurement (0: skip it)")
	flag.IntVar(&o.startups, "startups", 5, "start-ups measured, the median is reported")
	flag.StringVar(&o.only, "only", "", "measure only the routes whose name contains this text, e.g. order/cod")
	flag.StringVar(&o.pgName, "pgdb", "haatbench", "the database made afresh on the PostgreSQL server")
	flag.StringVar(&o.baseline, "baseline", "bench/baseline.json", "the hot paths' figures this run is compared with")
	flag.BoolVar(&o.writeBaseline, "write-baseline", false, "keep this run's figures of the hot paths as the baseline instead of comparing")
	var portRange string
	flag.StringVar(&portRange, "ports", "", "ports the servers may listen on, first-last (any free ones when empty)")
	flag.Parse()
	o.hot = measured{}
	if portRange != "" {
		first, last, ok := strings.Cut(portRange, "-")
		var err1, err2 error
		ports.next, err1 = strconv.Atoi(first)
		ports.last, err2 = strconv.Atoi(last)
		if !ok || err1 != nil || err2 != nil || ports.next < 1 || ports.last < ports.next {
			fatal(fmt.Errorf("bad port range %q", portRange))
		}
	}
	for _, d := range strings.Split(dbs, ",") {
		if d == sqlstore.Postgres && o.postgres == "" {
			fmt.Fprintln(os.Stderr, "haatbench: no -postgres URL (or HAAT_TEST_POSTGRES): PostgreSQL is not measured")
			continue
		}
		o.dbs = append(o.dbs, d)
	}
	for _, s := range strings.Split(sizes, ",") {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			fatal(fmt.Errorf("bad catalogue size %q", s))
		}
		o.sizes = append(o.sizes, n)
	}
	for _, tool := range []string{"wrk", "nginx"} {
		if _, err := exec.LookPath(tool); err != nil {
			fatal(fmt.Errorf("%s is not installed (Debian: apt-get install wrk nginx-light)", tool))
		}
	}
	var err error
	if o.work, err = os.MkdirTemp("", "haatbench-"); err != nil {
		fatal(err)
	}
	defer os.RemoveAll(o.work)
	if err := run(o); err != nil {
		fatal(err)
	}
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "haatbench:", err)
	os.Exit(1)
}

func run(o options) error {
	host, _ := os.Hostname()
	commit, _ := exec.Command("git", "rev-parse", "--short", "HEAD").Output()
	fmt.Printf("# haatbench %s\n\n", time.Now().UTC().Format("2006-01-02 15:04 UTC"))
	fmt.Printf("Machine %s: %d cores, %s; commit %s; wrk %s, %d connections for reads, %d for writes; load average before: %s.\n\n",
		host, runtime.NumCPU(), memTotal(), strings.TrimSpace(string(commit)), o.duration, o.conns, o.orderConns, loadavg())
	for _, dialect := range o.dbs {
		for _, n := range o.sizes {
			if err := measureStore(o, dialect, n); err != nil {
				return fmt.Errorf("%s, %d products: %w", dialect, n, err)
			}
		}
	}
	if o.writeBaseline {
		if err := o.hot.write(o.baseline, strings.TrimSpace(string(commit))); err != nil {
			return err
		}
		fmt.Printf("The hot paths' figures are kept in %s.\n\n", o.baseline)
	} else if err := o.hot.compare(o.baseline); err != nil {
		return err
	}
	if o.startupSize > 0 {
		fmt.Printf("## Start-up on a store of %d products\n\nMedian of %d starts (all of them in brackets), from exec to the first 200 answer.\n\n"+
			"| database | `GET /readyz` | then `GET /api/product/list` |\n|---|---|---|\n", o.startupSize, o.startups)
		for _, dialect := range o.dbs {
			first, list, err := measureStartup(o, dialect, o.startupSize)
			if err != nil {
				return fmt.Errorf("start-up on %s: %w", dialect, err)
			}
			fmt.Printf("| %s | %s | %s |\n", dialect, medianOf(first), medianOf(list))
		}
		fmt.Println()
	}
	return nil
}

// result is what wrk measured of one route.
type result struct {
	route            string
	rps              float64
	p50, p99, max    time.Duration
	requests, errors int
	rssKB            int
	// cpu is the processor time the server used while wrk loaded it (haat's process, or this
	// one for the bare server), 0 when not measured.
	cpu  time.Duration
	note string
}

// cpuPerAnswer is the server's processor time for each answer, 0 when not measured.
func (r result) cpuPerAnswer() time.Duration {
	if r.requests == 0 {
		return 0
	}
	return r.cpu / time.Duration(r.requests)
}

func measureStore(o options, dialect string, n int) error {
	store, err := newStore(o, dialect, n)
	if err != nil {
		return err
	}
	srv, err := startServer(o, store)
	if err != nil {
		return err
	}
	defer srv.stop()
	base := "http://" + srv.addr

	listJSON, etag, err := fetchList(base)
	if err != nil {
		return err
	}
	ngx, err := startNginx(o, listJSON)
	if err != nil {
		return err
	}
	defer ngx.stop()
	nginxETag, err := headerOf("http://"+ngx.addr+"/api/product/list", "ETag")
	if err != nil {
		return err
	}
	bare, err := startBare(base + "/api/product/list")
	if err != nil {
		return err
	}
	defer bare.stop()
	shoppers, err := newShoppers(base, o.shoppers, store.productIDs)
	if err != nil {
		return err
	}

	gz := []string{"Accept-Encoding: gzip"}
	var rows []result
	measure := func(route, u string, conns int, headers []string, script string) (result, error) {
		// The processor time of the server, beside its answers a second: on a machine shared with
		// other work, a server's answers a second vary with what else runs, its work for each
		// answer much less.
		pid := os.Getpid() // the bare server's
		if strings.HasPrefix(u, base) && srv.cmd != nil {
			pid = srv.cmd.Process.Pid
		}
		before := cpuTime(pid)
		r, err := runWrk(o, u, conns, headers, script)
		r.route = route
		if after := cpuTime(pid); before > 0 && after > before {
			r.cpu = after - before
		}
		if err == nil && srv.cmd != nil {
			r.rssKB = peakRSS(srv.cmd.Process.Pid)
		}
		return r, err
	}
	type step struct {
		route, url string
		conns      int
		headers    []string
		script     string
		nginx      bool
		// bare is the second reference: a bare net/http program answering the same bytes.
		bare bool
		skip string // why the route is not measured
	}
	ngxList := "http://" + ngx.addr + "/api/product/list"
	with := func(h ...string) []string { return append(slices.Clone(gz), h...) }
	steps := []step{
		{route: "`GET /api/product/list` (gzip): nginx, static file", url: ngxList, conns: o.conns, headers: gz, nginx: true},
		{route: "`GET /api/product/list` (gzip): bare net/http, the same bytes", url: bare.url, conns: o.conns, headers: gz, bare: true},
		{route: "`GET /api/product/list` (gzip): haat", url: base + "/api/product/list", conns: o.conns, headers: gz},
		{route: "`GET /api/product/list`, `If-None-Match` (304): nginx", url: ngxList, conns: o.conns, headers: with("If-None-Match: " + nginxETag), nginx: true},
		{route: "`GET /api/product/list`, `If-None-Match` (304): bare net/http", url: bare.url, conns: o.conns, headers: with("If-None-Match: " + bare.etag), bare: true},
		{route: "`GET /api/product/list`, `If-None-Match` (304): haat", url: base + "/api/product/list", conns: o.conns, headers: with("If-None-Match: " + etag)},
		{route: "`GET /api/user/is-auth`", url: base + "/api/user/is-auth", conns: o.conns, headers: with("Cookie: " + shoppers[0].cookie)},
		{route: "`GET /api/product/search?q=rice`", url: base + "/api/product/search?q=rice", conns: o.conns, headers: gz},
	}
	if etag == "" {
		steps[4].skip = "no ETag: not measured"
		steps[5].skip = steps[4].skip
	}
	if code, _ := statusOf(steps[7].url); code != http.StatusOK {
		steps[7].skip = fmt.Sprintf("answered %d: not measured", code)
	}
	cartScript, orderScript, err := writeScripts(o, shoppers, store.productIDs)
	if err != nil {
		return err
	}
	steps = append(steps,
		step{route: "`POST /api/cart/update`", url: base + "/api/cart/update", conns: o.orderConns, script: cartScript},
		step{route: "`POST /api/order/cod` (a new order each)", url: base + "/api/order/cod", conns: o.orderConns, script: orderScript})

	var nginxRPS, bareRPS float64
	var bareCPU time.Duration
	for i, s := range steps {
		// The first step is the reference the hot paths are measured against: always measured.
		if i > 0 && o.only != "" && !strings.Contains(s.route, o.only) {
			continue
		}
		if s.skip != "" {
			rows = append(rows, result{route: s.route, note: s.skip})
			continue
		}
		r, err := measure(s.route, s.url, s.conns, s.headers, s.script)
		if err != nil {
			return fmt.Errorf("%s: %w", s.route, err)
		}
		switch {
		case s.nginx:
			r.rssKB = 0
			r.cpu = 0 // nginx is not measured: its workers are processes of their own
			nginxRPS = r.rps
		case s.bare:
			r.rssKB = 0
			bareRPS, bareCPU = r.rps, r.cpuPerAnswer()
			if nginxRPS > 0 {
				r.note = fmt.Sprintf("%.2f× nginx", r.rps/nginxRPS)
			}
			if bareCPU > 0 {
				r.note += fmt.Sprintf("; CPU %s an answer", us(bareCPU))
			}
		case strings.HasPrefix(s.route, "`GET /api/product/list`") && nginxRPS > 0 && bareRPS > 0:
			r.note = fmt.Sprintf("%.2f× bare net/http, %.2f× nginx", r.rps/bareRPS, r.rps/nginxRPS)
			if c := r.cpuPerAnswer(); c > 0 && bareCPU > 0 {
				r.note += fmt.Sprintf("; CPU %s an answer, bare's ÷ haat's %.2f", us(c), float64(bareCPU)/float64(c))
			}
		}
		o.hot.add(dialect, n, r, nginxRPS)
		rows = append(rows, r)
	}
	srv.stop()
	stored, err := store.count("orders")
	if err != nil {
		return err
	}
	// Orders still in flight when wrk stops are stored but not counted as answered: at most one
	// a connection.
	acknowledged := 0
	for i, r := range rows {
		if strings.Contains(r.route, "/api/order/cod") && r.requests > 0 {
			acknowledged = r.requests - r.errors
			rows[i].note = fmt.Sprintf("%d answered 200, %d stored", acknowledged, stored)
			if c := r.cpuPerAnswer(); c > 0 {
				rows[i].note += fmt.Sprintf("; CPU %s an order", us(c))
			}
		}
	}

	size := len(listJSON)
	fmt.Printf("## %s, %d products (list: %s of JSON, %s gzipped)\n\n", dialect, n, kb(size), kb(gzipSize(listJSON)))
	fmt.Println("| route | req/s | p50 | p99 | max | errors | haat peak RSS | note |\n|---|---|---|---|---|---|---|---|")
	for _, r := range rows {
		if r.requests == 0 {
			fmt.Printf("| %s | | | | | | | %s |\n", r.route, r.note)
			continue
		}
		rss := ""
		if r.rssKB > 0 {
			rss = fmt.Sprintf("%.0f MB", float64(r.rssKB)/1024)
		}
		fmt.Printf("| %s | %.0f | %s | %s | %s | %d | %s | %s |\n", r.route, r.rps, ms(r.p50), ms(r.p99), ms(r.max), r.errors, rss, r.note)
	}
	fmt.Println()
	if stored < acknowledged {
		return fmt.Errorf("%d orders acknowledged but %d stored", acknowledged, stored)
	}
	return nil
}

// store is a temporary store with a catalogue.
type store struct {
	dialect, url, dataDir string
	productIDs            []string
}

// newStore makes an empty store and seeds it with n products made from the demo catalogue.
func newStore(o options, dialect string, n int) (*store, error) {
	s := &store{dialect: dialect, dataDir: filepath.Join(o.work, fmt.Sprintf("%s-%d-%d", dialect, n, time.Now().UnixNano()))}
	if err := os.MkdirAll(s.dataDir, 0o755); err != nil {
		return nil, err
	}
	if dialect == sqlstore.Postgres {
		u, err := freshDatabase(o.postgres, o.pgName)
		if err != nil {
			return nil, err
		}
		s.url = u
	}
	ctx := context.Background()
	db, err := sqlstore.Open(ctx, s.url, s.dataDir)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	products, err := catalogue.Many("USD", n)
	if err != nil {
		return nil, err
	}
	if _, err := db.SeedCatalogue(ctx, products); err != nil {
		return nil, err
	}
	list, err := db.Products(ctx)
	if err != nil {
		return nil, err
	}
	for _, p := range list[:min(len(list), 20)] {
		if p.InStock {
			s.productIDs = append(s.productIDs, p.ID)
		}
	}
	return s, nil
}

// freshDatabase drops and creates the database name on the server of admin, and returns its URL.
func freshDatabase(admin, name string) (string, error) {
	db, err := sql.Open("pgx", admin)
	if err != nil {
		return "", err
	}
	defer db.Close()
	if _, err := db.Exec(`DROP DATABASE IF EXISTS ` + name + ` WITH (FORCE)`); err != nil {
		return "", err
	}
	if _, err := db.Exec(`CREATE DATABASE ` + name); err != nil {
		return "", err
	}
	u, err := url.Parse(admin)
	if err != nil {
		return "", err
	}
	u.Path = "/" + name
	return u.String(), nil
}

func (s *store) count(table string) (int, error) {
	driver, dsn := "pgx", s.url
	if s.dialect == sqlstore.SQLite {
		driver, dsn = "sqlite", "file:"+filepath.Join(s.dataDir, "haat.db")+"?mode=ro"
	}
	db, err := sql.Open(driver, dsn)
	if err != nil {
		return 0, err
	}
	defer db.Close()
	var n int
	err = db.QueryRow(`SELECT count(*) FROM ` + table).Scan(&n)
	return n, err
}

// process is a server the benchmark started.
type process struct {
	cmd  *exec.Cmd
	addr string
	done chan struct{}
}

func (p *process) stop() {
	if p.cmd == nil || p.cmd.ProcessState != nil {
		return
	}
	p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.done:
	case <-time.After(15 * time.Second):
		p.cmd.Process.Kill()
		<-p.done
	}
}

func start(cmd *exec.Cmd, addr, logPath string) (*process, error) {
	logFile, err := os.Create(logPath)
	if err != nil {
		return nil, err
	}
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	p := &process{cmd: cmd, addr: addr, done: make(chan struct{})}
	go func() { cmd.Wait(); logFile.Close(); close(p.done) }()
	return p, nil
}

// serveCmd is `haat serve` on the store s at addr: a development store in dollars, no seller.
func serveCmd(o options, s *store, addr string) *exec.Cmd {
	cmd := exec.Command(o.bin, "serve")
	cmd.Env = append(os.Environ(), "HAAT_ADDR="+addr, "HAAT_DATA_DIR="+s.dataDir, "HAAT_DATABASE_URL="+s.url,
		"HAAT_CURRENCY=USD", "HAAT_ENV=development", "HAAT_SELLER_EMAIL=", "HAAT_SELLER_PASSWORD=",
		"HAAT_ORDERS_PER_HOUR=0") // its shoppers place far more than a shopper's hourly orders
	return cmd
}

func startServer(o options, s *store) (*process, error) {
	addr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	p, err := start(serveCmd(o, s, addr), addr, filepath.Join(s.dataDir, "haat.log"))
	if err != nil {
		return nil, err
	}
	if _, err := waitFor("http://"+addr+"/api/product/list", p.done, 30*time.Second); err != nil {
		p.stop()
		log, _ := os.ReadFile(filepath.Join(s.dataDir, "haat.log"))
		return nil, fmt.Errorf("haat did not start: %w\n%s", err, log)
	}
	return p, nil
}

// waitFor asks u until it answers 200 and returns how long that took.
func waitFor(u string, done <-chan struct{}, limit time.Duration) (time.Duration, error) {
	begin := time.Now()
	client := &http.Client{Timeout: 2 * time.Second}
	for time.Since(begin) < limit {
		select {
		case <-done:
			return 0, errors.New("the process ended")
		default:
		}
		if res, err := client.Get(u); err == nil {
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return time.Since(begin), nil
			}
		}
		time.Sleep(time.Millisecond)
	}
	return 0, fmt.Errorf("no answer from %s in %s", u, limit)
}

// measureStartup starts haat on a store of n products several times and returns how long each
// start took to answer its first request, and its first product list.
func measureStartup(o options, dialect string, n int) (first, list []time.Duration, err error) {
	s, err := newStore(o, dialect, n)
	if err != nil {
		return nil, nil, err
	}
	for range o.startups {
		addr, err := freeAddr()
		if err != nil {
			return nil, nil, err
		}
		begin := time.Now()
		p, err := start(serveCmd(o, s, addr), addr, filepath.Join(s.dataDir, "startup.log"))
		if err != nil {
			return nil, nil, err
		}
		_, err = waitFor("http://"+addr+"/readyz", p.done, 30*time.Second)
		first = append(first, time.Since(begin))
		if err == nil {
			_, err = waitFor("http://"+addr+"/api/product/list", p.done, 30*time.Second)
			list = append(list, time.Since(begin))
		}
		p.stop()
		if err != nil {
			return nil, nil, err
		}
	}
	return first, list, nil
}

// medianOf writes the median of times and, in brackets, all of them.
func medianOf(times []time.Duration) string {
	all := make([]string, len(times))
	for i, t := range times {
		all[i] = ms(t)
	}
	sorted := slices.Clone(times)
	slices.Sort(sorted)
	return fmt.Sprintf("%s (%s)", ms(sorted[len(sorted)/2]), strings.Join(all, ", "))
}

func startNginx(o options, listJSON []byte) (*process, error) {
	addr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp(o.work, "nginx-")
	if err != nil {
		return nil, err
	}
	root := filepath.Join(dir, "www")
	if err := os.MkdirAll(filepath.Join(root, "api/product"), 0o755); err != nil {
		return nil, err
	}
	file := filepath.Join(root, "api/product/list")
	if err := os.WriteFile(file, listJSON, 0o644); err != nil {
		return nil, err
	}
	if err := os.WriteFile(file+".gz", gzipBytes(listJSON), 0o644); err != nil {
		return nil, err
	}
	for _, d := range []string{dir, root, filepath.Join(root, "api"), filepath.Join(root, "api/product"), o.work} {
		os.Chmod(d, 0o755)
	}
	// The same bytes as a static file, compressed ahead of time (gzip_static): the fastest way
	// nginx serves them.
	conf := fmt.Sprintf(`worker_processes %d;
daemon off;
pid %[2]s/nginx.pid;
error_log %[2]s/error.log;
events { worker_connections 4096; }
http {
	access_log off;
	sendfile on;
	tcp_nopush on;
	keepalive_requests 1000000;
	client_body_temp_path %[2]s/tmp;
	default_type application/json;
	gzip on;
	gzip_static on;
	gzip_vary on;
	gzip_types application/json;
	server {
		listen %[3]s;
		root %[4]s;
		location / { etag on; }
	}
}
`, runtime.NumCPU(), dir, addr, root)
	confPath := filepath.Join(dir, "nginx.conf")
	if err := os.WriteFile(confPath, []byte(conf), 0o644); err != nil {
		return nil, err
	}
	p, err := start(exec.Command("nginx", "-c", confPath, "-e", filepath.Join(dir, "error.log")), addr, filepath.Join(dir, "out.log"))
	if err != nil {
		return nil, err
	}
	if _, err := waitFor("http://"+addr+"/api/product/list", p.done, 10*time.Second); err != nil {
		p.stop()
		log, _ := os.ReadFile(filepath.Join(dir, "error.log"))
		return nil, fmt.Errorf("nginx did not start: %w\n%s", err, log)
	}
	return p, nil
}

func fetchList(base string) (body []byte, etag string, err error) {
	res, err := http.Get(base + "/api/product/list")
	if err != nil {
		return nil, "", err
	}
	defer res.Body.Close()
	body, err = io.ReadAll(res.Body)
	return body, res.Header.Get("ETag"), err
}

func headerOf(u, name string) (string, error) {
	req, _ := http.NewRequest("GET", u, nil)
	req.Header.Set("Accept-Encoding", "gzip")
	res, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		return "", err
	}
	res.Body.Close()
	return res.Header.Get(name), nil
}

func statusOf(u string) (int, error) {
	res, err := http.Get(u)
	if err != nil {
		return 0, err
	}
	res.Body.Close()
	return res.StatusCode, nil
}

// shopper is a signed-in shopper with an address.
type shopper struct {
	cookie, addressID string
}

func newShoppers(base string, n int, productIDs []string) ([]shopper, error) {
	var out []shopper
	for i := range n {
		jar, _ := cookiejar.New(nil)
		c := &http.Client{Jar: jar, Timeout: 10 * time.Second}
		post := func(path string, body any) error {
			b, _ := json.Marshal(body)
			res, err := c.Post(base+path, "application/json", bytes.NewReader(b))
			if err != nil {
				return err
			}
			defer res.Body.Close()
			if res.StatusCode != http.StatusOK {
				msg, _ := io.ReadAll(res.Body)
				return fmt.Errorf("%s: %d %s", path, res.StatusCode, msg)
			}
			return nil
		}
		email := fmt.Sprintf("shopper%d@haat.example", i)
		if err := post("/api/user/register", map[string]string{"name": fmt.Sprintf("Shopper %d", i), "email": email, "password": "a long password"}); err != nil {
			return nil, err
		}
		if err := post("/api/address/add", map[string]any{"address": map[string]string{"firstName": "Sita", "lastName": "Gurung",
			"email": email, "street": "Lakeside 4", "city": "Pokhara", "state": "Gandaki", "zipcode": "33700", "country": "Nepal", "phone": "9811111111"}}); err != nil {
			return nil, err
		}
		res, err := c.Get(base + "/api/address/get")
		if err != nil {
			return nil, err
		}
		var got struct {
			Addresses []struct {
				ID string `json:"_id"`
			} `json:"addresses"`
		}
		err = json.NewDecoder(res.Body).Decode(&got)
		res.Body.Close()
		if err != nil || len(got.Addresses) == 0 {
			return nil, fmt.Errorf("address of %s: %v", email, err)
		}
		u, _ := url.Parse(base)
		var cookie string
		for _, ck := range jar.Cookies(u) {
			if strings.HasSuffix(ck.Name, "haat_session") {
				cookie = ck.Name + "=" + ck.Value
			}
		}
		if cookie == "" {
			return nil, fmt.Errorf("no session cookie for %s", email)
		}
		out = append(out, shopper{cookie: cookie, addressID: got.Addresses[0].ID})
	}
	if len(productIDs) < 2 {
		return nil, errors.New("the catalogue has fewer than two products in stock")
	}
	return out, nil
}

// writeScripts writes the wrk scripts of the cart update and the cash order: each request is
// the next shopper's, each thread starting at another shopper.
func writeScripts(o options, shoppers []shopper, productIDs []string) (cart, order string, err error) {
	var cookies, carts, orders []string
	for i, s := range shoppers {
		a, b := productIDs[i%len(productIDs)], productIDs[(i+1)%len(productIDs)]
		cookies = append(cookies, strconv.Quote(s.cookie))
		carts = append(carts, strconv.Quote(fmt.Sprintf(`{"cartItems":{%q:2,%q:1}}`, a, b)))
		orders = append(orders, strconv.Quote(fmt.Sprintf(`{"items":[{"product":%q,"quantity":2},{"product":%q,"quantity":1}],"address":%q}`, a, b, s.addressID)))
	}
	script := func(name string, bodies []string) (string, error) {
		src := `local cookies = {` + strings.Join(cookies, ", ") + `}
local bodies = {` + strings.Join(bodies, ", ") + `}
local counter = 0
function setup(thread)
  thread:set("offset", counter)
  counter = counter + 3
end
local i = nil
function request()
  if i == nil then i = offset or 0 end
  i = i + 1
  local k = (i % #cookies) + 1
  return wrk.format("POST", nil, {["Cookie"] = cookies[k], ["Content-Type"] = "application/json", ["Accept-Encoding"] = "gzip"}, bodies[k])
end
`
		path := filepath.Join(o.work, name+".lua")
		return path, os.WriteFile(path, []byte(src), 0o644)
	}
	if cart, err = script("cart", carts); err != nil {
		return "", "", err
	}
	order, err = script("order", orders)
	return cart, order, err
}

var (
	reqRe     = regexp.MustCompile(`(\d+) requests in`)
	rpsRe     = regexp.MustCompile(`Requests/sec:\s+([\d.]+)`)
	non2xxRe  = regexp.MustCompile(`Non-2xx or 3xx responses: (\d+)`)
	socketRe  = regexp.MustCompile(`Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)`)
	latencyRe = regexp.MustCompile(`Latency\s+(\S+)\s+(\S+)\s+(\S+)`)
	pctRe     = regexp.MustCompile(`(?m)^\s+(50|99)%\s+(\S+)`)
)

func runWrk(o options, u string, conns int, headers []string, script string) (result, error) {
	args := []string{"-t", strconv.Itoa(min(runtime.NumCPU(), conns)), "-c", strconv.Itoa(conns), "-d", o.duration.String(), "--latency", "--timeout", "5s"}
	for _, h := range headers {
		args = append(args, "-H", h)
	}
	if script != "" {
		args = append(args, "-s", script)
	}
	out, err := exec.Command("wrk", append(args, u)...).CombinedOutput()
	if err != nil {
		return result{}, fmt.Errorf("wrk: %w\n%s", err, out)
	}
	text := string(out)
	var r result
	if m := reqRe.FindStringSubmatch(text); m != nil {
		r.requests, _ = strconv.Atoi(m[1])
	}
	if m := rpsRe.FindStringSubmatch(text); m != nil {
		r.rps, _ = strconv.ParseFloat(m[1], 64)
	}
	if m := non2xxRe.FindStringSubmatch(text); m != nil {
		n, _ := strconv.Atoi(m[1])
		r.errors += n
	}
	if m := socketRe.FindStringSubmatch(text); m != nil {
		for _, s := range m[1:] {
			n, _ := strconv.Atoi(s)
			r.errors += n
		}
	}
	if m := latencyRe.FindStringSubmatch(text); m != nil {
		r.max = duration(m[3])
	}
	for _, m := range pctRe.FindAllStringSubmatch(text, -1) {
		if m[1] == "50" {
			r.p50 = duration(m[2])
		} else {
			r.p99 = duration(m[2])
		}
	}
	if r.requests == 0 {
		return r, fmt.Errorf("wrk made no request:\n%s", text)
	}
	return r, nil
}

// duration reads wrk's durations: 812.00us, 1.23ms, 2.01s, 1.00m.
func duration(s string) time.Duration {
	for _, u := range []struct {
		suffix string
		unit   time.Duration
	}{{"us", time.Microsecond}, {"ms", time.Millisecond}, {"m", time.Minute}, {"s", time.Second}} {
		if v, ok := strings.CutSuffix(s, u.suffix); ok {
			f, _ := strconv.ParseFloat(v, 64)
			return time.Duration(f * float64(u.unit))
		}
	}
	return 0
}

// cpuTime is the processor time process pid has used so far, user and system, from
// /proc/<pid>/stat; 0 when it cannot be read.
func cpuTime(pid int) time.Duration {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// The fields after the command's name (in parentheses, and it may hold spaces): utime and
	// stime are the 12th and 13th, in clock ticks of a hundredth of a second (USER_HZ).
	i := bytes.LastIndexByte(stat, ')')
	if i < 0 {
		return 0
	}
	f := strings.Fields(string(stat[i+1:]))
	if len(f) < 13 {
		return 0
	}
	user, err1 := strconv.ParseInt(f[11], 10, 64)
	system, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0
	}
	return time.Duration(user+system) * (time.Second / 100)
}

// us is a duration in microseconds, as the notes say it.
func us(d time.Duration) string { return fmt.Sprintf("%.1f µs", float64(d)/float64(time.Microsecond)) }

// peakRSS is the highest resident memory of a process so far, in KB (VmHWM).
func peakRSS(pid int) int {
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(status), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			n, _ := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")))
			return n
		}
	}
	return 0
}

func freeAddr() (string, error) {
	if ports.next > 0 {
		for ; ports.next <= ports.last; ports.next++ {
			ln, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", ports.next))
			if err == nil {
				ports.next++
				defer ln.Close()
				return ln.Addr().String(), nil
			}
		}
		return "", errors.New("no free port left in -ports")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

func gzipBytes(b []byte) []byte {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zw.Write(b)
	zw.Close()
	return buf.Bytes()
}

func gzipSize(b []byte) int { return len(gzipBytes(b)) }

func kb(n int) string { return fmt.Sprintf("%.1f KB", float64(n)/1024) }

func ms(d time.Duration) string {
	if d == 0 {
		return ""
	}
	return strconv.FormatFloat(float64(d)/float64(time.Millisecond), 'f', 2, 64) + " ms"
}

func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(b))
	return strings.Join(f[:3], " ")
}

func memTotal() string {
	b, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(b))
	kb, _ := strconv.Atoi(f[1])
	return fmt.Sprintf("%d GiB", kb/1024/1024)
}

// bareServer is the second reference of the product list: a bare net/http server, in this
// process, answering the very bytes haat answers (gzipped, with its ETag and headers) and 304 to
// a request that names the ETag, with the time limits the store's server has (newHTTPServer in
// cmd/haat: a server that faces phones needs them, and they cost each request the same in both).
// What haat answers less than it is the store's own cost per request: request id, metrics,
// logging, headers, routing, the handler.
type bareServer struct {
	url, etag string
	srv       *http.Server
}

func (b *bareServer) stop() { b.srv.Close() }

// startBare fetches list from haat as a browser would (gzip) and serves it barely.
func startBare(list string) (*bareServer, error) {
	req, _ := http.NewRequest("GET", list, nil)
	req.Header.Set("Accept-Encoding", "gzip")
	res, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	body, err := io.ReadAll(res.Body)
	res.Body.Close()
	if err != nil {
		return nil, err
	}
	header := res.Header.Clone()
	header.Del("Date") // written afresh for each answer, as haat does
	etag := header.Get("ETag")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	b := &bareServer{url: "http://" + ln.Addr().String() + "/api/product/list", etag: etag}
	b.srv = &http.Server{ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 2 * time.Minute, WriteTimeout: 2 * time.Minute, IdleTimeout: 2 * time.Minute,
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			h := w.Header()
			for k, v := range header {
				h[k] = v
			}
			if etag != "" && r.Header.Get("If-None-Match") == etag {
				w.WriteHeader(http.StatusNotModified)
				return
			}
			w.Write(body)
		}),
	}
	go b.srv.Serve(ln)
	return b, nil
}
