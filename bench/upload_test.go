package bench

// Photo uploads measured on the real server: these build bin/haat, start it as a process of its
// own and read its peak memory (VmHWM in /proc/<pid>/status) and the wall time. They are slow and
// take gigabytes on a store without upload limits, so they run only when asked:
//
//	HAAT_BENCH_UPLOAD=1 go test -run TestUpload -v -timeout 30m ./bench
//
// TestUploadPeakMemory: four seller sessions add a product each at the same moment, each with
// four maximum-size photos (40 megapixels, under 5 MB), once as PNG and once as JPEG; a seller
// told the store is busy tries again, as the message says.
// TestUploadAttack: one 1 × 40,000,000 px PNG. The server runs under `ulimit -v`
// (HAAT_BENCH_MEMORY_CAP_KB, default 10 GB) and the request is given up after
// HAAT_BENCH_ATTACK_TIMEOUT (default 90s), so a store without the limits cannot take the machine
// down. Results: RESULTS.md.

import (
	"bufio"
	"bytes"
	"cmp"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"math/rand/v2"
	"mime/multipart"
	"net"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"haat/images/imagestest"
)

const (
	benchSeller   = "bench-seller@example.com"
	benchPassword = "bench seller password"
)

// server is a running haat process.
type server struct {
	url string
	pid int
	cmd *exec.Cmd
	log *bytes.Buffer
}

// startServer builds bin/haat from this checkout and starts it on a fresh data folder, its
// virtual memory capped at capKB.
func startServer(t *testing.T, capKB int) *server {
	t.Helper()
	if os.Getenv("HAAT_BENCH_UPLOAD") != "1" {
		t.Skip("set HAAT_BENCH_UPLOAD=1 to measure uploads on a real server")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "haat")
	build := exec.Command("go", "build", "-trimpath", "-o", bin, "./cmd/haat")
	build.Dir = ".."
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	s := &server{url: "http://" + addr, log: &bytes.Buffer{}}
	s.cmd = exec.Command("bash", "-c", `ulimit -v "$1" && exec "$0" serve`, bin, strconv.Itoa(capKB))
	s.cmd.Env = append(os.Environ(), "HAAT_ADDR="+addr, "HAAT_DATA_DIR="+filepath.Join(dir, "data"),
		"HAAT_SELLER_EMAIL="+benchSeller, "HAAT_SELLER_PASSWORD="+benchPassword, "HAAT_DATABASE_URL=", "HAAT_BLOB_URL=")
	s.cmd.Stdout, s.cmd.Stderr = s.log, s.log
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s.pid = s.cmd.Process.Pid
	t.Cleanup(func() {
		s.cmd.Process.Kill()
		s.cmd.Wait()
	})
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		if res, err := http.Get(s.url + "/readyz"); err == nil && res.StatusCode == 200 {
			res.Body.Close()
			return s
		}
		if time.Now().After(deadline) {
			t.Fatalf("server did not start:\n%s", s.log)
		}
	}
}

// memory returns the server's resident memory now and at its peak, in MB, from /proc; ok is
// false when the process is gone.
func (s *server) memory() (rss, peak float64, ok bool) {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", s.pid))
	if err != nil {
		return 0, 0, false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, _ := strings.Cut(sc.Text(), ":")
		if k != "VmRSS" && k != "VmHWM" {
			continue
		}
		kb, _ := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 64)
		if k == "VmRSS" {
			rss = kb / 1024
		} else {
			peak = kb / 1024
		}
	}
	return rss, peak, rss > 0
}

// watch reads the server's peak memory every 50 ms until stop is called, which returns the last
// peak seen, so a server that dies of its upload still has a figure.
func (s *server) watch() (stop func() (peak float64)) {
	done, last := make(chan struct{}), make(chan float64)
	go func() {
		var p float64
		for {
			if _, peak, ok := s.memory(); ok {
				p = peak
			}
			select {
			case <-done:
				last <- p
				return
			case <-time.After(50 * time.Millisecond):
			}
		}
	}()
	return func() float64 { close(done); return <-last }
}

// seller returns an HTTP client with a seller session of its own.
func (s *server) seller(t *testing.T, timeout time.Duration) *http.Client {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, Timeout: timeout}
	res, err := c.Post(s.url+"/api/seller/login", "application/json",
		strings.NewReader(`{"email":"`+benchSeller+`","password":"`+benchPassword+`"}`))
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("seller login: %v %v", res, err)
	}
	res.Body.Close()
	return c
}

// addProduct posts an add-product form with the given photos and returns the status and message.
func (s *server) addProduct(c *http.Client, photos ...[]byte) (int, string, error) {
	res, body, err := s.addProductAnswer(c, photos...)
	if err != nil {
		return 0, "", err
	}
	return res.StatusCode, body, nil
}

// addProductAnswer posts an add-product form with the given photos and returns the answer (its
// body read) and its body.
func (s *server) addProductAnswer(c *http.Client, photos ...[]byte) (*http.Response, string, error) {
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for k, v := range map[string]string{"name": "Ilam Tea", "description": `["Whole leaf"]`, "category": "Drinks",
		"price": "550", "offerPrice": "495"} {
		w.WriteField(k, v)
	}
	for i, p := range photos {
		fw, _ := w.CreateFormFile("images", fmt.Sprintf("photo%d", i))
		fw.Write(p)
	}
	w.Close()
	req, _ := http.NewRequest("POST", s.url+"/api/product/add", &b)
	req.Header.Set("Content-Type", w.FormDataContentType())
	res, err := c.Do(req)
	if err != nil {
		return nil, "", err
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res, string(body), nil
}

// maxPhoto returns a 8000 × 5000 px (40 megapixels) photo-like picture in format, just under 5 MB.
func maxPhoto(t *testing.T, format string) []byte {
	t.Helper()
	const w, h = 8000, 5000
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	rng := rand.New(rand.NewPCG(1, 2))
	// Gradients with grain: on every pixel for JPEG, on one pixel in ten for PNG, as much as
	// fits in 5 MB (PNG 4.9 MB, JPEG at quality 90 4.9 MB).
	noise, every := map[string]int{"png": 2, "jpeg": 9}[format], map[string]int{"png": 10, "jpeg": 1}[format]
	for y := range h {
		for x := range w {
			i := img.PixOffset(x, y)
			g := 0
			if rng.IntN(every) == 0 {
				g = rng.IntN(noise)
			}
			img.Pix[i] = byte(x*200/w + g)
			img.Pix[i+1] = byte(y*200/h + g)
			img.Pix[i+2] = byte((x+y)*100/(w+h) + 60 + g)
			img.Pix[i+3] = 255
		}
	}
	var b bytes.Buffer
	var err error
	if format == "png" {
		err = png.Encode(&b, img)
	} else {
		err = jpeg.Encode(&b, img, &jpeg.Options{Quality: 90})
	}
	if err != nil {
		t.Fatal(err)
	}
	if b.Len() > 5<<20 {
		t.Fatalf("%s photo is %d bytes, over 5 MB", format, b.Len())
	}
	t.Logf("%s photo: %d × %d px, %.2f MB", format, w, h, float64(b.Len())/(1<<20))
	return b.Bytes()
}

func TestUploadPeakMemory(t *testing.T) {
	if os.Getenv("HAAT_BENCH_UPLOAD") != "1" {
		t.Skip("set HAAT_BENCH_UPLOAD=1 to measure uploads on a real server")
	}
	for _, format := range strings.Fields(cmp.Or(os.Getenv("HAAT_BENCH_FORMATS"), "png jpeg")) {
		t.Run(format, func(t *testing.T) {
			photo := maxPhoto(t, format)
			s := startServer(t, 10<<20)
			const sellers, photos = 4, 4
			clients := make([]*http.Client, sellers)
			for i := range clients {
				clients[i] = s.seller(t, 5*time.Minute)
			}
			rss0, _, _ := s.memory()
			stop := s.watch()
			type result struct {
				status, busy int
				body         string
				took         time.Duration
				err          error
			}
			results := make([]result, sellers)
			var wg sync.WaitGroup
			start := time.Now()
			for i, c := range clients {
				wg.Go(func() {
					// A seller told "The store is busy, try again" tries again, up to five times.
					t0 := time.Now()
					r := result{}
					for r.busy = 0; r.busy < 5; r.busy++ {
						if r.status, r.body, r.err = s.addProduct(c, photo, photo, photo, photo); r.status != 503 {
							break
						}
					}
					r.took = time.Since(t0)
					results[i] = r
				})
			}
			wg.Wait()
			wall := time.Since(start)
			peak := stop()
			rss, _, _ := s.memory()
			peak = max(peak, rss)
			ok, busy := 0, 0
			for i, r := range results {
				if r.status == 200 {
					ok++
				}
				msg := r.body
				if len(msg) > 100 {
					msg = msg[:100]
				}
				busy += r.busy
				t.Logf("seller %d: %d in %.1f s after %d busy answers %v %s", i+1, r.status, r.took.Seconds(), r.busy, r.err, msg)
			}
			t.Logf("RESULT %s: %d sellers × %d photos, %d of %d products added (%d busy answers tried again); wall %.1f s; server RSS before %.0f MB, after %.0f MB, peak %.0f MB",
				format, sellers, photos, ok, sellers, busy, wall.Seconds(), rss0, rss, peak)
		})
	}
}

func TestUploadAttack(t *testing.T) {
	capKB := 10 << 20
	if v, err := strconv.Atoi(os.Getenv("HAAT_BENCH_MEMORY_CAP_KB")); err == nil {
		capKB = v
	}
	timeout := 90 * time.Second
	if d, err := time.ParseDuration(os.Getenv("HAAT_BENCH_ATTACK_TIMEOUT")); err == nil {
		timeout = d
	}
	s := startServer(t, capKB)
	attack := imagestest.ZeroPNG(1, 40_000_000)
	c := s.seller(t, timeout)
	rss0, _, _ := s.memory()
	stop := s.watch()
	start := time.Now()
	st, body, err := s.addProduct(c, attack)
	took := time.Since(start)
	peak := stop()
	rss, _, alive := s.memory()
	peak = max(peak, rss)
	if !alive {
		t.Logf("the server died:\n%s", s.log)
	}
	t.Logf("RESULT attack: 1 × 40,000,000 px PNG of %.0f KB: %d %s %v after %.3f s; server RSS before %.0f MB, after %.0f MB, peak %.0f MB",
		float64(len(attack))/1024, st, strings.TrimSpace(body), err, took.Seconds(), rss0, rss, peak)
}
