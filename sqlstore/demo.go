package sqlstore

import (
	"context"

	"haat/catalogue"
)

// DemoProducts counts the demo products still on sale.
func (d *DB) DemoProducts(ctx context.Context) (int, error) {
	return lookup(ctx, d, "demo products", func(tx *Tx) (int, error) {
		var n int
		err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM products WHERE demo = TRUE AND archived = FALSE`).Scan(&n)
		return n, err
	})
}

// RemoveDemoProducts deletes the demo products no order names, with the shoppers' carts' and
// wishes' hold on them, and archives (and unmarks) those an order names, which it keeps showing.
// Their images are the catalogue's, served with the storefront, not uploads: none is deleted.
func (d *DB) RemoveDemoProducts(ctx context.Context) (catalogue.DemoRemoval, error) {
	var r catalogue.DemoRemoval
	err := d.inTx(ctx, func(tx *Tx) error {
		const ordered = `EXISTS (SELECT 1 FROM order_items i WHERE i.product_id = products.id)`
		res, err := writeProducts(ctx, tx, `UPDATE products SET archived = TRUE, demo = FALSE WHERE demo = TRUE AND `+ordered)
		if err != nil {
			return err
		}
		n, _ := res.RowsAffected()
		r.Archived = int(n)
		if _, err := tx.ExecContext(ctx, `DELETE FROM stock_alerts WHERE product_id IN (SELECT id FROM products WHERE demo = TRUE)`); err != nil {
			return err
		}
		if res, err = writeProducts(ctx, tx, `DELETE FROM products WHERE demo = TRUE`); err != nil {
			return err
		}
		n, _ = res.RowsAffected()
		r.Deleted = int(n)
		return nil
	})
	if err != nil {
		return catalogue.DemoRemoval{}, wrap("remove demo products", err)
	}
	return r, nil
}
