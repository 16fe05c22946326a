package api

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/andybalholm/brotli"
	"golang.org/x/sync/singleflight"

	"haat"
	"haat/search"
)

// listBrotliLevel is the brotli level of the product list's snapshot (its gzip form takes
// answerGzipLevel), chosen so that a rebuild of a catalogue of 5,000 products (2.9 MB of JSON)
// stays well under 50 ms (BenchmarkProductListRebuild). Measured on the development machine, 2
// cores shared with other work (so upper bounds), with pooled writers: encoding all 5,000
// products 17-20 ms; gzip level 3 7.5-11 ms for 121 kB (levels 4 and up, Go's lazy matcher, two
// to three times as long); brotli level 1 4 ms for 112 kB, levels 2 to 5 about 24 ms for 96 kB
// (2) to 61 kB (5). gzip and brotli run side by side: a rebuild from scratch took 37 ms, and a
// rebuild after an order encodes only the products it changed (about 10 ms); at 50 products a
// rebuild takes about 2 ms.
const listBrotliLevel = 1

// productList is the shop's product list (GET /api/product/list) as a snapshot: the answer's
// bytes, gzipped and brotli-compressed, prepared once for each version of the catalogue
// (haat.ProductService.CatalogueVersion) and served as a file is, with an entity tag, so that
// most answers take no database query and no encoding.
//
// A request that finds the snapshot older than the catalogue rebuilds it first; requests that
// find it stale together share one rebuild, and a rebuild that began after a change shows it.
// While orders change the counts faster than a rebuild takes, rebuilds run one after the other,
// each for every request waiting, never one per request.
//
// A rebuild reads only the products whose rows changed since the last one and encodes only those:
// the JSON of every product is kept by its row's version (haat.ProductService.ListedProducts).
//
// Prices change by themselves when a sale starts or ends, with no change of a row: a snapshot
// holds until the first such moment after it was read (until), and a product's JSON until its own.
// A request at or after it rebuilds the list, reading again the products whose price changed.
type productList struct {
	products haat.ProductService
	// now is the store's clock, which the products are priced by; nil is the real time.
	now func() time.Time
	// settings give the search its synonyms; none: the defaults.
	settings haat.SettingsService
	current  atomic.Pointer[listSnapshot]
	rebuilds singleflight.Group
	// encoded is each listed product and its JSON by id, at the version they were read at; only
	// the rebuild running (one at a time) reads and replaces it.
	encoded map[string]encodedProduct
}

// encodedProduct is a product at a version of its row, and its JSON as the list writes it.
type encodedProduct struct {
	version int64
	product haat.Product
	json    []byte
	// until is when the product's price next changes by itself (its sale starts or ends), zero
	// when it never will: its JSON holds until then.
	until time.Time
}

// holds reports whether the product's JSON still holds, at now, for a row at version.
func (e encodedProduct) holds(version int64, now time.Time) bool {
	return e.version == version && (e.until.IsZero() || now.Before(e.until))
}

// listSnapshot is the product list of one version of the catalogue.
type listSnapshot struct {
	prepared
	// catalogue is the same products, indexed for searching and paging.
	catalogue *search.Catalogue
	version   uint64
	built     time.Duration // how long the rebuild took
	// at is when the rebuild began, and until when the first of its prices changes by itself
	// (zero: none will): the snapshot holds from one to the other.
	at, until time.Time
}

// holds reports whether the snapshot still shows the catalogue at version, at the time now
// reads: the clock is read only when a price of the snapshot changes by itself.
func (s *listSnapshot) holds(version uint64, now func() time.Time) bool {
	return s.version >= version && (s.until.IsZero() || now().Before(s.until))
}

// listContentType is the Content-Type of the product list, as writeJSON writes it.
const listContentType = "application/json; charset=utf-8"

// clock reads the store's clock; without one, the real time.
func (l *productList) clock() time.Time {
	if l.now == nil {
		return time.Now()
	}
	return l.now()
}

// Warm prepares the catalogue's product list and search (the snapshot the first shopper's
// request would otherwise wait for: most of a second for 20,000 products) and logs how long that
// took. A request that comes meanwhile waits for this preparation, not for one of its own.
func (s *Server) Warm(ctx context.Context) {
	if s.list == nil || s.list.products == nil {
		return
	}
	snap, err := s.list.snapshot(ctx)
	if err != nil {
		s.Logger.Warn("catalogue not prepared ahead; the first request prepares it", "err", err)
		return
	}
	s.Logger.Info("catalogue prepared", "took", snap.built.Round(time.Millisecond))
}

// snapshot returns the product list of the catalogue as it is now.
func (l *productList) snapshot(ctx context.Context) (*listSnapshot, error) {
	want := l.products.CatalogueVersion()
	if s := l.current.Load(); s != nil && s.holds(want, l.clock) {
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
		// A rebuild that began before this request's change, or before a price it shows changed,
		// does not show it: wait for the next.
		if s := v.(*listSnapshot); s.holds(want, l.clock) {
			return s, nil
		}
	}
}

// rebuild reads the products and prepares the list, and makes it the current one unless a newer
// one is already.
func (l *productList) rebuild(ctx context.Context) (*listSnapshot, error) {
	start, at := time.Now(), l.clock()
	// The version is read before the products, so that the snapshot holds at least the changes
	// it counts.
	version := l.products.CatalogueVersion()
	listed, err := l.products.ListedProducts(ctx, func(id string, version int64) bool {
		e, ok := l.encoded[id]
		return ok && e.holds(version, at)
	})
	if err != nil {
		return nil, err
	}
	encoded := make(map[string]encodedProduct, len(listed))
	var until time.Time
	products := make([]haat.Product, len(listed))
	parts := make([][]byte, len(listed))
	for i, p := range listed {
		e, ok := l.encoded[p.ID]
		if p.Product != nil {
			b, err := json.Marshal(p.Product)
			if err != nil {
				return nil, fmt.Errorf("api: encode product %s: %w", p.ID, err)
			}
			e, ok = encodedProduct{version: p.Version, product: *p.Product, json: b, until: p.Product.NextPriceChange(at)}, true
		}
		if !ok {
			return nil, fmt.Errorf("api: product list: %s came without its product", p.ID)
		}
		encoded[p.ID], products[i], parts[i] = e, e.product, e.json
		if !e.until.IsZero() && (until.IsZero() || e.until.Before(until)) {
			until = e.until
		}
	}
	old := l.current.Load()
	s := buildProductList(parts, old)
	l.encoded = encoded
	var lastCatalogue *search.Catalogue
	if old != nil {
		lastCatalogue = old.catalogue
	}
	s.catalogue = search.NewCatalogue(products, lastCatalogue)
	if l.settings != nil {
		settings, err := l.settings.StoreSettings(ctx)
		if err != nil {
			return nil, err
		}
		s.catalogue.SetSynonyms(search.SynonymsOf(settings.Synonyms))
	}
	s.version, s.at, s.until = version, at, until
	s.built = time.Since(start)
	for old == nil || old.version < s.version || (old.version == s.version && old.at.Before(s.at)) {
		if l.current.CompareAndSwap(old, s) {
			break
		}
		old = l.current.Load()
	}
	return s, nil
}

// Around the products' JSON, the list is what writeJSON writes for a ProductListResponse:
// its fields in order, and the encoder's newline.
const (
	listStart = `{"products":[`
	listEnd   = `],"success":true}` + "\n"
)

// buildProductList prepares the answer of the list from the JSON of its products: the very bytes
// writeJSON writes for a ProductListResponse, and their compressed forms, which it takes from the
// last snapshot when the bytes are the same.
func buildProductList(products [][]byte, last *listSnapshot) *listSnapshot {
	size := len(listStart) + len(listEnd) + len(products)
	for _, p := range products {
		size += len(p)
	}
	body := make([]byte, 0, size)
	body = append(body, listStart...)
	for i, p := range products {
		if i > 0 {
			body = append(body, ',')
		}
		body = append(body, p...)
	}
	body = append(body, listEnd...)
	s := &listSnapshot{prepared: prepared{body: body, contentType: listContentType}}
	s.etag = etagOf(s.body)
	if last != nil && last.etag == s.etag && bytes.Equal(last.body, s.body) {
		s.gz, s.br = last.gz, last.br
		return s
	}
	var wg sync.WaitGroup
	wg.Go(func() { s.br = compressBrotli(s.body) })
	s.gz = compressGzip(s.body)
	wg.Wait()
	return s
}

// compressGzip returns body gzipped at answerGzipLevel, with a writer of the pool.
func compressGzip(body []byte) []byte { return compressWith(&gzipWriters, body) }

// brotliWriters keeps brotli writers for reuse: each holds megabytes of tables.
var brotliWriters = sync.Pool{New: func() any { return brotli.NewWriterLevel(io.Discard, listBrotliLevel) }}

// compressBrotli returns body brotli-compressed at listBrotliLevel, with a writer of the pool.
func compressBrotli(body []byte) []byte { return compressWith(&brotliWriters, body) }

// pooledWriter is a compressing writer that a pool keeps for reuse: gzip's or brotli's.
type pooledWriter interface {
	io.WriteCloser
	Reset(w io.Writer)
}

// compressWith compresses body with a writer of pool, which it gives back pointing nowhere.
func compressWith(pool *sync.Pool, body []byte) []byte {
	var buf bytes.Buffer
	buf.Grow(len(body) / 8)
	w := pool.Get().(pooledWriter)
	w.Reset(&buf)
	w.Write(body)
	w.Close()
	w.Reset(io.Discard)
	pool.Put(w)
	return buf.Bytes()
}

// noCache is the value of Cache-Control of an answer revalidated on every use, shared by the
// answers that assign it (as http.Header keeps it), which never write into it.
var noCache = []string{"no-cache"}

// productList answers every product, in stock or not, from the snapshot: revalidated on every
// use (Cache-Control: no-cache), 304 when the client has this version already.
func (s *Server) productList(w http.ResponseWriter, r *http.Request) error {
	snap, err := s.list.snapshot(r.Context())
	if err != nil {
		return err
	}
	w.Header()["Cache-Control"] = noCache
	snap.serve(w, r)
	return nil
}
