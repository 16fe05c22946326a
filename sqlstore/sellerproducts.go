package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"haat"
)

// productSorts are the orders of the seller's product list: the key each sorts by (an
// expression of a products row) and whether it runs down; ties go by id, the same way.
var productSorts = map[string]struct {
	key  string
	desc bool
}{
	haat.SortNewest:    {`created_at`, true},
	haat.SortName:      {`LOWER(name)`, false},
	haat.SortPrice:     {`offer_price`, false},
	haat.SortPriceDesc: {`offer_price`, true},
	// Products not counted come last: no count is more than the largest a count can be.
	haat.SortStock: {`COALESCE(stock, 9223372036854775807)`, false},
}

// SellerProductPage returns up to n (0: every one) of the products f (validated) selects, in its
// order, with the units online orders awaiting payment hold and the demo catalogue's marked,
// whether more come after them, how many f selects in all, and how many are on sale (of them the
// demo catalogue's) and archived.
func (d *DB) SellerProductPage(ctx context.Context, f haat.SellerProductFilter, n int) (*haat.SellerProductPage, error) {
	return lookup(ctx, d, "seller product page", func(tx *Tx) (*haat.SellerProductPage, error) {
		page := &haat.SellerProductPage{Products: []haat.Product{}}
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*), COALESCE(SUM(CASE WHEN archived THEN 1 ELSE 0 END), 0) FROM products`).
			Scan(&page.OnSale, &page.Archived); err != nil {
			return nil, err
		}
		page.OnSale -= page.Archived
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM products WHERE demo = TRUE AND archived = FALSE`).Scan(&page.DemoOnSale); err != nil {
			return nil, err
		}
		w := sellerProductWhere(f)
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM products`+w.String(), w.args...).Scan(&page.Total); err != nil {
			return nil, err
		}
		sort, known := productSorts[f.Sort]
		if !known {
			sort = productSorts[haat.SortNewest]
		}
		dir, op := ` ASC`, `>`
		if sort.desc {
			dir, op = ` DESC`, `<`
		}
		if f.Before != "" {
			// The products after the one with this id, by (key, id): its key is read first, and
			// bounds the walk of the list's index on one side.
			var at any
			err := tx.QueryRowContext(ctx, `SELECT `+sort.key+` FROM products WHERE id = $1`, f.Before).Scan(&at)
			if errors.Is(err, sql.ErrNoRows) {
				return page, nil
			} else if err != nil {
				return nil, err
			}
			w.add(sort.key+` `+op+`= ? AND (`+sort.key+` `+op+` ? OR id `+op+` ?)`, at, at, f.Before)
		}
		read := 0 // every one
		if n > 0 {
			read = n + 1 // one more than the page, to know whether more come
		}
		rows, err := tx.QueryContext(ctx, `SELECT `+productColumns+`, demo FROM products`+w.String()+
			` ORDER BY `+sort.key+dir+`, id`+dir+limit(read), w.args...)
		if err != nil {
			return nil, err
		}
		defer rows.Close()
		for rows.Next() {
			var demo bool
			p, err := scanProduct(withDemo{rows, &demo}, tx.now)
			if err != nil {
				return nil, err
			}
			p.Demo = demo
			page.Products = append(page.Products, p)
		}
		if err := rows.Err(); err != nil {
			return nil, err
		}
		if n > 0 && len(page.Products) > n {
			page.Products, page.More = page.Products[:n], true
		}
		held, err := heldUnits(ctx, tx)
		for i := range page.Products {
			page.Products[i].Held = held[page.Products[i].ID]
		}
		return page, err
	})
}

// withDemo reads a products row of productColumns followed by its demo mark, into demo.
type withDemo struct {
	rows *sql.Rows
	demo *bool
}

func (s withDemo) Scan(dest ...any) error { return s.rows.Scan(append(dest, s.demo)...) }

// sellerProductWhere is the condition of the products f selects, its cursor aside.
func sellerProductWhere(f haat.SellerProductFilter) *where {
	var w where
	if f.IDs != nil {
		w.in(`id`, f.IDs)
	}
	addIf(&w, `archived = ?`, f.Archived)
	if f.Category != "" {
		w.add(`category = ?`, f.Category)
	}
	if f.VATExempt {
		w.add(`vat_exempt = TRUE`)
	}
	// As haat.Product.Available reads the switch and the count.
	available := `(in_stock = TRUE AND (stock IS NULL OR stock > 0))`
	switch f.Stock {
	case haat.StockIn:
		w.add(available)
	case haat.StockOut:
		w.add(`NOT ` + available)
	case haat.StockLow:
		w.add(`stock IS NOT NULL AND stock <= ?`, haat.LowStock)
	}
	if f.Search != "" {
		like := "%" + likeEscaper.Replace(strings.ToLower(f.Search)) + "%"
		w.add(`(LOWER(name) LIKE ? ESCAPE '\' OR LOWER(name_ne) LIKE ? ESCAPE '\' OR LOWER(sku) LIKE ? ESCAPE '\')`, like, like, like)
	}
	return &w
}
