// Package catalogue holds the demo catalogue that an empty store is seeded with on its first
// start: Nepali groceries in all seven categories, each pictured by a Fluent Emoji 3D image
// (MIT licence) that the build copies to /media/catalogue/ (see copy-images.mjs).
package catalogue

import (
	_ "embed"
	"encoding/json"
	"fmt"

	"haat"
)

//go:embed catalogue.json
var catalogueJSON []byte

// entry is one product of catalogue.json.
type entry struct {
	Slug        string     `json:"slug"`
	Name        string     `json:"name"`
	Category    string     `json:"category"`
	Price       haat.Money `json:"price"`
	OfferPrice  haat.Money `json:"offerPrice"`
	Weight      string     `json:"weight"`
	Emoji       string     `json:"emoji"`
	Description []string   `json:"description"`
	InStock     bool       `json:"inStock"`
}

// ImagePath is where the image of the catalogue product with slug is served.
func ImagePath(slug string) string { return "/media/catalogue/" + slug + ".webp" }

// Products returns the demo catalogue, ready to be stored. Its order, which the store keeps,
// takes the categories in turn so that the first products shown are a mix.
func Products() ([]haat.Product, error) {
	var entries []entry
	if err := json.Unmarshal(catalogueJSON, &entries); err != nil {
		return nil, fmt.Errorf("catalogue: %w", err)
	}
	products := make([]haat.Product, len(entries))
	for i, e := range entries {
		products[i] = haat.Product{
			Name: e.Name, Category: e.Category, Price: e.Price, OfferPrice: e.OfferPrice, Weight: e.Weight,
			Description: e.Description, InStock: e.InStock, Image: []string{ImagePath(e.Slug)},
		}
	}
	return products, nil
}
