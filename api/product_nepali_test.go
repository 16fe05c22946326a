package api_test

import (
	"strings"
	"testing"
)

// TestProductNepaliNameAndDescription: a seller gives a product a Nepali name and description
// beside the English ones, on add (as fields or in productData) and on update, where sending them
// empty clears them; the shop's list carries them, and over-long ones are refused.
func TestProductNepaliNameAndDescription(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		seller := s.seller()
		img := upload{"tea.png", pngFile(t)}
		r := seller.addProduct(productForm(map[string]string{"nameNe": " इलामको चिया ", "descriptionNe": "पुरा पात\nइलामबाट"}), img)
		want(t, r, 200)
		tea := r.body["product"].(map[string]any)
		id := tea["_id"].(string)
		if tea["nameNe"] != "इलामको चिया" || jsonText(tea["descriptionNe"]) != `["पुरा पात","इलामबाट"]` {
			t.Fatalf("added: nameNe %v, descriptionNe %v", tea["nameNe"], tea["descriptionNe"])
		}
		listedTea := listed(s.products(), id)
		if listedTea == nil || listedTea["nameNe"] != "इलामको चिया" {
			t.Fatalf("shop list: %v", listedTea)
		}

		data := `{"name":"Honey","nameNe":"मह","description":["Wild"],"descriptionNe":["जङ्गली मह"],"category":"Grains","price":900,"offerPrice":850}`
		r = seller.addProduct(map[string]string{"productData": data}, img)
		want(t, r, 200)
		if p := r.body["product"].(map[string]any); p["nameNe"] != "मह" || jsonText(p["descriptionNe"]) != `["जङ्गली मह"]` {
			t.Fatalf("productData: %v", p)
		}

		want(t, seller.updateProduct(map[string]string{"id": id, "nameNe": "इलाम चिया"}), 200)
		p := listed(s.products(), id)
		if p["nameNe"] != "इलाम चिया" || p["name"] != "Ilam Tea" || jsonText(p["descriptionNe"]) != `["पुरा पात","इलामबाट"]` {
			t.Fatalf("after renaming in Nepali: %v", p)
		}
		want(t, seller.updateProduct(map[string]string{"id": id, "nameNe": "", "descriptionNe": ""}), 200)
		p = listed(s.products(), id)
		if _, has := p["nameNe"]; has {
			t.Fatalf("cleared nameNe still sent: %v", p["nameNe"])
		}
		if _, has := p["descriptionNe"]; has {
			t.Fatalf("cleared descriptionNe still sent: %v", p["descriptionNe"])
		}

		long := strings.Repeat("क", 121)
		want(t, seller.updateProduct(map[string]string{"id": id, "nameNe": long}), 400, "Nepali name is too long")
		want(t, seller.addProduct(productForm(map[string]string{"nameNe": long}), img), 400, "Nepali name is too long")
		if p := listed(s.products(), id); p["name"] != "Ilam Tea" {
			t.Fatalf("a refused update changed the product: %v", p)
		}
	})
}
