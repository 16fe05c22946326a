package catalogue_test

import (
	"strings"
	"testing"

	"haat"
	"haat/catalogue"
)

func TestCatalogue(t *testing.T) {
	products, err := catalogue.Products()
	if err != nil {
		t.Fatal(err)
	}
	if len(products) < 40 {
		t.Fatalf("%d products, want at least 40", len(products))
	}
	perCategory := map[string]int{}
	names := map[string]bool{}
	outOfStock := 0
	for _, p := range products {
		if err := p.Validate(); err != nil {
			t.Errorf("%s: %v", p.Name, err)
		}
		if names[p.Name] || names[p.Image[0]] {
			t.Errorf("%s: name or image repeated", p.Name)
		}
		names[p.Name], names[p.Image[0]] = true, true
		if !strings.HasPrefix(p.Image[0], "/media/catalogue/") || len(p.Description) < 2 {
			t.Errorf("%s: image %q, %d description lines", p.Name, p.Image[0], len(p.Description))
		}
		perCategory[p.Category]++
		if !p.InStock {
			outOfStock++
		}
	}
	for _, c := range haat.Categories {
		if perCategory[c] < 4 {
			t.Errorf("category %s has %d products, want at least 4", c, perCategory[c])
		}
	}
	if outOfStock != 3 {
		t.Errorf("%d products out of stock, want 3", outOfStock)
	}
}
