package haat

import (
	"strings"
	"unicode/utf8"
)

// The stock states the seller's product list can be narrowed to (SellerProductFilter.Stock):
// those shoppers can buy now (Available), those they cannot, and those to restock (counted with
// LowStock units or fewer, none left included, whatever their switch).
const (
	StockIn  = "in"
	StockOut = "out"
	StockLow = "low"
)

// The orders of the seller's product list (SellerProductFilter.Sort): newest first (the default),
// by name A to Z, by offer price up or down, and by counted units, fewest first, the products not
// counted last. Products that tie keep a fixed order among themselves, by id.
const (
	SortNewest    = "newest"
	SortName      = "name"
	SortPrice     = "price"
	SortPriceDesc = "price-desc"
	SortStock     = "stock"
)

// SellerProductSorts are the orders the seller's product list can be in, the default first.
var SellerProductSorts = []string{SortNewest, SortName, SortPrice, SortPriceDesc, SortStock}

// SellerProductFilter selects and orders the seller's products, archived ones too; a field left
// zero selects any.
type SellerProductFilter struct {
	// IDs, when not nil, selects the products with these ids.
	IDs []string
	// Search selects the products whose name, in English or Nepali, or SKU contains it, in any case.
	Search   string
	Category Category
	// Stock selects the products in a stock state: StockIn, StockOut or StockLow.
	Stock string
	// Archived selects the archived products (true) or those on sale (false).
	Archived *bool
	// VATExempt selects only the products exempt from VAT.
	VATExempt bool
	// Sort is the list's order, one of SellerProductSorts; empty is SortNewest.
	Sort string
	// Before selects the products that come after the product with this id in the list's order
	// (keyset paging: products added while the seller pages do not shift the pages). A product
	// that does not exist selects none.
	Before string
}

// Validate checks the filter: a known category, stock state and order, and a search within bounds.
func (f *SellerProductFilter) Validate() error {
	if len(f.IDs) > MaxPageSize {
		return Errorf(EINVALID, "At most %d products can be asked for by id", MaxPageSize)
	}
	f.Search = strings.TrimSpace(f.Search)
	if utf8.RuneCountInString(f.Search) > MaxSearchLength {
		return Errorf(EINVALID, "Search text is too long")
	}
	if f.Category != "" {
		if f.Category = CanonicalCategory(string(f.Category)); f.Category == "" {
			return Errorf(EINVALID, "Please choose a valid category")
		}
	}
	switch f.Stock {
	case "", StockIn, StockOut, StockLow:
	default:
		return Errorf(EINVALID, "stock must be one of %s, %s, %s", StockIn, StockOut, StockLow)
	}
	if f.Sort == "" {
		f.Sort = SortNewest
	}
	for _, s := range SellerProductSorts {
		if f.Sort == s {
			return nil
		}
	}
	return Errorf(EINVALID, "sort must be one of %s", strings.Join(SellerProductSorts, ", "))
}

// SellerProductPage is a page of the seller's products and what the list shows around it.
type SellerProductPage struct {
	Products []Product
	// More says that products come after the page.
	More bool
	// Total is how many products the filter selects, on every page.
	Total int
	// OnSale and Archived are how many of the store's products are on sale, and archived;
	// DemoOnSale how many of those on sale are the demo catalogue's, which a real shop removes.
	OnSale, Archived, DemoOnSale int
}

// Page sizes of ProductQuery (MaxPageSize also of every other list that pages: My Orders, the
// seller's products), and the longest search text.
const (
	DefaultPageSize = 24
	MaxPageSize     = 100
	MaxSearchLength = 100
)
