package api

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"haat"
	"haat/catalogue"
)

// benchCatalogue is n products made from the demo catalogue, each with an id and name of its own.
func benchCatalogue(b testing.TB, n int) []haat.Product {
	demo, err := catalogue.Products(string(haat.NPR))
	if err != nil {
		b.Fatal(err)
	}
	products := make([]haat.Product, n)
	for i := range products {
		p := demo[i%len(demo)]
		p.ID = fmt.Sprintf("01JQ%022d", i)
		p.Name = fmt.Sprintf("%s %d", p.Name, i)
		stock := i % 40
		p.Stock = &stock
		products[i] = p
	}
	return products
}

// encodeEach is the JSON of each product.
func encodeEach(t testing.TB, products []haat.Product) [][]byte {
	parts := make([][]byte, len(products))
	for i := range products {
		b, err := json.Marshal(&products[i])
		if err != nil {
			t.Fatal(err)
		}
		parts[i] = b
	}
	return parts
}

// BenchmarkProductListRebuild measures a rebuild of the product list's snapshot from scratch
// without the database: encoding every product, then gzip and brotli side by side.
func BenchmarkProductListRebuild(b *testing.B) {
	for _, n := range []int{50, 5000} {
		products := benchCatalogue(b, n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			var s *listSnapshot
			for b.Loop() {
				s = buildProductList(encodeEach(b, products), nil)
			}
			b.ReportMetric(float64(len(s.body)), "json-bytes")
			b.ReportMetric(float64(len(s.gz)), "gzip-bytes")
			b.ReportMetric(float64(len(s.br)), "br-bytes")
		})
	}
}

// countedProducts is a catalogue whose reads take a while and are counted, and whose version the
// test moves.
type countedProducts struct {
	haat.ProductService
	products []haat.Product
	version  atomic.Uint64
	reads    atomic.Int64
}

func (c *countedProducts) CatalogueVersion() uint64 { return c.version.Load() }

func (c *countedProducts) ListedProducts(_ context.Context, known func(string, int64) bool) ([]haat.ListedProduct, error) {
	c.reads.Add(1)
	time.Sleep(20 * time.Millisecond)
	list := make([]haat.ListedProduct, len(c.products))
	for i := range c.products {
		list[i] = haat.ListedProduct{ID: c.products[i].ID, Version: int64(c.version.Load()), Product: &c.products[i]}
	}
	return list, nil
}

// TestProductListRebuildsTogether checks that requests that find the list stale share one
// rebuild, and that a rebuild shows every change made before it began.
func TestProductListRebuildsTogether(t *testing.T) {
	c := &countedProducts{products: benchCatalogue(t, 3)}
	l := &productList{products: c}
	ask := func(n int) {
		var wg sync.WaitGroup
		for range n {
			wg.Go(func() {
				want := c.version.Load()
				s, err := l.snapshot(context.Background())
				if err != nil || s.version < want {
					t.Errorf("snapshot of version %v for a request at %d: %v", s, want, err)
				}
			})
		}
		wg.Wait()
	}
	ask(50)
	if n := c.reads.Load(); n != 1 {
		t.Fatalf("50 requests on a new list read the catalogue %d times", n)
	}
	ask(50)
	if n := c.reads.Load(); n != 1 {
		t.Fatalf("requests on a fresh list read the catalogue again (%d reads)", n)
	}
	c.version.Add(1)
	ask(50)
	if n := c.reads.Load(); n != 2 {
		t.Fatalf("50 requests after a change read the catalogue %d times, not once", n-1)
	}

	// Changes that keep coming, as orders take units, make rebuilds one after the other, each
	// for all the requests waiting, never one per request.
	stop := make(chan struct{})
	go func() {
		for {
			select {
			case <-stop:
				return
			case <-time.After(time.Millisecond):
				c.version.Add(1)
			}
		}
	}()
	before := c.reads.Load()
	start := time.Now()
	asked := 0
	for time.Since(start) < 200*time.Millisecond {
		c.version.Add(1)
		ask(40)
		asked += 40
	}
	close(stop)
	reads, took := c.reads.Load()-before, time.Since(start)
	t.Logf("%d rebuilds for %d requests in %v", reads, asked, took)
	// Each wave of requests waits for at most the rebuild running and the next one.
	if reads > int64(2*asked/40) || reads > int64(took/(20*time.Millisecond))+1 {
		t.Fatalf("%d requests during a stream of changes made %d rebuilds in %v", asked, reads, took)
	}
}

// TestProductListBytes checks that the snapshot's body is what writeJSON writes for the list.
func TestProductListBytes(t *testing.T) {
	for _, products := range [][]haat.Product{{}, benchCatalogue(t, 60)} {
		s := buildProductList(encodeEach(t, products), nil)
		var want bytes.Buffer
		json.NewEncoder(&want).Encode(ProductListResponse{Products: products, Success: true})
		if !bytes.Equal(s.body, want.Bytes()) {
			t.Fatalf("snapshot body differs from writeJSON's")
		}
	}
}

// TestWarm: the store prepares its catalogue once it has started, so that the first shopper's
// product list or search is answered from it, with no read of the catalogue of its own.
func TestWarm(t *testing.T) {
	c := &countedProducts{products: benchCatalogue(t, 30)}
	s := &Server{Products: c}
	s.Handler()
	if c.reads.Load() != 0 {
		t.Fatalf("the handler read the catalogue %d times before Warm", c.reads.Load())
	}
	s.Warm(context.Background())
	if c.reads.Load() != 1 {
		t.Fatalf("Warm read the catalogue %d times, not once", c.reads.Load())
	}
	snap, err := s.list.snapshot(context.Background())
	if err != nil || len(snap.body) == 0 || c.reads.Load() != 1 {
		t.Fatalf("after Warm, the first request read the catalogue again (%d reads): %v", c.reads.Load(), err)
	}
}
