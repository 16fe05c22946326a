package sqlstore

import (
	"context"

	"haat"
	"haat/stockalert"
)

// onSaleNow holds for the products shoppers can buy now: haat.Product.Available, for a row of
// products p, archived ones left out.
const onSaleNow = `p.archived = FALSE AND p.in_stock = TRUE AND (p.stock IS NULL OR p.stock > 0)`

// WatchProduct records, or forgets, a user's wish to be told when a product is back.
func (d *DB) WatchProduct(ctx context.Context, userID, productID string, watch bool) (*haat.Product, error) {
	var product *haat.Product
	err := d.inTx(ctx, func(tx *Tx) (err error) {
		if product, err = findProduct(ctx, tx, productID); err != nil {
			return err
		}
		if !watch {
			_, err = tx.ExecContext(ctx, `DELETE FROM stock_alerts WHERE user_id = $1 AND product_id = $2`, userID, productID)
			return err
		}
		if err := product.CheckAlert(); err != nil {
			return err
		}
		// Asking again while waiting changes nothing; asking again after being told waits anew.
		_, err = tx.ExecContext(ctx, `INSERT INTO stock_alerts (user_id, product_id, created_at) VALUES ($1, $2, $3)
			ON CONFLICT (user_id, product_id) DO UPDATE SET created_at = excluded.created_at, notified_at = NULL`,
			userID, productID, tx.now.UnixMilli())
		return err
	})
	if err != nil {
		return nil, wrap("watch product", err)
	}
	return product, nil
}

// UserAlerts returns the user's alerts, the products back on sale first, then newest first.
func (d *DB) UserAlerts(ctx context.Context, userID string) ([]stockalert.Alert, error) {
	return lookup(ctx, d, "user alerts", func(tx *Tx) ([]stockalert.Alert, error) {
		rows, err := tx.QueryContext(ctx, `SELECT a.product_id FROM stock_alerts a JOIN products p ON p.id = a.product_id
			WHERE a.user_id = $1 AND p.archived = FALSE
			ORDER BY CASE WHEN `+onSaleNow+` THEN 0 ELSE 1 END, a.created_at DESC, a.product_id`, userID)
		if err != nil {
			return nil, err
		}
		ids, err := scanStrings(rows)
		if err != nil {
			return nil, err
		}
		byID, err := productsByID(ctx, tx, ids)
		if err != nil {
			return nil, err
		}
		alerts := make([]stockalert.Alert, 0, len(ids))
		for _, id := range ids {
			if p, ok := byID[id]; ok {
				alerts = append(alerts, stockalert.Alert{Product: p, Back: p.Available()})
			}
		}
		return alerts, nil
	})
}
