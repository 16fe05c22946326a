package api

import (
	"bytes"
	"encoding/json"
	"html"
	"io/fs"
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
	List    cardTemplate `json:"list"`
	Section cardTemplate `json:"section"`
	// Detail is a product's page, drawn with markers (aheadDetail in
	// web/src/features/catalogue/ProductDetail.tsx).
	Detail     string                   `json:"detail"`
	Categories map[haat.Category]string `json:"categories"`
	PerKg      string                   `json:"perKg"`
	Save       string                   `json:"save"`
	Sizes      string                   `json:"sizes"`
	OnlyLeft   string                   `json:"onlyLeft"`
	ShowImage  string                   `json:"showImage"`
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
		if json.Unmarshal(b, &book) == nil && book.List.HTML != "" && book.Section.HTML != "" && book.Detail != "" {
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
	price := func(m haat.Money) string { return b.price(p, m, currency, lang) }
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
	few, left := b.fewLeft(p, lang)
	values["p.few"] = left
	has := map[string]bool{"has:p.was": p.Price > p.OfferPrice, "has:p.sale": p.Sale != nil && p.Sale.On, "has:p.sizes": len(p.Sizes) > 1, "has:p.few": few}
	return fillMarkers(dropElements([]byte(t.HTML), func(cond string) bool { return has[cond] }), values)
}

// price is an amount of p's as a card and its page write it: by the kilogram for goods sold by
// weight (priceText in web/src/lib/weight.ts).
func (b *cardBook) price(p *haat.Product, m haat.Money, currency haat.Currency, lang haat.Language) string {
	text := currency.Format(m, lang)
	if p.ByWeight() {
		return withValue(b.PerKg, text)
	}
	return text
}

// fillMarkers replaces every marker of html with its value, escaped; a marker without one is dropped.
func fillMarkers(html []byte, values map[string]string) []byte {
	return markerRe.ReplaceAllFunc(html, func(marker []byte) []byte {
		return []byte(escape(values[string(markerRe.FindSubmatch(marker)[1])]))
	})
}

// escape writes a text for HTML, in an element or a quoted attribute.
func escape(s string) string { return html.EscapeString(s) }

// fewLeft says whether the storefront says how few units of p are left, and the words it says
// it with (fewLeft in web/src/lib/cart.ts).
func (b *cardBook) fewLeft(p *haat.Product, lang haat.Language) (bool, string) {
	if !p.InStock || p.Stock == nil || *p.Stock > haat.LowStock {
		return false, ""
	}
	return true, withValue(b.OnlyLeft, haat.LocalDigits(strconv.Itoa(*p.Stock), lang))
}

// detail is the page of product p in the store's currency and lang: the book's page with its
// repeated parts repeated (the gallery's pictures, the description's lines), its optional parts
// kept where p has them and its markers filled.
func (b *cardBook) detail(p *haat.Product, currency haat.Currency, lang haat.Language) []byte {
	price := func(m haat.Money) string { return b.price(p, m, currency, lang) }
	var thumbnails []map[string]string
	for i, path := range p.Image {
		src, srcset := images.Sources(path)
		thumbnails = append(thumbnails, map[string]string{"i.src": src, "i.srcset": srcset, "i.label": withValue(b.ShowImage, haat.LocalDigits(strconv.Itoa(i+1), lang))})
	}
	lines := p.Description
	if lang == haat.Nepali && len(p.DescriptionNe) > 0 {
		lines = p.DescriptionNe
	}
	var texts []map[string]string
	for _, line := range lines {
		texts = append(texts, map[string]string{"i.text": line})
	}
	weight := p.Weight
	if lang == haat.Nepali && weight != "" {
		weight = b.nepaliWeight(weight)
	}
	src, srcset := "", ""
	if len(p.Image) > 0 {
		src, srcset = images.Sources(p.Image[0])
	}
	few, left := b.fewLeft(p, lang)
	values := map[string]string{
		"p.name":         b.name(p, lang),
		"p.category":     b.Categories[p.Category],
		"p.categoryHref": "/products/" + strings.ToLower(string(p.Category)),
		"p.src":          src,
		"p.srcset":       srcset,
		"p.mrp":          price(p.Price),
		"p.price":        price(p.OfferPrice),
		"p.weight":       weight,
		"p.few":          left,
	}
	has := map[string]bool{"has:p.thumbnails": len(p.Image) > 0, "has:p.weight": !p.ByWeight() && weight != "", "has:p.few": few,
		"has:p.inStock": p.InStock, "not:p.inStock": !p.InStock}
	var first, rest []map[string]string
	if len(thumbnails) > 0 {
		first, rest = thumbnails[:1], thumbnails[1:]
	}
	out := []byte(b.Detail)
	out = repeatElements(out, "first:p.thumbnails", first)
	out = repeatElements(out, "rest:p.thumbnails", rest)
	out = repeatElements(out, "each:p.lines", texts)
	return fillMarkers(dropElements(out, func(cond string) bool { return has[cond] }), values)
}

// repeatElements writes every element of page marked data-ahead=cond once for each item, its
// markers filled with the item's values, with the mark taken off; none for no items.
func repeatElements(page []byte, cond string, items []map[string]string) []byte {
	mark := []byte(` data-ahead="` + cond + `"`)
	var out bytes.Buffer
	rest := page
	for {
		loc := aheadRe.FindSubmatchIndex(rest)
		if loc == nil {
			out.Write(rest)
			return out.Bytes()
		}
		if string(rest[loc[4]:loc[5]]) != cond {
			out.Write(rest[:loc[1]])
			rest = rest[loc[1]:]
			continue
		}
		tag := string(rest[loc[2]:loc[3]])
		end := loc[1]
		if !voidElements[tag] {
			end = loc[1] + closingTag(rest[loc[1]:], tag)
		}
		element := bytes.Replace(rest[loc[0]:end], mark, nil, 1)
		out.Write(rest[:loc[0]])
		for _, item := range items {
			out.Write(markerRe.ReplaceAllFunc(element, func(marker []byte) []byte {
				if v, ok := item[string(markerRe.FindSubmatch(marker)[1])]; ok {
					return []byte(escape(v))
				}
				return marker
			}))
		}
		rest = rest[end:]
	}
}
