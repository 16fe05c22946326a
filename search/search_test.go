package search_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"haat"
	"haat/search"
)

func TestTransliterate(t *testing.T) {
	for in, want := range map[string]string{
		"आलु": "aalu", "प्याज": "pyaaj", "गोलभेडा": "golabhedaa", "केराउ": "keraau", "दाल भात": "daal bhaat", "१२ वटा": "12 vataa",
		"मकै": "makai", "सिंह": "sinh", "दुःख": "duhkh",
	} {
		if got := search.Transliterate(in); got != want {
			t.Errorf("Transliterate(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSearchKey(t *testing.T) {
	for _, spelling := range []string{"आलु", "aalu", "alu", "Aloo", "ALU"} {
		if got := search.Key(spelling); got != "alu" {
			t.Errorf("Key(%q) = %q, want alu", spelling, got)
		}
	}
	for dev, latin := range map[string]string{"गोलभेडा": "golbheda", "प्याज": "pyaj", "भण्टा": "bhanta", "कागती": "kagati", "साग": "saag"} {
		if a, b := search.Key(dev), search.Key(latin); a != b {
			t.Errorf("Key(%q) = %q but Key(%q) = %q", dev, a, latin, b)
		}
	}
	if got := search.Key("  Rayo \t Saag  "); got != "ryo sg" {
		t.Errorf("spaces: %q", got)
	}
}

func TestSearchableMatches(t *testing.T) {
	potatoes := search.NewSearchable("Potato (Aalu)", "आलु")
	tomatoes := search.NewSearchable("Tomato (Golbheda)", "गोलभेडा")
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
	if !search.NewSearchable("Rice", "").Matches("ric") {
		t.Error("a product without a Nepali name is found by its English one")
	}
}

// TestSearchForgives: typos, plurals, words in any order, the word being typed, the store's
// synonyms and two words written as one find a product; a short word is a whole word or a word's
// start, never inside another; the best found comes first.
func TestSearchForgives(t *testing.T) {
	noodles := search.NewSearchable("Wai Wai Instant Noodles (Pack of 5)", "वाइवाई चाउचाउ (५ पोका)")
	dalBhat := search.NewSearchable("Ready-to-eat Dal Bhat", "तयारी दाल भात")
	tomatoes := search.NewSearchable("Tomato (Golbheda)", "गोलभेडा")
	momo := search.NewSearchable("Frozen Chicken Momo", "फ्रोजन कुखुराको मम")
	iceCream := search.NewSearchable("Neapolitan Ice Cream", "")
	for _, tc := range []struct {
		s     search.Searchable
		finds []string
		not   []string
	}{
		{tomatoes, []string{"tomatoes", "tomatto", "tamato", "Tomatos", "tom", "golbheda", "गोलभेडा", "tomato golbheda"}, []string{"potato", "tomb"}},
		{dalBhat, []string{"dal", "bhat dal", "DAL BHAT", "daal", "dalbhat", "bhat"}, []string{"dalmoth"}},
		{noodles, []string{"noodle", "noodles", "instant noodles", "wai wai", "waiwai", "chauchau", "nodles"}, []string{"dal", "xyz"}},
		{momo, []string{"chicken", "kukhura", "kukhura momo", "momos", "dumpling", "chiken"}, []string{"mutton"}},
		{iceCream, []string{"icecream", "ice cream", "cream ice"}, []string{"icy"}},
	} {
		for _, q := range tc.finds {
			if !tc.s.Matches(q) {
				t.Errorf("%q does not find %v", q, tc.s)
			}
		}
		for _, q := range tc.not {
			if tc.s.Matches(q) {
				t.Errorf("%q finds %v", q, tc.s)
			}
		}
	}

	at := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
	products := []haat.Product{
		{ID: "3", Name: "Green Peas (Kerau)", InStock: true, CreatedAt: at},
		{ID: "2", Name: "Malbhog Banana (Kera)", InStock: true, CreatedAt: at.Add(-time.Minute)},
		{ID: "1", Name: "Dhankuta Mandarin (Suntala)", InStock: true, CreatedAt: at.Add(-2 * time.Minute)},
		{ID: "0", Name: "Local Eggs (Kukhura ko Phul)", InStock: true, CreatedAt: at.Add(-3 * time.Minute)},
	}
	c := search.NewCatalogue(products, nil)
	for q, want := range map[string]string{"kera": "2", "anda": "0", "keraa": "2", "orange": "1"} {
		page, err := c.Search(search.ProductQuery{Query: q})
		if err != nil || len(page.Products) == 0 || page.Products[0].ID != want {
			t.Errorf("%q: first %+v, want %s", q, page, want)
		}
	}
	// "anda" is inside "Mandarin": the spec's rule finds it, after the eggs it means.
	if page, _ := c.Search(search.ProductQuery{Query: "anda"}); len(page.Products) != 2 {
		t.Errorf("anda: %+v", page.Products)
	}
	// Nothing found: the nearest spelling of the shop's words, when it finds some.
	if page, _ := c.Search(search.ProductQuery{Query: "banenna"}); len(page.Products) != 0 || page.DidYouMean != "banana" {
		t.Errorf("did you mean: %+v", page)
	}
	if page, _ := c.Search(search.ProductQuery{Query: "xylophone"}); page.DidYouMean != "" {
		t.Errorf("did you mean for nothing near: %q", page.DidYouMean)
	}
}

// TestSearchKeepsTheSpecsRule: every product whose name contains the text, ignoring case, is found
// (the spec's search), for pieces of every demo product's names.
func TestSearchKeepsTheSpecsRule(t *testing.T) {
	var products []haat.Product
	for i, name := range []string{"Wai Wai Instant Noodles (Pack of 5)", "Ready-to-eat Dal Bhat", "Dhankuta Mandarin (Suntala)",
		"Local Eggs (Kukhura ko Phul)", "Pineapple (Bhui Katahar)", "Mustang Apple", "DDC Full Cream Milk", "गोलभेडा"} {
		products = append(products, haat.Product{ID: fmt.Sprint(i), Name: name, InStock: true, CreatedAt: time.Unix(int64(1000-i), 0)})
	}
	c := search.NewCatalogue(products, nil)
	for _, p := range products {
		runes := []rune(strings.ToLower(p.Name))
		for start := 0; start < len(runes); start++ {
			for n := 1; n <= 4 && start+n <= len(runes); n++ {
				q := string(runes[start : start+n])
				if strings.TrimSpace(q) == "" {
					continue
				}
				page, err := c.Search(search.ProductQuery{Query: q, Limit: haat.MaxPageSize})
				if err != nil {
					t.Fatal(err)
				}
				for _, other := range products {
					if strings.Contains(strings.ToLower(other.Name), strings.ToLower(strings.TrimSpace(q))) &&
						!slices.ContainsFunc(page.Products, func(f haat.Product) bool { return f.ID == other.ID }) {
						t.Errorf("%q does not find %q", q, other.Name)
					}
				}
			}
		}
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
	c := search.NewCatalogue(someProducts(100), nil)
	var seen []string
	q := search.ProductQuery{Limit: 7}
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
	c := search.NewCatalogue(someProducts(30), nil)
	page, err := c.Search(search.ProductQuery{Query: "aloo"})
	if err != nil || len(page.Products) != 1 || page.Products[0].NameNe != "आलु" || page.Next != "" {
		t.Fatalf("aloo: %+v %v", page, err)
	}
	page, err = c.Search(search.ProductQuery{Category: "fruits", Limit: 100})
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
	first, _ := c.Search(search.ProductQuery{Limit: 3})
	shorter := someProducts(30)
	shorter = append(shorter[:2], shorter[3:]...)
	next, err := search.NewCatalogue(shorter, c).Search(search.ProductQuery{Limit: 3, Cursor: first.Next})
	if err != nil || next.Products[0].ID != "P0027" {
		t.Fatalf("after a removal: %+v %v", next.Products[0].ID, err)
	}
	// The index taken from the catalogue before follows a renamed product.
	renamed := someProducts(30)
	renamed[10].Name, renamed[10].NameNe = "Onion (Pyaj)", "प्याज"
	again := search.NewCatalogue(renamed, c)
	if page, _ := again.Search(search.ProductQuery{Query: "aalu"}); len(page.Products) != 0 {
		t.Errorf("the renamed product is still found by its old name: %v", page.Products)
	}
	if page, _ := again.Search(search.ProductQuery{Query: "प्याज"}); len(page.Products) != 1 {
		t.Errorf("the renamed product is not found by its new name: %v", page.Products)
	}
}

func TestProductQueryRefusesBadInput(t *testing.T) {
	c := search.NewCatalogue(someProducts(12), nil)
	for _, q := range []search.ProductQuery{
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
		search.NewCatalogue(products, nil)
	}
}

// BenchmarkNewCatalogueAgain indexes 10,000 products again after one was renamed.
func BenchmarkNewCatalogueAgain(b *testing.B) {
	products := someProducts(10_000)
	last := search.NewCatalogue(products, nil)
	products[5].Name = "Renamed"
	for b.Loop() {
		search.NewCatalogue(products, last)
	}
}

// BenchmarkCatalogueSearch searches 10,000 products for a word near the end of the list.
func BenchmarkCatalogueSearch(b *testing.B) {
	c := search.NewCatalogue(someProducts(10_000), nil)
	for b.Loop() {
		c.Search(search.ProductQuery{Query: "aloo"})
	}
}

// TestSearchNepaliEndings: a Nepali word is found without its possessive ending.
func TestSearchNepaliEndings(t *testing.T) {
	s := search.NewSearchable("Local Eggs", "लोकल कुखुराको फुल")
	for _, q := range []string{"कुखुरा", "kukhura", "कुखुराको"} {
		if !s.Matches(q) {
			t.Errorf("%q does not find the eggs", q)
		}
	}
}

// BenchmarkCatalogueSearchTypo searches 10,000 products for a word with a typo, which every
// product's words are compared with.
func BenchmarkCatalogueSearchTypo(b *testing.B) {
	c := search.NewCatalogue(someProducts(10_000), nil)
	for b.Loop() {
		c.Search(search.ProductQuery{Query: "potatto"})
	}
}

func TestParseSynonyms(t *testing.T) {
	got, err := haat.ParseSynonyms([]string{" Kukhura ,CHICKEN ", "", "  ", "ice  cream, icecream,"})
	if err != nil || fmt.Sprint(got) != "[kukhura, chicken ice cream, icecream]" {
		t.Fatalf("%q, %v", got, err)
	}
	for lines, msg := range map[string]string{
		"dal":                           "Line 1: give at least two words that mean the same, separated by commas",
		"a,b,c,d,e,f,g,h,i,j,k":         "Line 1: at most 10 words",
		"x, " + strings.Repeat("y", 41): "Line 1: a word is at most 40 letters",
	} {
		if _, err := haat.ParseSynonyms([]string{lines}); haat.ErrorMessage(err) != msg {
			t.Errorf("%q: %v, want %q", lines, err, msg)
		}
	}
	if _, err := haat.ParseSynonyms(make([]string, 0, 301)); err != nil {
		t.Error(err)
	}
	many := make([]string, haat.MaxSynonymGroups+1)
	for i := range many {
		many[i] = "a, b"
	}
	if _, err := haat.ParseSynonyms(many); haat.ErrorMessage(err) != "At most 300 lines of words" {
		t.Errorf("too many: %v", err)
	}
	// The defaults are a valid list as an owner would give it.
	if again, err := haat.ParseSynonyms(haat.DefaultSynonymLines); err != nil || len(again) != len(haat.DefaultSynonymLines) {
		t.Errorf("the defaults: %v", err)
	}
}

func TestCatalogueSortsBySavings(t *testing.T) {
	products := someProducts(12)[:10]
	for i := range products {
		products[i].Price, products[i].OfferPrice = 10000, 10000
	}
	// P0011 saves 30, P0007 and P0005 20 each (P0007 newer), P0010 5, P0008 50 but is out of
	// stock; the rest nothing.
	for id, offer := range map[string]haat.Money{"P0011": 7000, "P0007": 8000, "P0005": 8000, "P0010": 9500, "P0008": 5000} {
		for i := range products {
			if products[i].ID == id {
				products[i].OfferPrice = offer
			}
		}
	}
	c := search.NewCatalogue(products, nil)
	var ids []string
	q := search.ProductQuery{Sort: search.SortSavings, Limit: 3}
	for {
		page, err := c.Search(q)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range page.Products {
			ids = append(ids, p.ID)
		}
		if page.Next == "" {
			break
		}
		q.Cursor = page.Next
	}
	// The ties keep the list's order, newest first; P0008 and P0003 are out of stock.
	want := "P0011 P0007 P0005 P0010 P0012 P0009 P0006 P0004"
	if got := strings.Join(ids, " "); got != want {
		t.Errorf("by savings: %s, want %s", got, want)
	}
	page, err := c.Search(search.ProductQuery{Sort: search.SortSavings, Category: haat.Categories[0]})
	if err != nil || len(page.Products) == 0 || page.Products[0].ID != "P0010" {
		t.Errorf("by savings in a category: %v %v", page, err)
	}
	if _, err := c.Search(search.ProductQuery{Sort: "cheapest"}); err == nil {
		t.Error("an unknown sort is accepted")
	}
}
