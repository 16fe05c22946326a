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

const attemptColumns = `a.id, a.order_id, o.user_id, a.provider, COALESCE(a.reference, ''), a.amount, a.currency, a.state, a.created_at, a.updated_at`

func scanAttempt(row interface{ Scan(...any) error }) (*haat.PaymentAttempt, error) {
	var a haat.PaymentAttempt
	var created, updated int64
	if err := row.Scan(&a.ID, &a.OrderID, &a.UserID, &a.Provider, &a.Reference, &a.Amount, &a.Currency, &a.State, &created, &updated); err != nil {
		return nil, err
	}
	a.CreatedAt, a.UpdatedAt = fromMillis(created), fromMillis(updated)
	return &a, nil
}

// StartPayment records a pending attempt to pay an online order that awaits payment (or whose
// last attempt failed), for the order's amount.
func (d *DB) StartPayment(ctx context.Context, orderID, provider, currency string) (*haat.PaymentAttempt, error) {
	now := d.Now().UTC()
	a := &haat.PaymentAttempt{ID: newID(), OrderID: orderID, Provider: provider, Currency: strings.ToUpper(currency),
		State: haat.PaymentPending, CreatedAt: now, UpdatedAt: now}
	var paymentType, status string
	var paid bool
	err := d.db.QueryRowContext(ctx, `SELECT user_id, amount, payment_type, status, is_paid FROM orders WHERE id = $1`, orderID).
		Scan(&a.UserID, &a.Amount, &paymentType, &status, &paid)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, haat.Errorf(haat.ENOTFOUND, "Order not found")
	} else if err != nil {
		return nil, fmt.Errorf("sqlstore: start payment: %w", err)
	}
	if paymentType != haat.PaymentOnline || paid || (status != haat.StatusAwaitingPayment && status != haat.StatusPaymentFailed) {
		return nil, haat.Errorf(haat.ECONFLICT, "This order does not await payment")
	}
	if _, err := d.db.ExecContext(ctx, `INSERT INTO payment_attempts (id, order_id, provider, amount, currency, state, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $7)`, a.ID, a.OrderID, a.Provider, a.Amount, a.Currency, a.State, now.UnixMilli()); err != nil {
		return nil, fmt.Errorf("sqlstore: start payment: %w", err)
	}
	return a, nil
}

// SetPaymentReference stores the provider's id of an attempt.
func (d *DB) SetPaymentReference(ctx context.Context, attemptID, reference string) error {
	if _, err := d.db.ExecContext(ctx, `UPDATE payment_attempts SET reference = $1, updated_at = $2 WHERE id = $3`,
		reference, d.Now().UnixMilli(), attemptID); err != nil {
		return fmt.Errorf("sqlstore: set payment reference: %w", err)
	}
	return nil
}

// FailPaymentStart records that the provider refused to start an attempt: the attempt failed and
// so did the order's payment.
func (d *DB) FailPaymentStart(ctx context.Context, attemptID string) error {
	err := d.inTx(ctx, func(tx *sql.Tx) error {
		a, err := scanAttempt(tx.QueryRowContext(ctx, `SELECT `+attemptColumns+`
			FROM payment_attempts a JOIN orders o ON o.id = a.order_id WHERE a.id = $1`, attemptID))
		if err != nil {
			return err
		}
		return d.settle(ctx, tx, a, haat.PaymentFailed)
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
		case haat.PaymentFailed, haat.PaymentCancelled, haat.PaymentExpired:
			if a.State != haat.PaymentPending {
				return nil // a settled attempt stays settled; a late failure cannot undo a payment
			}
		default:
			return fmt.Errorf("unknown payment state %q", r.State)
		}
		changed = true
		return d.settle(ctx, tx, a, r.State)
	})
	if err != nil {
		if haat.ErrorCode(err) != haat.EINTERNAL {
			return false, err
		}
		return false, fmt.Errorf("sqlstore: confirm payment: %w", err)
	}
	return changed, nil
}

// settle moves an attempt to state and its order with it: a payment places the order (even one
// whose earlier attempt failed, since the money has arrived) and empties the shopper's cart; a
// failure marks an order that is still unpaid Payment Failed.
func (d *DB) settle(ctx context.Context, tx *sql.Tx, a *haat.PaymentAttempt, state string) error {
	now := d.Now().UnixMilli()
	if _, err := tx.ExecContext(ctx, `UPDATE payment_attempts SET state = $1, updated_at = $2 WHERE id = $3`, state, now, a.ID); err != nil {
		return err
	}
	if state == haat.PaymentPaid {
		if _, err := tx.ExecContext(ctx, `UPDATE orders SET is_paid = TRUE, status = $1, updated_at = $2 WHERE id = $3 AND is_paid = FALSE`,
			haat.StatusOrderPlaced, now, a.OrderID); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `DELETE FROM cart_items WHERE user_id = $1`, a.UserID)
		return err
	}
	// Only the newest attempt speaks for the order: an old attempt expiring after a new one began
	// leaves the order awaiting the new one.
	_, err := tx.ExecContext(ctx, `UPDATE orders SET status = $1, updated_at = $2
		WHERE id = $3 AND is_paid = FALSE AND status = $4
		AND NOT EXISTS (SELECT 1 FROM payment_attempts p WHERE p.order_id = $3 AND p.state = $5)`,
		haat.StatusPaymentFailed, now, a.OrderID, haat.StatusAwaitingPayment, haat.PaymentPending)
	return err
}

// PendingPayments lists attempts still pending that were started before the given time, oldest first.
func (d *DB) PendingPayments(ctx context.Context, startedBefore time.Time) ([]haat.PaymentAttempt, error) {
	rows, err := d.db.QueryContext(ctx, `SELECT `+attemptColumns+`
		FROM payment_attempts a JOIN orders o ON o.id = a.order_id
		WHERE a.state = $1 AND a.created_at < $2 ORDER BY a.created_at LIMIT 500`, haat.PaymentPending, startedBefore.UnixMilli())
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
