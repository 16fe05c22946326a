package sqlstore

// Reading orders: the filters that select them, the shopper's and the seller's lists and pages,
// and each order read with its address, items, bill, refunds and history.

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"time"

	"haat"
)

// OrderFilter selects orders for findOrders; a field left nil or zero selects any.
type OrderFilter struct {
	ID     *string
	UserID *string
	Number *int64
	// SellerHandles selects only the orders a seller handles: cash orders, paid online orders,
	// and online orders with money to give back.
	SellerHandles bool
	// Before selects the orders placed before the order with this id (keyset paging: orders
	// placed while the seller pages do not shift the pages).
	Before *string
	Status *haat.OrderStatus
	Paid   *bool
	// RiderID selects the orders given to this rider that are still to deliver (Packed or Out for
	// Delivery), and with DeliveredSince those they delivered since then.
	RiderID        *string
	DeliveredSince *time.Time
	// Search selects the orders with the number SearchNumber, or whose address's first name, last
	// name, full name or phone contains Search, in any case.
	Search       *string
	SearchNumber *int64
	// PlacedFrom and PlacedBefore select the orders placed at or after, and before, a time.
	PlacedFrom   *time.Time
	PlacedBefore *time.Time
	// SlotDay and SlotWindow select the orders to deliver on a day, and in a window of it.
	SlotDay    *string
	SlotWindow *string
	Limit      int
}

// sellerFilter is the filter of the orders the seller handles that f selects.
func sellerFilter(f haat.SellerOrderFilter) OrderFilter {
	of := OrderFilter{SellerHandles: true, Paid: f.Paid}
	if f.Status != "" {
		of.Status = &f.Status
	}
	if f.Before != "" {
		of.Before = &f.Before
	}
	if f.Search != "" {
		of.Search = &f.Search
		if n, ok := f.SearchNumber(); ok {
			of.SearchNumber = &n
		}
	}
	if !f.From.IsZero() {
		of.PlacedFrom = &f.From
	}
	if !f.To.IsZero() {
		of.PlacedBefore = &f.To
	}
	if f.SlotDay != "" {
		of.SlotDay = &f.SlotDay
	}
	if f.SlotWindow != "" {
		of.SlotWindow = &f.SlotWindow
	}
	return of
}

// UserOrders returns a user's orders, newest first.
func (d *DB) UserOrders(ctx context.Context, userID string) ([]haat.Order, error) {
	return d.findOrders(ctx, OrderFilter{UserID: &userID})
}

// UserOrderPage returns up to limit (0: every one) of a user's orders placed before their order
// with the id before (from the newest when empty), newest first, and whether older ones remain;
// an id that is not one of the user's orders answers none.
func (d *DB) UserOrderPage(ctx context.Context, userID, before string, limit int) ([]haat.Order, bool, error) {
	f := OrderFilter{UserID: &userID}
	if before != "" {
		f.Before = &before
	}
	return d.orderPage(ctx, f, limit)
}

// UserOrder returns one order of a user, or ENOTFOUND.
func (d *DB) UserOrder(ctx context.Context, userID, orderID string) (*haat.Order, error) {
	return d.findOrder(ctx, OrderFilter{UserID: &userID, ID: &orderID})
}

// SellerOrders returns up to limit of the orders the seller handles that sf selects, newest
// first, and whether older ones remain.
func (d *DB) SellerOrders(ctx context.Context, sf haat.SellerOrderFilter, limit int) ([]haat.Order, bool, error) {
	return d.orderPage(ctx, sellerFilter(sf), limit)
}

// orderPage returns up to limit of the orders f selects, newest first, and whether older ones
// remain: it reads one more than the page to know. A limit of 0 returns every one.
func (d *DB) orderPage(ctx context.Context, f OrderFilter, limit int) ([]haat.Order, bool, error) {
	if limit > 0 {
		f.Limit = limit + 1
	}
	orders, err := d.findOrders(ctx, f)
	if err != nil {
		return nil, false, err
	}
	if limit > 0 && len(orders) > limit {
		return orders[:limit], true, nil
	}
	return orders, false, nil
}

// EachSellerOrder calls fn with every order the seller handles that sf selects, newest first. It
// reads them d.eachBatch at a time, each batch in its own short read, so a long export holds no
// transaction open while fn writes.
func (d *DB) EachSellerOrder(ctx context.Context, sf haat.SellerOrderFilter, fn func(haat.Order) error) error {
	f := sellerFilter(sf)
	f.Limit = d.eachBatch
	for {
		orders, err := d.findOrders(ctx, f)
		if err != nil {
			return err
		}
		for _, o := range orders {
			if err := fn(o); err != nil {
				return err
			}
		}
		if len(orders) < f.Limit {
			return nil
		}
		f.Before = &orders[len(orders)-1].ID
	}
}

// SellerOrderByNumber returns the order the seller handles with that number, or ENOTFOUND.
func (d *DB) SellerOrderByNumber(ctx context.Context, number int64) (*haat.Order, error) {
	o, err := d.findOrder(ctx, OrderFilter{SellerHandles: true, Number: &number})
	if haat.ErrorCode(err) == haat.ENOTFOUND {
		return nil, haat.Errorf(haat.ENOTFOUND, "No order with that number")
	}
	return o, err
}

// findOrders reads the orders the filter selects, outside any write.
func (d *DB) findOrders(ctx context.Context, f OrderFilter) ([]haat.Order, error) {
	return lookup(ctx, d, "orders", func(tx *Tx) ([]haat.Order, error) { return findOrders(ctx, tx, f) })
}

// findOrder reads the order the filter selects, outside any write, or ENOTFOUND.
func (d *DB) findOrder(ctx context.Context, f OrderFilter) (*haat.Order, error) {
	return lookup(ctx, d, "order", func(tx *Tx) (*haat.Order, error) { return findOrder(ctx, tx, f) })
}

// sellerHandles selects the order with id if the seller handles it.
func sellerHandles(id string) OrderFilter { return OrderFilter{ID: &id, SellerHandles: true} }

// sellerHandlesCond holds for the orders a seller handles: cash orders, paid online orders, and
// online orders with money to give back.
const sellerHandlesCond = `(` + placedCond + `
	OR EXISTS (SELECT 1 FROM payment_attempts r WHERE r.order_id = o.id AND r.refund <> ''))`

// placedCond holds for the orders that are placed: cash orders, and online orders once paid.
const placedCond = `(o.payment_type = 'COD' OR o.is_paid = TRUE)`

// findOrder returns the order the filter selects, or ENOTFOUND.
func findOrder(ctx context.Context, tx *Tx, f OrderFilter) (*haat.Order, error) {
	f.Limit = 1
	orders, err := findOrders(ctx, tx, f)
	return first(orders, err, errOrderNotFound)
}

// findOrders returns the orders the filter selects, newest first, with their address, items,
// bill as it was placed and refunds.
func findOrders(ctx context.Context, tx *Tx, f OrderFilter) ([]haat.Order, error) {
	orders, err := scanOrders(ctx, tx, f)
	if err != nil || len(orders) == 0 {
		return orders, err
	}
	index := make(map[string]int, len(orders))
	ids := make([]string, len(orders))
	for i, o := range orders {
		index[o.ID], ids[i] = i, o.ID
	}
	if err := attachItems(ctx, tx, orders, index, ids); err != nil {
		return nil, fmt.Errorf("order items: %w", err)
	}
	if err := attachRefunds(ctx, tx, orders, index, ids); err != nil {
		return nil, fmt.Errorf("order refunds: %w", err)
	}
	if err := attachEvents(ctx, tx, orders, index, ids); err != nil {
		return nil, fmt.Errorf("order events: %w", err)
	}
	for i := range orders {
		// The bill as it was placed; its lines are the items' amounts, read with them.
		if err := orders[i].SetBill(orders[i].Bill); err != nil {
			return nil, fmt.Errorf("order %s bill: %w", orders[i].ID, err)
		}
		orders[i].SettleOffers(tx.now)
	}
	return orders, nil
}

// scanOrders reads the orders the filter selects with the address they were placed with, newest
// first.
func scanOrders(ctx context.Context, tx *Tx, f OrderFilter) ([]haat.Order, error) {
	var w where
	addIf(&w, `o.id = ?`, f.ID)
	addIf(&w, `o.user_id = ?`, f.UserID)
	addIf(&w, `o.number = ?`, f.Number)
	if f.SellerHandles {
		w.add(sellerHandlesCond)
	}
	placedBefore := f.PlacedBefore
	if f.Before != nil {
		// The orders placed before the order with this id, by (created_at, id). Its time is read
		// first, so that one bound on created_at leads the walk of the orders: with the end of a
		// date filter leading instead, each page of an export would walk again every order of the
		// pages before it. A shopper's cursor is one of their own orders: another's, like an
		// unknown one, answers none, and tells nothing of when it was placed.
		var at int64
		cursor, args := `SELECT created_at FROM orders WHERE id = $1`, []any{*f.Before}
		if f.UserID != nil {
			cursor, args = cursor+` AND user_id = $2`, append(args, *f.UserID)
		}
		err := tx.QueryRowContext(ctx, cursor, args...).Scan(&at)
		if errors.Is(err, sql.ErrNoRows) {
			return []haat.Order{}, nil
		} else if err != nil {
			return nil, err
		}
		// Of the two ends, the earlier is the bound: the orders placed before the other all pass it.
		if placedBefore == nil || placedBefore.UnixMilli() > at {
			w.add(`o.created_at <= ? AND (o.created_at < ? OR o.id < ?)`, at, at, *f.Before)
			placedBefore = nil
		}
	}
	addIf(&w, `o.status = ?`, f.Status)
	addIf(&w, `o.is_paid = ?`, f.Paid)
	if f.RiderID != nil {
		since := int64(math.MaxInt64)
		if f.DeliveredSince != nil {
			since = f.DeliveredSince.UnixMilli()
		}
		w.add(`o.rider_id = ? AND (o.status IN (?, ?) OR o.status = ? AND o.updated_at >= ?)`, *f.RiderID,
			haat.StatusPacked, haat.StatusOutForDelivery, haat.StatusDelivered, since)
	}
	addIf(&w, `o.slot_day = ?`, f.SlotDay)
	addIf(&w, `o.slot_window = ?`, f.SlotWindow)
	if f.PlacedFrom != nil {
		w.add(`o.created_at >= ?`, f.PlacedFrom.UnixMilli())
	}
	if placedBefore != nil {
		w.add(`o.created_at < ?`, placedBefore.UnixMilli())
	}
	if f.Search != nil {
		if err := addSearch(ctx, tx, &w, *f.Search, f.SearchNumber); err != nil {
			return nil, err
		}
	}
	rows, err := tx.QueryContext(ctx, `SELECT o.id, o.number, o.user_id, o.amount, o.credit_used, o.currency, o.delivery_fee, o.tax_rule, o.payment_type, o.status, o.is_paid, o.test_payment, o.created_at, o.updated_at,
		o.subtotal, o.tax, o.taxable, o.exempt, o.adjustments, o.slot_day, o.slot_window, o.slot_start, o.slot_end,
		COALESCE(o.rider_id, ''), o.rider_name, o.rider_phone, o.handover_code, o.handover_tries, COALESCE(o.proof, ''), o.promised_by, COALESCE(o.replaces, ''), COALESCE(o.coupon, ''), o.address_id, o.user_id, `+orderAddressColumns+`
		FROM orders o`+w.String()+` ORDER BY o.created_at DESC, o.id DESC`+limit(f.Limit), w.args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	orders := []haat.Order{}
	for rows.Next() {
		var o haat.Order
		var created, updated int64
		var slot haat.OrderSlot
		var window, adjustments, proof, coupon string
		var rider haat.OrderRider
		var promisedBy sql.NullInt64
		b := &o.Bill
		dest := append([]any{&o.ID, &o.Number, &o.UserID, &b.Total, &o.CreditUsed, &o.Currency, &b.DeliveryFee, &b.TaxRule, &o.PaymentType, &o.Status, &o.IsPaid, &o.TestPayment, &created, &updated,
			&b.Subtotal, &b.Tax, &b.Taxable, &b.Exempt, &adjustments, &slot.Day, &window, &slot.Start, &slot.End,
			&rider.ID, &rider.Name, &rider.Phone, &o.HandoverCode, &o.HandoverTries, &proof, &promisedBy, &o.Replaces, &coupon}, addressFields(&o.Address)...)
		if err := rows.Scan(dest...); err != nil {
			return nil, err
		}
		if rider.ID != "" {
			o.Rider = &rider
		}
		if promisedBy.Valid {
			o.PromisedBy = new(fromMillis(promisedBy.Int64))
		}
		if proof != "" {
			o.Proof = &haat.Proof{}
			if err := json.Unmarshal([]byte(proof), o.Proof); err != nil {
				return nil, fmt.Errorf("order %s proof: %w", o.ID, err)
			}
		}
		if err := json.Unmarshal([]byte(adjustments), &b.Adjustments); err != nil {
			return nil, fmt.Errorf("order %s adjustments: %w", o.ID, err)
		}
		b.Discount = haat.DiscountOf(b.Adjustments)
		if coupon != "" {
			o.Coupon = &haat.OrderCoupon{}
			if err := json.Unmarshal([]byte(coupon), o.Coupon); err != nil {
				return nil, fmt.Errorf("order %s coupon: %w", o.ID, err)
			}
		}
		b.Lines = []haat.Money{}
		if slot.Day != "" {
			slot.ID = haat.SlotID(slot.Day, window)
			o.Slot = &slot
		}
		o.CreatedAt, o.UpdatedAt = fromMillis(created), fromMillis(updated)
		o.Items = []haat.OrderItem{}
		orders = append(orders, o)
	}
	return orders, rows.Err()
}

// attachItems reads the items of orders, whose positions index holds by id, as they were placed.
func attachItems(ctx context.Context, tx *Tx, orders []haat.Order, index map[string]int, ids []string) error {
	var w where
	w.in(`order_id`, ids)
	rows, err := tx.QueryContext(ctx, `SELECT order_id, product_id, product_name, product_category, product_images, unit_price, quantity, product_name_ne, vat_exempt, amount, step, packed_quantity, packed_grams, substitute, product_size, sent
		FROM order_items`+w.String()+` ORDER BY order_id, position`, w.args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var orderID, images string
		var it haat.OrderItem
		var amount haat.Money
		var packedQuantity, packedGrams sql.NullInt64
		var sent sql.NullString
		if err := rows.Scan(&orderID, &it.Product.ID, &it.Product.Name, &it.Product.Category, &images,
			&it.Product.OfferPrice, &it.Quantity, &it.Product.NameNe, &it.Product.VATExempt, &amount, &it.Product.Step,
			&packedQuantity, &packedGrams, &it.Substitute, &it.Product.Size, &sent); err != nil {
			return err
		}
		if packedQuantity.Valid {
			it.Packed = &haat.Packed{Quantity: int(packedQuantity.Int64), Grams: int(packedGrams.Int64)}
		}
		if sent.Valid && it.Packed != nil {
			if err := json.Unmarshal([]byte(sent.String), &it.Packed.Substitute); err != nil {
				return err
			}
		}
		if it.Product.Step > 0 {
			it.Product.SoldBy = haat.SoldByWeight
		}
		if err := json.Unmarshal([]byte(images), &it.Product.Image); err != nil {
			return err
		}
		if i, ok := index[orderID]; ok {
			orders[i].Items = append(orders[i].Items, it)
			orders[i].Bill.Lines = append(orders[i].Bill.Lines, amount)
		}
	}
	return rows.Err()
}

// attachRefunds reads the refunds of orders, whose positions index holds by id.
func attachRefunds(ctx context.Context, tx *Tx, orders []haat.Order, index map[string]int, ids []string) error {
	var w where
	w.add(`refund <> ''`)
	w.in(`order_id`, ids)
	rows, err := tx.QueryContext(ctx, `SELECT order_id, id, provider, COALESCE(reference, ''), COALESCE(refund_amount, amount), currency, refund, refund_reference
		FROM payment_attempts`+w.String()+` ORDER BY order_id, created_at, id`, w.args...)
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
	if err := rows.Err(); err != nil {
		return err
	}
	rows.Close()
	if err := attachPartRefunds(ctx, tx, orders, index, ids); err != nil {
		return err
	}
	for i := range orders {
		orders[i].Refund = haat.RefundState(orders[i].Refunds)
	}
	return nil
}

// errOrderNotFound answers a lookup that found nothing.
var errOrderNotFound = haat.Errorf(haat.ENOTFOUND, "Order not found")
