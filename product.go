package haat

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Category is the path key of a category of products ("Vegetables"), as URLs and the API carry it.
type Category string

// Categories are the seven categories of the catalogue, in the order the storefront lists them.
var Categories = []Category{"Vegetables", "Fruits", "Drinks", "Instant", "Dairy", "Bakery", "Grains"}

// CanonicalCategory returns the category key matching s case-insensitively, or "" if none does.
func CanonicalCategory(s string) Category {
	for _, c := range Categories {
		if strings.EqualFold(string(c), strings.TrimSpace(s)) {
			return c
		}
	}
	return ""
}

// MaxProductImages is the most images a product may have.
const MaxProductImages = 4

// MaxImageBytes is the largest product photo accepted, in bytes (5 MB).
const MaxImageBytes = 5 << 20

// Length caps of a product's text, in characters: everything stored is sent to every visitor
// in the product list, so no field may grow without bound.
const (
	MaxProductName      = 120
	MaxDescriptionLine  = 300
	MaxDescriptionLines = 20
	MaxWeight           = 40
	// MaxSKU is the longest stock-keeping unit a seller may give a product.
	MaxSKU = 64
	// MaxFamily is the longest family key, and MaxSize the longest size label.
	MaxFamily = 64
	MaxSize   = 40
)

// Product is an item on sale. Price is the MRP; OfferPrice is what the shopper pays.
type Product struct {
	ID       string   `json:"_id"`
	Name     string   `json:"name"`
	Category Category `json:"category"`
	Price    Money    `json:"price"`
	// OfferPrice is what the shopper pays: as the store reads a product it is priced at that moment
	// (At), the sale's price while a sale is on; as the seller sets it, the everyday offer price.
	OfferPrice Money `json:"offerPrice"`
	// RegularOfferPrice is the everyday offer price of a product with a sale priced at a moment (At),
	// the one it sells at outside its sale; nil otherwise (OfferPrice is that one).
	RegularOfferPrice *Money `json:"regularOfferPrice,omitempty"`
	// Sale is the price the seller scheduled for a time, if any (see Sale).
	Sale        *Sale    `json:"sale,omitempty"`
	Image       []string `json:"image"`
	Description []string `json:"description"`
	// NameNe and DescriptionNe are the product's name and description in Nepali, when the seller
	// gave them: the shop shows them to shoppers who read Nepali, and the English ones otherwise.
	NameNe        string   `json:"nameNe,omitempty"`
	DescriptionNe []string `json:"descriptionNe,omitempty"`
	Weight        string   `json:"weight,omitempty"`
	// SoldBy is SoldByWeight for goods sold by weight, whose Price and OfferPrice are per kilogram
	// and which a shopper buys in steps of Step grams (a cart's quantity counts steps, and so does
	// Stock); empty for goods sold by the unit, which have no Step.
	SoldBy SoldBy `json:"soldBy,omitempty"`
	Step   int    `json:"step,omitempty"`
	// Family groups the pack sizes of one product ("basmati-rice"), each a product of its own with
	// its Size label ("1 kg", "5 kg"): the shop lists a family once and its page switches between
	// the sizes. Empty for a product of one size.
	Family string `json:"family,omitempty"`
	Size   string `json:"size,omitempty"`
	// Sizes are the sizes of the product's family on sale, smallest price first, the product's own
	// among them; worked out by the catalogue, never stored.
	Sizes []ProductSize `json:"sizes,omitempty"`
	// SKU is the seller's own code for the product (stock-keeping unit), optional and unique
	// among products whatever its letters' case: imports find the product by it.
	SKU string `json:"sku,omitempty"`
	// VATExempt says the product is exempt from Nepal's VAT (a staple of VAT Schedule 1); it
	// matters only in a store that charges VAT.
	VATExempt bool `json:"vatExempt,omitempty"`
	// InStock says whether shoppers can buy the product now: its stock switch is on and, when
	// its stock is counted, units are left. It is derived from the two, never stored.
	InStock bool `json:"inStock"`
	// StockOn is the seller's in-stock switch (POST /api/product/stock), which works on top of
	// the count: a product switched off is out of stock whatever its count.
	StockOn bool `json:"stockOn"`
	// Stock is the number of units for sale when the store counts them, and absent when it does
	// not (the product is then in stock while its switch is on). Orders take their units from it
	// and give them back when they are cancelled or their payment fails.
	Stock     *int      `json:"stock,omitempty"`
	CreatedAt time.Time `json:"createdAt"`
	// Archived says the seller took the product off sale: the shop does not list it, carts and
	// orders refuse it, past orders keep it, and the seller can restore it. Only the seller's
	// list has archived products, so the shop's list never carries the field.
	Archived bool `json:"archived,omitempty"`
	// Held is how many units online orders awaiting payment hold: taken from the count, not yet
	// sold. Only the seller's list has it.
	Held int `json:"held,omitempty"`
	// Demo marks a product of the demo catalogue, which a real shop removes (POST
	// /api/seller/demo/remove). Only the seller's list has it.
	Demo bool `json:"demo,omitempty"`
}

// MaxStock is the largest stock count a product may have.
const MaxStock = 1_000_000

// LowStock is the count at and below which the storefront says how few units are left.
const LowStock = 5

// BestSellers is how many products the front page's Best Sellers shows: the first ones in stock,
// newest first.
const BestSellers = 10

// RelatedProducts is how many other products of its category a product's page shows at most.
const RelatedProducts = 10

// Available reports whether shoppers can buy the product now.
func (p *Product) Available() bool {
	return p.StockOn && (p.Stock == nil || *p.Stock > 0)
}

// CheckStock explains why quantity units of the product cannot be sold now, or returns nil.
func (p *Product) CheckStock(quantity int) error {
	if !p.Available() {
		return Errorf(EINVALID, "%s is out of stock", p.Name)
	}
	if p.Stock != nil && *p.Stock < quantity {
		return Errorf(ECONFLICT, "Only %d left of %s", *p.Stock, p.Name)
	}
	return nil
}

// CheckAlert explains why a shopper cannot ask to be told when the product is back, or returns
// nil: only a product on sale and out of stock can be asked about.
func (p *Product) CheckAlert() error {
	if p.Archived {
		return Errorf(ENOTFOUND, "Product not found")
	}
	if p.Available() {
		return Errorf(ECONFLICT, "%s is in stock", p.Name)
	}
	return nil
}

// ValidateStock checks a stock count a seller sets: nil (not counted) or 0 to MaxStock.
func ValidateStock(stock *int) error {
	if stock != nil && (*stock < 0 || *stock > MaxStock) {
		return errStock()
	}
	return nil
}

// ParseStock reads a stock count as a seller types it ("12"); empty means the stock is not
// counted.
func ParseStock(s string) (*int, error) {
	s = ASCIIDigits(strings.TrimSpace(s))
	if s == "" {
		return nil, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return nil, errStock()
	}
	return &n, ValidateStock(&n)
}

func errStock() error { return Errorf(EINVALID, "Stock must be a whole number from 0 to %d", MaxStock) }

// Validate checks a new product and trims its text fields: a name and 1 to MaxDescriptionLines
// description lines within their lengths, a known category (its key is set as the catalogue
// spells it), a price of at least 1 and at most MaxPrice, an everyday offer price from 0 up to the price, a
// sale (if any) that Sale.validate accepts, 1 to MaxProductImages images and a stock count
// ValidateStock accepts.
func (p *Product) Validate() error {
	p.Name, p.NameNe = strings.TrimSpace(p.Name), strings.TrimSpace(p.NameNe)
	p.Weight, p.SKU = strings.TrimSpace(p.Weight), strings.TrimSpace(p.SKU)
	p.Description, p.DescriptionNe = nonEmptyLines(p.Description), nonEmptyLines(p.DescriptionNe)
	switch {
	case p.Name == "":
		return Errorf(EINVALID, "Product name is required")
	case utf8.RuneCountInString(p.Name) > MaxProductName:
		return Errorf(EINVALID, "Product name is too long")
	case len(p.Description) == 0:
		return Errorf(EINVALID, "Product description is required")
	case len(p.Description) > MaxDescriptionLines:
		return Errorf(EINVALID, "Product description has too many lines")
	case utf8.RuneCountInString(p.NameNe) > MaxProductName:
		return Errorf(EINVALID, "Nepali name is too long")
	case len(p.DescriptionNe) > MaxDescriptionLines:
		return Errorf(EINVALID, "Nepali description has too many lines")
	case utf8.RuneCountInString(p.Weight) > MaxWeight:
		return Errorf(EINVALID, "Weight is too long")
	case utf8.RuneCountInString(p.SKU) > MaxSKU:
		return Errorf(EINVALID, "SKU must be at most %d characters", MaxSKU)
	case strings.ContainsFunc(p.SKU, unicode.IsControl):
		return Errorf(EINVALID, "SKU must be one line of text")
	}
	for _, l := range append(slices.Clip(p.Description), p.DescriptionNe...) {
		if utf8.RuneCountInString(l) > MaxDescriptionLine {
			return Errorf(EINVALID, "Each description line must be at most %d characters", MaxDescriptionLine)
		}
	}
	if c := CanonicalCategory(string(p.Category)); c == "" {
		return Errorf(EINVALID, "Please choose a valid category")
	} else {
		p.Category = c
	}
	switch {
	case p.Price < 100:
		return Errorf(EINVALID, "Price must be at least 1")
	case p.Price > MaxPrice:
		return Errorf(EINVALID, "Price must be at most %s", WholeNumber(MaxPrice/100))
	case p.EverydayOfferPrice() < 0:
		return Errorf(EINVALID, "Offer price cannot be negative")
	case p.EverydayOfferPrice() > p.Price:
		return Errorf(EINVALID, "Offer price cannot be more than the price")
	case len(p.Image) == 0:
		return Errorf(EINVALID, "Please add at least one image")
	case len(p.Image) > MaxProductImages:
		return Errorf(EINVALID, "A product can have at most 4 images")
	}
	if p.Sale != nil {
		if err := p.Sale.validate(p.Price); err != nil {
			return err
		}
	}
	if err := p.validateSoldBy(); err != nil {
		return err
	}
	if err := p.validateFamily(); err != nil {
		return err
	}
	return ValidateStock(p.Stock)
}

// nonEmptyLines returns the lines trimmed, without the empty ones.
func nonEmptyLines(lines []string) []string {
	kept := lines[:0:0]
	for _, l := range lines {
		if l = strings.TrimSpace(l); l != "" {
			kept = append(kept, l)
		}
	}
	return kept
}

// Ordered is the product as an order keeps it: as it is sold now, at the price it was read at
// (At).
func (p *Product) Ordered() OrderProduct {
	return OrderProduct{
		ID: p.ID, Name: p.Name, Category: p.Category, OfferPrice: p.OfferPrice, Image: p.Image, NameNe: p.NameNe, VATExempt: p.VATExempt,
		SoldBy: p.SoldBy, Step: p.Step, Size: p.Size, Counted: p.Stock != nil,
	}
}

// CheckOnSale explains why the product cannot go into a cart or an order, or returns nil. Out of
// stock is checked where orders are placed, since a cart may keep a product until it is back.
func (p *Product) CheckOnSale() error {
	if p.Archived {
		return Errorf(EINVALID, "%s is no longer sold", p.Name)
	}
	return nil
}

// ProductEdit is a seller's correction of a product: each field that is set replaces the
// product's own, and one left nil keeps it.
type ProductEdit struct {
	Name        *string
	Description []string
	// NameNe and DescriptionNe replace the Nepali name and description; set empty, they clear them.
	NameNe        *string
	DescriptionNe []string
	Category      *Category
	Price         *Money
	// OfferPrice replaces the everyday offer price.
	OfferPrice *Money
	// SetSale says the edit replaces the product's sale with Sale: nil ends it.
	SetSale bool
	Sale    *Sale
	Weight  *string
	// SKU replaces the product's SKU; set empty, it clears it.
	SKU       *string
	VATExempt *bool
	// SoldBy and Step change how the product is sold; a product turned to sell by the unit drops
	// its step.
	SoldBy *SoldBy
	Step   *int
	// Family and Size replace the product's pack family and size label; set empty, they clear them.
	Family, Size *string
	// SetStock says the edit sets the stock count to Stock: nil stops counting. Without it the
	// count stays as stored, whatever orders take meanwhile.
	SetStock bool
	Stock    *int
	// Images, when not nil, are the product's photos in their new order. Photos of the product
	// left out are removed from it.
	Images []ImageChoice
}

// ImageChoice is one photo of an edited product: one the product has, by its URL, or else the
// Upload-th (from 0) of the photos sent with the edit.
type ImageChoice struct {
	URL    string
	Upload int
}

// Edit returns the product with the edit applied, checked as Validate checks a new product.
// uploads is how many new photos came with the edit; each must have one place in e.Images, or,
// when e.Images is nil, they follow the product's photos. The returned product has "" where a
// new photo goes, and at[i] is the place of the i-th upload.
func (p Product) Edit(e ProductEdit, uploads int) (edited Product, at []int, err error) {
	p = p.Unpriced()
	if e.Name != nil {
		p.Name = *e.Name
	}
	if e.Description != nil {
		p.Description = e.Description
	}
	p.Description = append([]string(nil), p.Description...)
	if e.NameNe != nil {
		p.NameNe = *e.NameNe
	}
	if e.DescriptionNe != nil {
		p.DescriptionNe = e.DescriptionNe
	}
	p.DescriptionNe = append([]string(nil), p.DescriptionNe...)
	if e.Category != nil {
		p.Category = *e.Category
	}
	if e.Price != nil {
		p.Price = *e.Price
	}
	if e.OfferPrice != nil {
		p.OfferPrice = *e.OfferPrice
	}
	if e.SetSale {
		p.Sale = e.Sale
	}
	if e.Weight != nil {
		p.Weight = *e.Weight
	}
	if e.SKU != nil {
		p.SKU = *e.SKU
	}
	if e.VATExempt != nil {
		p.VATExempt = *e.VATExempt
	}
	if e.SoldBy != nil {
		p.SoldBy = *e.SoldBy
		if !p.ByWeight() {
			p.Step = 0
		}
	}
	if e.Step != nil {
		p.Step = *e.Step
	}
	if e.Family != nil {
		p.Family = *e.Family
	}
	if e.Size != nil {
		p.Size = *e.Size
	}
	if e.SetStock {
		p.Stock = e.Stock
		p.InStock = p.Available()
	}
	choices := e.Images
	if choices == nil {
		for _, u := range p.Image {
			choices = append(choices, ImageChoice{URL: u})
		}
		for i := range uploads {
			choices = append(choices, ImageChoice{Upload: i})
		}
	}
	if p.Image, at, err = p.chooseImages(choices, uploads); err != nil {
		return p, nil, err
	}
	return p, at, p.Validate()
}

// chooseImages lays out the photos of an edit: each of the product's photos at most once, each
// upload exactly once.
func (p *Product) chooseImages(choices []ImageChoice, uploads int) ([]string, []int, error) {
	images := make([]string, len(choices))
	at := make([]int, uploads)
	for i := range at {
		at[i] = -1
	}
	for i, c := range choices {
		switch {
		case c.URL != "" && !slices.Contains(p.Image, c.URL):
			return nil, nil, Errorf(EINVALID, "Image %d is not one of the product's images", i+1)
		case c.URL != "" && slices.Contains(images, c.URL):
			return nil, nil, Errorf(EINVALID, "Image %d appears twice", i+1)
		case c.URL != "":
			images[i] = c.URL
		case c.Upload < 0 || c.Upload >= uploads:
			return nil, nil, Errorf(EINVALID, "Image %d names no uploaded file", i+1)
		case at[c.Upload] >= 0:
			return nil, nil, Errorf(EINVALID, "Image %d appears twice", i+1)
		default:
			at[c.Upload] = i
		}
	}
	if slices.Contains(at, -1) {
		return nil, nil, Errorf(EINVALID, "Every uploaded image needs a place in the order of images")
	}
	return images, at, nil
}

// ListedProduct is a product of the shop's list as ProductService.ListedProducts gives it: its
// id, the version of its row, and the product itself unless the caller holds that version.
type ListedProduct struct {
	ID      string
	Version int64
	Product *Product
}

// ProductService stores the catalogue.
type ProductService interface {
	// Products returns the products on sale, in stock or not, newest first: archived ones are
	// left out.
	Products(ctx context.Context) ([]Product, error)
	// SellerProducts returns every product, archived ones too, newest first, each with the units
	// unpaid online orders hold (Held).
	SellerProducts(ctx context.Context) ([]Product, error)
	// SellerProductPage returns up to limit (0: every one) of the products the filter selects, in its order, each
	// with Held as SellerProducts gives it, whether more come after them, and the counts the
	// seller's list shows.
	SellerProductPage(ctx context.Context, f SellerProductFilter, limit int) (*SellerProductPage, error)
	// Product returns the product with id, archived or not, or ENOTFOUND.
	Product(ctx context.Context, id string) (*Product, error)
	// ProductsByID returns the products with these ids that exist, archived ones included, by id.
	ProductsByID(ctx context.Context, ids []string) (map[string]Product, error)
	// CreateProduct stores a validated product, setting its ID and CreatedAt.
	CreateProduct(ctx context.Context, p *Product) error
	// UpdateProduct validates the product's name, description, category, prices, weight and
	// images and stores them, and its stock count too when withStock is set, or answers
	// ENOTFOUND. Its stock switch, archived flag and creation time stay as stored. p is then
	// the product as stored.
	UpdateProduct(ctx context.Context, p *Product, withStock bool) error
	// SetInStock switches a product's stock flag.
	SetInStock(ctx context.Context, id string, inStock bool) error
	// SetArchived takes a product off sale, or puts an archived one back on sale.
	SetArchived(ctx context.Context, id string, archived bool) error
	// ProductExists reports whether a product with id is on sale, in stock or not.
	ProductExists(ctx context.Context, id string) (bool, error)
	// ListedProducts returns the products of Products, each with the version of its row, which
	// goes up with every change of the product. A product comes whole only when known says the
	// caller does not hold that version of it; it comes as its id and version otherwise.
	ListedProducts(ctx context.Context, known func(id string, version int64) bool) ([]ListedProduct, error)
	// ImportProducts checks the rows of an import against the catalogue: a row whose SKU a
	// product has updates that product, any other adds one. With apply set and every row good,
	// it stores them all in one transaction; otherwise it changes nothing. The result lists
	// every row with what it does or why it cannot.
	ImportProducts(ctx context.Context, rows []ImportRow, apply bool) (*ImportResult, error)
	// CatalogueVersion returns a number that goes up after every committed change of what
	// Products returns: at once for a change made through this service, and within a second or
	// so for one another server made on the same database. It asks no database, so that it can
	// be asked on every request.
	CatalogueVersion() uint64
}
