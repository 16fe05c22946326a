package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"haat"
)

const attemptColumns = `a.id, a.order_id, o.user_id, a.provider, COALESCE(a.reference, ''), a.amount, a.currency, a.state, a.refund, a.created_at, a.updated_at`

func scanAttempt(row interface{ Scan(...any) error }) (*haat.PaymentAttempt, error) {
	var a haat.PaymentAttempt
	var created, updated int64
	if err := row.Scan(&a.ID, &a.OrderID, &a.UserID, &a.Provider, &a.Reference, &a.Amount, &a.Currency, &a.State, &a.Refund, &created, &updated); err != nil {
		return nil, err
	}
	a.CreatedAt, a.UpdatedAt = fromMillis(created), fromMillis(updated)
	return &a, nil
}

// StartPayment records a pending attempt to pay an online order that awaits payment (or whose
// last attempt failed), for the order's amount. The order's pending attempt, if any, is
// superseded in the same transaction and returned: an order has at most one pending attempt.
func (d *DB) StartPayment(ctx context.Context, orderID, provider, currency string) (*haat.PaymentAttempt, []haat.PaymentAttempt, error) {
	now := d.Now().UTC()
	a := &haat.PaymentAttempt{ID: newID(), OrderID: orderID, Provider: provider, Currency: strings.ToUpper(currency),
		State: haat.PaymentPending, CreatedAt: now, UpdatedAt: now}
	var superseded []haat.PaymentAttempt
	err := d.inTx(ctx, func(tx *sql.Tx) error {
		// Writing the order's row first makes the starts of one order's payments wait for each
		// other (PostgreSQL locks the row; SQLite has one writer anyway).
		var paymentType haat.PaymentType
		var status haat.OrderStatus
		var paid bool
		err := tx.QueryRowContext(ctx, `UPDATE orders SET updated_at = updated_at WHERE id = $1
			RETURNING user_id, amount, payment_type, status, is_paid`, orderID).
			Scan(&a.UserID, &a.Amount, &paymentType, &status, &paid)
		if errors.Is(err, sql.ErrNoRows) {
			return haat.Errorf(haat.ENOTFOUND, "Order not found")
		} else if err != nil {
			return err
		}
		o := haat.Order{PaymentType: paymentType, Status: status, IsPaid: paid}
		if err := o.CheckPay(); err != nil {
			return err
		}
		rows, err := tx.QueryContext(ctx, `SELECT `+attemptColumns+`
			FROM payment_attempts a JOIN orders o ON o.id = a.order_id WHERE a.order_id = $1 AND a.state = $2`, orderID, haat.PaymentPending)
		if err != nil {
			return err
		}
		for rows.Next() {
			old, err := scanAttempt(rows)
			if err != nil {
				rows.Close()
				return err
			}
			old.State = haat.PaymentSuperseded
			superseded = append(superseded, *old)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE payment_attempts SET state = $1, updated_at = $2 WHERE order_id = $3 AND state = $4`,
			haat.PaymentSuperseded, now.UnixMilli(), orderID, haat.PaymentPending); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO payment_attempts (id, order_id, provider, amount, currency, state, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $7)`, a.ID, a.OrderID, a.Provider, a.Amount, a.Currency, a.State, now.UnixMilli())
		if isUniqueViolation(err) {
			// The index allows one pending attempt per order; the row lock above makes this rare.
			return haat.Errorf(haat.ECONFLICT, "A payment of this order is starting already. Please try again.")
		}
		return err
	})
	if err != nil {
		if haat.ErrorCode(err) != haat.EINTERNAL {
			return nil, nil, err
		}
		return nil, nil, fmt.Errorf("sqlstore: start payment: %w", err)
	}
	return a, superseded, nil
}

// SetPaymentReference stores the provider's id of an attempt and reports whether the attempt is
// still pending.
func (d *DB) SetPaymentReference(ctx context.Context, attemptID, reference string) (bool, error) {
	var state haat.AttemptState
	err := d.db.QueryRowContext(ctx, `UPDATE payment_attempts SET reference = $1, updated_at = $2 WHERE id = $3 RETURNING state`,
		reference, d.Now().UnixMilli(), attemptID).Scan(&state)
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
	err := d.inTx(ctx, func(tx *sql.Tx) error {
		a, err := scanAttempt(tx.QueryRowContext(ctx, `SELECT `+attemptColumns+`
			FROM payment_attempts a JOIN orders o ON o.id = a.order_id WHERE a.id = $1`, attemptID))
		if err != nil {
			return err
		}
		if a.State != haat.PaymentPending {
			return nil
		}
		_, err = d.fail(ctx, tx, a, haat.PaymentFailed)
		return err
	})
	if err != nil {
		return fmt.Errorf("sqlstore: fail payment start: %w", err)
	}
	return nil
}

// PaymentAttempt finds an attempt by its provider and the provider's reference.
func (d *DB) PaymentAttempt(ctx context.Context, provider, reference string) (*haat.PaymentAttempt, error) {
	a, err := scanAttempt(d.db.QueryRowContext(ctx, `SELECT `+attemptColumns+`
		FROM payment_attempts a JOIN orders o ON o.id = a.order_id WHERE a.provider = $1 AND a.reference = $2`, provider, reference))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, haat.Errorf(haat.ENOTFOUND, "Payment not found")
	} else if err != nil {
		return nil, fmt.Errorf("sqlstore: payment attempt: %w", err)
	}
	return a, nil
}

// ConfirmPayment applies a provider's result to its attempt and order, once. The notification's
// key, the attempt's new state and the order's change are written in one transaction.
func (d *DB) ConfirmPayment(ctx context.Context, r haat.PaymentResult) (bool, error) {
	changed := false
	err := d.inTx(ctx, func(tx *sql.Tx) error {
		a, err := scanAttempt(tx.QueryRowContext(ctx, `SELECT `+attemptColumns+`
			FROM payment_attempts a JOIN orders o ON o.id = a.order_id WHERE a.provider = $1 AND a.reference = $2`, r.Provider, r.Reference))
		if errors.Is(err, sql.ErrNoRows) {
			return haat.Errorf(haat.ENOTFOUND, "Payment not found")
		} else if err != nil {
			return err
		}
		if r.EventKey != "" {
			res, err := tx.ExecContext(ctx, `INSERT INTO payment_events (provider, event_key, attempt_id, created_at)
				VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`, r.Provider, r.EventKey, a.ID, d.Now().UnixMilli())
			if err != nil {
				return err
			}
			if n, err := res.RowsAffected(); err != nil {
				return err
			} else if n == 0 {
				return nil // this notification was applied before
			}
		}
		switch r.State {
		case haat.PaymentPending:
			return nil
		case haat.PaymentPaid:
			if a.State == haat.PaymentPaid {
				return nil
			}
			if r.Amount != a.Amount || !strings.EqualFold(r.Currency, a.Currency) {
				return haat.Errorf(haat.ECONFLICT, "Paid %s %s does not match the order's %s %s",
					r.Amount, strings.ToUpper(r.Currency), a.Amount, a.Currency)
			}
			changed, err = d.pay(ctx, tx, a)
			return err
		case haat.PaymentFailed, haat.PaymentCancelled, haat.PaymentExpired:
			if a.State != haat.PaymentPending {
				return nil // a settled or superseded attempt stays so; a late failure cannot undo a payment
			}
			changed, err = d.fail(ctx, tx, a, r.State)
			return err
		default:
			return fmt.Errorf("unknown payment state %q", r.State)
		}
	})
	if err != nil {
		if haat.ErrorCode(err) != haat.EINTERNAL {
			return false, err
		}
		return false, fmt.Errorf("sqlstore: confirm payment: %w", err)
	}
	return changed, nil
}

// moveAttempt sets an attempt's state, if it is still in the state it was read in: of two
// answers about one attempt that arrive together, one applies. It reports whether it moved.
func (d *DB) moveAttempt(ctx context.Context, tx *sql.Tx, a *haat.PaymentAttempt, state haat.AttemptState) (bool, error) {
	res, err := tx.ExecContext(ctx, `UPDATE payment_attempts SET state = $1, updated_at = $2 WHERE id = $3 AND state = $4`,
		state, d.Now().UnixMilli(), a.ID, a.State)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// pay records the money of an attempt. It places the order (even one whose earlier attempt
// failed, since the money has arrived) and empties the shopper's cart; but money for an attempt
// the shopper superseded, or for an order paid already, is recorded as owed back and marks
// nothing paid a second time.
func (d *DB) pay(ctx context.Context, tx *sql.Tx, a *haat.PaymentAttempt) (bool, error) {
	if moved, err := d.moveAttempt(ctx, tx, a, haat.PaymentPaid); err != nil || !moved {
		return false, err
	}
	now := d.Now().UnixMilli()
	if a.State != haat.PaymentSuperseded {
		res, err := tx.ExecContext(ctx, `UPDATE orders SET is_paid = TRUE, status = $1, test_payment = $2, updated_at = $3
			WHERE id = $4 AND is_paid = FALSE`, haat.StatusOrderPlaced, a.Provider == haat.SandboxProvider, now, a.OrderID)
		if err != nil {
			return false, err
		}
		if n, err := res.RowsAffected(); err != nil {
			return false, err
		} else if n == 1 {
			return true, emptyCart(ctx, tx, a.UserID)
		}
	}
	_, err := tx.ExecContext(ctx, `UPDATE payment_attempts SET refund = $1 WHERE id = $2`, haat.RefundDue, a.ID)
	return true, err
}

// fail ends a pending attempt unpaid, and marks an order that is still unpaid Payment Failed.
func (d *DB) fail(ctx context.Context, tx *sql.Tx, a *haat.PaymentAttempt, state haat.AttemptState) (bool, error) {
	if moved, err := d.moveAttempt(ctx, tx, a, state); err != nil || !moved {
		return false, err
	}
	// Only the newest attempt speaks for the order: an old attempt expiring after a new one began
	// leaves the order awaiting the new one.
	_, err := tx.ExecContext(ctx, `UPDATE orders SET status = $1, updated_at = $2
		WHERE id = $3 AND is_paid = FALSE AND status = $4
		AND NOT EXISTS (SELECT 1 FROM payment_attempts p WHERE p.order_id = $3 AND p.state = $5)`,
		haat.StatusPaymentFailed, d.Now().UnixMilli(), a.OrderID, haat.StatusAwaitingPayment, haat.PaymentPending)
	return true, err
}

// PendingPayments lists attempts still pending that were started before the given time, and
// superseded attempts with a provider reference started in [supersededSince, startedBefore),
// oldest first.
func (d *DB) PendingPayments(ctx context.Context, startedBefore, supersededSince time.Time) ([]haat.PaymentAttempt, error) {
	rows, err := d.db.QueryContext(ctx, `SELECT `+attemptColumns+`
		FROM payment_attempts a JOIN orders o ON o.id = a.order_id
		WHERE a.created_at < $2 AND (a.state = $1 OR (a.state = $3 AND a.created_at >= $4 AND a.reference IS NOT NULL))
		ORDER BY a.created_at LIMIT 500`, haat.PaymentPending, startedBefore.UnixMilli(), haat.PaymentSuperseded, supersededSince.UnixMilli())
	if err != nil {
		return nil, fmt.Errorf("sqlstore: pending payments: %w", err)
	}
	defer rows.Close()
	var out []haat.PaymentAttempt
	for rows.Next() {
		a, err := scanAttempt(rows)
		if err != nil {
			return nil, fmt.Errorf("sqlstore: pending payments: %w", err)
		}
		out = append(out, *a)
	}
	return out, rows.Err()
}

// DueRefunds lists the refunds due of an order the seller handles.
func (d *DB) DueRefunds(ctx context.Context, orderID string) ([]haat.Refund, error) {
	o, err := d.sellerOrder(ctx, orderID)
	if err != nil {
		return nil, err
	}
	var due []haat.Refund
	for _, r := range o.Refunds {
		if r.State == haat.RefundDue {
			due = append(due, r)
		}
	}
	return due, nil
}

// RecordRefund records that the provider gave back the money of an attempt of the order whose
// refund was due, and returns the order as the seller sees it.
func (d *DB) RecordRefund(ctx context.Context, orderID, attemptID, refundReference string) (*haat.Order, error) {
	return d.refund(ctx, orderID, attemptID, refundReference)
}

// MarkOrderRefunded records that every refund due of the order went back by hand.
func (d *DB) MarkOrderRefunded(ctx context.Context, id string) (*haat.Order, error) {
	o, err := d.sellerOrder(ctx, id)
	if err != nil {
		return nil, err
	}
	if err := o.CheckMarkRefunded(); err != nil {
		return nil, err
	}
	return d.refund(ctx, id, "", "")
}

// refund marks the refund due of one attempt of an order (of all its attempts when attemptID is
// empty) refunded, and returns the order as the seller sees it.
func (d *DB) refund(ctx context.Context, orderID, attemptID, refundReference string) (*haat.Order, error) {
	err := d.inTx(ctx, func(tx *sql.Tx) error {
		now := d.Now().UnixMilli()
		query, args := `UPDATE payment_attempts SET refund = $1, refund_reference = $2, updated_at = $3
			WHERE order_id = $4 AND refund = $5`, []any{haat.RefundRefunded, refundReference, now, orderID, haat.RefundDue}
		if attemptID != "" {
			query, args = query+` AND id = $6`, append(args, attemptID)
		}
		res, err := tx.ExecContext(ctx, query, args...)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return haat.Errorf(haat.ECONFLICT, "No refund is due for this order")
		}
		_, err = tx.ExecContext(ctx, `UPDATE orders SET updated_at = $1 WHERE id = $2`, now, orderID)
		return err
	})
	if err != nil {
		if haat.ErrorCode(err) != haat.EINTERNAL {
			return nil, err
		}
		return nil, fmt.Errorf("sqlstore: refund: %w", err)
	}
	return d.sellerOrder(ctx, orderID)
}
