package api_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"haat"
)

// ids are the ids of the products of an answer, in order.
func ids(r response) []string {
	var out []string
	for _, p := range r.body["products"].([]any) {
		out = append(out, p.(map[string]any)["_id"].(string))
	}
	return out
}

func TestProductSearch(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		potato := s.addProduct(haat.Product{Name: "Potato", NameNe: "आलु", Category: "Vegetables", Price: 9000, OfferPrice: 8000, StockOn: true,
			Image: []string{"/media/catalogue/potato.webp"}, Description: []string{"Local"}})
		c := s.client()

		// Found by either name, in Devanagari or written the ways shoppers write it.
		for _, q := range []string{"aloo", "aalu", "आलु", "POTA"} {
			r := c.get("/api/product/search?q=" + url.QueryEscape(q))
			want(t, r, 200)
			if got := ids(r); len(got) != 1 || got[0] != potato.ID || r.body["nextCursor"] != nil {
				t.Fatalf("q=%s: %v %s", q, got, r.raw)
			}
		}
		// A category page, its name in any case, lists what is in stock: the dal is out of it.
		r := c.get("/api/product/search?category=grains")
		want(t, r, 200)
		if got := ids(r); len(got) != 1 || got[0] != s.rice.ID {
			t.Fatalf("grains: %v", got)
		}

		// Pages of two, newest first, end with the last product in stock, none twice.
		for i := range 5 {
			s.addProduct(haat.Product{Name: fmt.Sprintf("Rice %d", i), Category: "Grains", Price: 100, OfferPrice: 100, StockOn: true,
				Image: []string{"/media/catalogue/jumla-rice.webp"}, Description: []string{"Rice"}})
		}
		var all []string
		next := ""
		for pages := 0; ; pages++ {
			r := c.get("/api/product/search?limit=2&q=rice&cursor=" + url.QueryEscape(next))
			want(t, r, 200)
			all = append(all, ids(r)...)
			cursor, more := r.body["nextCursor"].(string)
			if !more {
				break
			}
			if pages > 5 {
				t.Fatal("the pages do not end")
			}
			next = cursor
		}
		if len(all) != 6 || all[0] == all[1] || all[5] != s.rice.ID {
			t.Fatalf("pages of rice: %v", all)
		}

		// A product taken out of stock leaves the search at once.
		seller := s.seller()
		want(t, seller.post("/api/product/stock", map[string]any{"id": potato.ID, "inStock": false}), 200)
		if got := ids(c.get("/api/product/search?q=aloo")); len(got) != 0 {
			t.Fatalf("out of stock potato still found: %v", got)
		}

		for query, message := range map[string]string{
			"category=Sweets":               "Please choose a valid category",
			"limit=0":                       "A page holds 1 to 100 products",
			"limit=101":                     "A page holds 1 to 100 products",
			"limit=ten":                     "A page holds 1 to 100 products",
			"cursor=nonsense":               "Invalid page cursor",
			"q=" + strings.Repeat("a", 101): "Search text is too long",
		} {
			want(t, c.get("/api/product/search?"+query), 400, message)
		}
	})
}

func TestProductGet(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		c := s.client()
		// In the order asked, out of stock too; an unknown id is left out.
		r := c.get("/api/product/get?id=" + s.dal.ID + "&id=unknown&id=" + s.rice.ID)
		want(t, r, 200)
		if got := ids(r); len(got) != 2 || got[0] != s.dal.ID || got[1] != s.rice.ID {
			t.Fatalf("get: %v", got)
		}
		// An archived product is no longer on sale.
		want(t, s.seller().post("/api/product/archive", map[string]any{"id": s.dal.ID, "archived": true}), 200)
		if got := ids(c.get("/api/product/get?id=" + s.dal.ID)); len(got) != 0 {
			t.Fatalf("archived product: %v", got)
		}
		want(t, c.get("/api/product/get?"+strings.Repeat("id=x&", 101)), 400, "Ask for at most 100 products at once")
		if got := c.get("/api/product/get"); got.status != 200 || len(got.body["products"].([]any)) != 0 {
			t.Fatalf("no ids: %s", got.raw)
		}
	})
}

// TestProductSearchFollowsTheList: a page of the search is the product list's products in stock,
// in the list's order, so that the storefront's Best Sellers (the first ten in stock) is one
// page of ten.
func TestProductSearchFollowsTheList(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		for i := range 16 {
			s.addProduct(haat.Product{Name: fmt.Sprintf("Tea %d", i), Category: "Drinks", Price: 100, OfferPrice: 100, StockOn: i%3 != 0,
				Image: []string{"/media/catalogue/apple-juice.webp"}, Description: []string{"Tea"}})
		}
		c := s.client()
		list := c.get("/api/product/list")
		want(t, list, 200)
		var inStock []string
		for _, p := range list.body["products"].([]any) {
			if p := p.(map[string]any); p["inStock"] == true {
				inStock = append(inStock, p["_id"].(string))
			}
		}
		page := c.get("/api/product/search?limit=10")
		want(t, page, 200)
		if got := ids(page); len(inStock) < 10 || strings.Join(got, ",") != strings.Join(inStock[:10], ",") {
			t.Fatalf("search: %v, list in stock: %v", got, inStock)
		}
	})
}

// TestProductSearchForgives: over the API, a search finds through typos, plurals and the store's
// synonyms, best first, and offers a spelling that finds something when it finds nothing.
func TestProductSearchForgives(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		add := func(name, nameNe string) string {
			return s.addProduct(haat.Product{Name: name, NameNe: nameNe, Category: "Vegetables", Price: 100, OfferPrice: 100, StockOn: true,
				Image: []string{"/media/catalogue/potato.webp"}, Description: []string{"Local"}}).ID
		}
		tomato := add("Tomato (Golbheda)", "गोलभेडा")
		peas := add("Green Peas (Kerau)", "केराउ")
		banana := add("Malbhog Banana (Kera)", "मालभोग केरा")
		c := s.client()
		for q, first := range map[string]string{"tomatoes": tomato, "tomatto": tomato, "kera": banana, "matar": peas, "bananas": banana} {
			r := c.get("/api/product/search?q=" + url.QueryEscape(q))
			want(t, r, 200)
			if got := ids(r); len(got) == 0 || got[0] != first {
				t.Errorf("q=%s: %v, want %s first", q, got, first)
			}
		}
		r := c.get("/api/product/search?q=banenna")
		want(t, r, 200)
		if got := ids(r); len(got) != 0 || r.body["didYouMean"] != "banana" {
			t.Fatalf("banenna: %v %v", got, r.body["didYouMean"])
		}
		// Pages of a search by words go on from where the last ended.
		r = c.get("/api/product/search?q=kera&limit=1")
		want(t, r, 200)
		next, _ := r.body["nextCursor"].(string)
		r = c.get("/api/product/search?q=kera&limit=1&cursor=" + url.QueryEscape(next))
		if got := ids(r); len(got) != 1 || got[0] != peas || r.body["nextCursor"] != nil {
			t.Fatalf("the second page of kera: %v %s", got, r.raw)
		}
		want(t, c.get("/api/product/search?q=kera&cursor=r-1"), 400, "Invalid page cursor")
	})
}

// TestSearchSynonyms: the owner edits the words the search counts as the same, starting from the
// defaults, and the search follows at once; a line that is not a group is refused, and only sellers
// see or change them.
func TestSearchSynonyms(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		momo := s.addProduct(haat.Product{Name: "Frozen Chicken Momo", Category: "Instant", Price: 100, OfferPrice: 100, StockOn: true,
			Image: []string{"/media/catalogue/potato.webp"}, Description: []string{"Steamed"}}).ID
		seller := s.seller()
		c := s.client()
		found := func(q string) []string {
			t.Helper()
			r := c.get("/api/product/search?q=" + url.QueryEscape(q))
			want(t, r, 200)
			return ids(r)
		}
		r := seller.get("/api/seller/synonyms")
		want(t, r, 200)
		if lines := r.body["synonyms"].([]any); len(lines) < 40 || lines[0] != "kukhura, chicken" {
			t.Fatalf("the defaults: %v", lines)
		}
		if got := found("kukhura"); len(got) != 1 || got[0] != momo {
			t.Fatalf("kukhura with the defaults: %v", got)
		}
		want(t, s.shopper("").get("/api/seller/synonyms"), 403)
		want(t, seller.post("/api/seller/synonyms", map[string]any{"synonyms": []string{"kukhura, chicken", "momo"}}), 400,
			"Line 2: give at least two words that mean the same, separated by commas")
		want(t, seller.post("/api/seller/synonyms", map[string]any{}), 400, "Give the search words, one group a line")

		r = seller.post("/api/seller/synonyms", map[string]any{"synonyms": []string{" Dumpling ,  MOMO ", "", "khaja, snack, chicken"}})
		want(t, r, 200, "Search words saved")
		if lines := fmt.Sprint(r.body["synonyms"]); lines != "[dumpling, momo khaja, snack, chicken]" {
			t.Fatalf("saved: %s", lines)
		}
		if got := found("khaja"); len(got) != 1 || got[0] != momo {
			t.Fatalf("khaja: %v", got)
		}
		if got := found("kukhura"); len(got) != 0 {
			t.Fatalf("kukhura after the owner removed it: %v", got)
		}
		if r := s.client().get("/api/settings"); strings.Contains(string(r.raw), "khaja") {
			t.Fatal("the settings every page reads carry the search words")
		}
	})
}
