package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"haat"
)

// PlaceOrder prices an order from the store's own prices and stores it. The address must be the
// user's and every product must exist and be in stock. A cash order empties the user's cart; an
// online order awaits payment and keeps the cart until it is paid.
func (d *DB) PlaceOrder(ctx context.Context, valid haat.ValidOrder) (*haat.Order, error) {
	o := valid.NewOrder()
	order := &haat.Order{
		ID: newID(), UserID: o.UserID, PaymentType: o.PaymentType,
		Status: haat.StatusOrderPlaced, CreatedAt: d.Now().UTC(),
	}
	if o.PaymentType == haat.PaymentOnline {
		order.Status = haat.StatusAwaitingPayment
	}
	order.UpdatedAt = order.CreatedAt
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

		// The counter row stays locked until the order commits, so numbers follow each other
		// without gaps and no two orders share one, whichever server places them.
		if err := tx.QueryRowContext(ctx, `UPDATE counters SET value = value + 1 WHERE name = 'order_number' RETURNING value`).
			Scan(&order.Number); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO orders (id, number, user_id, address_id, amount, payment_type, status, is_paid, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)`, order.ID, order.Number, order.UserID, order.Address.ID, order.Amount,
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
			if err := emptyCart(ctx, tx, o.UserID); err != nil {
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
	return d.orders(ctx, `o.user_id = $1`, 0, userID)
}

// UserOrder returns one order of a user, or ENOTFOUND.
func (d *DB) UserOrder(ctx context.Context, userID, orderID string) (*haat.Order, error) {
	orders, err := d.orders(ctx, `o.user_id = $1 AND o.id = $2`, 1, userID, orderID)
	if err != nil {
		return nil, err
	}
	if len(orders) == 0 {
		return nil, haat.Errorf(haat.ENOTFOUND, "Order not found")
	}
	return &orders[0], nil
}

// sellerVisible selects the orders a seller handles: cash orders, paid online orders, and online
// orders with money to give back.
const sellerVisible = `(o.payment_type = 'COD' OR o.is_paid = TRUE
	OR EXISTS (SELECT 1 FROM payment_attempts r WHERE r.order_id = o.id AND r.refund <> ''))`

// SellerOrders returns up to limit orders the seller handles, newest first, starting after the
// order before when it is given, and whether older ones remain.
func (d *DB) SellerOrders(ctx context.Context, before string, limit int) ([]haat.Order, bool, error) {
	where, args := sellerVisible, []any{}
	if before != "" {
		// Keyset paging: orders placed while the seller pages do not shift the pages.
		where += ` AND (o.created_at, o.id) < (SELECT created_at, id FROM orders WHERE id = $1)`
		args = append(args, before)
	}
	orders, err := d.orders(ctx, where, limit+1, args...)
	if err != nil {
		return nil, false, err
	}
	if len(orders) > limit {
		return orders[:limit], true, nil
	}
	return orders, false, nil
}

// SellerOrderByNumber returns the order the seller handles with that number, or ENOTFOUND.
func (d *DB) SellerOrderByNumber(ctx context.Context, number int64) (*haat.Order, error) {
	orders, err := d.orders(ctx, sellerVisible+` AND o.number = $1`, 1, number)
	if err != nil {
		return nil, err
	}
	if len(orders) == 0 {
		return nil, haat.Errorf(haat.ENOTFOUND, "No order with that number")
	}
	return &orders[0], nil
}

// sellerOrder returns one order the seller handles, or ENOTFOUND.
func (d *DB) sellerOrder(ctx context.Context, id string) (*haat.Order, error) {
	orders, err := d.orders(ctx, sellerVisible+` AND o.id = $1`, 1, id)
	if err != nil {
		return nil, err
	}
	if len(orders) == 0 {
		return nil, haat.Errorf(haat.ENOTFOUND, "Order not found")
	}
	return &orders[0], nil
}

// changeOrder applies a seller's change to an order: change checks the order as loaded and
// modifies it, and the write is guarded by the loaded status and paid flag. An order that
// someone else changed in between is loaded and checked again.
func (d *DB) changeOrder(ctx context.Context, id string, change func(*haat.Order) error) (*haat.Order, error) {
	for range 3 {
		o, err := d.sellerOrder(ctx, id)
		if err != nil {
			return nil, err
		}
		was := *o
		if err := change(o); err != nil {
			return nil, err
		}
		o.UpdatedAt = d.Now().UTC()
		changed := false
		err = d.inTx(ctx, func(tx *sql.Tx) error {
			res, err := tx.ExecContext(ctx, `UPDATE orders SET status = $1, is_paid = $2, updated_at = $3
				WHERE id = $4 AND status = $5 AND is_paid = $6`,
				o.Status, o.IsPaid, o.UpdatedAt.UnixMilli(), o.ID, was.Status, was.IsPaid)
			if err != nil {
				return err
			}
			if n, err := res.RowsAffected(); err != nil || n == 0 {
				return err
			}
			changed = true
			if o.Status == haat.StatusCancelled && o.IsPaid {
				// The shopper's money goes back: the payment is owed until the seller refunds it.
				_, err = tx.ExecContext(ctx, `UPDATE payment_attempts SET refund = $1 WHERE order_id = $2 AND state = $3 AND refund = ''`,
					haat.RefundDue, o.ID, haat.PaymentPaid)
			}
			return err
		})
		if err != nil {
			return nil, fmt.Errorf("sqlstore: change order: %w", err)
		}
		if changed {
			return d.sellerOrder(ctx, id)
		}
	}
	return nil, haat.Errorf(haat.ECONFLICT, "The order was changed meanwhile. Please try again.")
}

// SetOrderStatus moves an order the seller handles to status, if the order's rules allow it.
func (d *DB) SetOrderStatus(ctx context.Context, id string, status haat.OrderStatus) (*haat.Order, error) {
	return d.changeOrder(ctx, id, func(o *haat.Order) error {
		if err := o.CheckStatusChange(status); err != nil {
			return err
		}
		o.Status = status
		return nil
	})
}

// MarkOrderPaid records that a delivered cash order has been paid.
func (d *DB) MarkOrderPaid(ctx context.Context, id string) (*haat.Order, error) {
	return d.changeOrder(ctx, id, func(o *haat.Order) error {
		if err := o.CheckMarkPaid(); err != nil {
			return err
		}
		o.IsPaid = true
		return nil
	})
}

// orders loads up to limit orders matching where (all when limit is 0), newest first, with
// their address and items, in two queries.
func (d *DB) orders(ctx context.Context, where string, limit int, args ...any) ([]haat.Order, error) {
	query := `SELECT o.id, o.number, o.user_id, o.amount, o.payment_type, o.status, o.is_paid, o.test_payment, o.created_at, o.updated_at,
		a.id, a.user_id, a.first_name, a.last_name, a.email, a.street, a.city, a.state, a.zipcode, a.country, a.phone
		FROM orders o JOIN addresses a ON a.id = o.address_id
		WHERE ` + where + ` ORDER BY o.created_at DESC, o.id DESC`
	if limit > 0 {
		query += ` LIMIT ` + strconv.Itoa(limit)
	}
	rows, err := d.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("sqlstore: orders: %w", err)
	}
	orders := []haat.Order{}
	index := map[string]int{}
	for rows.Next() {
		var o haat.Order
		var created, updated int64
		dest := append([]any{&o.ID, &o.Number, &o.UserID, &o.Amount, &o.PaymentType, &o.Status, &o.IsPaid, &o.TestPayment, &created, &updated}, addressFields(&o.Address)...)
		if err := rows.Scan(dest...); err != nil {
			rows.Close()
			return nil, fmt.Errorf("sqlstore: orders: %w", err)
		}
		o.CreatedAt, o.UpdatedAt = fromMillis(created), fromMillis(updated)
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

	ids := make([]any, len(orders))
	for i, o := range orders {
		ids[i] = o.ID
	}
	rows, err = d.db.QueryContext(ctx, `SELECT i.order_id, p.id, p.name, p.category, p.images, i.unit_price, i.quantity
		FROM order_items i JOIN products p ON p.id = i.product_id
		WHERE i.order_id IN (`+placeholders(1, len(ids))+`) ORDER BY i.order_id, i.position`, ids...)
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
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlstore: order items: %w", err)
	}
	if err := d.orderRefunds(ctx, orders, index, ids); err != nil {
		return nil, fmt.Errorf("sqlstore: order refunds: %w", err)
	}
	return orders, nil
}

// orderRefunds loads the refunds of orders, whose positions index holds by id.
func (d *DB) orderRefunds(ctx context.Context, orders []haat.Order, index map[string]int, ids []any) error {
	rows, err := d.db.QueryContext(ctx, `SELECT order_id, id, provider, COALESCE(reference, ''), amount, currency, refund, refund_reference
		FROM payment_attempts WHERE refund <> '' AND order_id IN (`+placeholders(1, len(ids))+`) ORDER BY order_id, created_at, id`, ids...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var orderID string
		var r haat.Refund
		if err := rows.Scan(&orderID, &r.AttemptID, &r.Provider, &r.Reference, &r.Amount, &r.Currency, &r.State, &r.RefundReference); err != nil {
			return err
		}
		if i, ok := index[orderID]; ok {
			orders[i].Refunds = append(orders[i].Refunds, r)
		}
	}
	for i := range orders {
		orders[i].Refund = haat.RefundState(orders[i].Refunds)
	}
	return rows.Err()
}
