package api

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"regexp"
	"strconv"

	"haat"
	"haat/images"
	"haat/search"
	"haat/storefront"
)

// pageList is the list of products a page starts with: what it asks the API for (the search and
// the path of the call, its parameters in order), and which card its list draws.
type pageList struct {
	query   search.ProductQuery
	path    string
	section bool
	// product is the id of the product a product's page shows (query is then its related
	// products' search).
	product string
}

// listOf is the list of products the page at the request's path starts with; false for a page
// without one.
func listOf(page storefront.Page, params map[string]string, query url.Values) (pageList, bool) {
	v := url.Values{}
	var l pageList
	switch page.Name {
	case "home":
		l.query.Limit, l.section = haat.BestSellers, true
		v.Set("limit", strconv.Itoa(haat.BestSellers))
	case "products":
		// Only the list's own orders: another is no page the storefront asks for.
		if query.Get("sort") == search.SortSavings {
			l.query.Sort = search.SortSavings
			v.Set("sort", search.SortSavings)
		}
	case "category":
		c := haat.CanonicalCategory(params["category"])
		if c == "" {
			return pageList{}, false
		}
		l.query.Category = c
		v.Set("category", string(c))
	case "product":
		// The related products are of the product's category, which its path names (the page is
		// the product's only when they agree: see fillList).
		c := haat.CanonicalCategory(params["category"])
		if c == "" {
			return pageList{}, false
		}
		l.product = params["id"]
		l.query.Category, l.query.Limit = c, haat.RelatedProducts+1
		v.Set("category", string(c))
		v.Set("limit", strconv.Itoa(haat.RelatedProducts+1))
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

// fillList writes into page (a page built ahead, filled with the settings, with a place for cards)
// the first products of its list l in the catalogue's snapshot, in lang, and the answers of the
// calls it starts with: the search, the product on a product's page, and /api/config. The page
// is kept as it is without a card book in lang.
func (src *aheadSource) fillList(page []byte, snap *listSnapshot, l pageList, lang haat.Language) ([]byte, error) {
	book := src.books[lang]
	if book == nil {
		return page, nil
	}
	found, err := snap.catalogue.Search(l.query)
	if err != nil {
		return nil, err
	}
	answers := map[string]any{
		l.path:        ProductSearchResponse{NextCursor: found.Next, Products: found.Products, DidYouMean: found.DidYouMean, Success: true},
		"/api/config": src.config(),
	}
	var drawn bytes.Buffer
	var first *haat.Product // whose photo is asked for first
	template := book.List.HTML
	if l.product != "" {
		// A product's page: the product itself, when it is on sale in the category its path names.
		products, err := snap.catalogue.Find([]string{l.product})
		if err != nil {
			return nil, err
		}
		if len(products) == 0 || products[0].Category != l.query.Category {
			return page, nil
		}
		first, template = &products[0], book.Detail
		drawn.Write(book.detail(first, src.currency, lang))
		answers["/api/product/get?"+url.Values{"id": {l.product}}.Encode()] = ProductGetResponse{Products: products, Success: true}
		page = titled(page, book.name(first, lang))
	} else {
		t := book.List
		if l.section {
			t = book.Section
		}
		for i := range found.Products {
			drawn.Write(book.card(t, &found.Products[i], i, src.currency, lang))
		}
		if len(found.Products) > 0 {
			first, template = &found.Products[0], t.HTML
		}
	}
	block, err := json.Marshal(answers)
	if err != nil {
		return nil, err
	}
	out := bytes.Replace(page, []byte(cardsMarker), drawn.Bytes(), 1)
	out = bytes.Replace(out, []byte("</head>"), []byte(fmt.Sprintf(`<script type="application/json" id="%s">%s</script></head>`, PageAnswersID, block)), 1)
	// The first photo is asked for with the page's code, ahead of it: on a slow network it would
	// otherwise wait for the scripts, which the browser asks for first.
	if first != nil && len(first.Image) > 0 {
		out = bytes.Replace(out, []byte(`<script type="module"`), []byte(preload(first.Image[0], template)+"\n    <script type=\"module\""), 1)
	}
	return out, nil
}

// titled is page with its title naming the page's own part: "Basmati Rice, 1 kg · Haat" where the
// page built ahead says "All Products · Haat", as the storefront titles a product's page once it has
// loaded (web/src/lib/useTitle.ts), so that a link to it shared in a chat shows the product.
func titled(page []byte, name string) []byte {
	start := bytes.Index(page, []byte("<title>"))
	if start < 0 {
		return page
	}
	start += len("<title>")
	end := bytes.Index(page[start:], []byte(" · "))
	if closing := bytes.Index(page[start:], []byte("</title>")); end < 0 || closing < end {
		return page
	}
	out := append([]byte{}, page[:start]...)
	out = append(out, escape(name)...)
	return append(out, page[start+end:]...)
}

// preload is the link that asks for the photo at path as the template shows it, where its img
// is the one of the product's name: the same size of it as the img will choose.
func preload(path, template string) string {
	src, srcset := images.Sources(path)
	link := `<link rel="preload" as="image" fetchpriority="high" href="` + escape(src) + `"`
	if srcset != "" {
		sizes := ""
		if m := sizesRe.FindStringSubmatch(template); m != nil {
			sizes = m[1]
		}
		link += ` imagesrcset="` + escape(srcset) + `" imagesizes="` + sizes + `"`
	}
	return link + ">"
}

// sizesRe finds the sizes attribute of the photo of the product's name (its alt) in a template.
var sizesRe = regexp.MustCompile(`\bsizes="([^"]*)" alt="` + markerOpen + `p\.name` + markerClose + `"`)

// snapshotKey names the catalogue's state a page's list is filled at: its snapshot's version and
// the moment its prices next change.
func snapshotKey(snap *listSnapshot) string {
	return strconv.FormatUint(snap.version, 10) + "/" + strconv.FormatInt(snap.until.UnixNano(), 10)
}
