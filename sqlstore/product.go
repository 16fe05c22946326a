package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"haat"
	"haat/productcsv"
)

const productColumns = `id, name, category, price, offer_price, images, description, weight, in_stock, stock, created_at, archived, name_ne, description_ne, vat_exempt, sku, step, family, size, sale_price, sale_start, sale_end`

type scanner interface{ Scan(dest ...any) error }

// scanProduct reads a product's row (productColumns) and prices it at now, the time of the
// operation that reads it (haat.Product.At): whoever reads a product gets the price of that moment.
func scanProduct(s scanner, now time.Time) (haat.Product, error) {
	var p haat.Product
	var images, description, descriptionNe string
	var created int64
	var stock, salePrice, saleStart, saleEnd sql.NullInt64
	if err := s.Scan(&p.ID, &p.Name, &p.Category, &p.Price, &p.OfferPrice, &images, &description, &p.Weight, &p.StockOn, &stock, &created, &p.Archived, &p.NameNe, &descriptionNe, &p.VATExempt, &p.SKU, &p.Step, &p.Family, &p.Size,
		&salePrice, &saleStart, &saleEnd); err != nil {
		return p, err
	}
	if salePrice.Valid && saleStart.Valid && saleEnd.Valid {
		p.Sale = &haat.Sale{Price: haat.Money(salePrice.Int64), Start: fromMillis(saleStart.Int64), End: fromMillis(saleEnd.Int64)}
	}
	p = p.At(now)
	p.Stock = intOrNil(stock)
	p.InStock = p.Available()
	if p.Step > 0 {
		p.SoldBy = haat.SoldByWeight
	}
	if err := json.Unmarshal([]byte(images), &p.Image); err != nil {
		return p, fmt.Errorf("images of %s: %w", p.ID, err)
	}
	if err := json.Unmarshal([]byte(description), &p.Description); err != nil {
		return p, fmt.Errorf("description of %s: %w", p.ID, err)
	}
	if err := json.Unmarshal([]byte(descriptionNe), &p.DescriptionNe); err != nil {
		return p, fmt.Errorf("Nepali description of %s: %w", p.ID, err)
	}
	if len(p.DescriptionNe) == 0 {
		p.DescriptionNe = nil
	}
	p.CreatedAt = fromMillis(created)
	return p, nil
}

// linesJSON stores lines of text as a JSON array; none is "[]".
func linesJSON(lines []string) string {
	if len(lines) == 0 {
		return "[]"
	}
	b, _ := json.Marshal(lines)
	return string(b)
}

// ProductFilter selects products for findProducts; a field left nil or zero selects any.
type ProductFilter struct {
	ID *string
	// IDs, when not nil, selects the products with these ids (none when it is empty).
	IDs []string
	// OnSale selects only the products that are not archived.
	OnSale bool
	Limit  int
}

// ProductExists reports whether a product with id is on sale, in stock or not.
func (d *DB) ProductExists(ctx context.Context, id string) (bool, error) {
	return lookup(ctx, d, "product exists", func(tx *Tx) (bool, error) {
		found, err := findProducts(ctx, tx, ProductFilter{ID: &id, OnSale: true})
		return len(found) > 0, err
	})
}

// Products returns the products on sale, newest first.
func (d *DB) Products(ctx context.Context) ([]haat.Product, error) {
	return lookup(ctx, d, "products", func(tx *Tx) ([]haat.Product, error) {
		return findProducts(ctx, tx, ProductFilter{OnSale: true})
	})
}

// SellerProducts returns every product, archived ones too, newest first, with the units online
// orders awaiting payment hold and the demo catalogue's marked.
func (d *DB) SellerProducts(ctx context.Context) ([]haat.Product, error) {
	page, err := d.SellerProductPage(ctx, haat.SellerProductFilter{Sort: haat.SortNewest}, 0)
	if err != nil {
		return nil, err
	}
	return page.Products, nil
}

// heldUnits counts, by product, the units of online orders awaiting payment.
func heldUnits(ctx context.Context, tx *Tx) (map[string]int, error) {
	rows, err := tx.QueryContext(ctx, `SELECT i.product_id, SUM(i.quantity) FROM order_items i JOIN orders o ON o.id = i.order_id
		WHERE o.payment_type = $1 AND o.is_paid = FALSE AND o.status = $2 GROUP BY i.product_id`, haat.PaymentOnline, haat.StatusAwaitingPayment)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	held := map[string]int{}
	for rows.Next() {
		var id string
		var n int
		if err := rows.Scan(&id, &n); err != nil {
			return nil, err
		}
		held[id] = n
	}
	return held, rows.Err()
}

// Product returns the product with id, archived or not, or ENOTFOUND.
func (d *DB) Product(ctx context.Context, id string) (*haat.Product, error) {
	return lookup(ctx, d, "product", func(tx *Tx) (*haat.Product, error) {
		return findProduct(ctx, tx, id)
	})
}

// ProductsByID returns the products with these ids that exist, archived ones included, by id.
func (d *DB) ProductsByID(ctx context.Context, ids []string) (map[string]haat.Product, error) {
	return lookup(ctx, d, "products", func(tx *Tx) (map[string]haat.Product, error) { return productsByID(ctx, tx, ids) })
}

// findProducts returns the products the filter selects, newest first.
func findProducts(ctx context.Context, tx *Tx, f ProductFilter) ([]haat.Product, error) {
	var w where
	addIf(&w, `id = ?`, f.ID)
	if f.IDs != nil {
		w.in(`id`, f.IDs)
	}
	if f.OnSale {
		w.add(`archived = FALSE`)
	}
	rows, err := tx.QueryContext(ctx, `SELECT `+productColumns+` FROM products`+w.String()+
		` ORDER BY created_at DESC, id DESC`+limit(f.Limit), w.args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	products := []haat.Product{}
	for rows.Next() {
		p, err := scanProduct(rows, tx.now)
		if err != nil {
			return nil, err
		}
		products = append(products, p)
	}
	return products, rows.Err()
}

// CreateProduct validates and stores a product.
func (d *DB) CreateProduct(ctx context.Context, p *haat.Product) error {
	if err := p.Validate(); err != nil {
		return err
	}
	err := d.inTx(ctx, func(tx *Tx) error {
		p.ID, p.CreatedAt = newID(), tx.now
		return insertProduct(ctx, tx, p)
	})
	return wrap("create product", err)
}

func insertProduct(ctx context.Context, tx *Tx, p *haat.Product) error {
	images, _ := json.Marshal(p.Image)
	description, _ := json.Marshal(p.Description)
	salePrice, saleStart, saleEnd := saleColumns(p.Sale)
	_, err := writeProducts(ctx, tx, `INSERT INTO products (`+productColumns+`, sku_key) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23)`,
		p.ID, p.Name, p.Category, p.Price, p.EverydayOfferPrice(), string(images), string(description), p.Weight, p.StockOn, p.Stock, p.CreatedAt.UnixMilli(), p.Archived,
		p.NameNe, linesJSON(p.DescriptionNe), p.VATExempt, p.SKU, p.Step, p.Family, p.Size, salePrice, saleStart, saleEnd, skuKey(p.SKU))
	p.InStock = p.Available()
	if err == nil {
		*p = p.At(tx.now)
	}
	return skuTaken(p.SKU, err)
}

// saleColumns are the sale_price, sale_start and sale_end columns of a product with sale: NULL
// when it has none.
func saleColumns(sale *haat.Sale) (price, start, end any) {
	if sale == nil {
		return nil, nil, nil
	}
	return int64(sale.Price), sale.Start.UnixMilli(), sale.End.UnixMilli()
}

// skuKey is the sku_key column of a product with sku: NULL when it has none.
func skuKey(sku string) any {
	if key := haat.SKUKey(sku); key != "" {
		return key
	}
	return nil
}

// skuTaken turns a write refused for a SKU another product has into the error the seller sees.
func skuTaken(sku string, err error) error {
	if err != nil && isUniqueViolation(err) && sku != "" {
		return haat.Errorf(haat.ECONFLICT, "Another product has the SKU %s", sku)
	}
	return err
}

// UpdateProduct validates and stores a product's name, description, category, prices, weight
// and images, and its stock count when withStock is set; its stock switch, archived flag and
// creation time stay as stored. p is then the product as stored.
func (d *DB) UpdateProduct(ctx context.Context, p *haat.Product, withStock bool) error {
	if err := p.Validate(); err != nil {
		return err
	}
	err := d.inTx(ctx, func(tx *Tx) error {
		if err := updateProduct(ctx, tx, p, withStock); err != nil {
			return err
		}
		stored, err := findProduct(ctx, tx, p.ID)
		if err == nil {
			*p = *stored
		}
		return err
	})
	return wrap("update product", err)
}

// updateProduct stores a validated product's fields, its stock count too when withStock is set,
// or answers ENOTFOUND.
func updateProduct(ctx context.Context, tx *Tx, p *haat.Product, withStock bool) error {
	images, _ := json.Marshal(p.Image)
	description, _ := json.Marshal(p.Description)
	salePrice, saleStart, saleEnd := saleColumns(p.Sale)
	res, err := writeProducts(ctx, tx, `UPDATE products SET name = $1, category = $2, price = $3, offer_price = $4, images = $5,
		description = $6, weight = $7, name_ne = $8, description_ne = $9, vat_exempt = $10, sku = $11, sku_key = $12, step = $13, family = $14, size = $15,
		sale_price = $16, sale_start = $17, sale_end = $18 WHERE id = $19`,
		p.Name, p.Category, p.Price, p.EverydayOfferPrice(), string(images), string(description), p.Weight, p.NameNe, linesJSON(p.DescriptionNe), p.VATExempt,
		p.SKU, skuKey(p.SKU), p.Step, p.Family, p.Size, salePrice, saleStart, saleEnd, p.ID)
	if err != nil {
		return skuTaken(p.SKU, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errProductNotFound
	}
	if withStock {
		if _, err := writeProducts(ctx, tx, `UPDATE products SET stock = $1 WHERE id = $2`, p.Stock, p.ID); err != nil {
			return err
		}
	}
	return nil
}

// ImportProducts checks the rows of an import against the catalogue (productcsv.PlanImport) and, with
// apply set and every row good, stores them in one transaction: new products get descending
// times, so that the list, newest first, keeps the file's order.
func (d *DB) ImportProducts(ctx context.Context, rows []haat.ImportRow, apply bool) (*haat.ImportResult, error) {
	var result *haat.ImportResult
	plan := func(tx *Tx) ([]haat.Product, error) {
		existing, err := productsBySKU(ctx, tx)
		if err != nil {
			return nil, err
		}
		var products []haat.Product
		products, result = productcsv.PlanImport(rows, func(key string) *haat.Product { return existing[key] })
		return products, nil
	}
	if !apply {
		_, err := lookup(ctx, d, "plan import", plan)
		return result, err
	}
	err := d.inTx(ctx, func(tx *Tx) error {
		products, err := plan(tx)
		if err != nil || !result.OK() {
			return err
		}
		for i := range products {
			p := &products[i]
			if p.ID != "" {
				err = updateProduct(ctx, tx, p, true)
			} else {
				p.ID, p.CreatedAt = newID(), tx.now.Add(-time.Duration(i)*time.Millisecond)
				err = insertProduct(ctx, tx, p)
			}
			if err != nil {
				return err
			}
		}
		return nil
	})
	return result, wrap("import products", err)
}

// productsBySKU returns the products that have a SKU, archived ones too, by haat.SKUKey.
func productsBySKU(ctx context.Context, tx *Tx) (map[string]*haat.Product, error) {
	rows, err := tx.QueryContext(ctx, `SELECT `+productColumns+` FROM products WHERE sku_key IS NOT NULL`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	bySKU := map[string]*haat.Product{}
	for rows.Next() {
		p, err := scanProduct(rows, tx.now)
		if err != nil {
			return nil, err
		}
		bySKU[haat.SKUKey(p.SKU)] = &p
	}
	return bySKU, rows.Err()
}

// SetArchived takes a product off sale, or puts an archived one back on sale. Carts keep it
// meanwhile (the storefront shows it as no longer sold), and get it back with the product.
func (d *DB) SetArchived(ctx context.Context, id string, archived bool) error {
	return d.setProductFlag(ctx, "archived", id, archived)
}

// SetInStock switches a product's stock flag.
func (d *DB) SetInStock(ctx context.Context, id string, inStock bool) error {
	return d.setProductFlag(ctx, "in_stock", id, inStock)
}

// setProductFlag sets one of a product's flags (column: in_stock or archived), or answers ENOTFOUND.
func (d *DB) setProductFlag(ctx context.Context, column, id string, v bool) error {
	err := d.inTx(ctx, func(tx *Tx) error {
		res, err := writeProducts(ctx, tx, `UPDATE products SET `+column+` = $1 WHERE id = $2`, v, id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return errProductNotFound
		}
		return nil
	})
	return wrap("set "+column, err)
}

// SeedCatalogue inserts products the first time the store starts empty, and reports whether it did.
// A marker row makes this happen once, even when several servers start together.
func (d *DB) SeedCatalogue(ctx context.Context, products []haat.Product) (bool, error) {
	seeded := false
	err := d.inTx(ctx, func(tx *Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO store_meta (key, value) VALUES ('catalogue_seeded', $1) ON CONFLICT (key) DO NOTHING`,
			tx.now.Format("2006-01-02T15:04:05Z"))
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		if some, err := findProducts(ctx, tx, ProductFilter{Limit: 1}); err != nil || len(some) > 0 {
			return err
		}
		if err := insertCatalogue(ctx, tx, products); err != nil {
			return err
		}
		seeded = true
		return nil
	})
	if err != nil {
		return false, fmt.Errorf("sqlstore: seed catalogue: %w", err)
	}
	return seeded, nil
}

// insertCatalogue stores the products of the catalogue, marked as the demo's. They get descending
// times, so that the list, newest first, keeps the catalogue's order.
func insertCatalogue(ctx context.Context, tx *Tx, products []haat.Product) error {
	for i := range products {
		p := products[i]
		if err := p.Validate(); err != nil {
			return fmt.Errorf("catalogue product %q: %w", p.Name, err)
		}
		p.ID = newID()
		p.CreatedAt = tx.now.Add(-time.Duration(i) * time.Millisecond)
		if err := insertProduct(ctx, tx, &p); err != nil {
			return err
		}
		if _, err := writeProducts(ctx, tx, `UPDATE products SET demo = TRUE WHERE id = $1`, p.ID); err != nil {
			return err
		}
	}
	return nil
}

// findProduct returns the product with id, archived or not, or ENOTFOUND.
func findProduct(ctx context.Context, tx *Tx, id string) (*haat.Product, error) {
	found, err := findProducts(ctx, tx, ProductFilter{ID: &id, Limit: 1})
	return first(found, err, errProductNotFound)
}

// productsByID returns the products with the given ids, archived or not, by id.
func productsByID(ctx context.Context, tx *Tx, ids []string) (map[string]haat.Product, error) {
	products, err := findProducts(ctx, tx, ProductFilter{IDs: ids})
	if err != nil {
		return nil, err
	}
	byID := make(map[string]haat.Product, len(products))
	for _, p := range products {
		byID[p.ID] = p
	}
	return byID, nil
}

// scanStrings reads rows of one text column and closes them.
func scanStrings(rows *sql.Rows) ([]string, error) {
	defer rows.Close()
	var list []string
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		list = append(list, v)
	}
	return list, rows.Err()
}

// intOrNil is a nullable column's number, or nil for NULL.
func intOrNil(v sql.NullInt64) *int {
	if !v.Valid {
		return nil
	}
	n := int(v.Int64)
	return &n
}

// errProductNotFound answers a lookup that found nothing.
var errProductNotFound = haat.Errorf(haat.ENOTFOUND, "Product not found")
