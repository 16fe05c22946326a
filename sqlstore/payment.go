package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"haat"
)

const attemptColumns = `a.id, a.order_id, o.user_id, a.provider, COALESCE(a.reference, ''), a.qr, a.amount, a.currency, a.state, a.refund, a.created_at, a.updated_at`

func scanAttempt(row scanner) (*haat.PaymentAttempt, error) {
	var a haat.PaymentAttempt
	var created, updated int64
	if err := row.Scan(&a.ID, &a.OrderID, &a.UserID, &a.Provider, &a.Reference, &a.QR, &a.Amount, &a.Currency, &a.State, &a.Refund, &created, &updated); err != nil {
		return nil, err
	}
	a.CreatedAt, a.UpdatedAt = fromMillis(created), fromMillis(updated)
	return &a, nil
}

// AttemptFilter selects payment attempts for findAttempts; a field left nil or zero selects any.
type AttemptFilter struct {
	ID        *string
	OrderID   *string
	State     *haat.AttemptState
	Provider  *string
	Reference *string // the provider's id of the attempt
	// StartedBefore selects the attempts started before this time.
	StartedBefore *time.Time
	// OpenSince selects the attempts whose money may still arrive: the pending ones, and the
	// superseded ones with a provider reference started at or after this time.
	OpenSince *time.Time
	Limit     int
}

// findAttempt returns the attempt the filter selects, or ENOTFOUND.
func findAttempt(ctx context.Context, tx *Tx, f AttemptFilter) (*haat.PaymentAttempt, error) {
	f.Limit = 1
	list, err := findAttempts(ctx, tx, f)
	return first(list, err, errPaymentNotFound)
}

// findAttempts returns the attempts the filter selects, oldest first.
func findAttempts(ctx context.Context, tx *Tx, f AttemptFilter) ([]haat.PaymentAttempt, error) {
	var w where
	addIf(&w, `a.id = ?`, f.ID)
	addIf(&w, `a.order_id = ?`, f.OrderID)
	addIf(&w, `a.state = ?`, f.State)
	addIf(&w, `a.provider = ?`, f.Provider)
	addIf(&w, `a.reference = ?`, f.Reference)
	if f.StartedBefore != nil {
		w.add(`a.created_at < ?`, f.StartedBefore.UnixMilli())
	}
	if f.OpenSince != nil {
		w.add(`(a.state = ? OR (a.state = ? AND a.created_at >= ? AND a.reference IS NOT NULL))`,
			haat.PaymentPending, haat.PaymentSuperseded, f.OpenSince.UnixMilli())
	}
	rows, err := tx.QueryContext(ctx, `SELECT `+attemptColumns+` FROM payment_attempts a JOIN orders o ON o.id = a.order_id`+
		w.String()+` ORDER BY a.created_at, a.id`+limit(f.Limit), w.args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var list []haat.PaymentAttempt
	for rows.Next() {
		a, err := scanAttempt(rows)
		if err != nil {
			return nil, err
		}
		list = append(list, *a)
	}
	return list, rows.Err()
}

// StartPayment records a pending attempt to pay an online order that awaits payment (or whose
// last attempt failed), for the order's amount. The order is first placed again as it was asked
// (see placeAgain): it is paid only as it would be placed now. The order's pending attempt, if
// any, is superseded in the same transaction and returned: an order has at most one pending
// attempt.
func (d *DB) StartPayment(ctx context.Context, orderID, provider, currency string) (*haat.PaymentAttempt, []haat.PaymentAttempt, error) {
	var a *haat.PaymentAttempt
	var superseded []haat.PaymentAttempt
	err := d.inTx(ctx, func(tx *Tx) (err error) {
		if a, err = lockOrderToPay(ctx, tx, orderID); err != nil {
			return err
		}
		if err := placeAgain(ctx, tx, orderID); err != nil {
			return err
		}
		a.Provider, a.Currency = provider, strings.ToUpper(currency)
		if superseded, err = supersedeAttempts(ctx, tx, orderID); err != nil {
			return err
		}
		return insertAttempt(ctx, tx, a)
	})
	if err != nil {
		return nil, nil, wrap("start payment", err)
	}
	return a, superseded, nil
}

// lockOrderToPay checks that an order can be paid and returns a new pending attempt for what is
// left to pay of it (its balance's ToPay, as the order keeps it). It writes the order's row first, which makes the starts of one order's payments wait
// for each other (PostgreSQL locks the row; SQLite has one writer anyway).
func lockOrderToPay(ctx context.Context, tx *Tx, orderID string) (*haat.PaymentAttempt, error) {
	a := &haat.PaymentAttempt{ID: newID(), OrderID: orderID, State: haat.PaymentPending, CreatedAt: tx.now, UpdatedAt: tx.now}
	var o haat.Order
	err := tx.QueryRowContext(ctx, `UPDATE orders SET updated_at = updated_at WHERE id = $1
		RETURNING user_id, to_pay, payment_type, status, is_paid`, orderID).
		Scan(&a.UserID, &a.Amount, &o.PaymentType, &o.Status, &o.IsPaid)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, haat.Errorf(haat.ENOTFOUND, "Order not found")
	} else if err != nil {
		return nil, err
	}
	return a, o.CheckPay()
}

// placeAgain checks an unpaid order as placing it now would, with the rules placing follows
// (haat.PriceOrder, on what this transaction reads): it gives back the units and slot place it
// holds, prices it again (every product still sold, the address inside the delivery area, the
// minimum order, its slot still open), takes its slot's place again and its units (enough left). An order that placing now refuses, or that
// would cost something else now, is refused with what changed (haat.OrderAgain,
// Order.CheckRepriced): the shopper orders again.
func placeAgain(ctx context.Context, tx *Tx, orderID string) error {
	o, err := findOrder(ctx, tx, OrderFilter{ID: &orderID})
	if err != nil {
		return err
	}
	if err := returnStock(ctx, tx, orderID); err != nil {
		return err
	}
	if err := returnSlot(ctx, tx, orderID); err != nil {
		return err
	}
	facts, err := orderFacts(ctx, tx, o.Reorder())
	if err != nil {
		return err
	}
	if o.Coupon != nil {
		// The order holds its use of the coupon: the coupon is checked as it is now, its use not
		// counted twice.
		cf, err := couponFacts(ctx, tx, o.Coupon.Code, o.UserID, o.ID)
		if err != nil {
			return err
		}
		facts.Coupon = &cf
	}
	if o.Slot == nil {
		// Placed while the store offered no slots: none is asked for now.
		facts.Slots = nil
	} else if len(facts.Slots) == 0 {
		return haat.ErrSlotGone
	}
	again, err := haat.PriceOrder(o.Reorder(), facts)
	if err != nil {
		return haat.OrderAgain(err)
	}
	if err := o.CheckRepriced(again); err != nil {
		return err
	}
	o.Slot = again.Slot
	if err := takeSlot(ctx, tx, o); err != nil {
		return haat.OrderAgain(err)
	}
	return haat.OrderAgain(takeStock(ctx, tx, orderID))
}

// supersedeAttempts ends the pending attempts of an order as superseded and returns them.
func supersedeAttempts(ctx context.Context, tx *Tx, orderID string) ([]haat.PaymentAttempt, error) {
	pending := haat.PaymentPending
	list, err := findAttempts(ctx, tx, AttemptFilter{OrderID: &orderID, State: &pending})
	if err != nil {
		return nil, err
	}
	var superseded []haat.PaymentAttempt
	for _, a := range list {
		if moved, err := moveAttempt(ctx, tx, &a, haat.PaymentSuperseded); err != nil {
			return nil, err
		} else if moved {
			a.State, a.UpdatedAt = haat.PaymentSuperseded, tx.now
			superseded = append(superseded, a)
		}
	}
	return superseded, nil
}

// insertAttempt stores a new attempt.
func insertAttempt(ctx context.Context, tx *Tx, a *haat.PaymentAttempt) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO payment_attempts (id, order_id, provider, amount, currency, state, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, a.ID, a.OrderID, a.Provider, a.Amount, a.Currency, a.State,
		a.CreatedAt.UnixMilli(), a.UpdatedAt.UnixMilli())
	if isUniqueViolation(err) {
		// The index allows one pending attempt per order; the row lock on the order makes this rare.
		return haat.Errorf(haat.ECONFLICT, "A payment of this order is starting already. Please try again.")
	}
	return err
}

// SetPaymentReference stores the provider's id of an attempt and reports whether the attempt is
// still pending.
func (d *DB) SetPaymentReference(ctx context.Context, attemptID, reference string) (bool, error) {
	return d.SetPaymentQR(ctx, attemptID, reference, "")
}

// SetPaymentQR stores the provider's id of an attempt and the text of the QR code that pays it
// ("" for none), and reports whether the attempt is still pending.
func (d *DB) SetPaymentQR(ctx context.Context, attemptID, reference, qr string) (bool, error) {
	var state haat.AttemptState
	err := d.inTx(ctx, func(tx *Tx) error {
		return tx.QueryRowContext(ctx, `UPDATE payment_attempts SET reference = $1, qr = $2, updated_at = $3 WHERE id = $4 RETURNING state`,
			reference, qr, tx.now.UnixMilli(), attemptID).Scan(&state)
	})
	if errors.Is(err, sql.ErrNoRows) {
		return false, haat.Errorf(haat.ENOTFOUND, "Payment not found")
	} else if err != nil {
		return false, fmt.Errorf("sqlstore: set payment reference: %w", err)
	}
	return state == haat.PaymentPending, nil
}

// FailPaymentStart records that the provider refused to start an attempt: the attempt failed and
// so did the order's payment, unless a newer attempt has superseded it meanwhile.
func (d *DB) FailPaymentStart(ctx context.Context, attemptID string) error {
	err := d.inTx(ctx, func(tx *Tx) error {
		a, err := findAttempt(ctx, tx, AttemptFilter{ID: &attemptID})
		if err != nil {
			return err
		}
		if a.State != haat.PaymentPending {
			return nil
		}
		_, err = fail(ctx, tx, a, haat.PaymentFailed)
		return err
	})
	if err != nil {
		return fmt.Errorf("sqlstore: fail payment start: %w", err)
	}
	return nil
}

// PaymentAttempt finds an attempt by its provider and the provider's reference.
func (d *DB) PaymentAttempt(ctx context.Context, provider, reference string) (*haat.PaymentAttempt, error) {
	return lookup(ctx, d, "payment attempt", func(tx *Tx) (*haat.PaymentAttempt, error) {
		return findAttempt(ctx, tx, AttemptFilter{Provider: &provider, Reference: &reference})
	})
}

// ConfirmPayment applies a provider's result to its attempt and order, once. The notification's
// key, the attempt's new state and the order's change are written in one transaction.
func (d *DB) ConfirmPayment(ctx context.Context, r haat.PaymentResult) (bool, error) {
	changed := false
	err := d.inTx(ctx, func(tx *Tx) error {
		a, err := findAttempt(ctx, tx, AttemptFilter{Provider: &r.Provider, Reference: &r.Reference})
		if err != nil {
			return err
		}
		if first, err := recordEvent(ctx, tx, r, a.ID); err != nil || !first {
			return err
		}
		changed, err = applyResult(ctx, tx, a, r)
		return err
	})
	if err != nil {
		return false, wrap("confirm payment", err)
	}
	return changed, nil
}

// recordEvent records the key of a provider's notification about an attempt and reports whether
// it is the first with that key; a result without a key counts as first.
func recordEvent(ctx context.Context, tx *Tx, r haat.PaymentResult, attemptID string) (bool, error) {
	if r.EventKey == "" {
		return true, nil
	}
	res, err := tx.ExecContext(ctx, `INSERT INTO payment_events (provider, event_key, attempt_id, created_at)
		VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`, r.Provider, r.EventKey, attemptID, tx.now.UnixMilli())
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// applyResult applies a provider's result to an attempt and its order, and reports whether
// anything changed. A settled or superseded attempt stays so: a late failure cannot undo a
// payment. Money arriving is checked against the attempt's amount and currency.
func applyResult(ctx context.Context, tx *Tx, a *haat.PaymentAttempt, r haat.PaymentResult) (bool, error) {
	switch r.State {
	case haat.PaymentPending:
		return false, nil
	case haat.PaymentPaid:
		if a.State == haat.PaymentPaid {
			return false, nil
		}
		if r.Amount != a.Amount || !strings.EqualFold(r.Currency, a.Currency) {
			return false, haat.Errorf(haat.ECONFLICT, "Paid %s %s does not match the order's %s %s",
				r.Amount, strings.ToUpper(r.Currency), a.Amount, a.Currency)
		}
		return pay(ctx, tx, a)
	case haat.PaymentFailed, haat.PaymentCancelled, haat.PaymentExpired:
		if a.State != haat.PaymentPending {
			return false, nil
		}
		return fail(ctx, tx, a, r.State)
	default:
		return false, fmt.Errorf("unknown payment state %q", r.State)
	}
}

// moveAttempt sets an attempt's state, if it is still in the state it was read in: of two
// answers about one attempt that arrive together, one applies. It reports whether it moved.
func moveAttempt(ctx context.Context, tx *Tx, a *haat.PaymentAttempt, state haat.AttemptState) (bool, error) {
	res, err := tx.ExecContext(ctx, `UPDATE payment_attempts SET state = $1, updated_at = $2 WHERE id = $3 AND state = $4`,
		state, tx.now.UnixMilli(), a.ID, a.State)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// pay records the money of an attempt, and what follows from it (haat.Order.PaymentArrives): the
// order paid and placed, or paid at the door, or the money owed back.
func pay(ctx context.Context, tx *Tx, a *haat.PaymentAttempt) (bool, error) {
	o, err := lockPaying(ctx, tx, a.OrderID)
	if err != nil {
		return false, err
	}
	if moved, err := moveAttempt(ctx, tx, a, haat.PaymentPaid); err != nil || !moved {
		return false, err
	}
	was := *o
	c, err := o.PaymentArrives(*a)
	if err != nil {
		return false, err
	}
	if o.IsPaid != was.IsPaid {
		res, err := tx.ExecContext(ctx, `UPDATE orders SET is_paid = $1, status = $2, test_payment = $3, updated_at = $4
			WHERE id = $5 AND is_paid = $6 AND status = $7`, o.IsPaid, o.Status, o.TestPayment, tx.now.UnixMilli(), o.ID, was.IsPaid, was.Status)
		if err != nil {
			return false, err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return false, cmpErr(err, errOrderChanged)
		}
	}
	return true, apply(ctx, tx, o, &was, c)
}

// fail ends a pending attempt unpaid, with what follows from it (haat.Order.PaymentFails): an
// order still awaiting payment moves to Payment Failed.
func fail(ctx context.Context, tx *Tx, a *haat.PaymentAttempt, state haat.AttemptState) (bool, error) {
	o, err := lockPaying(ctx, tx, a.OrderID)
	if err != nil {
		return false, err
	}
	if moved, err := moveAttempt(ctx, tx, a, state); err != nil || !moved {
		return false, err
	}
	was := *o
	c, err := o.PaymentFails(*a)
	if err != nil || o.Status == was.Status {
		return true, err
	}
	// Only the newest attempt speaks for the order: an old attempt expiring after a new one began
	// leaves the order awaiting the new one.
	res, err := tx.ExecContext(ctx, `UPDATE orders SET status = $1, updated_at = $2
		WHERE id = $3 AND is_paid = $4 AND status = $5
		AND NOT EXISTS (SELECT 1 FROM payment_attempts p WHERE p.order_id = $3 AND p.state = $6)`,
		o.Status, tx.now.UnixMilli(), o.ID, was.IsPaid, was.Status, haat.PaymentPending)
	if err != nil {
		return true, err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return true, err
	}
	return true, apply(ctx, tx, o, &was, c)
}

// lockPaying reads what the arrival or the failure of a payment of an order is decided by
// (payingColumns). On PostgreSQL it locks the order's row until the commit, so that the order stays
// as read while what follows is written (SQLite has one writer anyway).
func lockPaying(ctx context.Context, tx *Tx, orderID string) (*haat.Order, error) {
	q := `SELECT ` + payingColumns + ` FROM orders o WHERE o.id = $1`
	if tx.dialect == Postgres {
		q += ` FOR UPDATE`
	}
	orders, err := scanPaying(tx.QueryContext(ctx, q, orderID))
	return first(orders, err, haat.Errorf(haat.ENOTFOUND, "Order not found"))
}

// payingColumns are what paying an order, or its time to pay ending, decides by: its id, shopper,
// payment type, status, paid flag, store credit used and test flag.
const payingColumns = `o.id, o.user_id, o.payment_type, o.status, o.is_paid, o.credit_used, o.test_payment`

// scanPaying reads the orders of rows, payingColumns.
func scanPaying(rows *sql.Rows, err error) ([]haat.Order, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var orders []haat.Order
	for rows.Next() {
		var o haat.Order
		if err := rows.Scan(&o.ID, &o.UserID, &o.PaymentType, &o.Status, &o.IsPaid, &o.CreditUsed, &o.TestPayment); err != nil {
			return nil, err
		}
		orders = append(orders, o)
	}
	return orders, rows.Err()
}

// PendingPayments lists attempts still pending that were started before the given time, and
// superseded attempts with a provider reference started in [supersededSince, startedBefore),
// oldest first, at most 500.
func (d *DB) PendingPayments(ctx context.Context, startedBefore, supersededSince time.Time) ([]haat.PaymentAttempt, error) {
	return lookup(ctx, d, "pending payments", func(tx *Tx) ([]haat.PaymentAttempt, error) {
		return findAttempts(ctx, tx, AttemptFilter{StartedBefore: &startedBefore, OpenSince: &supersededSince, Limit: 500})
	})
}

// CancelUnpaidOrders cancels the online orders placed before placedBefore that are still unpaid
// (awaiting payment, or their payment failed): their units go back on sale and their slot's
// place to the slot, and their pending attempts are superseded and returned, so that their
// providers can be told to end them (money that still arrives for one is due back). It returns
// how many orders it cancelled, at most 500 a call. The orders named in keep are left as they are.
func (d *DB) CancelUnpaidOrders(ctx context.Context, placedBefore time.Time, keep []string) (int, []haat.PaymentAttempt, error) {
	cancelled := 0
	var ended []haat.PaymentAttempt
	err := d.inTx(ctx, func(tx *Tx) error {
		cancelled, ended = 0, nil
		orders, err := scanPaying(tx.QueryContext(ctx, `SELECT `+payingColumns+` FROM orders o WHERE `+unpaidCond+` AND o.created_at < $1
			ORDER BY o.created_at LIMIT 500`, placedBefore.UnixMilli()))
		if err != nil {
			return err
		}
		for _, o := range orders {
			if slices.Contains(keep, o.ID) {
				continue
			}
			was := o
			c, err := o.TimeToPayEnds()
			if err != nil {
				return err
			} else if o.Status == was.Status {
				continue
			}
			res, err := tx.ExecContext(ctx, `UPDATE orders SET status = $1, updated_at = $2 WHERE id = $3 AND is_paid = $4 AND status = $5`,
				o.Status, tx.now.UnixMilli(), o.ID, was.IsPaid, was.Status)
			if err != nil {
				return err
			}
			if n, err := res.RowsAffected(); err != nil {
				return err
			} else if n == 0 {
				continue
			}
			// Their providers are told to end them; money that still arrives for one is due back.
			superseded, err := supersedeAttempts(ctx, tx, o.ID)
			if err != nil {
				return err
			}
			ended = append(ended, superseded...)
			if err := apply(ctx, tx, &o, &was, c); err != nil {
				return err
			}
			cancelled++
		}
		return nil
	})
	if err != nil {
		return 0, nil, wrap("cancel unpaid orders", err)
	}
	return cancelled, ended, nil
}

// errPaymentNotFound answers a lookup that found nothing.
var errPaymentNotFound = haat.Errorf(haat.ENOTFOUND, "Payment not found")
