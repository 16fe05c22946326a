package haat

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
)

// ProductColumns are the columns of a product CSV, the seller's spreadsheet of products, in the
// order an export writes them. An import takes them in any order; sku, name, category, price,
// offerPrice and description are required.
var ProductColumns = []string{"sku", "name", "nameNe", "category", "price", "offerPrice", "weight", "stock",
	"description", "descriptionNe", "vatExempt", "image", "soldBy", "step", "family", "size"}

// requiredColumns are the columns every import must have.
var requiredColumns = []string{"sku", "name", "category", "price", "offerPrice", "description"}

// Limits of one import: the CSV's size and products, and the ZIP of photos that may come with it.
const (
	MaxImportRows  = 5000
	MaxImportBytes = 4 << 20
	// MaxImportPhotos is the most files the ZIP of photos may hold, and MaxImportPhotoBytes the most
	// bytes they may take once uncompressed, together.
	MaxImportPhotos     = 1000
	MaxImportPhotoBytes = 200 << 20
)

// DescriptionSeparator separates the lines of a description in one cell of a product CSV.
const DescriptionSeparator = "|"

// Actions an import row takes.
const (
	ImportAdd    = "add"
	ImportUpdate = "update"
)

// ImportRow is one product of an import as its CSV has it, before it is checked.
type ImportRow struct {
	// Line is the row's line number in the file (the header is line 1).
	Line                                           int
	SKU, Name, NameNe, Category, Price, OfferPrice string
	Weight, Stock, Description, DescriptionNe      string
	VATExempt, Image                               string
	// SoldBy is "weight", "unit" or empty, and Step the grams of a step of goods sold by weight.
	SoldBy, Step string
	// Family and Size make the product one pack size of a family; empty, a product keeps its own.
	Family, Size string
	// Photo is where the photo Image names is kept, set by the caller once it found it in the ZIP
	// of photos and checked it: the product's new first photo. Left empty, Image must name the
	// first photo the product has.
	Photo string
	// Err is a fault the caller found in the row (its photo), or one in the row's text.
	Err error
}

// ImportOutcome is what an import does with one row, or why it cannot (Err).
type ImportOutcome struct {
	Line   int
	SKU    string
	Action string
	Err    error
}

// ImportResult is every row's outcome and how many products the import adds and updates.
type ImportResult struct {
	Rows           []ImportOutcome
	Added, Updated int
}

// OK reports whether every row of the import is good.
func (r *ImportResult) OK() bool {
	return !slices.ContainsFunc(r.Rows, func(o ImportOutcome) bool { return o.Err != nil })
}

// ReadProductCSV reads the rows of a product CSV: UTF-8, with or without a byte order mark, a
// header row naming its columns (ProductColumns), then one product a row. A fault of the whole
// file is the error; a fault of one row is that row's Err, and so is a SKU that another row has too.
func ReadProductCSV(r io.Reader) ([]ImportRow, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxImportBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxImportBytes {
		return nil, Errorf(EINVALID, "The CSV file must be at most %d MB", MaxImportBytes>>20)
	}
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	if !utf8.Valid(data) {
		return nil, Errorf(EINVALID, "The CSV file must be saved as UTF-8")
	}
	cr := csv.NewReader(bytes.NewReader(data))
	cr.FieldsPerRecord = -1
	header, err := cr.Read()
	if err == io.EOF {
		return nil, Errorf(EINVALID, "The CSV file is empty")
	} else if err != nil {
		return nil, csvError(err)
	}
	at := map[string]int{}
	for i, name := range header {
		col := slices.IndexFunc(ProductColumns, func(c string) bool { return strings.EqualFold(c, strings.TrimSpace(name)) })
		if col < 0 {
			return nil, Errorf(EINVALID, "Unknown column %q; the columns are %s", name, strings.Join(ProductColumns, ", "))
		}
		if _, twice := at[ProductColumns[col]]; twice {
			return nil, Errorf(EINVALID, "The column %s appears twice", ProductColumns[col])
		}
		at[ProductColumns[col]] = i
	}
	for _, c := range requiredColumns {
		if _, ok := at[c]; !ok {
			return nil, Errorf(EINVALID, "The CSV has no %s column", c)
		}
	}
	var rows []ImportRow
	firstOf := map[string]int{}
	for {
		record, err := cr.Read()
		if err == io.EOF {
			break
		} else if err != nil {
			return nil, csvError(err)
		}
		if len(rows) == MaxImportRows {
			return nil, Errorf(EINVALID, "An import may have at most %d products", MaxImportRows)
		}
		line, _ := cr.FieldPos(0)
		cell := func(c string) string {
			if i, ok := at[c]; ok && i < len(record) {
				return spreadsheetText(strings.TrimSpace(record[i]))
			}
			return ""
		}
		row := ImportRow{Line: line, SKU: cell("sku"), Name: cell("name"), NameNe: cell("nameNe"), Category: cell("category"),
			Price: cell("price"), OfferPrice: cell("offerPrice"), Weight: cell("weight"), Stock: cell("stock"),
			Description: cell("description"), DescriptionNe: cell("descriptionNe"), VATExempt: cell("vatExempt"), Image: cell("image"),
			SoldBy: cell("soldBy"), Step: cell("step"), Family: cell("family"), Size: cell("size")}
		if len(record) != len(header) {
			row.Err = Errorf(EINVALID, "The row has %d columns; the header has %d", len(record), len(header))
		}
		if key := SKUKey(row.SKU); key != "" {
			if first, ok := firstOf[key]; ok && row.Err == nil {
				row.Err = Errorf(EINVALID, "SKU %s is on line %d too", row.SKU, first)
			} else if !ok {
				firstOf[key] = line
			}
		}
		rows = append(rows, row)
	}
	if len(rows) == 0 {
		return nil, Errorf(EINVALID, "The CSV has no products")
	}
	return rows, nil
}

// csvError is the error of a CSV that encoding/csv cannot read.
func csvError(err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return Errorf(EINVALID, "The CSV cannot be read at line %d", pe.Line)
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

// SKUKey is the form of a SKU that two products may not share: trimmed, in lower case.
func SKUKey(sku string) string { return strings.ToLower(strings.TrimSpace(sku)) }

// Product returns the product the row makes, checked as the product form's is (Validate):
// existing, when the row's SKU names it, with the row's fields, or else a new product, on sale,
// pictured by its category's image when the row has no photo. An empty vatExempt keeps an existing
// product's and gives a new one its category's (DefaultVATExempt); an empty stock counts no units;
// an empty soldBy or step keeps an existing product's and sells a new one by the unit. The row's
// offer price is the everyday one; a sale the existing product has stays.
func (row *ImportRow) Product(existing *Product) (Product, error) {
	if row.Err != nil {
		return Product{}, row.Err
	}
	if row.SKU == "" {
		return Product{}, Errorf(EINVALID, "SKU is required to import a product")
	}
	var p Product
	if existing != nil {
		// The row sets the everyday offer price; a sale the product has stays.
		p = existing.Unpriced()
		p.Image = slices.Clone(p.Image)
	} else {
		p = Product{StockOn: true, VATExempt: DefaultVATExempt(CanonicalCategory(row.Category))}
	}
	p.SKU, p.Name, p.NameNe, p.Category, p.Weight = row.SKU, row.Name, row.NameNe, Category(row.Category), row.Weight
	p.Description = strings.Split(row.Description, DescriptionSeparator)
	p.DescriptionNe = strings.Split(row.DescriptionNe, DescriptionSeparator)
	var err error
	if p.Price, err = ParseAmount(row.Price, "Price"); err != nil {
		return p, err
	}
	if p.OfferPrice, err = ParseAmount(row.OfferPrice, "Offer price"); err != nil {
		return p, err
	}
	if p.Stock, err = ParseStock(row.Stock); err != nil {
		return p, err
	}
	p.InStock = p.Available()
	if row.SoldBy != "" {
		if p.SoldBy, err = ParseSoldBy(row.SoldBy); err != nil {
			return p, err
		}
		if !p.ByWeight() {
			p.Step = 0
		}
	}
	if row.Step != "" {
		if p.Step, err = ParseStep(row.Step); err != nil {
			return p, err
		}
	}
	if row.Family != "" {
		p.Family = row.Family
	}
	if row.Size != "" {
		p.Size = row.Size
	}
	switch strings.ToLower(row.VATExempt) {
	case "":
	case "true", "yes", "1":
		p.VATExempt = true
	case "false", "no", "0":
		p.VATExempt = false
	default:
		return p, Errorf(EINVALID, "%s must be true or false", "vatExempt")
	}
	switch {
	case row.Photo != "" && len(p.Image) > 0:
		p.Image[0] = row.Photo
	case row.Photo != "":
		p.Image = []string{row.Photo}
	case row.Image != "" && (len(p.Image) == 0 || path.Base(p.Image[0]) != row.Image):
		return p, Errorf(EINVALID, "Photo %s is not in the ZIP of photos", row.Image)
	case len(p.Image) == 0:
		p.Image = []string{CategoryImage(CanonicalCategory(row.Category))}
	}
	return p, p.Validate()
}

// PlanImport checks every row of an import (Product) and returns the products to store, new ones
// without an ID, in the rows' order, with the outcome of each row. bySKU finds the product a SKU
// names, if any.
func PlanImport(rows []ImportRow, bySKU func(key string) *Product) ([]Product, *ImportResult) {
	result := &ImportResult{Rows: make([]ImportOutcome, len(rows))}
	products := make([]Product, 0, len(rows))
	for i := range rows {
		row := &rows[i]
		existing := bySKU(SKUKey(row.SKU))
		o := ImportOutcome{Line: row.Line, SKU: row.SKU, Action: ImportAdd}
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

// WriteProductCSV writes products as a product CSV (ProductColumns), UTF-8 with a byte order mark
// so that spreadsheets show Nepali text as it is: prices as decimals in the store's currency, the
// lines of a description joined by DescriptionSeparator, and as image the file name of the first
// photo. A cell a spreadsheet would read as a formula starts with an apostrophe (SpreadsheetCell),
// which the import takes off again: imported again, the file changes nothing.
func WriteProductCSV(w io.Writer, products []Product) error {
	if _, err := io.WriteString(w, "\uFEFF"); err != nil {
		return err
	}
	cw := csv.NewWriter(w)
	if err := cw.Write(ProductColumns); err != nil {
		return err
	}
	for _, p := range products {
		stock, image, soldBy, step := "", "", string(soldByUnit), ""
		if p.Stock != nil {
			stock = strconv.Itoa(*p.Stock)
		}
		if p.ByWeight() {
			soldBy, step = string(SoldByWeight), strconv.Itoa(p.Step)
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

// ParseAmount reads an amount a seller typed, as the product form and the import take prices
// (label names it in the message).
func ParseAmount(v, label string) (Money, error) {
	if strings.TrimSpace(v) == "" {
		return 0, Errorf(EINVALID, "%s is required", label)
	}
	m, err := ParseMoney(v)
	if err != nil {
		return 0, Errorf(EINVALID, "%s must be a number with at most 2 decimals", label)
	}
	return m, nil
}

// categoryImages name the storefront's picture of each category (web/src/lib/catalogue.ts).
var categoryImages = map[Category]string{
	"Vegetables": "rayo-saag", "Fruits": "suntala", "Drinks": "apple-juice", "Instant": "wai-wai",
	"Dairy": "milk", "Bakery": "bread", "Grains": "jumla-rice",
}

// CategoryImage is where the storefront's picture of category c is served: the photo of an
// imported product that came without one.
func CategoryImage(c Category) string {
	return "/media/catalogue/" + categoryImages[c] + ".webp"
}
