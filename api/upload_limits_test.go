package api_test

import (
	"context"
	"io"
	"testing"
	"time"

	"haat/api"
	"haat/images"
	"haat/images/imagestest"
)

// The attack: a seller uploads a 1 × 40,000,000 px PNG. Decoded, one such upload took 46 s and
// 7.6 GB of memory; it is refused from its header, at once, and nothing is stored.
func TestProductAddRefusesTallImage(t *testing.T) {
	attack := imagestest.ZeroPNG(1, 40_000_000)
	if len(attack) > 100<<10 {
		t.Fatalf("the attack file is %d bytes", len(attack))
	}
	eachStore(t, func(t *testing.T, s *store) {
		seller := s.seller()
		start := time.Now()
		want(t, seller.addProduct(productForm(nil), upload{"tall.png", attack}), 400,
			"Each image must be at most 12,000 pixels on its longer side")
		want(t, seller.addProduct(productForm(nil), upload{"tea.png", pngFile(t)}, upload{"tall.png", attack}), 400,
			"Image 2: Each image must be at most 12,000 pixels on its longer side")
		want(t, seller.addProduct(productForm(nil), upload{"strip.png", hugePNG(t, 2100, 100)}), 400,
			"Each image must be at most 20 times as long as it is wide")
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("refusing took %v", d)
		}
		if n := len(s.products()); n != 2 {
			t.Fatalf("a refused product was stored: %d products", n)
		}
		if n := s.storedFiles(); n != 0 {
			t.Fatalf("refused uploads left %d files", n)
		}
	})
}

// busyImages is an image store whose decode turns never come.
type busyImages struct{ api.ImageStore }

func (busyImages) SaveAll(context.Context, []io.Reader) ([]string, error) {
	return nil, images.ErrBusy
}

// When no decode turn comes within the wait, the seller is told to try again: 503.
func TestProductAddWhenBusy(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		want(t, s.seller().addProduct(productForm(nil), upload{"tea.png", pngFile(t)}), 503, "The store is busy, try again")
		if n := len(s.products()); n != 2 {
			t.Fatalf("a refused product was stored: %d products", n)
		}
	}, func(s *api.Server) { s.Images = busyImages{s.Images} })
}
