package productcsv

import "haat"

// Actions an import row takes.
const (
	ImportAdd    = "add"
	ImportUpdate = "update"
)

// PlanImport checks every row of an import (haat.ImportRow.Product) and returns the products to store, new ones
// without an ID, in the rows' order, with the outcome of each row. bySKU finds the product a SKU
// names, if any.
func PlanImport(rows []haat.ImportRow, bySKU func(key string) *haat.Product) ([]haat.Product, *haat.ImportResult) {
	result := &haat.ImportResult{Rows: make([]haat.ImportOutcome, len(rows))}
	products := make([]haat.Product, 0, len(rows))
	for i := range rows {
		row := &rows[i]
		existing := bySKU(haat.SKUKey(row.SKU))
		o := haat.ImportOutcome{Line: row.Line, SKU: row.SKU, Action: ImportAdd}
		if existing != nil {
			o.Action = ImportUpdate
		}
		p, err := row.Product(existing)
		if o.Err = err; err == nil {
			products = append(products, p)
			if existing != nil {
				result.Updated++
			} else {
				result.Added++
			}
		}
		result.Rows[i] = o
	}
	return products, result
}
