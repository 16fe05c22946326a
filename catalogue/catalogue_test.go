package catalogue_test

import (
	"strings"
	"testing"
	"unicode"

	"haat"
	"haat/catalogue"
)

// currencies are the store currencies (HAAT_CURRENCY) with the band a demo price must lie in:
// a US grocery's shelf prices in dollars, a Kathmandu grocery's in rupees.
var currencies = []struct {
	code     string
	min, max haat.Money
}{
	{"USD", 25, 30_00},      // $0.25 to $30
	{"NPR", 20_00, 3000_00}, // Rs. 20 to Rs. 3,000
}

func TestCatalogue(t *testing.T) {
	for _, cur := range currencies {
		t.Run(cur.code, func(t *testing.T) {
			products, err := catalogue.Products(cur.code)
			if err != nil {
				t.Fatal(err)
			}
			if len(products) < 40 {
				t.Fatalf("%d products, want at least 40", len(products))
			}
			perCategory := map[haat.Category]int{}
			names := map[string]bool{}
			outOfStock := 0
			for _, p := range products {
				if err := p.Validate(); err != nil {
					t.Errorf("%s: %v", p.Name, err)
				}
				if names[p.Name] || names[p.Image[0]] {
					t.Errorf("%s: name or image repeated", p.Name)
				}
				names[p.Name], names[p.Image[0]] = true, true
				if !strings.HasPrefix(p.Image[0], "/media/catalogue/") || len(p.Description) < 2 {
					t.Errorf("%s: image %q, %d description lines", p.Name, p.Image[0], len(p.Description))
				}
				for _, m := range []haat.Money{p.Price, p.OfferPrice} {
					if m < cur.min || m > cur.max {
						t.Errorf("%s costs %s %s, outside %s to %s", p.Name, cur.code, m.String(), cur.min.String(), cur.max.String())
					}
				}
				if p.OfferPrice >= p.Price {
					t.Errorf("%s: offer price %s is no offer on %s", p.Name, p.OfferPrice.String(), p.Price.String())
				}
				perCategory[p.Category]++
				if !p.StockOn {
					outOfStock++
				}
			}
			for _, c := range haat.Categories {
				if perCategory[c] < 4 {
					t.Errorf("category %s has %d products, want at least 4", c, perCategory[c])
				}
			}
			if outOfStock != 3 {
				t.Errorf("%d products out of stock, want 3", outOfStock)
			}
		})
	}
	if _, err := catalogue.Products("EUR"); err == nil {
		t.Error("a catalogue in a currency it has no prices for")
	}
}

// TestNepali checks that every product reads in Nepali: a Nepali name, and a Nepali description
// line for each English one, written in Devanagari with Devanagari digits, so a product added
// without its Nepali, or with English or Arabic digits left in it, is caught here.
func TestNepali(t *testing.T) {
	products, err := catalogue.Products("NPR")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range products {
		if err := devanagari(p.NameNe); err != "" {
			t.Errorf("%s: Nepali name %q %s", p.Name, p.NameNe, err)
		}
		if len(p.DescriptionNe) != len(p.Description) {
			t.Errorf("%s: %d Nepali description lines for %d English ones", p.Name, len(p.DescriptionNe), len(p.Description))
		}
		for i, l := range p.DescriptionNe {
			if err := devanagari(l); err != "" {
				t.Errorf("%s: Nepali description line %d %q %s", p.Name, i+1, l, err)
			}
		}
	}
}

// devanagari says what keeps s from being Nepali text as the shop shows it, or returns "".
func devanagari(s string) string {
	if strings.TrimSpace(s) == "" {
		return "is empty"
	}
	letter := false
	for _, r := range s {
		switch {
		case r < unicode.MaxASCII && unicode.IsLetter(r):
			return "has the Latin letter " + string(r)
		case r < unicode.MaxASCII && unicode.IsDigit(r):
			return "has the digit " + string(r) + ", not a Devanagari one"
		case unicode.Is(unicode.Devanagari, r) && unicode.IsLetter(r):
			letter = true
		}
	}
	if !letter {
		return "has no Devanagari letter"
	}
	return ""
}

// TestPricesAgree checks each product's dollar and rupee prices against each other: a rupee
// price copied into the dollar column (a $95 cauliflower) is 20 to 200 times too high.
func TestPricesAgree(t *testing.T) {
	usd, err := catalogue.Products("USD")
	if err != nil {
		t.Fatal(err)
	}
	npr, err := catalogue.Products("NPR")
	if err != nil {
		t.Fatal(err)
	}
	for i := range usd {
		for _, pair := range [][2]haat.Money{{usd[i].Price, npr[i].Price}, {usd[i].OfferPrice, npr[i].OfferPrice}} {
			if ratio := float64(pair[1]) / float64(pair[0]); ratio < 15 || ratio > 200 {
				t.Errorf("%s: Rs. %s against $%s (%.0f rupees a dollar)", usd[i].Name, pair[1].String(), pair[0].String(), ratio)
			}
		}
	}
}

// pictures is the reviewed list of what each product's picture shows: the Fluent Emoji code
// point and the emoji's name. A product added or repictured must be looked at and listed here.
var pictures = map[string]struct{ emoji, shows string }{
	"Broccoli":                            {"1f966", "broccoli"},
	"Potato (Aalu)":                       {"1f954", "potato"},
	"Tomato (Golbheda)":                   {"1f345", "tomato"},
	"Onion (Pyaj)":                        {"1f9c5", "onion"},
	"Red Chilli (Khursani)":               {"1f336-fe0f", "hot pepper, red"},
	"Mustard Greens (Rayo ko Saag)":       {"1f96c", "leafy green"},
	"Fresh Coriander (Dhaniya)":           {"1f33f", "herb"},
	"Carrot (Gajar)":                      {"1f955", "carrot"},
	"Cucumber (Kakro)":                    {"1f952", "cucumber"},
	"Garlic (Lasun)":                      {"1f9c4", "garlic"},
	"Brinjal (Bhanta)":                    {"1f346", "aubergine"},
	"Green Capsicum (Bhede Khursani)":     {"1fad1", "bell pepper, green"},
	"Ginger (Aduwa)":                      {"1fada", "ginger root"},
	"Green Peas (Kerau)":                  {"1fadb", "pea pod"},
	"Mustang Apple":                       {"1f34e", "red apple"},
	"Dhankuta Mandarin (Suntala)":         {"1f34a", "tangerine"},
	"Malbhog Banana (Kera)":               {"1f34c", "banana"},
	"Dashehari Mango (Aanp)":              {"1f96d", "mango"},
	"Black Grapes (Angur)":                {"1f347", "grapes, purple"},
	"Pineapple (Bhui Katahar)":            {"1f34d", "pineapple"},
	"Dolakha Kiwi":                        {"1f95d", "kiwifruit"},
	"Lemon (Kagati)":                      {"1f34b", "lemon"},
	"Pear (Naspati)":                      {"1f350", "pear"},
	"Watermelon (Tarbuja)":                {"1f349", "watermelon"},
	"Strawberries":                        {"1f353", "strawberry"},
	"Apple Juice":                         {"1f9c3", "beverage box with an apple"},
	"Tender Coconut Water":                {"1f965", "coconut"},
	"Mineral Water":                       {"1f4a7", "droplet"},
	"Cola":                                {"1f964", "cup with straw"},
	"Wai Wai Instant Noodles (Pack of 5)": {"1f35c", "steaming bowl of noodles"},
	"Instant Coffee":                      {"2615", "hot beverage, coffee"},
	"Instant Masala Pasta (Pack of 4)":    {"1f35d", "spaghetti"},
	"Instant Vegetable Soup (Pack of 4)":  {"1f372", "pot of food, soup"},
	"Frozen Chicken Momo":                 {"1f95f", "dumpling"},
	"Ready-to-eat Dal Bhat":               {"1f35b", "curry and rice"},
	"Microwave Butter Popcorn":            {"1f37f", "popcorn"},
	"DDC Full Cream Milk":                 {"1f95b", "glass of milk"},
	"Local Eggs (Kukhura ko Phul)":        {"1f95a", "egg"},
	"DDC Table Butter":                    {"1f9c8", "butter"},
	"Yak Cheese":                          {"1f9c0", "cheese wedge"},
	"Neapolitan Ice Cream":                {"1f368", "ice cream, three flavours"},
	"Sandwich Bread":                      {"1f35e", "bread loaf"},
	"Whole Wheat Roti":                    {"1fad3", "flatbread"},
	"Butter Croissant":                    {"1f950", "croissant"},
	"Strawberry Cream Cake":               {"1f370", "shortcake with a strawberry"},
	"Chocolate Chip Cookies":              {"1f36a", "cookie with chocolate chips"},
	"Baguette":                            {"1f956", "baguette bread"},
	"Doughnuts (Pack of 2)":               {"1f369", "doughnut"},
	"Jumla Red Rice":                      {"1f33e", "ear of rice"},
	"Basmati Rice":                        {"1f35a", "cooked rice"},
	"Rajma (Kidney Beans)":                {"1fad8", "beans"},
	"Peanuts (Badam)":                     {"1f95c", "peanuts"},
	"Maize Cobs (Makai)":                  {"1f33d", "ear of maize"},
}

// TestPictures checks every product against the reviewed list, and that no two products share a
// picture: a broccoli does not stand in for a cauliflower, nor one bean for three dals.
func TestPictures(t *testing.T) {
	items, err := catalogue.Items("USD")
	if err != nil {
		t.Fatal(err)
	}
	if len(items) != len(pictures) {
		t.Errorf("%d products, %d reviewed pictures", len(items), len(pictures))
	}
	shownBy := map[string]string{}
	for _, it := range items {
		want, ok := pictures[it.Name]
		if !ok {
			t.Errorf("%s (emoji %s) has no reviewed picture", it.Name, it.Emoji)
			continue
		}
		if it.Emoji != want.emoji {
			t.Errorf("%s is pictured by %s, reviewed: %s (%s)", it.Name, it.Emoji, want.emoji, want.shows)
		}
		if other, seen := shownBy[it.Emoji]; seen {
			t.Errorf("%s and %s share the picture %s", other, it.Name, it.Emoji)
		}
		shownBy[it.Emoji] = it.Name
		if it.Image[0] != catalogue.ImagePath(it.Slug) {
			t.Errorf("%s: image %s, slug %s", it.Name, it.Image[0], it.Slug)
		}
	}
}

// TestCategories checks that products sit where a shopper looks for them; Drinks are cold drinks
// (the storefront names the category "Cold Drinks"), so nothing served hot is listed there.
func TestCategories(t *testing.T) {
	products, err := catalogue.Products("NPR")
	if err != nil {
		t.Fatal(err)
	}
	hot := []string{"tea", "coffee", "chai", "soup"}
	for _, p := range products {
		if p.Category != "Drinks" {
			continue
		}
		for _, w := range hot {
			if strings.Contains(strings.ToLower(p.Name), w) {
				t.Errorf("%s is under Cold Drinks", p.Name)
			}
		}
	}
	for name, want := range map[string]haat.Category{
		"Instant Coffee": "Instant", "Broccoli": "Vegetables", "Yak Cheese": "Dairy", "Jumla Red Rice": "Grains",
		"Cola": "Drinks", "Apple Juice": "Drinks", "Ready-to-eat Dal Bhat": "Instant", "Strawberry Cream Cake": "Bakery",
	} {
		found := false
		for _, p := range products {
			if p.Name == name {
				found = true
				if p.Category != want {
					t.Errorf("%s is under %s, want %s", name, p.Category, want)
				}
			}
		}
		if !found {
			t.Errorf("%s is not in the catalogue", name)
		}
	}
}

// TestVATExempt: the staples of VAT Schedule 1 (vegetables, fruit, grains, milk, eggs) are exempt
// and processed foods taxable, so a VAT store's demo charges VAT where a Nepali shop would.
func TestVATExempt(t *testing.T) {
	items, err := catalogue.Items("NPR")
	if err != nil {
		t.Fatal(err)
	}
	exempt := map[string]bool{}
	for _, it := range items {
		exempt[it.Slug] = it.Product.VATExempt
	}
	for slug, want := range map[string]bool{"potato": true, "mustang-apple": true, "jumla-rice": true, "rajma": true,
		"milk": true, "eggs": true, "butter": false, "yak-cheese": false, "bread": false, "wai-wai": false, "cola": false} {
		if got, ok := exempt[slug]; !ok || got != want {
			t.Errorf("%s: VAT-exempt %v, want %v", slug, got, want)
		}
	}
}

// TestDemoSettings: the demo store is Haat of Kupondole, with the spec's claims and promise, in
// settings the store takes; its details are complete, its legal details are not (it is no real
// business).
func TestDemoSettings(t *testing.T) {
	for _, cur := range currencies {
		s := catalogue.Settings(cur.code)
		if err := s.Validate(); err != nil {
			t.Fatalf("%s: %v", cur.code, err)
		}
		if s.Store.Name != "Haat" || s.Store.Address != "Kupondole, Lalitpur" || s.Store.Promise != "Delivered within 30 minutes" || !s.StoreComplete() || s.LegalComplete() {
			t.Fatalf("%s: demo store %+v", cur.code, s.Store)
		}
		var claims []string
		for _, c := range s.Store.SellingPoints {
			claims = append(claims, c.Title+" "+c.Text)
		}
		all := strings.Join(claims, " ")
		for _, spec := range []string{"within 30 minutes", "Picked daily", "Daily discounts", "15,000 households", "organic", "Eco-friendly packaging",
			"Secure payment", "order tracking", "transparent billing", "Customer-first returns and refunds", "24/7 support"} {
			if !strings.Contains(all, spec) {
				t.Errorf("%s: the demo's claims leave out the spec's %q", cur.code, spec)
			}
		}
		if (s.Delivery != nil) != (cur.code == "NPR") {
			t.Errorf("%s: delivery rules %v", cur.code, s.Delivery)
		}
	}
}

// TestDemoClaimsSayMoreThanTheirTitles: the landing page shows a claim's title and then its text,
// so a text that starts with its title would read twice ("Fresh and organic Fresh and organic …").
func TestDemoClaimsSayMoreThanTheirTitles(t *testing.T) {
	for _, c := range catalogue.DemoStore().SellingPoints {
		if strings.HasPrefix(strings.ToLower(c.Text), strings.ToLower(c.Title)) {
			t.Errorf("claim %q: its text %q starts with its title", c.Title, c.Text)
		}
	}
}
