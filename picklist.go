package haat

import (
	"cmp"
	"slices"
)

// PickLine is one product to take off the shelves for the orders being packed: how much of it
// they want together, and how many of them do.
type PickLine struct {
	Product  string   `json:"product"`
	Name     string   `json:"name"`
	NameNe   string   `json:"nameNe,omitempty"`
	Category Category `json:"category"`
	// Size is the product's pack size, of a family of sizes ("5 kg").
	Size  string `json:"size,omitempty"`
	Image string `json:"image,omitempty"`
	// Quantity is the units the orders want; for goods sold by weight, their steps, and Grams
	// what those weigh together.
	Quantity int    `json:"quantity"`
	Grams    int    `json:"grams,omitempty"`
	SoldBy   SoldBy `json:"soldBy,omitempty"`
	// Orders is how many of the orders want the product.
	Orders int `json:"orders"`
}

// PickListOf adds up the items of orders into a pick list: one line per product, grouped by
// category in the order the shop lists them, by name within a category.
func PickListOf(orders []Order) []PickLine {
	at := map[string]int{}
	lines := []PickLine{}
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
				lines = append(lines, PickLine{Product: p.ID, Name: p.Name, NameNe: p.NameNe, Category: p.Category, Size: p.Size, Image: image, SoldBy: p.SoldBy})
			}
			l := &lines[i]
			l.Quantity += it.Quantity
			l.Grams += Grams(it.Quantity, p.Step)
			l.Orders++
		}
	}
	slices.SortStableFunc(lines, func(a, b PickLine) int {
		return cmp.Or(cmp.Compare(slices.Index(Categories, a.Category), slices.Index(Categories, b.Category)), cmp.Compare(a.Name, b.Name))
	})
	return lines
}
