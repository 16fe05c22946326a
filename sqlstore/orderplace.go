package sqlstore

// Placing an order: its shopper's limits counted, the order written with its items and bill, and
// numbered as the write commits.

import (
	"context"
	"database/sql"
	"encoding/json"
	"strings"
	"time"

	"haat"
)

// PlaceOrder stores an order the checkout priced (haat.PriceOrder) for the request o, in one
// write that does only what must happen inside it: the shopper's limits are counted (checkLimits),
// the order is written with its bill, its request key kept, its slot's place and its counted units
// taken, each with a conditional update, and it is numbered as the write commits. A cash order
// empties the user's cart; an online order awaits payment (its units held for it meanwhile) and
// keeps the cart until it is paid.
//
// An order asked with a request key keeps the key in its write: a key the user sent before places
// nothing (see underKey).
func (d *DB) PlaceOrder(ctx context.Context, valid haat.ValidOrder, order *haat.Order) (*haat.Order, error) {
	o := valid.NewOrder()
	err := d.underKey(ctx, o.UserID, o.Key, func() error {
		return d.placeOrder(ctx, o, order)
	})
	if _, used := haat.FirstUse(err); used {
		return nil, err
	} else if err != nil {
		return nil, wrap("place order", err)
	}
	return order, nil
}

// placeOrder writes the order o asks for (see PlaceOrder).
func (d *DB) placeOrder(ctx context.Context, o haat.NewOrder, order *haat.Order) error {
	order.ID = newID()
	return d.inTx(ctx, func(tx *Tx) error {
		if err := checkLimits(ctx, tx, o); err != nil {
			return err
		}
		// Placed when written, and promised from then.
		order.Place(tx.now)
		if err := insertOrder(ctx, tx, order); err != nil {
			return err
		}
		if o.Key != nil {
			if err := insertKey(ctx, tx, o.UserID, *o.Key, order.ID); err != nil {
				return err
			}
		}
		if err := takeSlot(ctx, tx, order); err != nil {
			return err
		}
		// An order of products that count no units has nothing to take, and on PostgreSQL skips
		// a round trip that would hold up its whole batch.
		if order.CountsStock() {
			if err := takeStock(ctx, tx, order.ID); err != nil {
				return err
			}
		}
		if err := useCoupon(ctx, tx, order); err != nil {
			return err
		}
		if order.CreditUsed > 0 {
			if err := spendCredit(ctx, tx, o.UserID, order.CreditUsed, order.ID); err != nil {
				return err
			}
		}
		if err := apply(ctx, tx, order, nil, order.Placed()); err != nil {
			return err
		}
		// Numbered when the transaction commits (numberOrders).
		tx.numbered = append(tx.numbered, order)
		return nil
	})
}

// orderFacts reads what the order o asks for is checked and priced against (haat.OrderFacts), as
// this transaction sees it.
func orderFacts(ctx context.Context, tx *Tx, o haat.NewOrder) (haat.OrderFacts, error) {
	var f haat.OrderFacts
	var err error
	if f.Addresses, err = findAddresses(ctx, tx, AddressFilter{ID: &o.AddressID, UserID: &o.UserID}); err != nil {
		return f, err
	}
	ids := make([]string, len(o.Lines))
	for i, l := range o.Lines {
		ids[i] = l.ProductID
	}
	if f.Products, err = productsByID(ctx, tx, ids); err != nil {
		return f, err
	}
	if f.Settings, err = storeSettings(ctx, tx); err != nil {
		return f, err
	}
	f.Slots, err = currentSlots(ctx, tx)
	return f, err
}

// unpaidCond holds for the online orders that are not paid and may still be: awaiting payment, or
// whose payment failed.
const unpaidCond = `(o.payment_type = 'Online' AND o.is_paid = FALSE AND o.status IN ('Awaiting Payment', 'Payment Failed'))`

// checkLimits counts the shopper's orders as the write placing o sees them, its batch's earlier
// orders included, and refuses o past the shopper's limits (NewOrder.CheckLimits). The count is
// part of the write, so orders racing on any number of servers cannot pass a limit together. A
// cash order without an hourly limit has nothing to count.
func checkLimits(ctx context.Context, tx *Tx, o haat.NewOrder) error {
	if o.PerHour <= 0 && o.PaymentType != haat.PaymentOnline {
		return nil
	}
	since := tx.now.Add(-time.Hour).UnixMilli()
	var c haat.OrderCounts
	var first sql.NullInt64
	err := tx.QueryRowContext(ctx, `SELECT COALESCE(SUM(CASE WHEN o.created_at >= $2 THEN 1 ELSE 0 END), 0),
		MIN(CASE WHEN o.created_at >= $2 THEN o.created_at END), COALESCE(SUM(CASE WHEN `+unpaidCond+` THEN 1 ELSE 0 END), 0)
		FROM orders o WHERE o.user_id = $1 AND (o.created_at >= $2 OR `+unpaidCond+`)`, o.UserID, since).Scan(&c.LastHour, &first, &c.Unpaid)
	if err != nil {
		return err
	}
	if first.Valid {
		c.FirstInHour = fromMillis(first.Int64)
	}
	return o.CheckLimits(c, tx.now)
}

// orderAddressColumns are the order's copy of the address it was placed with, as addressColumns
// after the ids: editing or deleting the saved address later changes no order.
const orderAddressColumns = `address_first_name, address_last_name, address_email, address_street, address_city, address_state,
	address_zipcode, address_country, address_phone, address_district, address_ward, address_landmark`

// insertOrder stores an order with its items, its bill and a copy of its address, without its
// number yet (numberOrders gives it). Each item keeps the name, category, pictures and price its product has now, and the
// order every figure of its bill: correcting or archiving the product, or changing the store's
// rules, later changes no order.
func insertOrder(ctx context.Context, tx *Tx, order *haat.Order) error {
	b := order.Bill
	adjustments, err := json.Marshal(b.Adjustments)
	if err != nil {
		return err
	}
	var coupon any
	if order.Coupon != nil {
		c, err := json.Marshal(order.Coupon)
		if err != nil {
			return err
		}
		coupon = string(c)
	}
	a := order.Address
	// On PostgreSQL the order takes its number as it is written (see numberOrders); on SQLite it
	// is numbered with the others of its batch.
	number := `NULL`
	if tx.dialect == Postgres {
		if err := tx.send(ctx, `UPDATE counters SET value = value + 1 WHERE name = 'order_number'`); err != nil {
			return err
		}
		number = `(SELECT value FROM counters WHERE name = 'order_number')`
	}
	if err := tx.send(ctx, `INSERT INTO orders (id, number, user_id, address_id, amount, currency, delivery_fee, tax_rule, payment_type, status, is_paid, created_at, updated_at,
		subtotal, tax, taxable, exempt, adjustments, promised_by, credit_used, to_pay, replaces, coupon, `+orderAddressColumns+`)
		VALUES ($1, `+number+`, `+placeholders(2, 33)+`)`, order.ID, order.UserID, a.ID, b.Total,
		order.Currency, b.DeliveryFee, b.TaxRule, order.PaymentType, order.Status, order.IsPaid, order.CreatedAt.UnixMilli(), order.UpdatedAt.UnixMilli(),
		b.Subtotal, b.Tax, b.Taxable, b.Exempt, string(adjustments), millisOrNil(order.PromisedBy), order.CreditUsed, order.ToPay, nullable(order.Replaces), coupon,
		a.FirstName, a.LastName, a.Email, a.Street, a.City, a.State, a.Zipcode, a.Country, a.Phone, a.District, a.Ward, a.Landmark); err != nil {
		return err
	}
	if len(order.Items) == 0 {
		return nil
	}
	billed, err := order.BilledLines()
	if err != nil {
		return err
	}
	// One statement for all the items.
	const columns = 15
	var q strings.Builder
	q.WriteString(`INSERT INTO order_items (order_id, position, product_id, unit_price, quantity,
		product_name, product_category, product_images, product_name_ne, vat_exempt, amount, step, substitute, product_size, billed) VALUES `)
	args := make([]any, 0, columns*len(order.Items))
	for i, it := range order.Items {
		images, _ := json.Marshal(it.Product.Image)
		if i > 0 {
			q.WriteString(", ")
		}
		q.WriteString("(" + placeholders(len(args)+1, columns) + ")")
		args = append(args, order.ID, i, it.Product.ID, it.Product.OfferPrice, it.Quantity, it.Product.Name, it.Product.Category,
			string(images), it.Product.NameNe, it.Product.VATExempt, b.Lines[i], it.Product.Step, it.Substitute, it.Product.Size, billed[i])
	}
	return tx.send(ctx, q.String(), args...)
}

// numberOrders gives the orders placed in a transaction the next numbers, in the order they were
// placed, as the last statements before the commit. The counter row stays locked until the
// commit, so numbers follow each other without gaps and no two orders share one, whichever server
// places them.
//
// On PostgreSQL each order took its number as it was written (insertOrder), and the counter was
// moved on with it: numbering afterwards would write each order's row a second time, with every
// index of orders (its trigram index among them). What is left is to read where the counter
// stands: the orders of the transaction have the numbers before it, in turn. On SQLite the
// numbers are given here, in one statement: the order search's index (migration 0056's trigger)
// then takes their names in one go and writes them to disk once, not once an order (a savepoint
// of the writer's, one an order, writes what that index holds).
func numberOrders(ctx context.Context, tx *Tx, orders []*haat.Order) error {
	if len(orders) == 0 {
		return nil
	}
	var last int64
	if tx.dialect == Postgres {
		if err := tx.QueryRowContext(ctx, `SELECT value FROM counters WHERE name = 'order_number'`).Scan(&last); err != nil {
			return err
		}
		for i, o := range orders {
			o.Number = last - int64(len(orders)-1-i)
		}
		return nil
	}
	if err := tx.QueryRowContext(ctx, `UPDATE counters SET value = value + $1 WHERE name = 'order_number' RETURNING value`,
		len(orders)).Scan(&last); err != nil {
		return err
	}
	first := last - int64(len(orders)) + 1
	for i, o := range orders {
		o.Number = first + int64(i)
	}
	var q strings.Builder
	q.WriteString(`UPDATE orders SET number = v.column2 FROM (VALUES `)
	args := make([]any, 0, 2*len(orders))
	for i, o := range orders {
		if i > 0 {
			q.WriteString(", ")
		}
		q.WriteString("(" + placeholders(len(args)+1, 2) + ")")
		args = append(args, o.ID, o.Number)
	}
	q.WriteString(`) AS v WHERE orders.id = v.column1`)
	_, err := tx.ExecContext(ctx, q.String(), args...)
	return err
}

// millisOrNil is a time as a column keeps it: Unix milliseconds, NULL for none.
func millisOrNil(t *time.Time) any {
	if t == nil {
		return nil
	}
	return t.UnixMilli()
}
