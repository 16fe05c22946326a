package api

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/andybalholm/brotli"
	"golang.org/x/sync/singleflight"

	"haat"
)

// Compression levels of the product list's snapshot, chosen so that a rebuild of a catalogue of
// 5,000 products (about 3.1 MB of JSON: encoding, then gzip and brotli side by side) takes
// well under 50 ms; see BenchmarkProductListRebuild. Measured on the development machine
// (2 cores): ... .
const (
	listGzipLevel   = 3
	listBrotliLevel = 1
)

// productList is the shop's product list (GET /api/product/list) as a snapshot: the answer's
// bytes, gzipped and brotli-compressed, prepared once for each version of the catalogue
// (haat.ProductService.CatalogueVersion) and served as a file is, with an entity tag, so that
// most answers take no database query and no encoding.
//
// A request that finds the snapshot older than the catalogue rebuilds it first; requests that
// find it stale together share one rebuild, and a rebuild that began after a change shows it.
// While orders change the counts faster than a rebuild takes, rebuilds run one after the other,
// each for every request waiting, never one per request.
type productList struct {
	products haat.ProductService
	current  atomic.Pointer[listSnapshot]
	rebuilds singleflight.Group
}

// listSnapshot is the product list of one version of the catalogue.
type listSnapshot struct {
	prepared
	// catalogue is the same products, indexed for searching and paging.
	catalogue *haat.Catalogue
	version   uint64
	built   time.Duration // how long the rebuild took
}

// listContentType is the Content-Type of the product list, as writeJSON writes it.
const listContentType = "application/json; charset=utf-8"

// snapshot returns the product list of the catalogue as it is now.
func (l *productList) snapshot(ctx context.Context) (*listSnapshot, error) {
	want := l.products.CatalogueVersion()
	if s := l.current.Load(); s != nil && s.version >= want {
		return s, nil
	}
	for {
		// The rebuild belongs to every request waiting for it, not to the first one's client.
		v, err, _ := l.rebuilds.Do("list", func() (any, error) {
			ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
			defer cancel()
			return l.rebuild(ctx)
		})
		if err != nil {
			return nil, err
		}
		// A rebuild that began before this request's change does not show it: wait for the next.
		if s := v.(*listSnapshot); s.version >= want {
			return s, nil
		}
	}
}

// rebuild reads the products and prepares the list, and makes it the current one unless a newer
// one is already.
func (l *productList) rebuild(ctx context.Context) (*listSnapshot, error) {
	start := time.Now()
	// The version is read before the products, so that the snapshot holds at least the changes
	// it counts.
	version := l.products.CatalogueVersion()
	products, err := l.products.Products(ctx)
	if err != nil {
		return nil, err
	}
	old := l.current.Load()
	s, err := buildProductList(products, old)
	if err != nil {
		return nil, err
	}
	var lastCatalogue *haat.Catalogue
	if old != nil {
		lastCatalogue = old.catalogue
	}
	s.catalogue = haat.NewCatalogue(products, lastCatalogue)
	s.version = version
	s.built = time.Since(start)
	for old == nil || old.version < s.version {
		if l.current.CompareAndSwap(old, s) {
			break
		}
		old = l.current.Load()
	}
	return s, nil
}

// buildProductList prepares the answer of the list: the very bytes writeJSON writes, and their
// compressed forms, which it takes from the last snapshot when the bytes are the same.
func buildProductList(products []haat.Product, last *listSnapshot) (*listSnapshot, error) {
	var buf bytes.Buffer
	if err := json.NewEncoder(&buf).Encode(ProductListResponse{Products: products, Success: true}); err != nil {
		return nil, fmt.Errorf("api: encode product list: %w", err)
	}
	s := &listSnapshot{prepared: prepared{body: buf.Bytes(), contentType: listContentType}}
	s.etag = etagOf(s.body)
	if last != nil && last.etag == s.etag && bytes.Equal(last.body, s.body) {
		s.gz, s.br = last.gz, last.br
		return s, nil
	}
	var wg sync.WaitGroup
	wg.Go(func() { s.br = compressBrotli(s.body, listBrotliLevel) })
	s.gz = compressGzip(s.body, listGzipLevel)
	wg.Wait()
	return s, nil
}

// compressGzip returns body gzipped at level.
func compressGzip(body []byte, level int) []byte {
	var buf bytes.Buffer
	buf.Grow(len(body) / 4)
	zw, _ := gzip.NewWriterLevel(&buf, level)
	zw.Write(body)
	zw.Close()
	return buf.Bytes()
}

// compressBrotli returns body brotli-compressed at level.
func compressBrotli(body []byte, level int) []byte {
	var buf bytes.Buffer
	buf.Grow(len(body) / 4)
	bw := brotli.NewWriterLevel(&buf, level)
	bw.Write(body)
	bw.Close()
	return buf.Bytes()
}

// productList answers every product, in stock or not, from the snapshot: revalidated on every
// use (Cache-Control: no-cache), 304 when the client has this version already.
func (s *Server) productList(w http.ResponseWriter, r *http.Request) error {
	snap, err := s.list.snapshot(r.Context())
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-cache")
	snap.serve(w, r)
	return nil
}
