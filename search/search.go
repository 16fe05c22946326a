// Package search finds the products on sale by what a shopper types, in English or Nepali, in
// Devanagari or romanised, and pages the catalogue.
package search

import (
	"cmp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"haat"
)

// Search finds a product however a shopper in Nepal writes its name: in Devanagari (आलु) or in one
// of the common romanisations (aalu, alu, aloo). Both the name and the query are turned into the
// same rough Latin key: Devanagari is transliterated, and the spellings that vary most between
// writers (long vowels doubled or not, w/v, sh/s, ph/f, the silent a between consonants) are
// written one way.

var (
	devConsonants = map[rune]string{
		'क': "k", 'ख': "kh", 'ग': "g", 'घ': "gh", 'ङ': "ng", 'च': "ch", 'छ': "chh", 'ज': "j", 'झ': "jh", 'ञ': "n",
		'ट': "t", 'ठ': "th", 'ड': "d", 'ढ': "dh", 'ण': "n", 'त': "t", 'थ': "th", 'द': "d", 'ध': "dh", 'न': "n",
		'प': "p", 'फ': "ph", 'ब': "b", 'भ': "bh", 'म': "m", 'य': "y", 'र': "r", 'ल': "l", 'व': "v", 'श': "sh", 'ष': "sh", 'स': "s", 'ह': "h",
	}
	devVowels     = map[rune]string{'अ': "a", 'आ': "aa", 'इ': "i", 'ई': "ii", 'उ': "u", 'ऊ': "uu", 'ऋ': "ri", 'ए': "e", 'ऐ': "ai", 'ओ': "o", 'औ': "au"}
	devVowelSigns = map[rune]string{'ा': "aa", 'ि': "i", 'ी': "ii", 'ु': "u", 'ू': "uu", 'ृ': "ri", 'े': "e", 'ै': "ai", 'ो': "o", 'ौ': "au"}
)

const (
	devVirama  = '्'
	devNukta   = '\u093C'
	devVisarga = 'ः'
)

func devNasal(r rune) bool { return r == 'ं' || r == 'ँ' }

// Transliterate writes Devanagari in Latin letters; a consonant's inherent a is dropped at a
// word's end, as Nepali speaks it.
func Transliterate(text string) string {
	var out strings.Builder
	inherent := false // the last consonant still carries its a
	for _, ch := range norm.NFC.String(text) {
		if ch == devNukta {
			continue
		}
		if c, ok := devConsonants[ch]; ok {
			if inherent {
				out.WriteByte('a')
			}
			out.WriteString(c)
			inherent = true
			continue
		}
		if sign, ok := devVowelSigns[ch]; ok || ch == devVirama {
			out.WriteString(sign)
			inherent = false
			continue
		}
		vowel, isVowel := devVowels[ch]
		// The a of a consonant before a vowel, a nasal sign or a visarga is spoken; before a space
		// or the end it is not.
		if inherent && (isVowel || devNasal(ch) || ch == devVisarga) {
			out.WriteByte('a')
		}
		inherent = false
		switch {
		case devNasal(ch):
			out.WriteByte('n')
		case ch == devVisarga:
			out.WriteByte('h')
		case isVowel:
			out.WriteString(vowel)
		case ch >= '०' && ch <= '९':
			out.WriteByte(byte('0' + ch - '०'))
		default:
			out.WriteRune(ch)
		}
	}
	return out.String()
}

// keySpellings are the spellings Key writes one way, one replacer after another in this
// order; within one, the first of its pairs that matches at a place wins, left to right.
var keySpellings = []*strings.Replacer{
	strings.NewReplacer("aa", "a"),
	strings.NewReplacer("ee", "i", "ii", "i"),
	strings.NewReplacer("oo", "u", "uu", "u"),
	strings.NewReplacer("w", "v"),
	strings.NewReplacer("chh", "ch"),
	strings.NewReplacer("sh", "s"),
	strings.NewReplacer("ph", "f"),
	strings.NewReplacer("z", "j"),
	strings.NewReplacer("q", "k"),
}

func latinConsonant(b byte) bool {
	return b >= 'a' && b <= 'z' && !strings.ContainsRune("aeiou", rune(b))
}

// Key is the rough Latin key a name or a query is compared by: "आलु", "Aalu" and "aloo"
// all give "alu".
func Key(text string) string {
	s := Transliterate(strings.ToLower(text))
	for _, r := range keySpellings {
		s = r.Replace(s)
	}
	// The silent a between two consonants: "golabheda" and "golbheda" are one name.
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		b.WriteByte(s[i])
		if latinConsonant(s[i]) && i+2 < len(s) && s[i+1] == 'a' && latinConsonant(s[i+2]) {
			i++
		}
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// ProductQuery asks for a page of the products shoppers can buy now, newest first.
type ProductQuery struct {
	// Query finds products by name, in English or Nepali, as Searchable.Matches does.
	Query string
	// Category keeps the products of one category; empty keeps all.
	Category haat.Category
	// Cursor continues after the page that answered it as Next; empty starts at the newest.
	Cursor string
	// Limit is the page's size: DefaultPageSize when 0, at most MaxPageSize.
	Limit int
	// Sort is the order of the page: SortSavings, or empty for the list's own (newest first, or
	// best found first when there is a text).
	Sort string
}

// SortSavings orders products by what a shopper saves on each at the time of the list (Saving),
// largest first; products that save the same keep the order they have without it.
const SortSavings = "savings"

// ProductPage is a page of products and the cursor of the next one, empty on the last page.
type ProductPage struct {
	Products []haat.Product
	Next     string
	// DidYouMean is the query spelled as the shop's products are, when the query found nothing
	// and that one finds some; empty otherwise.
	DidYouMean string
}

// Validate checks a query: a known category, a page size and a search text within bounds, and
// a cursor that an earlier page gave.
func (q *ProductQuery) Validate() error {
	if q.Category != "" {
		if q.Category = haat.CanonicalCategory(string(q.Category)); q.Category == "" {
			return haat.Errorf(haat.EINVALID, "Please choose a valid category")
		}
	}
	if q.Limit < 0 || q.Limit > haat.MaxPageSize {
		return haat.Errorf(haat.EINVALID, "A page holds 1 to %d products", haat.MaxPageSize)
	}
	if len([]rune(q.Query)) > haat.MaxSearchLength {
		return haat.Errorf(haat.EINVALID, "Search text is too long")
	}
	if q.Sort != "" && q.Sort != SortSavings {
		return haat.Errorf(haat.EINVALID, "Products can be sorted by %s only", SortSavings)
	}
	if strings.HasPrefix(q.Cursor, rankedCursor) {
		if _, err := parseRankedCursor(q.Cursor); err != nil {
			return err
		}
	} else if _, _, err := parseCursor(q.Cursor); err != nil {
		return err
	}
	return nil
}

// rankedCursor starts the cursor of a page of a search by words (ranked), or of a sorted list:
// "r48" continues at the 49th product found.
const rankedCursor = "r"

func parseRankedCursor(c string) (int, error) {
	n, err := strconv.Atoi(strings.TrimPrefix(c, rankedCursor))
	if err != nil || n < 0 {
		return 0, haat.Errorf(haat.EINVALID, "Invalid page cursor")
	}
	return n, nil
}

// cursor writes where a page ended: the last product's creation time and id, the order of the
// list, so that the next page starts after it even when products were added or removed since.
func cursor(p haat.Product) string {
	return strconv.FormatInt(p.CreatedAt.UnixMilli(), 10) + "." + p.ID
}

func parseCursor(c string) (time.Time, string, error) {
	if c == "" {
		return time.Time{}, "", nil
	}
	ms, id, ok := strings.Cut(c, ".")
	n, err := strconv.ParseInt(ms, 10, 64)
	if !ok || err != nil || id == "" {
		return time.Time{}, "", haat.Errorf(haat.EINVALID, "Invalid page cursor")
	}
	return time.UnixMilli(n).UTC(), id, nil
}

// Catalogue is the products on sale, newest first (as ProductService.Products lists them),
// ready to be searched and paged.
type Catalogue struct {
	products []haat.Product
	search   []Searchable
	byID     map[string]int // index of each product
	// lead is, for each family of pack sizes, the product the shop lists for it (see families).
	lead map[string]string
	// synonyms are the words the store's search counts as the same.
	synonyms Synonyms
}

// families works out the sizes of each family of products (newest first, as a catalogue holds
// them): each family's sizes, smallest price first, and which product the shop lists for it,
// its lead: the newest in stock, else the newest.
func families(products []haat.Product) (sizes map[string][]haat.ProductSize, lead map[string]string) {
	sizes, lead = map[string][]haat.ProductSize{}, map[string]string{}
	leadInStock := map[string]bool{}
	for _, p := range products {
		if p.Family == "" {
			continue
		}
		sizes[p.Family] = append(sizes[p.Family], haat.ProductSize{ID: p.ID, Size: p.Size, OfferPrice: p.OfferPrice, InStock: p.InStock})
		if _, ok := lead[p.Family]; !ok || (p.InStock && !leadInStock[p.Family]) {
			lead[p.Family], leadInStock[p.Family] = p.ID, p.InStock
		}
	}
	for _, s := range sizes {
		slices.SortStableFunc(s, func(a, b haat.ProductSize) int { return cmp.Compare(a.OfferPrice, b.OfferPrice) })
	}
	return sizes, lead
}

// NewCatalogue indexes products, which must be newest first. The index of a product whose names
// last (the catalogue before, or nil) has too is taken from it: a catalogue that changes by a
// few products is indexed again in a fraction of the time.
func NewCatalogue(products []haat.Product, last *Catalogue) *Catalogue {
	c := &Catalogue{products: products, search: make([]Searchable, len(products)), byID: make(map[string]int, len(products)),
		synonyms: DefaultSynonyms}
	sizes, lead := families(products)
	c.lead = lead
	for i, p := range products {
		if p.Family != "" {
			products[i].Sizes = sizes[p.Family]
		}
		c.byID[p.ID] = i
		if last != nil {
			if j, ok := last.byID[p.ID]; ok && last.products[j].Name == p.Name && last.products[j].NameNe == p.NameNe {
				c.search[i] = last.search[j]
				continue
			}
		}
		c.search[i] = NewSearchable(p.Name, p.NameNe)
	}
	return c
}

// SetSynonyms makes the catalogue's search count these words as the same (the store's).
func (c *Catalogue) SetSynonyms(s Synonyms) { c.synonyms = s }

// MaxFind is the most products Find (GET /api/product/get) looks up at once.
const MaxFind = 100

// Find returns the products on sale, in stock or not, with the ids, in the order asked; an id of
// no product on sale is left out.
func (c *Catalogue) Find(ids []string) ([]haat.Product, error) {
	if len(ids) > MaxFind {
		return nil, haat.Errorf(haat.EINVALID, "Ask for at most %d products at once", MaxFind)
	}
	found := make([]haat.Product, 0, len(ids))
	for _, id := range ids {
		if i, ok := c.byID[id]; ok {
			found = append(found, c.products[i])
		}
	}
	return found, nil
}

// Search returns the page q asks for of the products in stock that match its text and category,
// a family of pack sizes once: by its lead. Without a text they come newest first; with one, best
// found first (see Searchable), and newest first among equals, with DidYouMean when none is found.
// Sorted by SortSavings, the largest saving comes first, and products that save the same keep that
// order.
func (c *Catalogue) Search(q ProductQuery) (*ProductPage, error) {
	if err := q.Validate(); err != nil {
		return nil, err
	}
	limit := q.Limit
	if limit == 0 {
		limit = haat.DefaultPageSize
	}
	text := newSearchText(q.Query, c.synonyms)
	if text.lower != "" || q.Sort != "" {
		return c.ranked(q, text, limit), nil
	}
	start := 0
	if at, id, _ := parseCursor(q.Cursor); id != "" {
		// The first product after the cursor in the list's order: created earlier, or at the
		// same time with a smaller id.
		start = sort.Search(len(c.products), func(i int) bool {
			p := c.products[i]
			return p.CreatedAt.Before(at) || (p.CreatedAt.Equal(at) && p.ID < id)
		})
	}
	page := &ProductPage{Products: []haat.Product{}}
	for i := start; i < len(c.products); i++ {
		p := c.products[i]
		if !c.listed(i, q.Category) {
			continue
		}
		if len(page.Products) == limit {
			page.Next = cursor(page.Products[limit-1])
			break
		}
		page.Products = append(page.Products, p)
	}
	return page, nil
}

// listed reports whether the i-th product is one the shop lists in category (any when empty): in
// stock, and the lead of its family.
func (c *Catalogue) listed(i int, category haat.Category) bool {
	p := c.products[i]
	return p.InStock && (category == "" || p.Category == category) && (p.Family == "" || c.lead[p.Family] == p.ID)
}

// ranked is the page of a search by words, or of a sorted list: the products listed that the text
// finds (all of them without a text), best first, then in q's sort.
func (c *Catalogue) ranked(q ProductQuery, text searchText, limit int) *ProductPage {
	type hit struct{ i, score int }
	var hits []hit
	for i := range c.products {
		if !c.listed(i, q.Category) {
			continue
		}
		if text.lower == "" {
			hits = append(hits, hit{i, 1})
		} else if score := c.search[i].score(text); score > 0 {
			hits = append(hits, hit{i, score})
		}
	}
	sort.SliceStable(hits, func(a, b int) bool { return hits[a].score > hits[b].score })
	if q.Sort == SortSavings {
		sort.SliceStable(hits, func(a, b int) bool { return c.products[hits[a].i].Saving() > c.products[hits[b].i].Saving() })
	}
	page := &ProductPage{Products: []haat.Product{}}
	start := 0
	if q.Cursor != "" {
		start, _ = parseRankedCursor(q.Cursor)
	}
	for k := start; k < len(hits) && k < start+limit; k++ {
		page.Products = append(page.Products, c.products[hits[k].i])
	}
	if start+limit < len(hits) {
		page.Next = rankedCursor + strconv.Itoa(start+limit)
	}
	if len(hits) == 0 && text.lower != "" {
		page.DidYouMean = c.didYouMean(text, q.Category)
	}
	return page
}

// didYouMean is the query with each of its words of 3 letters or more spelled as the nearest word
// of the names of the products listed (at most 2 typos away, 1 for a word of 3 letters), if the
// query so spelled finds some; "" otherwise.
func (c *Catalogue) didYouMean(text searchText, category haat.Category) string {
	spelled := make([]string, len(text.words))
	changed := false
	for k, qw := range text.words {
		spelled[k] = c.nearestWord(qw.lower, category)
		changed = changed || spelled[k] != qw.lower
	}
	if !changed {
		return ""
	}
	again := strings.Join(spelled, " ")
	found := newSearchText(again, c.synonyms)
	for i := range c.products {
		if c.listed(i, category) && c.search[i].score(found) > 0 {
			return again
		}
	}
	return ""
}

// nearestWord is the word of the names of the products listed in category nearest to word: one
// typo away, else two for a word of 4 letters or more; word itself when none is, or it is shorter
// than 3 letters.
func (c *Catalogue) nearestWord(word string, category haat.Category) string {
	n := utf8.RuneCountInString(word)
	if n < 3 {
		return word
	}
	two := ""
	for i := range c.products {
		if !c.listed(i, category) {
			continue
		}
		for _, w := range c.search[i].words {
			switch {
			case withinTypos(word, w.lower, 1):
				return w.lower
			case two == "" && n > 3 && withinTypos(word, w.lower, 2):
				two = w.lower
			}
		}
	}
	return cmp.Or(two, word)
}
