package bench

import (
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"haat/images/imagestest"
	"haat/sqlstore"
	"haat/sqlstore/sqlstoretest"
)

// versitygw finds the S3 server the test runs (.ci/run installs it:
// go install github.com/versity/versitygw/cmd/versitygw@v1.8.0).
func versitygw(t *testing.T) string {
	if p, err := exec.LookPath("versitygw"); err == nil {
		return p
	}
	gopath, _ := exec.Command("go", "env", "GOPATH").Output()
	p := filepath.Join(strings.TrimSpace(string(gopath)), "bin", "versitygw")
	if _, err := os.Stat(p); err != nil {
		t.Skip("versitygw is not installed (go install github.com/versity/versitygw/cmd/versitygw@v1.8.0): two servers on S3 NOT TESTED")
	}
	return p
}

// startS3 runs versitygw on a free port over a temporary folder with the bucket "haat", and
// returns the HAAT_BLOB_URL and credentials of the bucket.
func startS3(t *testing.T) []string { return newS3(t).env() }

// s3Server is versitygw serving the bucket "haat" from a folder, on an address it keeps when
// stopped and started again.
type s3Server struct {
	t          *testing.T
	bin, addr  string
	root       string
	cmd        *exec.Cmd
	out        *strings.Builder
	credential [2]string
}

// newS3 starts versitygw on a free port over a temporary folder with the bucket "haat"; it is
// stopped when the test ends.
func newS3(t *testing.T) *s3Server {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &s3Server{t: t, bin: versitygw(t), addr: ln.Addr().String(), root: t.TempDir(),
		credential: [2]string{"haat-test-access", "haat-test-secret-key"}}
	ln.Close()
	if err := os.Mkdir(filepath.Join(s.root, "haat"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.stop)
	s.start()
	return s
}

// start runs versitygw and waits until it takes connections.
func (s *s3Server) start() {
	s.t.Helper()
	s.cmd = exec.Command(s.bin, "--access", s.credential[0], "--secret", s.credential[1], "--port", s.addr, "posix", s.root)
	s.out = &strings.Builder{}
	s.cmd.Stdout, s.cmd.Stderr = s.out, s.out
	if err := s.cmd.Start(); err != nil {
		s.t.Fatal(err)
	}
	for i := 0; ; i++ {
		if c, err := net.Dial("tcp", s.addr); err == nil {
			c.Close()
			break
		}
		if i == 100 {
			s.t.Fatalf("versitygw did not start: %s", s.out.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// stop ends versitygw, as a crash or a stopped machine would, and waits for it.
func (s *s3Server) stop() {
	if s.cmd != nil {
		s.cmd.Process.Kill()
		s.cmd.Wait()
		s.cmd = nil
	}
}

// env is the configuration of a store on the bucket: HAAT_BLOB_URL and the credentials.
func (s *s3Server) env() []string {
	return []string{"HAAT_BLOB_URL=s3://haat?endpoint=http://" + s.addr + "&region=us-east-1&use_path_style=true",
		"AWS_ACCESS_KEY_ID=" + s.credential[0], "AWS_SECRET_ACCESS_KEY=" + s.credential[1]}
}

// TestTwoServers runs two haat processes on one PostgreSQL database and one S3 bucket, as a store
// behind a load balancer does: a session made on one works on the other, an order placed on one
// is listed by the other, a photo uploaded through one is served by the other, and a stock change
// made on one shows in the other's product list within 2 s.
func TestTwoServers(t *testing.T) {
	reliabilityRun(t)
	if !sqlstoretest.HavePostgres() {
		t.Skip("HAAT_TEST_POSTGRES is not set: two servers need PostgreSQL, NOT TESTED")
	}
	bin := buildServer(t)
	env := append(startS3(t), "HAAT_SELLER_EMAIL="+benchSeller, "HAAT_SELLER_PASSWORD="+benchPassword)
	dsn, _ := sqlstoretest.NewDatabase(t, sqlstore.Postgres)
	a := startHaat(t, bin, dsn, t.TempDir(), env...)
	b := startHaat(t, bin, dsn, t.TempDir(), env...)
	hc := newHTTPClient(4)

	// A session made on one server works on the other.
	products := twoProducts(t, hc, a.url)
	shopperA, address := shopper(t, hc, a.url, 0)
	shopperB := *shopperA
	shopperB.base = b.url
	if _, err := shopperB.call(t.Context(), "GET", "/api/user/is-auth", nil, nil); err != nil {
		t.Fatalf("a session made on one server, on the other: %v", err)
	}
	// An order placed on one is listed by the other.
	if _, err := shopperB.call(t.Context(), "POST", "/api/order/cod", orderBody(products, address, 1), nil); err != nil {
		t.Fatal(err)
	}
	var orders struct {
		Orders []struct {
			ID string `json:"_id"`
		} `json:"orders"`
	}
	if _, err := shopperA.call(t.Context(), "GET", "/api/order/user", nil, &orders); err != nil || len(orders.Orders) != 1 {
		t.Fatalf("the order placed on the other server: %+v, %v", orders, err)
	}

	// A photo uploaded through one is served by the other.
	sellerA := (&server{url: a.url}).seller(t, 30*time.Second)
	if st, body, err := (&server{url: a.url}).addProduct(sellerA, imagestest.ZeroPNG(640, 480)); err != nil || st != 200 {
		t.Fatalf("add a product with a photo: %d %s %v", st, body, err)
	}
	var list struct {
		Products []struct {
			ID      string   `json:"_id"`
			Name    string   `json:"name"`
			Image   []string `json:"image"`
			InStock bool     `json:"inStock"`
		} `json:"products"`
	}
	listOf := func(s *haatServer) {
		t.Helper()
		c := &client{http: hc, base: s.url}
		if _, err := c.call(t.Context(), "GET", "/api/product/list", nil, &list); err != nil {
			t.Fatal(err)
		}
	}
	// The other server prepared its list at start-up, and sees the change within about
	// sqlstore.CataloguePoll (its poll of the database's catalogue state).
	var tea string
	for deadline := time.Now().Add(10 * sqlstore.CataloguePoll); tea == "" && time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		listOf(b)
		for _, p := range list.Products {
			if p.Name == "Ilam Tea" && len(p.Image) == 1 && strings.HasPrefix(p.Image[0], "/media/uploads/") {
				tea = p.Image[0]
			}
		}
	}
	if tea == "" {
		t.Fatalf("the other server's list lacks the product added: %+v", list.Products)
	}
	for _, path := range []string{tea, strings.Replace(tea, ".", "-400.", 1)} {
		res, err := hc.Get(b.url + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || len(body) == 0 || !strings.HasPrefix(res.Header.Get("Content-Type"), "image/") {
			t.Fatalf("%s from the other server: %d %s", path, res.StatusCode, res.Header.Get("Content-Type"))
		}
	}

	// A stock change made on one shows in the other's product list within 2 s.
	req, _ := http.NewRequest("POST", b.url+"/api/product/stock", strings.NewReader(fmt.Sprintf(`{"id":%q,"inStock":false}`, products[0])))
	req.Header.Set("Content-Type", "application/json")
	sellerB := (&server{url: b.url}).seller(t, 30*time.Second)
	res, err := sellerB.Do(req)
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("stock change: %v %v", res, err)
	}
	res.Body.Close()
	changed := time.Now()
	for {
		listOf(a)
		out := false
		for _, p := range list.Products {
			out = out || p.ID == products[0] && !p.InStock
		}
		if out {
			break
		}
		if time.Since(changed) > 2*time.Second {
			js, _ := json.Marshal(list.Products[:2])
			t.Fatalf("the other server still lists the product in stock 2 s after the change: %s", js)
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Logf("stock change seen on the other server after %s", time.Since(changed).Round(time.Millisecond))
	a.stop(t)
	b.stop(t)
}
