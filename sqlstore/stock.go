package sqlstore

import (
	"context"
	"database/sql"

	"haat"
)

// Stock counts. A product whose stock is counted (products.stock not NULL) has that many units
// for sale. An order line takes its units from the count when the order is placed or its payment
// starts, and records them in order_items.stock_taken; they go back when the order is cancelled
// or its payment fails. Each change of a count is one conditional UPDATE of the product's row, so
// orders placed at the same moment on any number of servers never take more than there is:
// PostgreSQL makes the second UPDATE wait for the first and checks its condition again, and
// SQLite runs one writing transaction at a time.

// stockLine is a line of an order whose units are taken from, or given back to, a count.
type stockLine struct {
	position  int
	productID string
	quantity  int
}

// takeStock takes from the counts the units of the order's lines that hold none yet. A count too
// small refuses the whole order with the product's CheckStock message.
func takeStock(ctx context.Context, tx *Tx, orderID string) error {
	lines, err := stockLines(ctx, tx, `SELECT i.position, i.product_id, i.quantity
		FROM order_items i JOIN products p ON p.id = i.product_id
		WHERE i.order_id = $1 AND i.stock_taken = 0 AND p.stock IS NOT NULL
		ORDER BY i.product_id`, orderID)
	if err != nil {
		return err
	}
	// Lines go in product order, so two orders that take the same products lock their rows in
	// the same order and never wait for each other in a circle.
	for _, l := range lines {
		res, err := writeProducts(ctx, tx, `UPDATE products SET stock = stock - $1 WHERE id = $2 AND stock >= $1`, l.quantity, l.productID)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return tooFew(ctx, tx, l)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE order_items SET stock_taken = $1 WHERE order_id = $2 AND position = $3`,
			l.quantity, orderID, l.position); err != nil {
			return err
		}
	}
	return nil
}

// tooFew explains why the line's units could not be taken: the count as it is now.
func tooFew(ctx context.Context, tx *Tx, l stockLine) error {
	p, err := findProduct(ctx, tx, l.productID)
	if err != nil {
		return err
	}
	if err := p.CheckStock(l.quantity); err != nil {
		return err
	}
	// The count stopped being kept meanwhile: no units to take.
	return nil
}

// returnStock gives the units the order's lines took back to their counts; a product whose count
// is no longer kept takes nothing back.
func returnStock(ctx context.Context, tx *Tx, orderID string) error {
	lines, err := stockLines(ctx, tx, `SELECT position, product_id, stock_taken FROM order_items
		WHERE order_id = $1 AND stock_taken > 0 ORDER BY product_id`, orderID)
	if err != nil {
		return err
	}
	for _, l := range lines {
		if _, err := writeProducts(ctx, tx, `UPDATE products SET stock = stock + $1 WHERE id = $2 AND stock IS NOT NULL`,
			l.quantity, l.productID); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE order_items SET stock_taken = 0 WHERE order_id = $1 AND position = $2`,
			orderID, l.position); err != nil {
			return err
		}
	}
	sent, err := stockLines(ctx, tx, `SELECT position, sent_product_id, sent_stock_taken FROM order_items
		WHERE order_id = $1 AND sent_stock_taken > 0 ORDER BY sent_product_id`, orderID)
	if err != nil {
		return err
	}
	for _, l := range sent {
		if err := returnSent(ctx, tx, orderID, l); err != nil {
			return err
		}
	}
	return nil
}

// stockLines reads the lines a query selects as position, product id and a quantity.
func stockLines(ctx context.Context, tx *Tx, query string, orderID string) ([]stockLine, error) {
	rows, err := tx.QueryContext(ctx, query, orderID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var lines []stockLine
	for rows.Next() {
		var l stockLine
		if err := rows.Scan(&l.position, &l.productID, &l.quantity); err != nil {
			return nil, err
		}
		lines = append(lines, l)
	}
	return lines, rows.Err()
}

// Substitutes sent at packing come off the shelf: a kept substitute of a product whose stock is
// counted takes its units (haat.Sent.Units) from the count, as many as the count holds (the packer
// had them in hand), and records them in order_items.sent_stock_taken; a substitute refused, or an
// order cancelled, gives them back.

// settleSent takes or gives back the units of the substitute sent for the order's item at position,
// as sent (nil for none) says: taken once while it is kept, given back once it is not.
func settleSent(ctx context.Context, tx *Tx, orderID string, position int, sent *haat.Sent) error {
	var taken int
	var productID sql.NullString
	if err := tx.QueryRowContext(ctx, `SELECT sent_stock_taken, sent_product_id FROM order_items WHERE order_id = $1 AND position = $2`,
		orderID, position).Scan(&taken, &productID); err != nil {
		return err
	}
	keep := sent != nil && sent.Kept()
	switch {
	case keep && taken == 0 && !productID.Valid:
		n, err := takeUpTo(ctx, tx, sent.Product.ID, sent.Units())
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE order_items SET sent_product_id = $1, sent_stock_taken = $2 WHERE order_id = $3 AND position = $4`,
			sent.Product.ID, n, orderID, position)
		return err
	case !keep && taken > 0:
		return returnSent(ctx, tx, orderID, stockLine{position: position, productID: productID.String, quantity: taken})
	}
	return nil
}

// takeUpTo takes up to units from the product's count, as many as it holds, and answers how many
// it took; none from a product whose stock is not counted. The conditional update is tried again
// when another operation changed the count in between.
func takeUpTo(ctx context.Context, tx *Tx, productID string, units int) (int, error) {
	for range 3 {
		var stock sql.NullInt64
		if err := tx.QueryRowContext(ctx, `SELECT stock FROM products WHERE id = $1`, productID).Scan(&stock); err != nil {
			return 0, err
		}
		n := min(int(stock.Int64), units)
		if !stock.Valid || n <= 0 {
			return 0, nil
		}
		res, err := writeProducts(ctx, tx, `UPDATE products SET stock = stock - $1 WHERE id = $2 AND stock = $3`, n, productID, stock.Int64)
		if err != nil {
			return 0, err
		}
		if k, err := res.RowsAffected(); err != nil || k == 1 {
			return n, err
		}
	}
	return 0, nil
}

// returnSent gives the units a substitute took (l: its item's position, product and units) back
// to the product's count.
func returnSent(ctx context.Context, tx *Tx, orderID string, l stockLine) error {
	if _, err := writeProducts(ctx, tx, `UPDATE products SET stock = stock + $1 WHERE id = $2 AND stock IS NOT NULL`,
		l.quantity, l.productID); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, `UPDATE order_items SET sent_stock_taken = 0 WHERE order_id = $1 AND position = $2`, orderID, l.position)
	return err
}
