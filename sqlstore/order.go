package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

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
		if order.IsPaid {
			// Paid wholly with store credit: paid as it is placed.
			if err := recordStepBy(ctx, tx, order.ID, haat.StepPaid, haat.Actor{ID: order.UserID, Role: haat.ActorShopper}, haat.NoteStoreCredit); err != nil {
				return err
			}
		}
		if o.PaymentType == haat.PaymentCOD || order.IsPaid {
			if err := queueOrderText(ctx, tx, order.ID); err != nil {
				return err
			}
			if err := queueOrderMessage(ctx, tx, o.UserID, order.ID, "", haat.StatusOrderPlaced); err != nil {
				return err
			}
			if err := emptyCart(ctx, tx, o.UserID); err != nil {
				return err
			}
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
	ws, err := findWindows(ctx, tx)
	if err != nil || len(ws) == 0 {
		return f, err
	}
	f.Slots, err = slotsAt(ctx, tx, ws, tx.now)
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
	if err := tx.send(ctx, `INSERT INTO orders (id, number, user_id, address_id, amount, currency, delivery_fee, tax_rule, payment_type, status, is_paid, created_at, updated_at,
		subtotal, tax, taxable, exempt, adjustments, promised_by, credit_used, replaces, coupon, `+orderAddressColumns+`)
		VALUES ($1, NULL, `+placeholders(2, 32)+`)`, order.ID, order.UserID, a.ID, b.Total,
		order.Currency, b.DeliveryFee, b.TaxRule, order.PaymentType, order.Status, order.IsPaid, order.CreatedAt.UnixMilli(), order.UpdatedAt.UnixMilli(),
		b.Subtotal, b.Tax, b.Taxable, b.Exempt, string(adjustments), millisOrNil(order.PromisedBy), order.CreditUsed, nullable(order.Replaces), coupon,
		a.FirstName, a.LastName, a.Email, a.Street, a.City, a.State, a.Zipcode, a.Country, a.Phone, a.District, a.Ward, a.Landmark); err != nil {
		return err
	}
	if err := recordStepBy(ctx, tx, order.ID, haat.StepPlaced, haat.Actor{ID: order.UserID, Role: haat.ActorShopper}, ""); err != nil {
		return err
	}
	if len(order.Items) == 0 {
		return nil
	}
	// One statement for all the items.
	const columns = 14
	var q strings.Builder
	q.WriteString(`INSERT INTO order_items (order_id, position, product_id, unit_price, quantity,
		product_name, product_category, product_images, product_name_ne, vat_exempt, amount, step, substitute, product_size) VALUES `)
	args := make([]any, 0, columns*len(order.Items))
	for i, it := range order.Items {
		images, _ := json.Marshal(it.Product.Image)
		if i > 0 {
			q.WriteString(", ")
		}
		q.WriteString("(" + placeholders(len(args)+1, columns) + ")")
		args = append(args, order.ID, i, it.Product.ID, it.Product.OfferPrice, it.Quantity, it.Product.Name, it.Product.Category,
			string(images), it.Product.NameNe, it.Product.VATExempt, b.Lines[i], it.Product.Step, it.Substitute, it.Product.Size)
	}
	return tx.send(ctx, q.String(), args...)
}

// numberOrders gives the orders placed in a transaction the next numbers, in the order they were
// placed, as the last statements before the commit. The counter row stays locked until the
// commit, so numbers follow each other without gaps and no two orders share one, whichever server
// places them; taken last, it is locked only for the commit, and a writer waiting for it holds no
// row another writer waits for.
func numberOrders(ctx context.Context, tx *Tx, orders []*haat.Order) error {
	if len(orders) == 0 {
		return nil
	}
	var last int64
	if err := tx.QueryRowContext(ctx, `UPDATE counters SET value = value + $1 WHERE name = 'order_number' RETURNING value`,
		len(orders)).Scan(&last); err != nil {
		return err
	}
	first := last - int64(len(orders)) + 1
	for i, o := range orders {
		o.Number = first + int64(i)
	}
	if tx.dialect == Postgres {
		ids := make([]string, len(orders))
		for i, o := range orders {
			ids[i] = o.ID
		}
		// Its outcome is not read: on the writer it goes with the commit.
		return tx.send(ctx, `UPDATE orders SET number = $1::bigint + array_position($2::text[], id) - 1 WHERE id = ANY($2::text[])`, first, ids)
	}
	// One statement for the batch: the order search's index (migration 0056's trigger) then takes
	// their names in one go and writes them to disk once, not once an order.
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

// LabelOrderCurrency gives the orders that have no currency yet (placed before orders kept theirs)
// the currency c, and says how many it labelled.
func (d *DB) LabelOrderCurrency(ctx context.Context, c haat.Currency) (int64, error) {
	return d.exec(ctx, `UPDATE orders SET currency = $1 WHERE currency = ''`, c)
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

// changeOrder applies a change to the order the filter selects (the seller's, or a shopper's
// own): change checks the order as loaded and modifies it, and the write is guarded by the
// loaded status and paid flag. An order that someone else changed in between is loaded and
// checked again.
func (d *DB) changeOrder(ctx context.Context, f OrderFilter, change func(*Tx, *haat.Order) error) (*haat.Order, error) {
	for range 3 {
		var changed *haat.Order
		err := d.inTx(ctx, func(tx *Tx) error {
			o, err := findOrder(ctx, tx, f)
			if err != nil {
				return err
			}
			was := *o
			was.Items, was.Refunds = slices.Clone(o.Items), slices.Clone(o.Refunds)
			if err := change(tx, o); err != nil {
				return err
			}
			if ok, err := writeOrderChange(ctx, tx, o, was); err != nil || !ok {
				return err
			}
			changed, err = findOrder(ctx, tx, f)
			return err
		})
		if err != nil {
			return nil, wrap("change order", err)
		}
		if changed != nil {
			return changed, nil
		}
	}
	return nil, haat.Errorf(haat.ECONFLICT, "The order was changed meanwhile. Please try again.")
}

// writeOrderChange writes the status and paid flag of an order, if the order is still as it was
// (its updated_at, which every change counts up, is unchanged), and reports whether it did. A
// cancelled order gives its units back to the stock counts; a paid one owes the shopper their
// money: its payment is due back until the seller refunds it.
func writeOrderChange(ctx context.Context, tx *Tx, o *haat.Order, was haat.Order) (bool, error) {
	o.GoesOut(&was)
	var riderID any // NULL for none
	var rider haat.OrderRider
	if o.Rider != nil {
		riderID, rider = o.Rider.ID, *o.Rider
	}
	var proof any // NULL for none
	if o.Proof != nil {
		b, err := json.Marshal(o.Proof)
		if err != nil {
			return false, err
		}
		proof = string(b)
	}
	res, err := tx.ExecContext(ctx, `UPDATE orders SET status = $1, is_paid = $2,
		updated_at = CASE WHEN updated_at < $3 THEN $3 ELSE updated_at + 1 END,
		rider_id = $8, rider_name = $9, rider_phone = $10, handover_code = $11, handover_tries = $12, proof = $13
		WHERE id = $4 AND status = $5 AND is_paid = $6 AND updated_at = $7`,
		o.Status, o.IsPaid, tx.now.UnixMilli(), o.ID, was.Status, was.IsPaid, was.UpdatedAt.UnixMilli(),
		riderID, rider.Name, rider.Phone, o.HandoverCode, o.HandoverTries, proof)
	if err != nil {
		return false, err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return false, err
	}
	for _, step := range haat.Steps(&was, o) {
		if err := recordStep(ctx, tx, o.ID, step.Status, step.Note); err != nil {
			return false, err
		}
	}
	if o.Status == haat.StatusPacked {
		if err := writePacking(ctx, tx, o, was); err != nil {
			return false, err
		}
	}
	if o.Status != was.Status {
		if err := queueOrderText(ctx, tx, o.ID); err != nil {
			return false, err
		}
		if err := queueOrderMessage(ctx, tx, o.UserID, o.ID, was.Status, o.Status); err != nil {
			return false, err
		}
	}
	if o.Status == haat.StatusDelivered && was.Status != haat.StatusDelivered {
		if err := issueInvoice(ctx, tx, o); err != nil {
			return false, err
		}
	}
	if o.Status != haat.StatusCancelled {
		return true, nil
	}
	return true, settleCancelled(ctx, tx, o.ID)
}

// writePacking stores what packing settled of a Packed order (o, as it was before: was), when it
// was packed with its counts and weights (PackOrder) or its shopper answered a substitute: what
// was packed of each item and sent instead, the settled bill and the money owed back of a paid
// online order. Items packed as they were are not written again.
func writePacking(ctx context.Context, tx *Tx, o *haat.Order, was haat.Order) error {
	if len(o.Items) == 0 || o.Items[0].Packed == nil {
		return nil
	}
	for i, it := range o.Items {
		if before := was.Items[i].Packed; before != nil && reflect.DeepEqual(*before, *it.Packed) {
			continue
		}
		var sent any // NULL for no substitute
		if it.Packed.Substitute != nil {
			b, err := json.Marshal(it.Packed.Substitute)
			if err != nil {
				return err
			}
			sent = string(b)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE order_items SET packed_quantity = $1, packed_grams = $2, sent = $3 WHERE order_id = $4 AND position = $5`,
			it.Packed.Quantity, nullIfZero(it.Packed.Grams, it.Product.SoldBy == haat.SoldByWeight), sent, o.ID, i); err != nil {
			return err
		}
		if err := settleSent(ctx, tx, o.ID, i, it.Packed.Substitute); err != nil {
			return err
		}
	}
	b := o.Bill
	adjustments, err := json.Marshal(b.Adjustments)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE orders SET amount = $1, tax = $2, taxable = $3, exempt = $4, adjustments = $5, credit_used = $6 WHERE id = $7`,
		b.Total, b.Tax, b.Taxable, b.Exempt, string(adjustments), o.CreditUsed, o.ID); err != nil {
		return err
	}
	if err := settleCouponUse(ctx, tx, o); err != nil {
		return err
	}
	// Store credit the order used beyond its settled total goes back: weighed at packing, or a
	// substitute refused after it.
	if back := was.CreditUsed - o.CreditUsed; back > 0 {
		reason := haat.CreditWeight
		if was.Status == haat.StatusPacked {
			reason = haat.CreditRefund
		}
		if err := grantCredit(ctx, tx, o.UserID, back, reason, o.ID, ""); err != nil {
			return err
		}
	}
	if was.Status != haat.StatusPacked && len(o.Offers()) > 0 {
		if err := queueOffer(ctx, tx, o); err != nil {
			return err
		}
	}
	if owed, ok := haat.DueRefund(o.Refunds); ok && (len(o.Refunds) > len(was.Refunds) || !reflect.DeepEqual(o.Refunds, was.Refunds)) {
		_, err = tx.ExecContext(ctx, `UPDATE payment_attempts SET refund = $1, refund_amount = $2 WHERE order_id = $3 AND state = $4 AND refund IN ('', $1)`,
			haat.RefundDue, owed, o.ID, haat.PaymentPaid)
	}
	return err
}

// millisOrNil is a time as a column keeps it: Unix milliseconds, NULL for none.
func millisOrNil(t *time.Time) any {
	if t == nil {
		return nil
	}
	return t.UnixMilli()
}

// nullIfZero is n as a column's value: NULL when n does not apply (!applies).
func nullIfZero(n int, applies bool) any {
	if !applies {
		return nil
	}
	return n
}

// settleCancelled follows the cancelling of an order: its units go back to the stock counts, the
// store credit it used to its shopper's ledger, its delivery slot's place to the slot, a payment
// still pending ends (superseded: money that arrives for it is due back), and its payment, if money
// arrived, is due back to the shopper until the seller refunds it.
func settleCancelled(ctx context.Context, tx *Tx, orderID string) error {
	if err := returnStock(ctx, tx, orderID); err != nil {
		return err
	}
	if err := returnCredit(ctx, tx, orderID); err != nil {
		return err
	}
	if err := returnCoupon(ctx, tx, orderID); err != nil {
		return err
	}
	if err := returnSlot(ctx, tx, orderID); err != nil {
		return err
	}
	if _, err := supersedeAttempts(ctx, tx, orderID); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, `UPDATE payment_attempts SET refund = $1, refund_amount = NULL WHERE order_id = $2 AND state = $3
		AND (refund = '' OR refund = $1)`, haat.RefundDue, orderID, haat.PaymentPaid)
	return err
}

// SetOrderStatus moves an order the seller handles to status, if the order's rules allow it.
func (d *DB) SetOrderStatus(ctx context.Context, id string, status haat.OrderStatus) (*haat.Order, error) {
	return d.changeOrder(ctx, sellerHandles(id), func(_ *Tx, o *haat.Order) error {
		if err := o.CheckStatusSet(status); err != nil {
			return err
		}
		o.Status = status
		return nil
	})
}

// errPackedAgain stops the change of an order packed before as it is asked to be packed now.
var errPackedAgain = errors.New("sqlstore: packed so already")

// PackOrder packs an order the seller handles as Order.Pack settles it. A packing sent again
// answers the order as it was packed, and changes nothing.
func (d *DB) PackOrder(ctx context.Context, p haat.PackOrder) (*haat.Order, error) {
	var again haat.Order
	o, err := d.changeOrder(ctx, sellerHandles(p.OrderID), func(tx *Tx, o *haat.Order) error {
		shelf, err := productsByID(ctx, tx, p.Substitutes())
		if err != nil {
			return err
		}
		if o.PackedAs(p.Lines, shelf) {
			again = *o
			return errPackedAgain
		}
		packed, bill, err := o.Pack(p.Lines, shelf, tx.now)
		if err != nil {
			return err
		}
		paid := o.ToPay
		for i := range o.Items {
			o.Items[i].Packed = &packed[i]
		}
		o.SetBill(bill)
		o.Status = haat.StatusPacked
		if owed := haat.RefundAfterPacking(o, bill, paid); owed > 0 {
			o.Refunds = append(o.Refunds, haat.Refund{Amount: owed, State: haat.RefundDue})
		}
		return nil
	})
	if errors.Is(err, errPackedAgain) {
		return &again, nil
	}
	return o, err
}

// AnswerSubstitute records a user's answer to a substitute offered in their own order, which
// settles its bill again.
func (d *DB) AnswerSubstitute(ctx context.Context, userID, orderID, product string, accept bool) (*haat.Order, error) {
	return d.changeOrder(ctx, OrderFilter{ID: &orderID, UserID: &userID}, func(tx *Tx, o *haat.Order) error {
		return o.AnswerSubstitute(product, accept, tx.now)
	})
}

// CancelOrder cancels a user's own order while CheckCancel allows it; its units go back to the
// stock counts and a paid order's money is due back.
func (d *DB) CancelOrder(ctx context.Context, userID, orderID string) (*haat.Order, error) {
	return d.changeOrder(ctx, OrderFilter{ID: &orderID, UserID: &userID}, func(_ *Tx, o *haat.Order) error {
		if err := o.CheckCancel(); err != nil {
			return err
		}
		o.Status = haat.StatusCancelled
		return nil
	})
}

// MarkOrderPaid records that a delivered cash order has been paid.
func (d *DB) MarkOrderPaid(ctx context.Context, id string) (*haat.Order, error) {
	return d.changeOrder(ctx, sellerHandles(id), func(_ *Tx, o *haat.Order) error {
		if err := o.CheckMarkPaid(); err != nil {
			return err
		}
		o.IsPaid = true
		return nil
	})
}

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
		orders[i].SetBill(orders[i].Bill)
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

// addSearch adds the condition that the order has the number, when there is one, or that the
// address it was placed with has its first, last or full name or its phone contains text, in any
// case: that orderSearchText contains it, which holds exactly then, as text holds no unit separator.
//
// A search index (migration 0056) answers "contains" for a text of three letters or more. On
// PostgreSQL it is a trigram index of orderSearchText (pg_trgm), and the planner, which knows how
// common the text's trigrams are, chooses between it and the walk of the newest orders. SQLite's
// (FTS5's trigrams) is a table of its own, and the store chooses: when it names at most searchCap
// orders (2,000), the condition is that the order is one of them, read by number; when it names
// more, the search is common enough that the walk of the newest orders soon finds a page.
func addSearch(ctx context.Context, tx *Tx, w *where, text string, number *int64) error {
	text = strings.ToLower(text)
	like := "%" + likeEscaper.Replace(text) + "%"
	numbers, found, err := searchIndex(ctx, tx, text, like)
	if err != nil {
		return fmt.Errorf("order search: %w", err)
	}
	if tx.dialect == Postgres {
		// Planned for the text at hand: a statement's plan kept for any text (a generic plan, which
		// PostgreSQL takes after five runs) walks a million orders for a phone, or gathers and sorts
		// forty thousand for a common name, whichever way it chose.
		if _, err := tx.ExecContext(ctx, `SET LOCAL plan_cache_mode = force_custom_plan`); err != nil {
			return fmt.Errorf("order search: %w", err)
		}
	}
	if !found {
		cond := orderSearchText(tx.dialect) + ` LIKE ? ESCAPE '\'`
		args := []any{like}
		if number != nil {
			cond += ` OR o.number = ?`
			args = append(args, *number)
		}
		w.add(`(`+cond+`)`, args...)
		return nil
	}
	if number != nil {
		numbers = append(numbers, *number)
	}
	addIn(w, `o.number`, numbers)
	return nil
}

// searchIndex returns the numbers of the orders whose orderSearchText contains text (like is the
// pattern that says so), when SQLite's search index can tell and they are at most tx.searchCap;
// found is false otherwise. The index answers a text of three letters or more without LIKE's
// wildcards.
func searchIndex(ctx context.Context, tx *Tx, text, like string) (numbers []int64, found bool, err error) {
	if tx.dialect != SQLite || utf8.RuneCountInString(text) < 3 || strings.ContainsAny(text, `%_\`) {
		return nil, false, nil
	}
	rows, err := tx.QueryContext(ctx, `SELECT rowid FROM order_search WHERE text LIKE $1 LIMIT $2`, like, tx.searchCap+1)
	if err != nil {
		return nil, false, err
	}
	defer rows.Close()
	for rows.Next() {
		var n int64
		if err := rows.Scan(&n); err != nil {
			return nil, false, err
		}
		numbers = append(numbers, n)
	}
	if err := rows.Err(); err != nil {
		return nil, false, err
	}
	return numbers, len(numbers) <= tx.searchCap, nil
}

// orderSearchText is what the seller's search looks in: the first and last name the order is
// delivered to, a unit separator (which no search holds, so that none spans name and phone) and
// the phone, in lower case. Migration 0056 indexes exactly this, on each database.
func orderSearchText(dialect string) string {
	sep := `char(31)`
	if dialect == Postgres {
		sep = `chr(31)`
	}
	return `LOWER(o.address_first_name || ' ' || o.address_last_name || ` + sep + ` || o.address_phone)`
}

// likeEscaper escapes the characters LIKE reads as wildcards, and its escape character.
var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

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
