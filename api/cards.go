package api

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html"
	"io/fs"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"haat"
	"haat/images"
)

// A page with a list of products (the shop's list, a category, the front page's Best Sellers)
// comes with its first products drawn, so that a phone on a slow network shows them before the
// page's code has loaded, and with the answers of the API calls the page starts with, so that the
// code shows them without asking again (web/src/lib/ahead.ts). The build draws the product card
// once with markers (aheadCard in web/src/features/catalogue/ProductCard.tsx) and writes it, with
// the texts a card is worded with, to prerendered/<language>/cards.json; the server fills it with
// each product and puts the cards where the page built ahead holds cardsMarker.
const (
	// PageAnswersID is the id of a page's JSON block of answers: by API path, the body a GET of it
	// answers.
	PageAnswersID = "haat-answers"
	// cardsMarker is where a page built ahead draws its list's cards.
	cardsMarker = "<!--cards-->"
)

// cardTemplate is the product card of a kind of list, drawn with markers, and how many of its
// first cards load their photos at once (the others when scrolled near).
type cardTemplate struct {
	HTML  string `json:"html"`
	Eager int    `json:"eager"`
}

// cardBook is what the build gives for drawing cards in one language: the card of a page's list
// (under its h1) and of a section's (under an h2), the categories' names, the texts with a value
// (the value's marker in them) and, for Nepali, the words of units of weight.
type cardBook struct {
	List       cardTemplate             `json:"list"`
	Section    cardTemplate             `json:"section"`
	Categories map[haat.Category]string `json:"categories"`
	PerKg      string                   `json:"perKg"`
	Save       string                   `json:"save"`
	Sizes      string                   `json:"sizes"`
	OnlyLeft   string                   `json:"onlyLeft"`
	Units      map[string]string        `json:"units"`
}

// readCardBooks reads the build's card books, by language; none when the build has none.
func readCardBooks(web fs.FS) map[haat.Language]*cardBook {
	books := map[haat.Language]*cardBook{}
	for _, lang := range haat.Languages {
		b, err := fs.ReadFile(web, "prerendered/"+string(lang)+"/cards.json")
		if err != nil {
			continue
		}
		var book cardBook
		if json.Unmarshal(b, &book) == nil && book.List.HTML != "" && book.Section.HTML != "" {
			books[lang] = &book
		}
	}
	return books
}

// withValue is a text of the book with its one marker replaced by value.
func withValue(text, value string) string {
	return markerRe.ReplaceAllLiteralString(text, value)
}

// name is a product's name as a card shows it in lang: its Nepali name where it has one, and its
// pack size when it is one of a family (nameIn in web/src/lib/catalogue.ts).
func (b *cardBook) name(p *haat.Product, lang haat.Language) string {
	name := p.Name
	if lang == haat.Nepali && p.NameNe != "" {
		name = p.NameNe
	}
	if p.Size == "" {
		return name
	}
	size := p.Size
	if lang == haat.Nepali {
		size = b.nepaliWeight(size)
	}
	return name + ", " + size
}

// nepaliWeight writes a weight for Nepali readers, its units in Nepali and its digits in
// Devanagari, a number and the unit after it apart: "500g" → "५०० ग्राम" (nepaliWeight in
// web/src/i18n/weight.ts).
func (b *cardBook) nepaliWeight(weight string) string {
	var out strings.Builder
	runes := []rune(weight)
	for i := 0; i < len(runes); {
		if !isLatinLetter(runes[i]) {
			out.WriteRune(runes[i])
			i++
			continue
		}
		j := i
		for j < len(runes) && isLatinLetter(runes[j]) {
			j++
		}
		word := string(runes[i:j])
		if unit, ok := b.Units[strings.ToLower(word)]; ok {
			word = unit
		}
		out.WriteString(word)
		i = j
	}
	spaced := []rune(out.String())
	var s strings.Builder
	for i, r := range spaced {
		s.WriteRune(r)
		if r >= '0' && r <= '9' && i+1 < len(spaced) && (isLatinLetter(spaced[i+1]) || unicode.Is(unicode.Devanagari, spaced[i+1])) {
			s.WriteRune(' ')
		}
	}
	return haat.LocalDigits(s.String(), haat.Nepali)
}

func isLatinLetter(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }

// card is the card of product p, the i-th of its list, in the store's currency and lang: the
// template with its optional parts kept where p has them and its markers filled.
func (b *cardBook) card(t cardTemplate, p *haat.Product, i int, currency haat.Currency, lang haat.Language) []byte {
	price := func(m haat.Money) string {
		text := currency.Format(m, lang)
		if p.ByWeight() {
			return withValue(b.PerKg, text)
		}
		return text
	}
	src, srcset := "", ""
	if len(p.Image) > 0 {
		src, srcset = images.Sources(p.Image[0])
	}
	loading := "lazy"
	if i < t.Eager {
		loading = "eager"
	}
	values := map[string]string{
		"p.href":     "/products/" + strings.ToLower(string(p.Category)) + "/" + p.ID,
		"p.name":     b.name(p, lang),
		"p.category": b.Categories[p.Category],
		"p.price":    price(p.OfferPrice),
		"p.was":      price(p.Price),
		"p.save":     withValue(b.Save, currency.FormatFixed(p.Price-p.OfferPrice, lang)),
		"p.sizes":    withValue(b.Sizes, haat.LocalDigits(strconv.Itoa(len(p.Sizes)), lang)),
		"p.src":      src,
		"p.srcset":   srcset,
		"p.loading":  loading,
	}
	few := p.Stock != nil && *p.Stock <= haat.LowStock
	if few {
		values["p.few"] = withValue(b.OnlyLeft, haat.LocalDigits(strconv.Itoa(*p.Stock), lang))
	}
	has := map[string]bool{"has:p.was": p.Price > p.OfferPrice, "has:p.sale": p.Sale != nil && p.Sale.On, "has:p.sizes": len(p.Sizes) > 1, "has:p.few": few}
	out := dropElements([]byte(t.HTML), func(cond string) bool { return has[cond] })
	return markerRe.ReplaceAllFunc(out, func(marker []byte) []byte {
		return []byte(html.EscapeString(values[string(markerRe.FindSubmatch(marker)[1])]))
	})
}

// pageList is the list of products a page starts with: what it asks the API for (the search and
// the path of the call, its parameters in order), and which card its list draws.
type pageList struct {
	query   haat.ProductQuery
	path    string
	section bool
}

// listOf is the list of products the page at the request's path starts with; false for a page
// without one.
func listOf(page haat.Page, params map[string]string, query url.Values) (pageList, bool) {
	v := url.Values{}
	var l pageList
	switch page.Name {
	case "home":
		l.query.Limit, l.section = haat.BestSellers, true
		v.Set("limit", strconv.Itoa(haat.BestSellers))
	case "products":
		// Only the list's own orders: another is no page the storefront asks for.
		if query.Get("sort") == haat.SortSavings {
			l.query.Sort = haat.SortSavings
			v.Set("sort", haat.SortSavings)
		}
	case "category":
		c := haat.CanonicalCategory(params["category"])
		if c == "" {
			return pageList{}, false
		}
		l.query.Category = c
		v.Set("category", string(c))
	default:
		return pageList{}, false
	}
	l.path = "/api/product/search"
	if enc := v.Encode(); enc != "" {
		l.path += "?" + enc
	}
	return l, true
}

// aheadSource is where the pages' lists and answers come from: the catalogue's current snapshot
// and the store's configuration.
type aheadSource struct {
	snapshot func(ctx context.Context) (*listSnapshot, error)
	config   func() ConfigResponse
	currency haat.Currency
	books    map[haat.Language]*cardBook
}

// fillList writes into page (a page built ahead, filled with the settings) the first products of
// its list l in the catalogue's snapshot, in lang, and the answers of the calls it starts with: the search and /api/config.
// The page is kept as it is when it has no place for cards.
func (src *aheadSource) fillList(page []byte, snap *listSnapshot, l pageList, lang haat.Language) ([]byte, error) {
	book := src.books[lang]
	if book == nil || !bytes.Contains(page, []byte(cardsMarker)) {
		return page, nil
	}
	found, err := snap.catalogue.Search(l.query)
	if err != nil {
		return nil, err
	}
	t := book.List
	if l.section {
		t = book.Section
	}
	var cards bytes.Buffer
	for i := range found.Products {
		cards.Write(book.card(t, &found.Products[i], i, src.currency, lang))
	}
	answers, err := json.Marshal(map[string]any{
		l.path:        ProductSearchResponse{NextCursor: found.Next, Products: found.Products, DidYouMean: found.DidYouMean, Success: true},
		"/api/config": src.config(),
	})
	if err != nil {
		return nil, err
	}
	out := bytes.Replace(page, []byte(cardsMarker), cards.Bytes(), 1)
	block := fmt.Sprintf(`<script type="application/json" id="%s">%s</script></head>`, PageAnswersID, answers)
	out = bytes.Replace(out, []byte("</head>"), []byte(block), 1)
	// The first photo is asked for with the page's code, ahead of it: on a slow network it would
	// otherwise wait for the scripts, which the browser asks for first.
	if len(found.Products) > 0 && len(found.Products[0].Image) > 0 {
		src, srcset := images.Sources(found.Products[0].Image[0])
		link := `<link rel="preload" as="image" fetchpriority="high" href="` + html.EscapeString(src) + `"`
		if srcset != "" {
			sizes := ""
			if m := sizesRe.FindStringSubmatch(t.HTML); m != nil {
				sizes = m[1]
			}
			link += ` imagesrcset="` + html.EscapeString(srcset) + `" imagesizes="` + sizes + `"`
		}
		out = bytes.Replace(out, []byte(`<script type="module"`), []byte(link+">\n    <script type=\"module\""), 1)
	}
	return out, nil
}

// sizesRe finds the sizes attribute of a card's photo, which its preload repeats.
var sizesRe = regexp.MustCompile(`<img [^>]*\bsizes="([^"]*)"`)

// snapshotKey names the catalogue's state a page's list is filled at: its snapshot's version and
// the moment its prices next change.
func snapshotKey(snap *listSnapshot) string {
	return strconv.FormatUint(snap.version, 10) + "/" + strconv.FormatInt(snap.until.UnixNano(), 10)
}
