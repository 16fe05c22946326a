package haat

import (
	"path"
	"slices"
	"strings"
)

// ImportRow is one product of an import as its CSV has it, before it is checked.
type ImportRow struct {
	// Line is the row's line number in the file (the header is line 1).
	Line                                           int
	SKU, Name, NameNe, Category, Price, OfferPrice string
	Weight, Stock                                  string
	// Description and DescriptionNe are the lines of the descriptions.
	Description, DescriptionNe []string
	VATExempt, Image           string
	// SoldBy is "weight", "unit" or empty, and Step the grams of a step of goods sold by weight.
	SoldBy, Step string
	// Family and Size make the product one pack size of a family; empty, a product keeps its own.
	Family, Size string
	// Photo is where the photo Image names is kept, set by the caller once it found it in the ZIP
	// of photos and checked it: the product's new first photo. Left empty, Image must name the
	// first photo the product has.
	Photo string
	// Err is a fault the caller found in the row (its photo), or one in the row's text.
	Err error
}

// ImportOutcome is what an import does with one row, or why it cannot (Err).
type ImportOutcome struct {
	Line   int
	SKU    string
	Action string
	Err    error
}

// ImportResult is every row's outcome and how many products the import adds and updates.
type ImportResult struct {
	Rows           []ImportOutcome
	Added, Updated int
}

// OK reports whether every row of the import is good.
func (r *ImportResult) OK() bool {
	return !slices.ContainsFunc(r.Rows, func(o ImportOutcome) bool { return o.Err != nil })
}

// SKUKey is the form of a SKU that two products may not share: trimmed, in lower case.
func SKUKey(sku string) string { return strings.ToLower(strings.TrimSpace(sku)) }

// Product returns the product the row makes, checked as the product form's is (Validate):
// existing, when the row's SKU names it, with the row's fields, or else a new product, on sale,
// pictured by its category's image when the row has no photo. An empty vatExempt keeps an existing
// product's and gives a new one its category's (DefaultVATExempt); an empty stock counts no units;
// an empty soldBy or step keeps an existing product's and sells a new one by the unit. The row's
// offer price is the everyday one; a sale the existing product has stays.
func (row *ImportRow) Product(existing *Product) (Product, error) {
	if row.Err != nil {
		return Product{}, row.Err
	}
	if row.SKU == "" {
		return Product{}, Errorf(EINVALID, "SKU is required to import a product")
	}
	var p Product
	if existing != nil {
		// The row sets the everyday offer price; a sale the product has stays.
		p = existing.Unpriced()
		p.Image = slices.Clone(p.Image)
	} else {
		p = Product{StockOn: true, VATExempt: DefaultVATExempt(CanonicalCategory(row.Category))}
	}
	p.SKU, p.Name, p.NameNe, p.Category, p.Weight = row.SKU, row.Name, row.NameNe, Category(row.Category), row.Weight
	p.Description, p.DescriptionNe = row.Description, row.DescriptionNe
	var err error
	if p.Price, err = ParseAmount(row.Price, "Price"); err != nil {
		return p, err
	}
	if p.OfferPrice, err = ParseAmount(row.OfferPrice, "Offer price"); err != nil {
		return p, err
	}
	if p.Stock, err = ParseStock(row.Stock); err != nil {
		return p, err
	}
	p.InStock = p.Available()
	if row.SoldBy != "" {
		if p.SoldBy, err = ParseSoldBy(row.SoldBy); err != nil {
			return p, err
		}
		if !p.ByWeight() {
			p.Step = 0
		}
	}
	if row.Step != "" {
		if p.Step, err = ParseStep(row.Step); err != nil {
			return p, err
		}
	}
	if row.Family != "" {
		p.Family = row.Family
	}
	if row.Size != "" {
		p.Size = row.Size
	}
	switch strings.ToLower(row.VATExempt) {
	case "":
	case "true", "yes", "1":
		p.VATExempt = true
	case "false", "no", "0":
		p.VATExempt = false
	default:
		return p, Errorf(EINVALID, "%s must be true or false", "vatExempt")
	}
	switch {
	case row.Photo != "" && len(p.Image) > 0:
		p.Image[0] = row.Photo
	case row.Photo != "":
		p.Image = []string{row.Photo}
	case row.Image != "" && (len(p.Image) == 0 || path.Base(p.Image[0]) != row.Image):
		return p, Errorf(EINVALID, "Photo %s is not in the ZIP of photos", row.Image)
	case len(p.Image) == 0:
		p.Image = []string{CategoryImage(CanonicalCategory(row.Category))}
	}
	return p, p.Validate()
}

// ParseAmount reads an amount a seller typed, as the product form and the import take prices
// (label names it in the message).
func ParseAmount(v, label string) (Money, error) {
	if strings.TrimSpace(v) == "" {
		return 0, Errorf(EINVALID, "%s is required", label)
	}
	m, err := ParseMoney(v)
	if err != nil {
		return 0, Errorf(EINVALID, "%s must be a number with at most 2 decimals", label)
	}
	return m, nil
}

// categoryImages name the storefront's picture of each category (web/src/lib/catalogue.ts).
var categoryImages = map[Category]string{
	"Vegetables": "rayo-saag", "Fruits": "suntala", "Drinks": "apple-juice", "Instant": "wai-wai",
	"Dairy": "milk", "Bakery": "bread", "Grains": "jumla-rice",
}

// CategoryImage is where the storefront's picture of category c is served: the photo of an
// imported product that came without one.
func CategoryImage(c Category) string {
	return "/media/catalogue/" + categoryImages[c] + ".webp"
}
