package haat_test

import (
	"fmt"
	"testing"
	"time"

	"haat"
)

func TestTransliterate(t *testing.T) {
	for in, want := range map[string]string{
		"आलु": "aalu", "प्याज": "pyaaj", "गोलभेडा": "golabhedaa", "केराउ": "keraau", "दाल भात": "daal bhaat", "१२ वटा": "12 vataa",
		"मकै": "makai", "सिंह": "sinh", "दुःख": "duhkh",
	} {
		if got := haat.Transliterate(in); got != want {
			t.Errorf("Transliterate(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSearchKey(t *testing.T) {
	for _, spelling := range []string{"आलु", "aalu", "alu", "Aloo", "ALU"} {
		if got := haat.SearchKey(spelling); got != "alu" {
			t.Errorf("SearchKey(%q) = %q, want alu", spelling, got)
		}
	}
	for dev, latin := range map[string]string{"गोलभेडा": "golbheda", "प्याज": "pyaj", "भण्टा": "bhanta", "कागती": "kagati", "साग": "saag"} {
		if a, b := haat.SearchKey(dev), haat.SearchKey(latin); a != b {
			t.Errorf("SearchKey(%q) = %q but SearchKey(%q) = %q", dev, a, latin, b)
		}
	}
	if got := haat.SearchKey("  Rayo \t Saag  "); got != "ryo sg" {
		t.Errorf("spaces: %q", got)
	}
}

func TestSearchableMatches(t *testing.T) {
	potatoes := haat.NewSearchable("Potato (Aalu)", "आलु")
	tomatoes := haat.NewSearchable("Tomato (Golbheda)", "गोलभेडा")
	for _, q := range []string{"आलु", "aalu", "alu", "aloo", "Potato", "pot", "आ", "  "} {
		if !potatoes.Matches(q) {
			t.Errorf("potatoes do not match %q", q)
		}
	}
	for _, q := range []string{"TOMATO", "mat", "गोल"} {
		if !tomatoes.Matches(q) {
			t.Errorf("tomatoes do not match %q", q)
		}
	}
	for _, q := range []string{"tomato", "golbheda", "pyaj", "xyz"} {
		if potatoes.Matches(q) {
			t.Errorf("potatoes match %q", q)
		}
	}
	if tomatoes.Matches("aalu") {
		t.Error("tomatoes match aalu")
	}
	if !haat.NewSearchable("Rice", "").Matches("ric") {
		t.Error("a product without a Nepali name is found by its English one")
	}
}

// someProducts is n products newest first, alternating categories, every fifth out of stock, two
// of them created in the same millisecond.
func someProducts(n int) []haat.Product {
	at := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
	products := make([]haat.Product, n)
	for i := range products {
		products[i] = haat.Product{ID: fmt.Sprintf("P%04d", n-i), Name: fmt.Sprintf("Rice %d", i), Category: haat.Categories[i%2],
			InStock: i%5 != 4, CreatedAt: at.Add(-time.Duration(i) * time.Millisecond)}
	}
	products[3].CreatedAt = products[2].CreatedAt
	products[10].Name, products[10].NameNe = "Potato (Aalu)", "आलु"
	return products
}

func TestCatalogueSearchPages(t *testing.T) {
	c := haat.NewCatalogue(someProducts(100), nil)
	var seen []string
	q := haat.ProductQuery{Limit: 7}
	for pages := 0; ; pages++ {
		if pages > 20 {
			t.Fatal("the pages do not end")
		}
		page, err := c.Search(q)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range page.Products {
			if !p.InStock {
				t.Errorf("%s is out of stock but listed", p.ID)
			}
			seen = append(seen, p.ID)
		}
		if page.Next == "" {
			break
		}
		if len(page.Products) != 7 {
			t.Errorf("a page before the last holds %d products", len(page.Products))
		}
		q.Cursor = page.Next
	}
	if len(seen) != 80 {
		t.Errorf("the pages hold %d products, want the 80 in stock", len(seen))
	}
	for i := 1; i < len(seen); i++ {
		if seen[i] >= seen[i-1] {
			t.Fatalf("pages out of order or repeated at %d: %v", i, seen[i-1:i+1])
		}
	}
}

func TestCatalogueSearchFilters(t *testing.T) {
	c := haat.NewCatalogue(someProducts(30), nil)
	page, err := c.Search(haat.ProductQuery{Query: "aloo"})
	if err != nil || len(page.Products) != 1 || page.Products[0].NameNe != "आलु" || page.Next != "" {
		t.Fatalf("aloo: %+v %v", page, err)
	}
	page, err = c.Search(haat.ProductQuery{Category: "fruits", Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range page.Products {
		if p.Category != "Fruits" {
			t.Errorf("%s of %s in the fruits", p.ID, p.Category)
		}
	}
	if len(page.Products) != 12 {
		t.Errorf("%d fruits in stock, want 12", len(page.Products))
	}
	// A cursor survives the product it names being taken off sale: the next page starts with the
	// product created in the same millisecond with the next smaller id.
	first, _ := c.Search(haat.ProductQuery{Limit: 3})
	shorter := someProducts(30)
	shorter = append(shorter[:2], shorter[3:]...)
	next, err := haat.NewCatalogue(shorter, c).Search(haat.ProductQuery{Limit: 3, Cursor: first.Next})
	if err != nil || next.Products[0].ID != "P0027" {
		t.Fatalf("after a removal: %+v %v", next.Products[0].ID, err)
	}
	// The index taken from the catalogue before follows a renamed product.
	renamed := someProducts(30)
	renamed[10].Name, renamed[10].NameNe = "Onion (Pyaj)", "प्याज"
	again := haat.NewCatalogue(renamed, c)
	if page, _ := again.Search(haat.ProductQuery{Query: "aalu"}); len(page.Products) != 0 {
		t.Errorf("the renamed product is still found by its old name: %v", page.Products)
	}
	if page, _ := again.Search(haat.ProductQuery{Query: "प्याज"}); len(page.Products) != 1 {
		t.Errorf("the renamed product is not found by its new name: %v", page.Products)
	}
}

func TestProductQueryRefusesBadInput(t *testing.T) {
	c := haat.NewCatalogue(someProducts(12), nil)
	for _, q := range []haat.ProductQuery{
		{Category: "Sweets"}, {Limit: -1}, {Limit: haat.MaxPageSize + 1}, {Cursor: "nonsense"}, {Cursor: "12."},
		{Query: string(make([]rune, haat.MaxSearchLength+1))},
	} {
		if _, err := c.Search(q); haat.ErrorCode(err) != haat.EINVALID {
			t.Errorf("%+v: %v, want invalid", q, err)
		}
	}
}

// BenchmarkNewCatalogue indexes 10,000 products, in English and Nepali.
func BenchmarkNewCatalogue(b *testing.B) {
	products := someProducts(10_000)
	for i := range products {
		products[i].NameNe = "गोलभेडा र आलु"
	}
	for b.Loop() {
		haat.NewCatalogue(products, nil)
	}
}

// BenchmarkNewCatalogueAgain indexes 10,000 products again after one was renamed.
func BenchmarkNewCatalogueAgain(b *testing.B) {
	products := someProducts(10_000)
	last := haat.NewCatalogue(products, nil)
	products[5].Name = "Renamed"
	for b.Loop() {
		haat.NewCatalogue(products, last)
	}
}

// BenchmarkCatalogueSearch searches 10,000 products for a word near the end of the list.
func BenchmarkCatalogueSearch(b *testing.B) {
	c := haat.NewCatalogue(someProducts(10_000), nil)
	for b.Loop() {
		c.Search(haat.ProductQuery{Query: "aloo"})
	}
}
