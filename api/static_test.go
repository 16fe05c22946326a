package api_test

import (
	"compress/gzip"
	"crypto/rand"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"haat/api"
	"haat/storefront"
)

func TestStorefrontFiles(t *testing.T) {
	page := "<!doctype html><title>Haat</title>" + strings.Repeat("<!-- padding -->", 100)
	web := fstest.MapFS{
		"index.html":                {Data: []byte(page)},
		"assets/index-abc123.js":    {Data: []byte(strings.Repeat("console.log('haat');", 100))},
		"media/catalogue/rice.webp": {Data: []byte("RIFF....WEBPVP8 ")},
		"favicon.svg":               {Data: []byte("<svg xmlns='http://www.w3.org/2000/svg'/>")},
	}
	srv := httptest.NewServer((&api.Server{Web: web}).Handler())
	defer srv.Close()
	get := func(path string, header ...string) *http.Response { return rawGet(t, srv.URL+path, header...) }
	for _, path := range []string{"/", "/home", "/products/fruits/01ABC", "/seller/orders", "/products/FRUITS", "/cart/", "/my-orders"} {
		res := get(path)
		body, _ := io.ReadAll(res.Body)
		if res.StatusCode != 200 || string(body) != page || res.Header.Get("Cache-Control") != "no-cache" {
			t.Errorf("GET %s: %d %q %q", path, res.StatusCode, res.Header.Get("Cache-Control"), body[:20])
		}
	}
	// Paths that are no page get the page (it shows "Page not found") with status 404.
	for _, path := range []string{"/nope", "/products/unknown", "/products/fruits/01ABC/more", "/seller/nope", "/home/x", "/products/%20fruits"} {
		res := get(path)
		body, _ := io.ReadAll(res.Body)
		if res.StatusCode != 404 || string(body) != page || res.Header.Get("Content-Type") != "text/html; charset=utf-8" {
			t.Errorf("GET %s: %d %q", path, res.StatusCode, body[:min(len(body), 20)])
		}
	}
	if res := get("/nope", "Accept-Encoding", "gzip"); res.StatusCode != 404 || res.Header.Get("Content-Encoding") != "gzip" {
		t.Errorf("compressed not-found page: %d %v", res.StatusCode, res.Header)
	}
	if res := get("/assets/index-abc123.js"); res.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" ||
		!strings.HasPrefix(res.Header.Get("Content-Type"), "text/javascript") {
		t.Errorf("asset headers: %v", res.Header)
	}
	if res := get("/media/catalogue/rice.webp"); res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/webp" {
		t.Errorf("catalogue image: %d %v", res.StatusCode, res.Header)
	}
	for _, path := range []string{"/assets/missing-123.js", "/media/catalogue/nope.webp"} {
		if res := get(path); res.StatusCode != 404 {
			t.Errorf("GET %s = %d, want 404", path, res.StatusCode)
		}
	}
	res := get("/assets/index-abc123.js", "Accept-Encoding", "gzip")
	if res.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("not compressed: %v", res.Header)
	}
	zr, err := gzip.NewReader(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := io.ReadAll(zr); !strings.HasPrefix(string(b), "console.log") {
		t.Fatalf("gzip body = %q", b)
	}
	if res := get("/assets/index-abc123.js", "Accept-Encoding", "gzip;q=0"); res.Header.Get("Content-Encoding") != "" {
		t.Fatal("compressed although refused")
	}
	etag := get("/").Header.Get("ETag")
	if res := get("/", "If-None-Match", etag); res.StatusCode != http.StatusNotModified {
		t.Fatalf("revalidation = %d", res.StatusCode)
	}
}

// TestEveryPageReloads: every page of storefront.Pages, the one list the storefront's router takes its
// routes from, answers a direct load with the page and 200 (the seller area's pages, the slip and
// invoice pages and a shopper's invoice were 404 before), in any case and with a trailing slash as
// the router matches them; a path that is no page answers it with 404.
func TestEveryPageReloads(t *testing.T) {
	page := "<!doctype html><title>Haat</title>"
	srv := httptest.NewServer((&api.Server{Web: fstest.MapFS{"index.html": {Data: []byte(page)}}}).Handler())
	defer srv.Close()
	example := strings.NewReplacer(":category", "fruits", ":id", "01JC7Q5TXW2V0R4Y8M3N6P9K1B", ":number", "10482")
	pages := []string{"/seller/dashboard", "/seller/settings", "/seller/slots", "/seller/product-list/01ABC/edit",
		"/seller/orders/10482/slip", "/seller/orders/10482/invoice", "/my-orders/01ABC/invoice", "/SELLER/Dashboard/", "/Cart"}
	for _, p := range storefront.Pages {
		pages = append(pages, example.Replace(p.Pattern))
	}
	for _, path := range pages {
		res := rawGet(t, srv.URL+path)
		body, _ := io.ReadAll(res.Body)
		if res.StatusCode != 200 || string(body) != page {
			t.Errorf("GET %s: %d %q", path, res.StatusCode, body)
		}
	}
	random := strings.ToLower(rand.Text())
	for _, path := range []string{"/" + random, "/seller/" + random, "/my-orders/" + random, "/products/" + random,
		"/seller/orders/abc/slip", "/seller/orders/%2310482/invoice", "/seller/orders/0/slip", "/my-orders/01ABC/invoice/more",
		"/seller/product-list/01ABC", "/seller/dashboard/x", "/my-orders/01ABC"} {
		res := rawGet(t, srv.URL+path)
		body, _ := io.ReadAll(res.Body)
		if res.StatusCode != 404 || string(body) != page {
			t.Errorf("GET %s: %d %q, want the page with 404", path, res.StatusCode, body)
		}
	}
}

// TestStorefrontPrecompressed: the copies the build compressed are served as the file's forms,
// brotli first, and are no files of their own.
func TestStorefrontPrecompressed(t *testing.T) {
	script := strings.Repeat("console.log('haat');", 100)
	web := fstest.MapFS{
		"index.html":                {Data: []byte("<!doctype html>")},
		"assets/index-abc123.js":    {Data: []byte(script)},
		"assets/index-abc123.js.br": {Data: []byte("brotli form")},
		"assets/index-abc123.js.gz": {Data: []byte("gzip form")},
		"assets/other-def456.js":    {Data: []byte(script)},
	}
	srv := httptest.NewServer((&api.Server{Web: web}).Handler())
	defer srv.Close()
	for _, c := range []struct{ path, accept, coding, body string }{
		{"/assets/index-abc123.js", "gzip, deflate, br", "br", "brotli form"},
		{"/assets/index-abc123.js", "gzip", "gzip", "gzip form"},
		{"/assets/index-abc123.js", "", "", script},
		{"/assets/index-abc123.js.br", "br", "", "404 page not found\n"},
	} {
		res := rawGet(t, srv.URL+c.path, "Accept-Encoding", c.accept)
		body, _ := io.ReadAll(res.Body)
		if res.Header.Get("Content-Encoding") != c.coding || string(body) != c.body {
			t.Errorf("%s (%q): %d %q %q", c.path, c.accept, res.StatusCode, res.Header.Get("Content-Encoding"), body)
		}
	}
	// A file the build did not compress is gzipped at start, as before.
	res := rawGet(t, srv.URL+"/assets/other-def456.js", "Accept-Encoding", "gzip")
	zr, err := gzip.NewReader(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := io.ReadAll(zr); string(b) != script {
		t.Errorf("gzipped at start: %q", b)
	}
}

// TestStorefrontRenderedAhead: the pages the build rendered ahead are sent for their paths, in
// the language of the browser's cookie (English without one, or with one the store does not
// speak); other pages get index.html.
func TestStorefrontRenderedAhead(t *testing.T) {
	web := fstest.MapFS{
		"index.html":                              {Data: []byte("<div id=root></div>")},
		"prerendered/en/index.html":               {Data: []byte("landing en")},
		"prerendered/ne/index.html":               {Data: []byte("landing ne")},
		"prerendered/en/home.html":                {Data: []byte("home en")},
		"prerendered/ne/home.html":                {Data: []byte("home ne")},
		"prerendered/ne/home.html.br":             {Data: []byte("home ne, brotli")},
		"prerendered/en/products.html":            {Data: []byte("only English")},
		"prerendered/en/products/vegetables.html": {Data: []byte("vegetables en")},
	}
	srv := httptest.NewServer((&api.Server{Web: web}).Handler())
	defer srv.Close()
	for _, c := range []struct{ path, cookie, accept, want, vary string }{
		{"/", "", "", "landing en", "Cookie"},
		{"/", "haat_lang=ne", "", "landing ne", "Cookie"},
		{"/", "haat_lang=fr", "", "landing en", "Cookie"},
		{"/", "haat_lang=../en/home", "", "landing en", "Cookie"},
		{"/home", "haat_lang=en", "", "home en", "Cookie"},
		{"/home", "haat_lang=ne", "br", "home ne, brotli", "Cookie"},
		{"/home/", "haat_lang=ne", "", "home ne", "Cookie"},
		{"/products", "haat_lang=ne", "", "<div id=root></div>", ""},
		{"/cart", "haat_lang=ne", "", "<div id=root></div>", ""},
		// A category's page is built ahead under its path in lower case.
		{"/products/vegetables", "", "", "vegetables en", "Cookie"},
		{"/products/Vegetables/", "", "", "vegetables en", "Cookie"},
		{"/products/vegetables", "haat_lang=ne", "", "<div id=root></div>", ""},
	} {
		res := rawGet(t, srv.URL+c.path, "Cookie", c.cookie, "Accept-Encoding", c.accept)
		body, _ := io.ReadAll(res.Body)
		vary := strings.Join(res.Header.Values("Vary"), ", ")
		if res.StatusCode != 200 || string(body) != c.want || !strings.Contains(vary, c.vary) || res.Header.Get("Cache-Control") != "no-cache" {
			t.Errorf("GET %s (%s, %q): %d %q, Vary %q, %q", c.path, c.cookie, c.accept, res.StatusCode, body, vary, res.Header.Get("Cache-Control"))
		}
	}
	// The landing page's file is named index, but /index is no page.
	res := rawGet(t, srv.URL+"/index")
	if body, _ := io.ReadAll(res.Body); res.StatusCode != 404 || string(body) != "<div id=root></div>" {
		t.Errorf("GET /index: %d %q", res.StatusCode, body)
	}
}

// rawGet asks for url with the header's name-value pairs as they are (an empty Accept-Encoding
// asks for no coding), as a browser would, without the client undoing a compression; the body is
// closed when the test ends.
func rawGet(t *testing.T, url string, header ...string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	res, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { res.Body.Close() })
	return res
}
