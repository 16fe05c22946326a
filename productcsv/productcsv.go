// Package productcsv reads and writes the seller's spreadsheet of products, a product CSV: the
// import's rows from it (haat.ImportRow), the plan of what the import adds and updates
// (PlanImport), and the products back to it.
package productcsv

import (
	"bytes"
	"encoding/csv"
	"errors"
	"io"
	"path"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"haat"
)

// Limits of one import's CSV: its size and its products.
const (
	MaxImportRows  = 5000
	MaxImportBytes = 4 << 20
)

// DescriptionSeparator separates the lines of a description in one cell of a product CSV.
const DescriptionSeparator = "|"

// Columns are the columns of a product CSV, the seller's spreadsheet of products, in the
// order an export writes them. An import takes them in any order; sku, name, category, price,
// offerPrice and description are required.
var Columns = []string{"sku", "name", "nameNe", "category", "price", "offerPrice", "weight", "stock",
	"description", "descriptionNe", "vatExempt", "image", "soldBy", "step", "family", "size"}

// requiredColumns are the columns every import must have.
var requiredColumns = []string{"sku", "name", "category", "price", "offerPrice", "description"}

// Read reads the rows of a product CSV: UTF-8, with or without a byte order mark, a
// header row naming its columns (Columns), then one product a row. A fault of the whole
// file is the error; a fault of one row is that row's Err, and so is a SKU that another row has too.
func Read(r io.Reader) ([]haat.ImportRow, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxImportBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxImportBytes {
		return nil, haat.Errorf(haat.EINVALID, "The CSV file must be at most %d MB", MaxImportBytes>>20)
	}
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	if !utf8.Valid(data) {
		return nil, haat.Errorf(haat.EINVALID, "The CSV file must be saved as UTF-8")
	}
	cr := csv.NewReader(bytes.NewReader(data))
	cr.FieldsPerRecord = -1
	header, err := cr.Read()
	if err == io.EOF {
		return nil, haat.Errorf(haat.EINVALID, "The CSV file is empty")
	} else if err != nil {
		return nil, csvError(err)
	}
	at := map[string]int{}
	for i, name := range header {
		col := slices.IndexFunc(Columns, func(c string) bool { return strings.EqualFold(c, strings.TrimSpace(name)) })
		if col < 0 {
			return nil, haat.Errorf(haat.EINVALID, "Unknown column %q; the columns are %s", name, strings.Join(Columns, ", "))
		}
		if _, twice := at[Columns[col]]; twice {
			return nil, haat.Errorf(haat.EINVALID, "The column %s appears twice", Columns[col])
		}
		at[Columns[col]] = i
	}
	for _, c := range requiredColumns {
		if _, ok := at[c]; !ok {
			return nil, haat.Errorf(haat.EINVALID, "The CSV has no %s column", c)
		}
	}
	var rows []haat.ImportRow
	firstOf := map[string]int{}
	for {
		record, err := cr.Read()
		if err == io.EOF {
			break
		} else if err != nil {
			return nil, csvError(err)
		}
		if len(rows) == MaxImportRows {
			return nil, haat.Errorf(haat.EINVALID, "An import may have at most %d products", MaxImportRows)
		}
		line, _ := cr.FieldPos(0)
		cell := func(c string) string {
			if i, ok := at[c]; ok && i < len(record) {
				return spreadsheetText(strings.TrimSpace(record[i]))
			}
			return ""
		}
		row := haat.ImportRow{Line: line, SKU: cell("sku"), Name: cell("name"), NameNe: cell("nameNe"), Category: cell("category"),
			Price: cell("price"), OfferPrice: cell("offerPrice"), Weight: cell("weight"), Stock: cell("stock"),
			Description:   strings.Split(cell("description"), DescriptionSeparator),
			DescriptionNe: strings.Split(cell("descriptionNe"), DescriptionSeparator), VATExempt: cell("vatExempt"), Image: cell("image"),
			SoldBy: cell("soldBy"), Step: cell("step"), Family: cell("family"), Size: cell("size")}
		if len(record) != len(header) {
			row.Err = haat.Errorf(haat.EINVALID, "The row has %d columns; the header has %d", len(record), len(header))
		}
		if key := haat.SKUKey(row.SKU); key != "" {
			if first, ok := firstOf[key]; ok && row.Err == nil {
				row.Err = haat.Errorf(haat.EINVALID, "SKU %s is on line %d too", row.SKU, first)
			} else if !ok {
				firstOf[key] = line
			}
		}
		rows = append(rows, row)
	}
	if len(rows) == 0 {
		return nil, haat.Errorf(haat.EINVALID, "The CSV has no products")
	}
	return rows, nil
}

// csvError is the error of a CSV that encoding/csv cannot read.
func csvError(err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return haat.Errorf(haat.EINVALID, "The CSV cannot be read at line %d", pe.Line)
	}
	return err
}

// formulaStarts are the characters that make a spreadsheet read a cell as a formula when it
// begins with one.
const formulaStarts = "=+-@\t\r"

// SpreadsheetCell keeps a spreadsheet from reading a cell of a CSV as a formula: a cell that begins
// with =, +, -, @, a tab or a carriage return gets a leading apostrophe.
func SpreadsheetCell(cell string) string {
	if cell != "" && strings.ContainsRune(formulaStarts, rune(cell[0])) {
		return "'" + cell
	}
	return cell
}

// spreadsheetText undoes SpreadsheetCell: the apostrophe before a formula's first character goes.
func spreadsheetText(cell string) string {
	if len(cell) > 1 && cell[0] == '\'' && strings.ContainsRune(formulaStarts, rune(cell[1])) {
		return cell[1:]
	}
	return cell
}

// Write writes products as a product CSV (Columns), UTF-8 with a byte order mark
// so that spreadsheets show Nepali text as it is: prices as decimals in the store's currency, the
// lines of a description joined by DescriptionSeparator, and as image the file name of the first
// photo. A cell a spreadsheet would read as a formula starts with an apostrophe (SpreadsheetCell),
// which the import takes off again: imported again, the file changes nothing.
func Write(w io.Writer, products []haat.Product) error {
	if _, err := io.WriteString(w, "\uFEFF"); err != nil {
		return err
	}
	cw := csv.NewWriter(w)
	if err := cw.Write(Columns); err != nil {
		return err
	}
	for _, p := range products {
		stock, image, soldBy, step := "", "", string(haat.SoldByUnit), ""
		if p.Stock != nil {
			stock = strconv.Itoa(*p.Stock)
		}
		if p.ByWeight() {
			soldBy, step = string(haat.SoldByWeight), strconv.Itoa(p.Step)
		}
		if len(p.Image) > 0 {
			image = path.Base(p.Image[0])
		}
		row := []string{p.SKU, p.Name, p.NameNe, string(p.Category), p.Price.String(), p.EverydayOfferPrice().String(),
			p.Weight, stock, strings.Join(p.Description, DescriptionSeparator), strings.Join(p.DescriptionNe, DescriptionSeparator),
			strconv.FormatBool(p.VATExempt), image, soldBy, step, p.Family, p.Size}
		for i := range row {
			row[i] = SpreadsheetCell(row[i])
		}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
