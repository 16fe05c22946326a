package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"haat"
)

const productColumns = `id, name, category, price, offer_price, images, description, weight, in_stock, created_at`

type scanner interface{ Scan(dest ...any) error }

func scanProduct(s scanner) (haat.Product, error) {
	var p haat.Product
	var images, description string
	var created int64
	if err := s.Scan(&p.ID, &p.Name, &p.Category, &p.Price, &p.OfferPrice, &images, &description, &p.Weight, &p.InStock, &created); err != nil {
		return p, err
	}
	if err := json.Unmarshal([]byte(images), &p.Image); err != nil {
		return p, fmt.Errorf("images of %s: %w", p.ID, err)
	}
	if err := json.Unmarshal([]byte(description), &p.Description); err != nil {
		return p, fmt.Errorf("description of %s: %w", p.ID, err)
	}
	p.CreatedAt = fromMillis(created)
	return p, nil
}

// ProductExists reports whether the catalogue has a product with id, in stock or not.
func (d *DB) ProductExists(ctx context.Context, id string) (bool, error) {
	var n int
	if err := d.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM products WHERE id = $1`, id).Scan(&n); err != nil {
		return false, fmt.Errorf("sqlstore: product exists: %w", err)
	}
	return n > 0, nil
}

// Products returns every product, newest first.
func (d *DB) Products(ctx context.Context) ([]haat.Product, error) {
	rows, err := d.db.QueryContext(ctx, `SELECT `+productColumns+` FROM products ORDER BY created_at DESC, id DESC`)
	if err != nil {
		return nil, fmt.Errorf("sqlstore: products: %w", err)
	}
	defer rows.Close()
	products := []haat.Product{}
	for rows.Next() {
		p, err := scanProduct(rows)
		if err != nil {
			return nil, fmt.Errorf("sqlstore: products: %w", err)
		}
		products = append(products, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlstore: products: %w", err)
	}
	return products, nil
}

// CreateProduct validates and stores a product.
func (d *DB) CreateProduct(ctx context.Context, p *haat.Product) error {
	if err := p.Validate(); err != nil {
		return err
	}
	p.ID, p.CreatedAt = newID(), d.Now().UTC()
	if err := insertProduct(ctx, d.db, p); err != nil {
		return fmt.Errorf("sqlstore: create product: %w", err)
	}
	return nil
}

type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

func insertProduct(ctx context.Context, db execer, p *haat.Product) error {
	images, _ := json.Marshal(p.Image)
	description, _ := json.Marshal(p.Description)
	_, err := db.ExecContext(ctx, `INSERT INTO products (`+productColumns+`) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
		p.ID, p.Name, p.Category, p.Price, p.OfferPrice, string(images), string(description), p.Weight, p.InStock, p.CreatedAt.UnixMilli())
	return err
}

// SetInStock switches a product's stock flag.
func (d *DB) SetInStock(ctx context.Context, id string, inStock bool) error {
	res, err := d.db.ExecContext(ctx, `UPDATE products SET in_stock = $1 WHERE id = $2`, inStock, id)
	if err != nil {
		return fmt.Errorf("sqlstore: set in stock: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return haat.Errorf(haat.ENOTFOUND, "Product not found")
	}
	return nil
}

// SeedCatalogue inserts products the first time the store starts empty, and reports whether it did.
// A marker row makes this happen once, even when several servers start together.
func (d *DB) SeedCatalogue(ctx context.Context, products []haat.Product) (bool, error) {
	seeded := false
	err := d.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO store_meta (key, value) VALUES ('catalogue_seeded', $1) ON CONFLICT (key) DO NOTHING`,
			d.Now().UTC().Format("2006-01-02T15:04:05Z"))
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		var count int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM products`).Scan(&count); err != nil || count > 0 {
			return err
		}
		// Seeded products get descending times so the list keeps the catalogue's order.
		base := d.Now().UTC()
		for i := range products {
			p := products[i]
			if err := p.Validate(); err != nil {
				return fmt.Errorf("catalogue product %q: %w", p.Name, err)
			}
			p.ID = newID()
			p.CreatedAt = base.Add(-time.Duration(i) * time.Millisecond)
			if err := insertProduct(ctx, tx, &p); err != nil {
				return err
			}
		}
		seeded = true
		return nil
	})
	if err != nil {
		return false, fmt.Errorf("sqlstore: seed catalogue: %w", err)
	}
	return seeded, nil
}
