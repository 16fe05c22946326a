package api_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/andybalholm/brotli"

	"haat/api"
	"haat/sqlstore/sqlstoretest"
)

// listAnswer is one answer of GET /api/product/list as it came over the wire, undecoded.
type listAnswer struct {
	status int
	header http.Header
	raw    []byte
}

// list asks for the product list with the request headers given as name, value pairs; the
// answer's body is left as sent (compressed when it says so).
func (s *store) list(method string, header ...string) listAnswer {
	s.t.Helper()
	req, _ := http.NewRequest(method, s.server.URL+"/api/product/list", nil)
	req.Header.Set("Accept-Encoding", "identity")
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	res, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	return listAnswer{res.StatusCode, res.Header, raw}
}

// decoded is the body of the answer with its Content-Encoding undone.
func (a listAnswer) decoded(t *testing.T) []byte {
	t.Helper()
	var r io.Reader
	switch a.header.Get("Content-Encoding") {
	case "":
		return a.raw
	case "gzip":
		zr, err := gzip.NewReader(bytes.NewReader(a.raw))
		if err != nil {
			t.Fatal(err)
		}
		r = zr
	case "br":
		r = brotli.NewReader(bytes.NewReader(a.raw))
	default:
		t.Fatalf("Content-Encoding %q", a.header.Get("Content-Encoding"))
	}
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("decode %s: %v", a.header.Get("Content-Encoding"), err)
	}
	return b
}

// wantList checks that the answer is the whole list, with the headers of the snapshot, and
// returns its entity tag.
func (s *store) wantList(a listAnswer, coding string) string {
	s.t.Helper()
	if a.status != 200 || a.header.Get("Content-Encoding") != coding || a.header.Get("Cache-Control") != "no-cache" ||
		a.header.Get("Vary") != "Accept-Encoding" || a.header.Get("Content-Type") != "application/json; charset=utf-8" ||
		a.header.Get("Content-Length") != strconv.Itoa(len(a.raw)) {
		s.t.Fatalf("list answer %d %v (%d bytes)", a.status, a.header, len(a.raw))
	}
	etag := a.header.Get("ETag")
	if !strings.HasPrefix(etag, `"`) || !strings.HasSuffix(etag, `"`) || len(etag) < 10 {
		s.t.Fatalf("ETag %q is not a strong tag", etag)
	}
	return etag
}

// wantCurrentList checks that the list answers exactly what encoding the store's products
// answers, the bytes the list was always written as.
func (s *store) wantCurrentList(body []byte) {
	s.t.Helper()
	products, err := s.db.Products(ctx)
	if err != nil {
		s.t.Fatal(err)
	}
	var want bytes.Buffer
	json.NewEncoder(&want).Encode(api.ProductListResponse{Products: products, Success: true})
	if !bytes.Equal(body, want.Bytes()) {
		s.t.Fatalf("list body\n%s\nwant\n%s", body, want.Bytes())
	}
}

func TestProductListSnapshot(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		plain := s.list("GET")
		etag := s.wantList(plain, "")
		s.wantCurrentList(plain.raw)
		if !bytes.HasSuffix(plain.raw, []byte("}\n")) {
			t.Fatalf("list body does not end as writeJSON ends it: %q", plain.raw)
		}

		// Each coding the client takes decodes to the same bytes; brotli first, q=0 refuses.
		for _, c := range []struct{ accept, coding string }{
			{"gzip, deflate, br, zstd", "br"}, {"gzip", "gzip"}, {"br", "br"}, {"br;q=0, gzip", "gzip"},
			{"gzip;q=0", ""}, {"gzip;q=0.0, br;q=0", ""}, {"*", "br"}, {"*;q=0", ""}, {"br;q=0, *", "gzip"},
			{"gzip;q=1, br;q=0.5", "gzip"}, {"identity", ""}, {"deflate", ""}, {"GZIP;Q=0.8", "gzip"},
		} {
			a := s.list("GET", "Accept-Encoding", c.accept)
			tag := s.wantList(a, c.coding)
			if got := a.decoded(t); !bytes.Equal(got, plain.raw) {
				t.Fatalf("Accept-Encoding %q: %s body differs from the plain one", c.accept, c.coding)
			}
			if want := strings.TrimSuffix(etag, `"`) + map[string]string{"": `"`, "gzip": `-gz"`, "br": `-br"`}[c.coding]; tag != want {
				t.Fatalf("Accept-Encoding %q: ETag %s, want %s", c.accept, tag, want)
			}
			if c.coding != "" && len(a.raw) >= len(plain.raw) {
				t.Fatalf("%s body is %d bytes, plain %d", c.coding, len(a.raw), len(plain.raw))
			}
		}

		// The client that holds the list is told so, with no body.
		brTag := s.wantList(s.list("GET", "Accept-Encoding", "br"), "br")
		for _, c := range []struct{ noneMatch, accept string }{
			{etag, ""}, {`"other", ` + etag, ""}, {"W/" + etag, ""}, {"*", ""}, {brTag, "br"}, {`"x",W/` + brTag, "br"},
		} {
			a := s.list("GET", "If-None-Match", c.noneMatch, "Accept-Encoding", c.accept)
			if a.status != http.StatusNotModified || len(a.raw) != 0 || a.header.Get("ETag") == "" {
				t.Fatalf("If-None-Match %s: %d %v %q", c.noneMatch, a.status, a.header, a.raw)
			}
		}
		if a := s.list("GET", "If-None-Match", `"other"`); a.status != 200 || !bytes.Equal(a.raw, plain.raw) {
			t.Fatalf("If-None-Match of another list: %d", a.status)
		}
		if a := s.list("HEAD", "Accept-Encoding", "gzip"); a.status != 200 || len(a.raw) != 0 ||
			a.header.Get("Content-Encoding") != "gzip" || a.header.Get("ETag") == "" {
			t.Fatalf("HEAD: %d %v %q", a.status, a.header, a.raw)
		}

		// changed checks that the list has changed since the tag, shows the change at once,
		// and returns its new tag.
		changed := func(what string, old string) string {
			t.Helper()
			a := s.list("GET", "If-None-Match", old)
			tag := s.wantList(a, "")
			if tag == old {
				t.Fatalf("%s: the list kept its ETag", what)
			}
			s.wantCurrentList(a.raw)
			if b := s.list("GET", "If-None-Match", tag); b.status != http.StatusNotModified {
				t.Fatalf("%s: the new list is not revalidated: %d", what, b.status)
			}
			return tag
		}

		seller := s.seller()
		want(t, seller.updateProduct(map[string]string{"id": s.rice.ID, "name": "Jumla Marsi Rice"}), 200, "Product Updated")
		etag = changed("product edit", etag)
		if p := listed(s.products(), s.rice.ID); p["name"] != "Jumla Marsi Rice" {
			t.Fatalf("edited product listed as %v", p)
		}

		want(t, seller.post("/api/product/stock", map[string]any{"id": s.rice.ID, "inStock": false}), 200, "Stock Updated")
		etag = changed("stock switch", etag)
		if p := listed(s.products(), s.rice.ID); p["inStock"] != false {
			t.Fatalf("product switched out of stock listed as %v", p)
		}

		apple := s.counted("Mustang Apple", 1)
		etag = changed("new product", etag)
		c := s.shopper("")
		want(t, c.post("/api/order/cod", order(apple.ID, 1, c.addAddress())), 200, "Order Placed Successfully")
		etag = changed("order of the last unit", etag)
		if n, inStock := s.stockOf(apple.ID); n != 0 || inStock {
			t.Fatalf("after the last unit was sold the list shows %v units, in stock %v", n, inStock)
		}

		want(t, c.post("/api/order/cancel", map[string]string{"id": c.orders()[0].(map[string]any)["_id"].(string)}), 200, "Order Cancelled")
		etag = changed("cancel", etag)
		if n, inStock := s.stockOf(apple.ID); n != 1 || !inStock {
			t.Fatalf("after a cancel the list shows %v units, in stock %v", n, inStock)
		}

		want(t, seller.post("/api/product/archive", map[string]any{"id": apple.ID, "archived": true}), 200, "Product Archived")
		changed("archive", etag)
		if listed(s.products(), apple.ID) != nil {
			t.Fatal("archived product listed")
		}
	})
}

// TestProductListAcrossServers runs two servers on one database, each with its own snapshot: a
// change made through one shows in the other's list within two seconds.
func TestProductListAcrossServers(t *testing.T) {
	sqlstoretest.EachDialect(t, func(t *testing.T, dialect string) {
		dbs := sqlstoretest.OpenShared(t, dialect, 2)
		a := newStore(t, dbs[0])
		b := newServer(t, dbs[1])
		before := b.list("GET")
		b.wantCurrentList(before.raw)
		if !bytes.Contains(before.raw, []byte("Jumla Red Rice")) {
			t.Fatalf("server b does not list server a's products: %s", before.raw)
		}

		want(t, a.seller().updateProduct(map[string]string{"id": a.rice.ID, "name": "Jumla Marsi Rice"}), 200, "Product Updated")
		start := time.Now()
		for {
			got := b.list("GET")
			if bytes.Contains(got.raw, []byte("Jumla Marsi Rice")) {
				b.wantCurrentList(got.raw)
				t.Logf("server b listed the edit after %v", time.Since(start).Round(time.Millisecond))
				break
			}
			if time.Since(start) > 2*time.Second {
				t.Fatal("server b still lists the product as it was 2 s after server a changed it")
			}
			time.Sleep(50 * time.Millisecond)
		}
	})
}
