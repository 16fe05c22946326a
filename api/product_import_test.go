package api_test

import (
	"archive/zip"
	"bytes"
	"fmt"
	"mime/multipart"
	"strings"
	"testing"

	"haat"
	"haat/api"
)

// importCSVHeader is the header of the product CSVs of these tests.
const importCSVHeader = "sku,name,nameNe,category,price,offerPrice,weight,stock,description,descriptionNe,vatExempt,image\n"

// exportCSVHeader is the header of an export: every column, how each product is sold too.
const exportCSVHeader = "sku,name,nameNe,category,price,offerPrice,weight,stock,description,descriptionNe,vatExempt,image,soldBy,step,family,size\n"

// importForm is an import: the CSV, an optional ZIP of photos, and dryRun ("" leaves it out).
type importForm struct {
	csv    string
	photos []byte
	dryRun string
}

// importProducts posts an import as c.
func (c *client) importProducts(f importForm) response {
	c.s.t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	if f.dryRun != "" {
		w.WriteField("dryRun", f.dryRun)
	}
	fw, _ := w.CreateFormFile("file", "products.csv")
	fw.Write([]byte(f.csv))
	if f.photos != nil {
		fw, _ := w.CreateFormFile("photos", "photos.zip")
		fw.Write(f.photos)
	}
	w.Close()
	return c.do("POST", "/api/product/import", &b, w.FormDataContentType())
}

// zipOf makes a ZIP of the files, by name.
func zipOf(t testing.TB, files map[string][]byte) []byte {
	var b bytes.Buffer
	z := zip.NewWriter(&b)
	for name, data := range files {
		w, err := z.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write(data)
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// importRows returns the rows of an import's answer as "line sku action: error" lines.
func importRows(r response) []string {
	var out []string
	rows, _ := r.body["rows"].([]any)
	for _, row := range rows {
		m := row.(map[string]any)
		s := fmt.Sprintf("%v %v %v", m["line"], m["sku"], m["action"])
		if e, ok := m["error"]; ok {
			s += ": " + e.(string)
		}
		out = append(out, s)
	}
	return out
}

// bySKU returns the seller's products that have a SKU, by SKU.
func (s *store) bySKU() map[string]map[string]any {
	s.t.Helper()
	out := map[string]map[string]any{}
	for _, p := range s.sellerProducts() {
		if sku, ok := p["sku"].(string); ok {
			out[sku] = p
		}
	}
	return out
}

// goodCSV is a CSV of two good products, one with Nepali text, with a UTF-8 byte-order mark.
const goodCSV = "\uFEFF" + importCSVHeader +
	"TEA-1,Ilam Tea,इलामको चिया,Drinks,550,495.5,250 g,12,Whole leaf|From Ilam,पुरा पात|इलामबाट,,\n" +
	"RICE-5,Basmati Rice,,grains,900,850,5 kg,,Long grain,,true,\n"

// TestProductImport: a dry run answers every row with its action and changes nothing; a bad row
// is named with its line and the product form's reason, and a real run with one is refused
// whole (400, nothing stored); a good real run adds the products, and a second one with the same
// SKUs (in other case) updates them instead of adding more.
func TestProductImport(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		seller := s.seller()
		before := len(s.sellerProducts())

		r := seller.importProducts(importForm{csv: goodCSV, dryRun: "true"})
		want(t, r, 200)
		if got := strings.Join(importRows(r), "; "); got != "2 TEA-1 add; 3 RICE-5 add" || r.body["added"] != 2.0 || r.body["dryRun"] != true {
			t.Fatalf("dry run: %s (%v)", got, r.body)
		}
		if n := len(s.sellerProducts()); n != before {
			t.Fatalf("a dry run stored products: %d, was %d", n, before)
		}

		bad := importCSVHeader +
			"A1,Good,,Drinks,10,9,,,Fine,,,\n" +
			",No SKU,,Drinks,10,9,,,Fine,,,\n" +
			"A3,,,Drinks,10,9,,,Fine,,,\n" +
			"A4,Pricey,,Drinks,10,11,,,Fine,,,\n" +
			"A5,Odd,,Toys,10,9,,,Fine,,,\n" +
			"\"A6\",\"Two\nlines\",,Drinks,abc,9,,,Fine,,,\n" +
			"a1,Again,,Drinks,10,9,,,Fine,,,\n" +
			"A8,Photo,,Drinks,10,9,,,Fine,,,nowhere.png\n" +
			"A9,Stock,,Drinks,10,9,,-1,Fine,,,\n" +
			"A10,Short,Drinks\n"
		wantRows := []string{
			"2 A1 add",
			"3  add: SKU is required to import a product",
			"4 A3 add: Product name is required",
			"5 A4 add: Offer price cannot be more than the price",
			"6 A5 add: Please choose a valid category",
			"7 A6 add: Price must be a number with at most 2 decimals",
			"9 a1 add: SKU a1 is on line 2 too",
			"10 A8 add: Photo nowhere.png is not in the ZIP of photos",
			"11 A9 add: Stock must be a whole number from 0 to 1000000",
			"12 A10 add: The row has 3 columns; the header has 12",
		}
		r = seller.importProducts(importForm{csv: bad, dryRun: "true"})
		want(t, r, 200)
		if got := importRows(r); strings.Join(got, "\n") != strings.Join(wantRows, "\n") || r.body["bad"] != 9.0 {
			t.Fatalf("dry run of bad rows:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(wantRows, "\n"))
		}
		r = seller.importProducts(importForm{csv: bad, dryRun: "false"})
		want(t, r, 400, "Nothing was imported: fix the rows with errors and try again")
		if got := importRows(r); strings.Join(got, "\n") != strings.Join(wantRows, "\n") {
			t.Fatalf("refused run's rows:\n%s", strings.Join(got, "\n"))
		}
		if n := len(s.sellerProducts()); n != before {
			t.Fatalf("a refused import stored products: %d, was %d", n, before)
		}

		r = seller.importProducts(importForm{csv: goodCSV, dryRun: "false"})
		want(t, r, 200)
		if r.message() != "Products Imported" || r.body["added"] != 2.0 || r.body["updated"] != 0.0 {
			t.Fatalf("import: %v", r.body)
		}
		got := s.bySKU()
		tea, rice := got["TEA-1"], got["RICE-5"]
		if tea == nil || tea["nameNe"] != "इलामको चिया" || jsonText(tea["description"]) != `["Whole leaf","From Ilam"]` ||
			jsonText(tea["descriptionNe"]) != `["पुरा पात","इलामबाट"]` || tea["price"] != 550.0 || tea["offerPrice"] != 495.5 ||
			tea["stock"] != 12.0 || tea["weight"] != "250 g" || tea["category"] != "Drinks" {
			t.Fatalf("imported tea: %v", tea)
		}
		if rice == nil || rice["category"] != "Grains" || rice["vatExempt"] != true || rice["stock"] != nil ||
			jsonText(rice["image"]) != `["/media/catalogue/jumla-rice.webp"]` {
			t.Fatalf("imported rice: %v", rice)
		}
		if listed(s.products(), tea["_id"].(string)) == nil {
			t.Fatal("the imported tea is not in the shop")
		}

		update := importCSVHeader + "tea-1,Ilam Tea Gold,,Drinks,600,580,250 g,3,Whole leaf,,,\n"
		r = seller.importProducts(importForm{csv: update, dryRun: "false"})
		want(t, r, 200)
		if got := strings.Join(importRows(r), "; "); got != "2 tea-1 update" || r.body["updated"] != 1.0 {
			t.Fatalf("update: %s", got)
		}
		if n := len(s.sellerProducts()); n != before+2 {
			t.Fatalf("an update added products: %d, want %d", n, before+2)
		}
		p := listed(s.sellerProducts(), tea["_id"].(string))
		if p["name"] != "Ilam Tea Gold" || p["price"] != 600.0 || p["stock"] != 3.0 || p["sku"] != "tea-1" || p["nameNe"] != nil ||
			jsonText(p["image"]) != jsonText(tea["image"]) {
			t.Fatalf("updated tea: %v", p)
		}
	})
}

// TestProductImportPhotos: a row's image is a file of the ZIP sent with the CSV, checked by its
// content as uploads are; a file that is no image, or is not in the ZIP, fails its row, and a
// ZIP that is no ZIP, or holds too many files, is refused.
func TestProductImportPhotos(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		seller := s.seller()
		photos := zipOf(t, map[string][]byte{"photos/tea.png": pngFile(t), "notes.png": []byte("not an image")})
		csv := importCSVHeader + "TEA-1,Ilam Tea,,Drinks,550,495,,,Leaf,,,tea.png\n"

		r := seller.importProducts(importForm{csv: csv, photos: photos, dryRun: "true"})
		want(t, r, 200)
		if s.storedFiles() != 0 {
			t.Fatal("a dry run stored photos")
		}
		r = seller.importProducts(importForm{csv: csv + "BAD,Bad,,Drinks,5,5,,,Leaf,,,notes.png\n", photos: photos, dryRun: "false"})
		want(t, r, 400)
		if got := strings.Join(importRows(r), "; "); got != "2 TEA-1 add; 3 BAD add: Photo notes.png: Images must be JPEG, PNG, WebP or GIF" {
			t.Fatalf("bad photo: %s", got)
		}
		if s.storedFiles() != 0 {
			t.Fatal("a refused import stored photos")
		}
		want(t, seller.importProducts(importForm{csv: csv, photos: photos, dryRun: "false"}), 200)
		tea := s.bySKU()["TEA-1"]
		images, _ := tea["image"].([]any)
		if len(images) != 1 || !strings.HasPrefix(images[0].(string), "/media/uploads/") || s.storedFiles() == 0 {
			t.Fatalf("imported photo: %v", tea["image"])
		}
		if res := seller.get(images[0].(string)); res.status != 200 {
			t.Fatalf("the imported photo answers %d", res.status)
		}

		// A photo that unpacks to more than an upload may be is refused by its size, not read whole.
		bomb := zipOf(t, map[string][]byte{"tea.png": make([]byte, haat.MaxImageBytes+1)})
		r = seller.importProducts(importForm{csv: csv, photos: bomb, dryRun: "true"})
		want(t, r, 200)
		if got := strings.Join(importRows(r), "; "); got != "2 TEA-1 update: Photo tea.png: Each image must be at most 5 MB" {
			t.Fatalf("a photo too large: %s", got)
		}

		want(t, seller.importProducts(importForm{csv: csv, photos: []byte("not a zip"), dryRun: "true"}), 400, "The photos must be a ZIP file")
		many := map[string][]byte{}
		for i := range api.MaxImportPhotos + 1 {
			many[fmt.Sprintf("%d.png", i)] = nil
		}
		want(t, seller.importProducts(importForm{csv: csv, photos: zipOf(t, many), dryRun: "true"}), 400,
			fmt.Sprintf("The ZIP may hold at most %d files", api.MaxImportPhotos))
	})
}

// TestProductExportRoundTrip: the export is a product CSV with a byte-order mark, Nepali text as
// it is, prices as decimals, the first photo's file name, and an apostrophe before a cell that a
// spreadsheet would read as a formula; imported again it updates every product it names and
// changes none.
func TestProductExportRoundTrip(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		seller := s.seller()
		want(t, seller.importProducts(importForm{csv: goodCSV + "FORM-1,'=1+2 Tea,,Drinks,10,9,,,@home|-fresh,,,\n", dryRun: "false"}), 200)
		if p := s.bySKU()["FORM-1"]; p["name"] != "=1+2 Tea" || jsonText(p["description"]) != `["@home","-fresh"]` {
			t.Fatalf("formula-like cells: %v", p)
		}
		r := seller.get("/api/product/export.csv")
		want(t, r, 200)
		text := string(r.raw)
		if !strings.HasPrefix(text, "\uFEFF"+exportCSVHeader) || r.header.Get("Content-Type") != "text/csv; charset=utf-8" ||
			!strings.Contains(r.header.Get("Content-Disposition"), "attachment") {
			t.Fatalf("export starts %q, type %q", text[:min(len(text), 120)], r.header.Get("Content-Type"))
		}
		if !strings.Contains(text, "TEA-1,Ilam Tea,इलामको चिया,Drinks,550,495.5,250 g,12,Whole leaf|From Ilam,पुरा पात|इलामबाट,false,jumla-rice.webp") &&
			!strings.Contains(text, "TEA-1,Ilam Tea,इलामको चिया,Drinks,550,495.5,250 g,12,Whole leaf|From Ilam,पुरा पात|इलामबाट,false,apple-juice.webp") {
			t.Fatalf("export:\n%s", text)
		}
		if !strings.Contains(text, "FORM-1,'=1+2 Tea,,Drinks,10,9,,,'@home|-fresh,,false,apple-juice.webp") {
			t.Fatalf("formula-like cells exported:\n%s", text)
		}
		before := s.sellerProducts()
		onlySKUs := "\uFEFF" + exportCSVHeader
		for _, line := range strings.Split(strings.TrimPrefix(text, "\uFEFF"+exportCSVHeader), "\n") {
			if line != "" && !strings.HasPrefix(line, ",") {
				onlySKUs += line + "\n"
			}
		}
		r = seller.importProducts(importForm{csv: onlySKUs, dryRun: "false"})
		want(t, r, 200)
		if r.body["updated"] != 3.0 || r.body["added"] != 0.0 {
			t.Fatalf("round trip: %v", r.body)
		}
		if after := s.sellerProducts(); jsonText(after) != jsonText(before) {
			t.Fatalf("the round trip changed products:\n%s\n%s", jsonText(before), jsonText(after))
		}
	})
}

// TestProductSKU: the product form sets, changes and clears a SKU, at most 64 characters and
// unique among products whatever the case; the seller's list has it.
func TestProductSKU(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		seller := s.seller()
		img := upload{"tea.png", pngFile(t)}
		r := seller.addProduct(productForm(map[string]string{"sku": " TEA-1 "}), img)
		want(t, r, 200)
		id := r.body["product"].(map[string]any)["_id"].(string)
		if p := listed(s.sellerProducts(), id); p["sku"] != "TEA-1" {
			t.Fatalf("sku: %v", p["sku"])
		}
		want(t, seller.addProduct(productForm(map[string]string{"sku": "tea-1"}), img), 409, "Another product has the SKU tea-1")
		want(t, seller.addProduct(productForm(map[string]string{"sku": strings.Repeat("s", 65)}), img), 400, "SKU must be at most 64 characters")
		want(t, seller.updateProduct(map[string]string{"id": s.rice.ID, "sku": "Tea-1"}), 409, "Another product has the SKU Tea-1")
		want(t, seller.updateProduct(map[string]string{"id": id, "sku": "TEA-2"}), 200)
		want(t, seller.updateProduct(map[string]string{"id": s.rice.ID, "sku": "tea-1"}), 200)
		want(t, seller.updateProduct(map[string]string{"id": id, "sku": ""}), 200)
		if p := listed(s.sellerProducts(), id); p["sku"] != nil {
			t.Fatalf("cleared sku: %v", p["sku"])
		}
		want(t, seller.addProduct(productForm(nil), img), 200)
		want(t, seller.addProduct(productForm(nil), img), 200) // products without a SKU do not clash
	})
}
