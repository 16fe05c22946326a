package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"haat"
)

// PlaceOrder prices an order from the store's own prices and stores it. The address must be the
// user's and every product must exist and be in stock. A cash order empties the user's cart.
func (d *DB) PlaceOrder(ctx context.Context, o haat.NewOrder) (*haat.Order, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	order := &haat.Order{
		ID: newID(), UserID: o.UserID, PaymentType: o.PaymentType,
		Status: haat.StatusOrderPlaced, CreatedAt: d.Now().UTC(),
	}
	err := d.inTx(ctx, func(tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx, `SELECT `+addressColumns+` FROM addresses WHERE id = $1 AND user_id = $2`,
			o.AddressID, o.UserID).Scan(addressFields(&order.Address)...)
		if errors.Is(err, sql.ErrNoRows) {
			return haat.Errorf(haat.ENOTFOUND, "Address not found")
		} else if err != nil {
			return err
		}

		ids := make([]any, len(o.Lines))
		for i, l := range o.Lines {
			ids[i] = l.ProductID
		}
		rows, err := tx.QueryContext(ctx, `SELECT `+productColumns+` FROM products WHERE id IN (`+placeholders(1, len(ids))+`)`, ids...)
		if err != nil {
			return err
		}
		products := make(map[string]haat.Product, len(ids))
		for rows.Next() {
			p, err := scanProduct(rows)
			if err != nil {
				rows.Close()
				return err
			}
			products[p.ID] = p
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}

		var subtotal haat.Money
		for _, l := range o.Lines {
			p, ok := products[l.ProductID]
			if !ok {
				return haat.Errorf(haat.ENOTFOUND, "Product not found")
			}
			if !p.InStock {
				return haat.Errorf(haat.EINVALID, "%s is out of stock", p.Name)
			}
			subtotal += p.OfferPrice * haat.Money(l.Quantity)
			order.Items = append(order.Items, haat.OrderItem{Quantity: l.Quantity, Product: haat.OrderProduct{
				ID: p.ID, Name: p.Name, Category: p.Category, OfferPrice: p.OfferPrice, Image: p.Image,
			}})
		}
		order.Amount = haat.OrderAmount(subtotal)

		if _, err := tx.ExecContext(ctx, `INSERT INTO orders (id, user_id, address_id, amount, payment_type, status, is_paid, created_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, order.ID, order.UserID, order.Address.ID, order.Amount,
			order.PaymentType, order.Status, order.IsPaid, order.CreatedAt.UnixMilli()); err != nil {
			return err
		}
		for i, it := range order.Items {
			if _, err := tx.ExecContext(ctx, `INSERT INTO order_items (order_id, position, product_id, unit_price, quantity)
				VALUES ($1, $2, $3, $4, $5)`, order.ID, i, it.Product.ID, it.Product.OfferPrice, it.Quantity); err != nil {
				return err
			}
		}
		if o.PaymentType == haat.PaymentCOD {
			if _, err := tx.ExecContext(ctx, `DELETE FROM cart_items WHERE user_id = $1`, o.UserID); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		if haat.ErrorCode(err) != haat.EINTERNAL {
			return nil, err
		}
		return nil, fmt.Errorf("sqlstore: place order: %w", err)
	}
	return order, nil
}

// UserOrders returns a user's orders, newest first.
func (d *DB) UserOrders(ctx context.Context, userID string) ([]haat.Order, error) {
	return d.orders(ctx, `o.user_id = $1`, userID)
}

// SellerOrders returns cash orders and paid online orders, newest first.
func (d *DB) SellerOrders(ctx context.Context) ([]haat.Order, error) {
	return d.orders(ctx, `(o.payment_type = 'COD' OR o.is_paid = TRUE)`)
}

// orders loads the orders matching where, with their address and items, in two queries.
func (d *DB) orders(ctx context.Context, where string, args ...any) ([]haat.Order, error) {
	rows, err := d.db.QueryContext(ctx, `SELECT o.id, o.user_id, o.amount, o.payment_type, o.status, o.is_paid, o.created_at,
		a.id, a.user_id, a.first_name, a.last_name, a.email, a.street, a.city, a.state, a.zipcode, a.country, a.phone
		FROM orders o JOIN addresses a ON a.id = o.address_id
		WHERE `+where+` ORDER BY o.created_at DESC, o.id DESC`, args...)
	if err != nil {
		return nil, fmt.Errorf("sqlstore: orders: %w", err)
	}
	orders := []haat.Order{}
	index := map[string]int{}
	for rows.Next() {
		var o haat.Order
		var created int64
		dest := append([]any{&o.ID, &o.UserID, &o.Amount, &o.PaymentType, &o.Status, &o.IsPaid, &created}, addressFields(&o.Address)...)
		if err := rows.Scan(dest...); err != nil {
			rows.Close()
			return nil, fmt.Errorf("sqlstore: orders: %w", err)
		}
		o.CreatedAt = fromMillis(created)
		o.Items = []haat.OrderItem{}
		index[o.ID] = len(orders)
		orders = append(orders, o)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlstore: orders: %w", err)
	}
	if len(orders) == 0 {
		return orders, nil
	}

	rows, err = d.db.QueryContext(ctx, `SELECT i.order_id, p.id, p.name, p.category, p.images, i.unit_price, i.quantity
		FROM order_items i JOIN orders o ON o.id = i.order_id JOIN products p ON p.id = i.product_id
		WHERE `+where+` ORDER BY i.order_id, i.position`, args...)
	if err != nil {
		return nil, fmt.Errorf("sqlstore: order items: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var orderID, images string
		var it haat.OrderItem
		if err := rows.Scan(&orderID, &it.Product.ID, &it.Product.Name, &it.Product.Category, &images,
			&it.Product.OfferPrice, &it.Quantity); err != nil {
			return nil, fmt.Errorf("sqlstore: order items: %w", err)
		}
		if err := json.Unmarshal([]byte(images), &it.Product.Image); err != nil {
			return nil, fmt.Errorf("sqlstore: order items: %w", err)
		}
		if i, ok := index[orderID]; ok {
			orders[i].Items = append(orders[i].Items, it)
		}
	}
	return orders, rows.Err()
}
