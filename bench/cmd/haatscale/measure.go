package main

import (
	"bufio"
	"bytes"
	"database/sql"
	"encoding/json"
	"errors"
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
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"haat"
	"haat/bench/scale"
)

// measure starts bin on the store made before (SQLite in dir, or PostgreSQL at pg), times its
// start-up, and asks each route of the seller's pages, My Orders and search `requests` times, one
// request at a time, each with other parameters drawn from the store: on 127.0.0.1 with nothing
// else asked meanwhile, the time to the answer's last byte is the server's time.
func measure(bin, dir, pg string, requests, starts int, only *regexp.Regexp) error {
	samples, err := drawSamples(dir, pg)
	if err != nil {
		return err
	}
	fmt.Println("| start | `GET /readyz` answered |\n|---|---|")
	for i := range starts {
		srv, took, err := startServer(bin, dir, pg)
		if err != nil {
			return err
		}
		srv.stop()
		fmt.Printf("| %d | %s |\n", i+1, ms(took))
	}
	srv, _, err := startServer(bin, dir, pg)
	if err != nil {
		return err
	}
	defer srv.stop()
	seller, err := signIn(srv.base, "/api/seller/login", scale.OwnerEmail, scale.OwnerPassword)
	if err != nil {
		return err
	}
	shopper, err := signIn(srv.base, "/api/user/login", samples.heavy, scale.ShopperPassword)
	if err != nil {
		return err
	}
	r := scale.NewDraw()
	pick := func(list []string) string { return list[r.IntN(len(list))] }
	routes := []struct {
		name   string
		client *http.Client
		url    func() string
		n      int
	}{
		{"seller orders, first page", seller, func() string { return "/api/order/seller" }, requests},
		{"seller orders, a later page", seller, func() string { return "/api/order/seller?before=" + pick(samples.ids) }, requests},
		{"status Order Placed", seller, func() string { return "/api/order/seller?status=Order+Placed" }, requests},
		{"status Packed", seller, func() string { return "/api/order/seller?status=Packed" }, requests},
		{"status Out for Delivery", seller, func() string { return "/api/order/seller?status=Out+for+Delivery" }, requests},
		{"status Delivered", seller, func() string { return "/api/order/seller?status=Delivered" }, requests},
		{"status Cancelled", seller, func() string { return "/api/order/seller?status=Cancelled" }, requests},
		{"status Cancelled, a later page", seller, func() string { return "/api/order/seller?status=Cancelled&before=" + pick(samples.ids) }, requests},
		{"not paid", seller, func() string { return "/api/order/seller?paid=false" }, requests},
		{"slot (a day)", seller, func() string { return "/api/order/seller?slot=" + pick(samples.days) }, requests},
		{"slot (a window of a day)", seller, func() string { return "/api/order/seller?slot=" + url.QueryEscape(pick(samples.slots)) }, requests},
		{"date (a day)", seller, func() string { d := pick(samples.days); return "/api/order/seller?from=" + d + "&to=" + d }, requests},
		{"date (a month)", seller, func() string { d := pick(samples.days); return "/api/order/seller?from=" + d[:8] + "01&to=" + d }, requests},
		{"order number (`number=`)", seller, func() string { return "/api/order/seller?number=" + pick(samples.numbers) }, requests},
		{"order number (search `q=#N`)", seller, func() string { return "/api/order/seller?q=%23" + pick(samples.numbers) }, requests},
		{"name (first name)", seller, func() string { return "/api/order/seller?q=" + url.QueryEscape(pick(samples.firstNames)) }, requests},
		{"name (full name)", seller, func() string { return "/api/order/seller?q=" + url.QueryEscape(pick(samples.names)) }, requests},
		{"phone", seller, func() string { return "/api/order/seller?q=" + pick(samples.phones) }, requests},
		{"dashboard", seller, func() string { return "/api/seller/dashboard" }, requests},
		{"pick list (all to pack)", seller, func() string { return "/api/seller/picklist" }, requests},
		{"seller products", seller, func() string { return "/api/seller/products" }, max(10, requests/10)},
		{"seller products, first page", seller, func() string { return "/api/seller/products?archived=false&limit=20" }, requests},
		{"seller products, a later page", seller, func() string { return "/api/seller/products?archived=false&limit=20&before=" + pick(samples.products) }, requests},
		{"seller products, by name, a later page", seller, func() string {
			return "/api/seller/products?archived=false&sort=name&limit=20&before=" + pick(samples.products)
		}, requests},
		{"seller products, a search", seller, func() string {
			return "/api/seller/products?archived=false&limit=20&q=" + url.QueryEscape(pick(samples.words))
		}, requests},
		{"export of a month (CSV)", seller, func() string {
			return "/api/order/seller.csv?from=" + samples.lastMonth[0] + "&to=" + samples.lastMonth[1]
		}, max(5, requests/20)},
		{"My Orders (500 orders)", shopper, func() string { return "/api/order/user" }, max(10, requests/4)},
		{"My Orders, first page", shopper, func() string { return "/api/order/user?limit=20" }, requests},
		{"My Orders, a later page", shopper, func() string { return "/api/order/user?limit=20&before=" + pick(samples.mine) }, requests},
		{"search", shopper, func() string { return "/api/product/search?q=" + url.QueryEscape(pick(searchWords)) }, requests},
	}
	fmt.Printf("\n| route | requests | p50 | p95 | p99 | max | answer |\n|---|---|---|---|---|---|---|\n")
	for _, rt := range routes {
		if !only.MatchString(rt.name) {
			continue
		}
		var times []time.Duration
		size := 0
		var failed error
		for range rt.n {
			took, n, err := get(rt.client, srv.base+rt.url())
			if err != nil {
				failed = err
				break
			}
			times = append(times, took)
			size = max(size, n)
		}
		if failed != nil {
			// A route too slow to answer within the client's minute is noted, and the others go on.
			fmt.Printf("| %s | %d | failed: %v | | | | |\n", rt.name, len(times)+1, failed)
			continue
		}
		slices.Sort(times)
		fmt.Printf("| %s | %d | %s | %s | %s | %s | %s |\n", rt.name, len(times), ms(pct(times, 50)), ms(pct(times, 95)), ms(pct(times, 99)),
			ms(times[len(times)-1]), kb(size))
	}
	if !only.MatchString("export") {
		return nil
	}
	return exportMemory(srv, seller, samples)
}

// exportMemory exports a day, then the busiest month, then everything, and reports the server's
// peak memory after each: an export that streams does not grow with what it exports.
func exportMemory(srv *server, seller *http.Client, s *samples) error {
	fmt.Printf("\n| export | orders' CSV | first byte | whole | server's peak RSS after |\n|---|---|---|---|---|\n")
	for _, e := range []struct{ name, query string }{
		{"a day", "from=" + s.lastMonth[1] + "&to=" + s.lastMonth[1]},
		{"the last month", "from=" + s.lastMonth[0] + "&to=" + s.lastMonth[1]},
		{"the last year", "from=" + s.lastYear + "&to=" + s.lastMonth[1]},
	} {
		begin := time.Now()
		res, err := seller.Get(srv.base + "/api/order/seller.csv?" + e.query)
		if err != nil {
			return err
		}
		first := time.Since(begin)
		n, err := io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if err != nil || res.StatusCode != http.StatusOK {
			return fmt.Errorf("export %s: %d %v", e.name, res.StatusCode, err)
		}
		fmt.Printf("| %s | %s | %s | %s | %s |\n", e.name, kb(int(n)), ms(first), ms(time.Since(begin)), peakRSS(srv.cmd.Process.Pid))
	}
	return nil
}

// searchWords are what shoppers type in the search box.
var searchWords = []string{"rice", "apple", "milk", "dal", "tea", "banana", "oil", "chicken", "egg", "potato", "aalu", "momo", "chiya", "ghee", "bread"}

// samples are the parameters the routes are asked with, drawn from the store.
type samples struct {
	ids, numbers, phones, firstNames, names, days, slots []string
	heavy                                                string
	// mine are ids of the heavy shopper's orders, products ids of products, words words of their names.
	mine, products, words []string
	lastMonth             [2]string
	lastYear              string
}

func drawSamples(dir, pg string) (*samples, error) {
	driver, dsn := "pgx", pg
	if pg == "" {
		driver, dsn = "sqlite", "file:"+filepath.Join(dir, "haat.db")+"?mode=ro"
	}
	db, err := sql.Open(driver, dsn)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	s := &samples{}
	var last int64
	if err := db.QueryRow(`SELECT MAX(number) FROM orders`).Scan(&last); err != nil {
		return nil, err
	}
	r := scale.NewDraw()
	for range 200 {
		n := 10001 + r.Int64N(last-10000)
		var id, phone, first, lastName, day, window string
		var created int64
		if err := db.QueryRow(`SELECT id, address_phone, address_first_name, address_last_name, slot_day, slot_window, created_at FROM orders WHERE number = $1`, n).
			Scan(&id, &phone, &first, &lastName, &day, &window, &created); err != nil {
			return nil, err
		}
		s.ids = append(s.ids, id)
		s.numbers = append(s.numbers, strconv.FormatInt(n, 10))
		s.phones = append(s.phones, phone)
		s.firstNames = append(s.firstNames, first)
		s.names = append(s.names, first+" "+lastName)
		s.days = append(s.days, day)
		s.slots = append(s.slots, haat.SlotID(day, window))
	}
	var newest int64
	if err := db.QueryRow(`SELECT MAX(created_at) FROM orders`).Scan(&newest); err != nil {
		return nil, err
	}
	end := time.UnixMilli(newest).In(haat.StoreZone)
	s.lastMonth = [2]string{end.AddDate(0, -1, 1).Format(haat.DayLayout), end.Format(haat.DayLayout)}
	s.lastYear = end.AddDate(-1, 0, 1).Format(haat.DayLayout)
	var heavyID string
	if err := db.QueryRow(`SELECT u.id, u.email FROM users u JOIN orders o ON o.user_id = u.id GROUP BY u.id, u.email ORDER BY ABS(COUNT(*) - 500), u.email LIMIT 1`).
		Scan(&heavyID, &s.heavy); err != nil {
		return nil, err
	}
	if s.mine, err = column(db, `SELECT id FROM orders WHERE user_id = $1`, heavyID); err != nil {
		return nil, err
	}
	names, err := column(db, `SELECT name FROM products WHERE archived = FALSE`)
	if err != nil {
		return nil, err
	}
	for range 50 {
		if words := strings.Fields(names[r.IntN(len(names))]); len(words) > 0 {
			s.words = append(s.words, strings.ToLower(words[0]))
		}
	}
	s.products, err = column(db, `SELECT id FROM products WHERE archived = FALSE`)
	return s, err
}

// column is the first column of the rows query answers.
func column(db *sql.DB, query string, args ...any) ([]string, error) {
	rows, err := db.Query(query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// server is bin serving the store.
type server struct {
	cmd  *exec.Cmd
	base string
	done chan struct{}
	log  bytes.Buffer
}

// startServer starts bin on the store and says how long it took to answer /readyz.
func startServer(bin, dir, pg string) (*server, time.Duration, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, 0, err
	}
	addr := ln.Addr().String()
	ln.Close()
	s := &server{base: "http://" + addr, done: make(chan struct{})}
	s.cmd = exec.Command(bin, "serve")
	s.cmd.Env = append(os.Environ(), "HAAT_ADDR="+addr, "HAAT_DATA_DIR="+dir, "HAAT_DATABASE_URL="+pg, "HAAT_CURRENCY=NPR",
		"HAAT_ENV=development", "HAAT_SELLER_EMAIL=", "HAAT_SELLER_PASSWORD=")
	s.cmd.Stdout, s.cmd.Stderr = &s.log, &s.log
	begin := time.Now()
	if err := s.cmd.Start(); err != nil {
		return nil, 0, err
	}
	go func() { s.cmd.Wait(); close(s.done) }()
	client := &http.Client{Timeout: time.Second}
	for time.Since(begin) < time.Minute {
		select {
		case <-s.done:
			return nil, 0, fmt.Errorf("haat ended:\n%s", s.log.String())
		default:
		}
		if res, err := client.Get(s.base + "/readyz"); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return s, time.Since(begin), nil
			}
		}
		time.Sleep(2 * time.Millisecond)
	}
	s.stop()
	return nil, 0, errors.New("haat was not ready within a minute")
}

func (s *server) stop() {
	s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.done:
	case <-time.After(15 * time.Second):
		s.cmd.Process.Kill()
		<-s.done
	}
}

// signIn signs in at path and returns a client that keeps the session.
func signIn(base, path, email, password string) (*http.Client, error) {
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, Timeout: time.Minute}
	body, _ := json.Marshal(map[string]string{"email": email, "password": password})
	res, err := c.Post(base+path, "application/json", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		msg, _ := io.ReadAll(res.Body)
		return nil, fmt.Errorf("sign in at %s: %d %s", path, res.StatusCode, msg)
	}
	return c, nil
}

// get asks u and returns the time to the last byte of the answer, and its size.
func get(c *http.Client, u string) (time.Duration, int, error) {
	begin := time.Now()
	res, err := c.Get(u)
	if err != nil {
		return 0, 0, err
	}
	n, err := io.Copy(io.Discard, res.Body)
	res.Body.Close()
	took := time.Since(begin)
	if err == nil && res.StatusCode != http.StatusOK {
		err = fmt.Errorf("%s: %s", u, res.Status)
	}
	return took, int(n), err
}

func pct(sorted []time.Duration, p int) time.Duration {
	i := (len(sorted)*p + 99) / 100
	return sorted[min(len(sorted)-1, max(0, i-1))]
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000) }

func kb(n int) string {
	if n >= 1<<20 {
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%.1f KB", float64(n)/1024)
}

// peakRSS is the process's peak resident memory (VmHWM).
func peakRSS(pid int) string {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return "?"
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			return strings.TrimSpace(v)
		}
	}
	return "?"
}
