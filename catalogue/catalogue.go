// Package catalogue holds the demo catalogue that an empty store is seeded with on its first
// start: Nepali groceries in all seven categories, each pictured by a Fluent Emoji 3D image
// (MIT licence) that the build copies to /media/catalogue/ (see copy-images.mjs). Every product
// carries a price in each store currency, so the seeded prices read right whether the store
// shows dollars (the default store currency) or rupees. The store keeps the demo products apart
// from the seller's own, and removes them when the seller says so (DemoService).
package catalogue

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"

	"haat"
)

//go:embed catalogue.json
var catalogueJSON []byte

// prices are a product's MRP and offer price in one currency.
type prices struct {
	Price      haat.Money `json:"price"`
	OfferPrice haat.Money `json:"offerPrice"`
}

// entry is one product of catalogue.json.
type entry struct {
	Slug     string        `json:"slug"`
	Name     string        `json:"name"`
	NameNe   string        `json:"nameNe"`
	Category haat.Category `json:"category"`
	// VATExempt, when set, says whether the product is exempt from VAT; otherwise it is as its
	// category usually is (milk and eggs are staples among the dairy).
	VATExempt   *bool             `json:"vatExempt"`
	Prices      map[string]prices `json:"prices"`
	Weight      string            `json:"weight"`
	Emoji       string            `json:"emoji"`
	Description []string          `json:"description"`
	InStock     bool              `json:"inStock"`
	// DescriptionNe is Description in Nepali, line for line; the shop shows it to shoppers who
	// read Nepali.
	DescriptionNe []string `json:"descriptionNe"`
}

// Item is a catalogue product with what the build needs to picture it.
type Item struct {
	haat.Product
	// Slug names the product's image file.
	Slug string
	// Emoji is the code point (or sequence) of the Fluent Emoji picture, e.g. "1f966".
	Emoji string
}

// Settings returns the settings a new demo store starts with in currency: the demo's name,
// contact, promise and the spec's selling points; a rupee store charges what its help centre has
// always said, Rs. 75 for delivery below Rs. 1,000, within the Kathmandu Valley; a dollar store
// keeps the spec's free delivery, with no rules. Each takes the tax rule of a new store in its
// currency (haat.DefaultTaxRule).
func Settings(currency string) *haat.StoreSettings {
	s := haat.NewStoreSettings()
	s.TaxRule = haat.DefaultTaxRule(haat.Currency(currency))
	s.Store = DemoStore()
	if currency == "NPR" {
		s.Delivery = &haat.DeliveryRules{Districts: slices.Clone(haat.KathmanduValley), Fee: 7500, FreeFrom: 100000}
	}
	return s
}

// DemoStore is the demo store's identity: Haat of Kupondole, with the spec's claims as its
// selling points (the first three are the landing page's cards, the first four the home page's
// "What Makes Us Stand Out?", the rest the Why Choose list).
func DemoStore() haat.StoreDetails {
	return haat.StoreDetails{
		Name:    "Haat",
		NameNe:  "हाट",
		Tagline: "The weekly haat, open every day at your door",
		Phone:   "+977 1-5970000",
		Email:   "support@haat.com.np",
		Address: "Kupondole, Lalitpur",
		Hours:   "9 AM-9 PM daily",
		Promise: "Delivered within 30 minutes",
		SellingPoints: []haat.SellingPoint{
			{Title: "Same-day delivery", Text: "Most orders reach you within 30 minutes, and every order arrives the same day or the next."},
			{Title: "Picked daily", Text: "Vegetables and fruit come from farms around the valley the morning you order."},
			{Title: "Daily discounts", Text: "Fair prices on staples, with fresh offers on something new every day."},
			{Title: "Trusted by Thousands", Text: "Over 15,000 households in the Kathmandu Valley shop with us."},
			{Title: "Fresh and organic", Text: "Organic vegetables and fresh staples at the best prices."},
			{Title: "Eco-friendly packaging", Text: "Every order is packed with care, without needless plastic."},
			{Title: "Secure payment", Text: "Pay safely, with order tracking and transparent billing."},
			{Title: "Always there for you", Text: "Customer-first returns and refunds, 24/7 support."},
		},
	}
}

// ImagePath is where the image of the catalogue product with slug is served.
func ImagePath(slug string) string { return "/media/catalogue/" + slug + ".webp" }

// Products returns the demo catalogue priced in currency ("USD" or "NPR"), ready to be stored.
// Its order, which the store keeps, takes the categories in turn so that the first products
// shown are a mix.
func Products(currency string) ([]haat.Product, error) {
	items, err := Items(currency)
	if err != nil {
		return nil, err
	}
	products := make([]haat.Product, len(items))
	for i, it := range items {
		products[i] = it.Product
	}
	return products, nil
}

// Many returns n products made from the demo catalogue priced in currency, for measuring and
// testing a large shop: the demo products in turn, each named apart after the first round
// ("Aalu 2", "Aalu 3", …), in the demo catalogue's order.
func Many(currency string, n int) ([]haat.Product, error) {
	demo, err := Products(currency)
	if err != nil {
		return nil, err
	}
	products := make([]haat.Product, n)
	for i := range products {
		p := demo[i%len(demo)]
		if i >= len(demo) {
			p.Name = fmt.Sprintf("%s %d", p.Name, i/len(demo)+1)
		}
		products[i] = p
	}
	return products, nil
}

// Items is Products with each product's image slug and emoji.
func Items(currency string) ([]Item, error) {
	entries, err := load()
	if err != nil {
		return nil, err
	}
	items := make([]Item, len(entries))
	for i, e := range entries {
		p, ok := e.Prices[currency]
		if !ok {
			return nil, fmt.Errorf("catalogue: %s has no price in %q", e.Slug, currency)
		}
		items[i] = Item{Slug: e.Slug, Emoji: e.Emoji, Product: haat.Product{
			Name: e.Name, NameNe: e.NameNe, Category: e.Category, Price: p.Price, OfferPrice: p.OfferPrice, Weight: e.Weight,
			Description: e.Description, StockOn: e.InStock, Image: []string{ImagePath(e.Slug)},
			VATExempt: haat.DefaultVATExempt(e.Category),
		}}
		items[i].DescriptionNe = e.DescriptionNe
		if e.VATExempt != nil {
			items[i].Product.VATExempt = *e.VATExempt
		}
	}
	return items, nil
}

func load() ([]entry, error) {
	var entries []entry
	if err := json.Unmarshal(catalogueJSON, &entries); err != nil {
		return nil, fmt.Errorf("catalogue: %w", err)
	}
	return entries, nil
}
