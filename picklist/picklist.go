// Package picklist adds up the orders being packed into what to take off the shelves for them.
package picklist

import (
	"cmp"
	"slices"

	"haat"
)

// Line is one product to take off the shelves for the orders being packed: how much of it
// they want together, and how many of them do.
type Line struct {
	Product  string        `json:"product"`
	Name     string        `json:"name"`
	NameNe   string        `json:"nameNe,omitempty"`
	Category haat.Category `json:"category"`
	// Size is the product's pack size, of a family of sizes ("5 kg").
	Size  string `json:"size,omitempty"`
	Image string `json:"image,omitempty"`
	// Quantity is the units the orders want; for goods sold by weight, their steps, and Grams
	// what those weigh together.
	Quantity int         `json:"quantity"`
	Grams    int         `json:"grams,omitempty"`
	SoldBy   haat.SoldBy `json:"soldBy,omitempty"`
	// Orders is how many of the orders want the product.
	Orders int `json:"orders"`
}

// Of adds up the items of orders into a pick list: one line per product, grouped by
// category in the order the shop lists them, by name within a category.
func Of(orders []haat.Order) []Line {
	at := map[string]int{}
	lines := []Line{}
	for _, o := range orders {
		for _, it := range o.Items {
			p := it.Product
			i, ok := at[p.ID]
			if !ok {
				i = len(lines)
				at[p.ID] = i
				image := ""
				if len(p.Image) > 0 {
					image = p.Image[0]
				}
				lines = append(lines, Line{Product: p.ID, Name: p.Name, NameNe: p.NameNe, Category: p.Category, Size: p.Size, Image: image, SoldBy: p.SoldBy})
			}
			l := &lines[i]
			l.Quantity += it.Quantity
			l.Grams += haat.Grams(it.Quantity, p.Step)
			l.Orders++
		}
	}
	slices.SortStableFunc(lines, func(a, b Line) int {
		return cmp.Or(cmp.Compare(slices.Index(haat.Categories, a.Category), slices.Index(haat.Categories, b.Category)), cmp.Compare(a.Name, b.Name))
	})
	return lines
}
