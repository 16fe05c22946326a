package api

import (
	"net/http"
	"strconv"

	"haat"
	"haat/search"
)

// ProductSearchResponse is a page of the products in stock that a search text and a category
// select: newest first, or with a text the best found first; with sort=savings, the largest saving
// (price less offer price, as priced now) first (GET
// /api/product/search?q=&category=&sort=&cursor=&limit=).
type ProductSearchResponse struct {
	// NextCursor asks for the next page as ?cursor=; absent on the last page.
	NextCursor string         `json:"nextCursor,omitempty"`
	Products   []haat.Product `json:"products"`
	// DidYouMean is the text spelled as the shop's products are, when the text found nothing and
	// that one finds some.
	DidYouMean string `json:"didYouMean,omitempty"`
	Success    bool   `json:"success"`
}

// ProductGetResponse is the products on sale with the ids asked for, in stock or not, in the
// order asked; an id of no product on sale is left out (GET /api/product/get?id=…&id=…).
type ProductGetResponse struct {
	Products []haat.Product `json:"products"`
	Success  bool           `json:"success"`
}

// productSearch answers a page of the shop's products from the catalogue's snapshot: a search
// finds a product by any of its names, in Devanagari or romanised.
func (s *Server) productSearch(w http.ResponseWriter, r *http.Request) error {
	v := r.URL.Query()
	q := search.ProductQuery{Query: v.Get("q"), Category: haat.Category(v.Get("category")), Cursor: v.Get("cursor"), Sort: v.Get("sort")}
	if text := v.Get("limit"); text != "" {
		n, err := strconv.Atoi(text)
		if err != nil || n < 1 {
			return haat.Errorf(haat.EINVALID, "A page holds 1 to %d products", haat.MaxPageSize)
		}
		q.Limit = n
	}
	snap, err := s.list.snapshot(r.Context())
	if err != nil {
		return err
	}
	page, err := snap.catalogue.Search(q)
	if err != nil {
		return err
	}
	return ok(w, ProductSearchResponse{NextCursor: page.Next, Products: page.Products, DidYouMean: page.DidYouMean, Success: true})
}

// productGet answers the products with the ids asked for, from the catalogue's snapshot.
func (s *Server) productGet(w http.ResponseWriter, r *http.Request) error {
	snap, err := s.list.snapshot(r.Context())
	if err != nil {
		return err
	}
	products, err := snap.catalogue.Find(r.URL.Query()["id"])
	if err != nil {
		return err
	}
	return ok(w, ProductGetResponse{Products: products, Success: true})
}
