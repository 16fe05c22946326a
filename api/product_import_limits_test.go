package api_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"haat"
	"haat/productcsv"
)

// TestProductImportLimits: a CSV that is not one (no header of known columns, a column missing,
// no rows, too many rows, not UTF-8, a broken quote) is refused with a reason, and nothing is stored.
func TestProductImportLimits(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		seller := s.seller()
		tooMany := strings.Builder{}
		tooMany.WriteString(importCSVHeader)
		for i := range productcsv.MaxImportRows + 1 {
			fmt.Fprintf(&tooMany, "S%d,P,,Drinks,1,1,,,D,,,\n", i)
		}
		for _, c := range []struct{ csv, message string }{
			{"", "The CSV file is empty"},
			{importCSVHeader, "The CSV has no products"},
			{"sku,name,colour\n", `Unknown column "colour"; the columns are ` + strings.Join(productcsv.Columns, ", ")},
			{"sku,name,category,price,offerPrice\nA,B,Drinks,1,1\n", "The CSV has no description column"},
			{tooMany.String(), fmt.Sprintf("An import may have at most %d products", productcsv.MaxImportRows)},
			{importCSVHeader + "A,Caf\xe9,,Drinks,1,1,,,D,,,\n", "The CSV file must be saved as UTF-8"},
			{importCSVHeader + "A,\"Broken,,Drinks,1,1,,,D,,,\n", "The CSV cannot be read at line 2"},
		} {
			want(t, seller.importProducts(importForm{csv: c.csv, dryRun: "false"}), 400, c.message)
		}
		want(t, seller.post("/api/product/import", "{}"), 415)
		if n := len(s.bySKU()); n != 0 {
			t.Fatalf("refused imports stored %d products", n)
		}
	})
}

// TestProductImport600: a shop of 600 products, a CSV without photos, imports in one run (the time
// it takes is logged; how fast is measured by bench/, not here).
func TestProductImport600(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		var csv strings.Builder
		csv.WriteString(importCSVHeader)
		for i := range 600 {
			fmt.Fprintf(&csv, "SKU-%d,Product %d,उत्पादन %d,%s,%d,%d,1 kg,%d,Good|Fresh,,,\n", i, i, i, haat.Categories[i%len(haat.Categories)], 100+i, 90+i, i)
		}
		start := time.Now()
		r := s.seller().importProducts(importForm{csv: csv.String(), dryRun: "false"})
		took := time.Since(start)
		want(t, r, 200)
		if r.body["added"] != 600.0 {
			t.Fatalf("added %v", r.body["added"])
		}
		t.Logf("600 products imported in %v", took)
		if n := len(s.products()); n != 602 {
			t.Fatalf("the shop lists %d products, want 602", n)
		}
	})
}
