package sqlstore

// Changing an order: a status, a packing, a substitute answered, a cancelling or a payment marked,
// each written with what follows from it (haat.Consequences, applied in consequence.go).

import (
	"context"
	"encoding/json"
	"errors"
	"slices"

	"haat"
)

// LabelOrderCurrency gives the orders that have no currency yet (placed before orders kept theirs)
// the currency c, and says how many it labelled.
func (d *DB) LabelOrderCurrency(ctx context.Context, c haat.Currency) (int64, error) {
	return d.exec(ctx, `UPDATE orders SET currency = $1 WHERE currency = ''`, c)
}

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
	return nil, errOrderChanged
}

// errOrderChanged refuses a change of an order someone else changed meanwhile.
var errOrderChanged = haat.Errorf(haat.ECONFLICT, "The order was changed meanwhile. Please try again.")

// writeOrderChange writes the status and paid flag of an order, if the order is still as it was
// (its updated_at, which every change counts up, is unchanged), and reports whether it did; what
// follows from the change (Order.Consequences) is applied with it.
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
	c, err := o.Consequences(&was)
	if err != nil {
		return false, err
	}
	return true, apply(ctx, tx, o, &was, c)
}

// nullIfZero is n as a column's value: NULL when n does not apply (!applies).
func nullIfZero(n int, applies bool) any {
	if !applies {
		return nil
	}
	return n
}

// releaseHeld gives back what a cancelled order held: its units to the stock counts, its coupon's
// use, its delivery slot's place; a payment still pending ends (superseded: money that arrives for
// it is due back), and its payment, if money arrived, is due back until the seller refunds it.
func releaseHeld(ctx context.Context, tx *Tx, orderID string) error {
	if err := returnStock(ctx, tx, orderID); err != nil {
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
		return o.PackUp(p.Lines, shelf, tx.now)
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
