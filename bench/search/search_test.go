// Package search measures how well the shop's search finds what shoppers in Nepal type: a table of
// real queries, each with the products a shopper means by it, run against the demo catalogue. It
// prints the precision of the first result and of the first five (bench/RESULTS.md quotes it) and
// fails when either falls below what the search reached when it was last measured.
package search_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"haat/catalogue"
	"haat/search"
)

// queries are what shoppers type, each with the names of the products they mean (the first
// result should be one of them): English and Nepali names, romanised Nepali spelled several ways,
// plurals, typos, words in another order, prefixes while typing and everyday Nepali words for
// products named in English.
var queries = []struct {
	q    string
	want []string
}{
	{"tomato", []string{"Tomato (Golbheda)"}},
	{"tomatoes", []string{"Tomato (Golbheda)"}},
	{"tomatto", []string{"Tomato (Golbheda)"}},
	{"tamato", []string{"Tomato (Golbheda)"}},
	{"golbheda", []string{"Tomato (Golbheda)"}},
	{"गोलभेडा", []string{"Tomato (Golbheda)"}},
	{"tom", []string{"Tomato (Golbheda)"}},
	{"potatoes", []string{"Potato (Aalu)"}},
	{"aalu", []string{"Potato (Aalu)"}},
	{"aloo", []string{"Potato (Aalu)"}},
	{"potatto", []string{"Potato (Aalu)"}},
	{"आलु", []string{"Potato (Aalu)"}},
	{"onions", []string{"Onion (Pyaj)"}},
	{"pyaz", []string{"Onion (Pyaj)"}},
	{"kukhura", []string{"Local Eggs (Kukhura ko Phul)", "Frozen Chicken Momo"}},
	{"kukhura momo", []string{"Frozen Chicken Momo"}},
	{"chicken", []string{"Frozen Chicken Momo"}},
	{"momos", []string{"Frozen Chicken Momo"}},
	{"chamal", []string{"Jumla Red Rice", "Basmati Rice"}},
	{"rice", []string{"Jumla Red Rice", "Basmati Rice"}},
	{"basmatti", []string{"Basmati Rice"}},
	{"dal", []string{"Ready-to-eat Dal Bhat"}},
	{"bhat dal", []string{"Ready-to-eat Dal Bhat"}},
	{"doodh", []string{"DDC Full Cream Milk"}},
	{"milk", []string{"DDC Full Cream Milk"}},
	{"bananas", []string{"Malbhog Banana (Kera)"}},
	{"kera", []string{"Malbhog Banana (Kera)"}},
	{"apples", []string{"Mustang Apple", "Apple Juice"}},
	{"syau", []string{"Mustang Apple"}},
	{"mangoes", []string{"Dashehari Mango (Aanp)"}},
	{"aanp", []string{"Dashehari Mango (Aanp)"}},
	{"orange", []string{"Dhankuta Mandarin (Suntala)"}},
	{"suntala", []string{"Dhankuta Mandarin (Suntala)"}},
	{"mandrin", []string{"Dhankuta Mandarin (Suntala)"}},
	{"noodle", []string{"Wai Wai Instant Noodles (Pack of 5)"}},
	{"chauchau", []string{"Wai Wai Instant Noodles (Pack of 5)"}},
	{"waiwai", []string{"Wai Wai Instant Noodles (Pack of 5)"}},
	{"cofee", []string{"Instant Coffee"}},
	{"pauroti", []string{"Sandwich Bread"}},
	{"bread", []string{"Sandwich Bread"}},
	{"eggs", []string{"Local Eggs (Kukhura ko Phul)"}},
	{"anda", []string{"Local Eggs (Kukhura ko Phul)"}},
	{"butter", []string{"DDC Table Butter"}},
	{"ice cream", []string{"Neapolitan Ice Cream"}},
	{"cookie", []string{"Chocolate Chip Cookies"}},
	{"biscuit", []string{"Chocolate Chip Cookies"}},
	{"chili", []string{"Red Chilli (Khursani)"}},
	{"khursani", []string{"Red Chilli (Khursani)", "Green Capsicum (Bhede Khursani)"}},
	{"corriander", []string{"Fresh Coriander (Dhaniya)"}},
	{"dhaniya", []string{"Fresh Coriander (Dhaniya)"}},
	{"lasun", []string{"Garlic (Lasun)"}},
	{"aduwa", []string{"Ginger (Aduwa)"}},
	{"matar", []string{"Green Peas (Kerau)"}},
	{"carrots", []string{"Carrot (Gajar)"}},
	{"kakro", []string{"Cucumber (Kakro)"}},
	{"water melon", []string{"Watermelon (Tarbuja)"}},
	{"coconut", []string{"Tender Coconut Water"}},
	{"strawberry", []string{"Strawberries", "Strawberry Cream Cake"}},
	{"kagati", []string{"Lemon (Kagati)"}},
	{"angoor", []string{"Black Grapes (Angur)"}},
	{"peanut", []string{"Peanuts (Badam)"}},
	{"badam", []string{"Peanuts (Badam)"}},
	{"corn", []string{"Maize Cobs (Makai)", "Microwave Butter Popcorn"}},
	{"makai", []string{"Maize Cobs (Makai)"}},
	{"soup", []string{"Instant Vegetable Soup (Pack of 4)"}},
	{"donut", []string{"Doughnuts (Pack of 2)"}},
	{"brocoli", []string{"Broccoli"}},
	{"eggplant", []string{"Brinjal (Bhanta)"}},
	{"bhanta", []string{"Brinjal (Bhanta)"}},
	{"saag", []string{"Mustard Greens (Rayo ko Saag)"}},
	{"kidney beans", []string{"Rajma (Kidney Beans)"}},
	{"beans", []string{"Rajma (Kidney Beans)"}},
	{"naspati", []string{"Pear (Naspati)"}},
	{"pinapple", []string{"Pineapple (Bhui Katahar)"}},
	{"croissant", []string{"Butter Croissant"}},
	{"juice", []string{"Apple Juice"}},
}

// Floors are the precisions the search reached when last measured (bench/RESULTS.md): the first
// result, and a meant product among the first five.
const (
	floorFirst = 0.95
	floorFive  = 0.97
)

func TestSearchQuality(t *testing.T) {
	products, err := catalogue.Products("NPR")
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	for i := range products {
		products[i].ID = fmt.Sprintf("p%02d", i)
		products[i].CreatedAt = at.Add(-time.Duration(i) * time.Minute)
		products[i].InStock = products[i].Available()
	}
	c := search.NewCatalogue(products, nil)
	var first, five int
	var misses []string
	for _, tc := range queries {
		page, err := c.Search(search.ProductQuery{Query: tc.q, Limit: 5})
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, p := range page.Products {
			names = append(names, p.Name)
		}
		switch {
		case len(names) > 0 && slices.Contains(tc.want, names[0]):
			first++
			five++
		case slices.ContainsFunc(names, func(n string) bool { return slices.Contains(tc.want, n) }):
			five++
			misses = append(misses, fmt.Sprintf("%q: first %q", tc.q, names[0]))
		default:
			misses = append(misses, fmt.Sprintf("%q: %q", tc.q, names))
		}
	}
	n := float64(len(queries))
	t.Logf("%d queries: the first result is meant for %d (%.2f), a meant product is among the first five for %d (%.2f)",
		len(queries), first, float64(first)/n, five, float64(five)/n)
	t.Logf("missed:\n%s", strings.Join(misses, "\n"))
	if float64(first)/n < floorFirst || float64(five)/n < floorFive {
		t.Errorf("precision %.2f / %.2f fell below %.2f / %.2f", float64(first)/n, float64(five)/n, floorFirst, floorFive)
	}
}
