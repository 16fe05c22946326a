package api_test

import (
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"haat"
	"haat/api"
)

// cardBook is a card book as the build writes it (web/src/prerender.tsx, renderCards): a card with
// markers and optional parts, and the texts with a value.
func cardBook(lang string) string {
	m := func(key string) string { return "\ue000" + key + "\ue001" }
	card := func(h string) string {
		return `<article><img src="` + m("p.src") + `" srcSet="` + m("p.srcset") + `" sizes="34vw" alt="` + m("p.name") + `" loading="` + m("p.loading") + `"/>` +
			`<p>` + m("p.category") + `</p><` + h + `><a href="` + m("p.href") + `">` + m("p.name") + `</a></` + h + `>` +
			`<span class="price">` + m("p.price") + `</span><span data-ahead="has:p.was" class="was">` + m("p.was") + `</span>` +
			`<span data-ahead="has:p.sale">Sale</span><p class="save">` + m("p.save") + `</p>` +
			`<p data-ahead="has:p.sizes">` + m("p.sizes") + `</p><p data-ahead="has:p.few">` + m("p.few") + `</p></article>`
	}
	detail := `<nav><a href="` + m("p.categoryHref") + `">` + m("p.category") + `</a></nav><div data-ahead="has:p.thumbnails">` +
		`<button aria-label="` + m("i.label") + `" aria-pressed="true" data-ahead="first:p.thumbnails"><img src="` + m("i.src") + `" srcSet="` + m("i.srcset") + `" sizes="72px" alt=""/></button>` +
		`<button aria-label="` + m("i.label") + `" aria-pressed="false" data-ahead="rest:p.thumbnails"><img src="` + m("i.src") + `" srcSet="` + m("i.srcset") + `" sizes="72px" alt=""/></button></div>` +
		`<img src="` + m("p.src") + `" srcSet="` + m("p.srcset") + `" sizes="448px" alt="` + m("p.name") + `"/><h1>` + m("p.name") + `</h1>` +
		`<p>MRP: <span>` + m("p.mrp") + `</span></p><p class="price">` + m("p.price") + `</p><p data-ahead="has:p.weight">` + m("p.weight") + `</p>` +
		`<p data-ahead="has:p.few">` + m("p.few") + `</p><ul><li data-ahead="each:p.lines">` + m("i.text") + `</li></ul>` +
		`<div data-ahead="has:p.inStock"><button>Add to Cart</button></div><div data-ahead="not:p.inStock"><p>Out of Stock</p></div>`
	book := map[string]any{
		"list": map[string]any{"html": card("h2"), "eager": 4}, "section": map[string]any{"html": card("h3"), "eager": 0}, "detail": detail,
		"showImage":  "Show image " + m("n"),
		"categories": map[string]string{"Grains": "Grains", "Vegetables": "Vegetables"},
		"perKg":      m("price") + "/kg", "save": "Save " + m("amount"), "sizes": m("n") + " sizes", "onlyLeft": "Only " + m("n") + " left",
		"units": map[string]string{},
	}
	if lang == "ne" {
		book["categories"] = map[string]string{"Grains": "अन्न", "Vegetables": "तरकारी"}
		book["perKg"], book["save"], book["onlyLeft"] = m("price")+"/के.जी.", m("amount")+" बचत", m("n")+" वटा मात्र बाँकी"
		book["units"] = map[string]string{"kg": "के.जी.", "g": "ग्राम"}
	}
	b, _ := json.Marshal(book)
	return string(b)
}

// listPage is a page built ahead with a place for its list's cards.
func listPage(lang string) string {
	return `<!doctype html><html lang="` + lang + `"><head><title>All Products · Haat</title>` +
		`<script type="module" src="/assets/index.js"></script></head><body><div id="root" data-prerendered="` + lang + `">` +
		`<main><div data-ahead-cards=""><!--cards--></div></main></div></body></html>`
}

var cardsWeb = fstest.MapFS{
	"index.html":                           {Data: []byte(`<html><head></head><body><div id="root"></div></body></html>`)},
	"prerendered/en/products.html":         {Data: []byte(listPage("en"))},
	"prerendered/ne/products.html":         {Data: []byte(listPage("ne"))},
	"prerendered/en/home.html":             {Data: []byte(listPage("en"))},
	"prerendered/en/products/grains.html":  {Data: []byte(listPage("en"))},
	"prerendered/en/products/fruits.html":  {Data: []byte(listPage("en"))},
	"prerendered/en/cards.json":            {Data: []byte(cardBook("en"))},
	"prerendered/ne/cards.json":            {Data: []byte(cardBook("ne"))},
	"prerendered/en/products/dairy.html":   {Data: []byte(listPage("en"))},
	"prerendered/en/products/bakery.html":  {Data: []byte(listPage("en"))},
	"prerendered/en/products/drinks.html":  {Data: []byte(listPage("en"))},
	"prerendered/en/products/instant.html": {Data: []byte(listPage("en"))},
	"prerendered/en/product.html":          {Data: []byte(listPage("en"))},
}

// pageOf is the page at path as a browser gets it, with the language cookie when one is given.
func pageOf(t *testing.T, s *store, path string, lang ...string) string {
	t.Helper()
	req, _ := http.NewRequest("GET", s.server.URL+path, nil)
	if len(lang) > 0 {
		req.AddCookie(&http.Cookie{Name: "haat_lang", Value: lang[0]})
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 {
		t.Fatalf("GET %s: %d %s", path, res.StatusCode, b)
	}
	return string(b)
}

var cardName = regexp.MustCompile(`<a href="([^"]*)">([^<]*)</a>`)

// cardsOn are the names of the cards drawn into a page, in order, and their links.
func cardsOn(page string) (names, links []string) {
	for _, m := range cardName.FindAllStringSubmatch(page, -1) {
		links, names = append(links, m[1]), append(names, m[2])
	}
	return names, links
}

// answersOn is the page's block of answers, by path.
func answersOn(t *testing.T, page string) map[string]json.RawMessage {
	t.Helper()
	start := strings.Index(page, `<script type="application/json" id="`+api.PageAnswersID+`">`)
	if start < 0 {
		t.Fatalf("no answers in %s", page)
	}
	block := page[start:]
	block = block[strings.Index(block, ">")+1 : strings.Index(block, "</script>")]
	var answers map[string]json.RawMessage
	if err := json.Unmarshal([]byte(block), &answers); err != nil {
		t.Fatalf("answers %q: %v", block, err)
	}
	return answers
}

// TestPagesComeWithTheirProducts: the shop's list, a category's page and the front page come with
// their first products drawn as cards, in the page's language, and with the answers of the calls
// the page starts with, the same as the API answers them; a change of the catalogue shows at the
// next load.
func TestPagesComeWithTheirProducts(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		seven := 7
		few := 3
		s.addProduct(haat.Product{Name: "Tomatoes", Category: "Vegetables", Price: 20000, OfferPrice: 18000, StockOn: true, SoldBy: haat.SoldByWeight, Step: 250,
			Image: []string{"/media/uploads/abc.jpg"}, Description: []string{"Red"}, Stock: &few})
		s.addProduct(haat.Product{Name: "Basmati Rice", NameNe: "बासमती चामल", Category: "Grains", Price: 95000, OfferPrice: 95000, StockOn: true,
			Image: []string{"/media/catalogue/basmati.webp"}, Description: []string{"Long"}, Family: "basmati", Size: "5 kg", Stock: &seven})
		s.addProduct(haat.Product{Name: "Basmati Rice", NameNe: "बासमती चामल", Category: "Grains", Price: 20000, OfferPrice: 20000, StockOn: true,
			Image: []string{"/media/catalogue/basmati.webp"}, Description: []string{"Long"}, Family: "basmati", Size: "1 kg"})

		// The shop's list: every product in stock, newest first, as the API lists them.
		page := pageOf(t, s, "/products")
		names, links := cardsOn(page)
		var search api.ProductSearchResponse
		if err := json.Unmarshal(answersOn(t, page)["/api/product/search"], &search); err != nil {
			t.Fatal(err)
		}
		var apiSearch api.ProductSearchResponse
		if err := json.Unmarshal(s.client().get("/api/product/search").raw, &apiSearch); err != nil {
			t.Fatal(err)
		}
		if len(search.Products) != len(apiSearch.Products) || len(names) != len(apiSearch.Products) {
			t.Fatalf("cards %v, answer %d products, API %d", names, len(search.Products), len(apiSearch.Products))
		}
		for i, p := range apiSearch.Products {
			if search.Products[i].ID != p.ID || links[i] != "/products/"+strings.ToLower(string(p.Category))+"/"+p.ID {
				t.Fatalf("card %d: %s %s, API %s", i, links[i], search.Products[i].ID, p.ID)
			}
		}
		if strings.Join(names, "|") != "Basmati Rice, 1 kg|Tomatoes|Jumla Red Rice" {
			t.Fatalf("cards %v", names)
		}
		var config api.ConfigResponse
		if err := json.Unmarshal(answersOn(t, page)["/api/config"], &config); err != nil || config.Currency != "USD" {
			t.Fatalf("config answer %+v: %v", config, err)
		}
		// Goods sold by weight are priced by the kilogram, with the price they were, how few are left and an uploaded photo's sizes.
		tomatoes := page[strings.Index(page, `alt="Tomatoes"`)-200:]
		tomatoes = tomatoes[:strings.Index(tomatoes, "</article>")]
		for _, want := range []string{`src="/media/uploads/abc-400.jpg"`, `srcSet="/media/uploads/abc-200.jpg 200w, /media/uploads/abc-400.jpg 400w, /media/uploads/abc-800.jpg 800w, /media/uploads/abc.jpg 1200w"`,
			`<span class="price">$180/kg</span>`, `<span data-ahead="has:p.was" class="was">$200/kg</span>`, `<p class="save">Save $20.00</p>`,
			`<p data-ahead="has:p.few">Only 3 left</p>`, `loading="eager"`} {
			if !strings.Contains(tomatoes, want) {
				t.Errorf("the tomatoes' card has no %s: %s", want, tomatoes)
			}
		}
		if strings.Contains(tomatoes, "has:p.sale") || strings.Contains(tomatoes, "has:p.sizes") {
			t.Errorf("the tomatoes' card shows a sale or sizes: %s", tomatoes)
		}
		// The first photo is asked for ahead of the page's code.
		if !strings.Contains(page, `<link rel="preload" as="image" fetchpriority="high" href="/media/catalogue/basmati.webp">`+"\n    "+`<script type="module"`) {
			t.Errorf("no preload of the first photo before the scripts: %s", page)
		}
		if strings.Contains(page, "\ue000") || strings.Contains(page, "<!--cards-->") {
			t.Errorf("markers left: %s", page)
		}

		// In Nepali: names, pack sizes, units and digits.
		ne := pageOf(t, s, "/products", "ne")
		if names, _ := cardsOn(ne); names[0] != "बासमती चामल, १ के.जी." || !strings.Contains(ne, `<span class="price">$१८०/के.जी.</span>`) ||
			!strings.Contains(ne, "<p>तरकारी</p>") || !strings.Contains(ne, `<p data-ahead="has:p.sizes">२ sizes</p>`) {
			t.Fatalf("the list in Nepali: %v %s", names, ne)
		}

		// A category's page, at any case, has its own products; the front page its Best Sellers.
		for _, path := range []string{"/products/grains", "/products/GRAINS"} {
			page := pageOf(t, s, path)
			if names, _ := cardsOn(page); len(names) != 2 || answersOn(t, page)["/api/product/search?category=Grains"] == nil {
				t.Fatalf("%s: %v %s", path, names, page)
			}
		}
		home := pageOf(t, s, "/home")
		if names, _ := cardsOn(home); len(names) != 3 || answersOn(t, home)["/api/product/search?limit=10"] == nil || strings.Contains(home, `loading="eager"`) {
			t.Fatalf("/home: %v %s", names, home)
		}
		// The deals: the largest saving first, under the path the page asks.
		deals := pageOf(t, s, "/products?sort=savings")
		if names, _ := cardsOn(deals); names[0] != "Jumla Red Rice" || answersOn(t, deals)["/api/product/search?sort=savings"] == nil {
			t.Fatalf("deals: %v", names)
		}

		// A change of the catalogue shows at the next load.
		s.addProduct(haat.Product{Name: "Apples", Category: "Fruits", Price: 30000, OfferPrice: 30000, StockOn: true, Image: []string{"/media/catalogue/apple.webp"}, Description: []string{"Crisp"}})
		if names, _ := cardsOn(pageOf(t, s, "/products")); names[0] != "Apples" {
			t.Fatalf("after adding apples: %v", names)
		}
		// A category without products in stock draws none.
		if names, _ := cardsOn(pageOf(t, s, "/products/dairy")); len(names) != 0 {
			t.Fatalf("dairy: %v", names)
		}
	}, func(a *api.Server) { a.Web = cardsWeb })
}

// TestProductPageComesWithItsProduct: a product's page comes with the product drawn, its gallery
// and description repeated and its parts kept or dropped as the product has them, with the answers
// of the calls the page starts with; a product not in the catalogue is a 404 as before.
func TestProductPageComesWithItsProduct(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		few := 2
		tomatoes := s.addProduct(haat.Product{Name: "Tomatoes", Category: "Vegetables", Price: 20000, OfferPrice: 18000, StockOn: true, SoldBy: haat.SoldByWeight, Step: 250,
			Image: []string{"/media/uploads/abc.jpg", "/media/uploads/def.png", "/media/catalogue/tomato.webp"}, Description: []string{"Red", "Ripe & <fresh>"}, Stock: &few})
		page := pageOf(t, s, "/products/vegetables/"+tomatoes.ID)
		for _, want := range []string{`<title>Tomatoes · Haat</title>`, `<a href="/products/vegetables">Vegetables</a>`, `<h1>Tomatoes</h1>`, `<p class="price">$180/kg</p>`, `<span>$200/kg</span>`,
			`<button aria-label="Show image 1" aria-pressed="true"><img src="/media/uploads/abc-400.jpg"`, `<button aria-label="Show image 2" aria-pressed="false"><img src="/media/uploads/def-400.png"`,
			`<button aria-label="Show image 3" aria-pressed="false"><img src="/media/catalogue/tomato.webp" srcSet=""`, `<p data-ahead="has:p.few">Only 2 left</p>`,
			`<li>Red</li><li>Ripe &amp; &lt;fresh&gt;</li>`, `<button>Add to Cart</button>`,
			`<link rel="preload" as="image" fetchpriority="high" href="/media/uploads/abc-400.jpg" imagesrcset="/media/uploads/abc-200.jpg 200w, /media/uploads/abc-400.jpg 400w, /media/uploads/abc-800.jpg 800w, /media/uploads/abc.jpg 1200w" imagesizes="448px">`} {
			if !strings.Contains(page, want) {
				t.Errorf("the tomatoes' page has no %s", want)
			}
		}
		if strings.Contains(page, "Out of Stock") || strings.Contains(page, "has:p.weight") || strings.Contains(page, "\ue000") {
			t.Errorf("the tomatoes' page: %s", page)
		}
		answers := answersOn(t, page)
		var got api.ProductGetResponse
		if err := json.Unmarshal(answers["/api/product/get?id="+tomatoes.ID], &got); err != nil || len(got.Products) != 1 || got.Products[0].ID != tomatoes.ID {
			t.Fatalf("product answer %+v: %v", got, err)
		}
		if answers["/api/product/search?category=Vegetables&limit=11"] == nil {
			t.Fatalf("no answer of the related products: %v", answers)
		}

		// A product out of stock says so; its weight shows.
		dal := pageOf(t, s, "/products/grains/"+s.dal.ID)
		if !strings.Contains(dal, "<p>Out of Stock</p>") || strings.Contains(dal, "Add to Cart") || strings.Contains(dal, "has:p.few") {
			t.Errorf("the dal's page: %s", dal)
		}
		if rice := pageOf(t, s, "/products/grains/"+s.rice.ID); !strings.Contains(rice, `<p data-ahead="has:p.weight">1 kg</p>`) {
			t.Errorf("the rice's page: %s", rice)
		}
		// Under another category's path the page comes without the product; an unknown product is not found.
		if other := pageOf(t, s, "/products/fruits/"+tomatoes.ID); !strings.Contains(other, "<!--cards-->") || strings.Contains(other, "<h1>") {
			t.Errorf("under fruits: %s", other)
		}
		if r := s.client().get("/products/vegetables/nope"); r.status != 404 {
			t.Errorf("an unknown product's page answers %d", r.status)
		}
	}, func(a *api.Server) { a.Web = cardsWeb })
}
