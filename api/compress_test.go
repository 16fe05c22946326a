package api_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"haat"
)

// TestAnswersCompressed checks that large JSON and CSV answers are gzipped for a client that takes
// gzip, small and failed ones are not, and the product list, which compresses itself, is not
// compressed twice.
func TestAnswersCompressed(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		for i := range 12 {
			s.addProduct(haat.Product{Name: fmt.Sprintf("Ilam Green Tea %d", i), Category: "Drinks", Price: 45000, OfferPrice: 39900, StockOn: true,
				Image: []string{"/media/catalogue/tea.webp"}, Description: []string{"First flush from Ilam", "Hand rolled"}})
		}
		seller := s.seller()
		c := s.shopper("")
		addr := c.addAddress()
		for range 2 {
			want(t, c.post("/api/order/cod", order(s.rice.ID, 1, addr)), 200)
		}
		raw := func(cl *client, path, accept string) listAnswer {
			t.Helper()
			req, _ := http.NewRequest("GET", s.server.URL+path, nil)
			req.Header.Set("Accept-Encoding", accept)
			res, err := cl.http.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			var b strings.Builder
			buf := make([]byte, 32<<10)
			for {
				n, err := res.Body.Read(buf)
				b.Write(buf[:n])
				if err != nil {
					break
				}
			}
			return listAnswer{res.StatusCode, res.Header, []byte(b.String())}
		}
		for _, path := range []string{"/api/seller/products", "/api/order/seller"} {
			plain := raw(seller, path, "identity")
			zipped := raw(seller, path, "gzip, deflate, br")
			if plain.status != 200 || plain.header.Get("Content-Encoding") != "" || plain.header.Get("Vary") == "" || len(plain.raw) < 1024 {
				t.Fatalf("%s without gzip: %d %v (%d bytes)", path, plain.status, plain.header, len(plain.raw))
			}
			if zipped.header.Get("Content-Encoding") != "gzip" || zipped.header.Get("Cache-Control") != "no-store" ||
				!strings.Contains(strings.Join(zipped.header.Values("Vary"), ","), "Accept-Encoding") ||
				!strings.HasPrefix(zipped.header.Get("Content-Type"), "application/json") {
				t.Fatalf("%s with gzip: %v", path, zipped.header)
			}
			if got := zipped.decoded(t); string(got) != string(plain.raw) || len(zipped.raw) >= len(plain.raw) {
				t.Fatalf("%s: gzipped answer (%d bytes) decodes to %d bytes, not the %d of the plain one", path, len(zipped.raw), len(got), len(plain.raw))
			}
		}
		if a := raw(seller, "/api/order/seller.csv", "gzip"); a.status != 200 || !strings.HasPrefix(a.header.Get("Content-Type"), "text/csv") ||
			a.header.Get("Content-Disposition") == "" {
			t.Fatalf("order export: %d %v", a.status, a.header)
		} else if a.header.Get("Content-Encoding") == "gzip" && !strings.Contains(string(a.decoded(t)), "Jumla Red Rice x 1") {
			t.Fatalf("gzipped order export: %q", a.decoded(t))
		}
		if a := raw(c, "/api/user/is-auth", "gzip"); a.status != 200 || a.header.Get("Content-Encoding") != "" || a.header.Get("Vary") == "Accept-Encoding" {
			t.Fatalf("small answer: %v", a.header)
		}
		if a := raw(c, "/api/nope", "gzip"); a.status != 404 || a.header.Get("Content-Encoding") != "" {
			t.Fatalf("error answer: %v", a.header)
		}
		if a := raw(c, "/api/product/list", "gzip, br"); a.header.Get("Content-Encoding") != "br" || len(a.header.Values("Vary")) != 1 {
			t.Fatalf("product list: %v", a.header)
		} else {
			s.wantCurrentList(a.decoded(t))
		}
	})
}
