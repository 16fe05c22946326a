package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"haat"
	"haat/bikramsambat"
)

// RefundPart records a refund of part of an order the seller handles, as Order.RefundPart works it
// out, with its credit note when the order has a tax invoice, and answers the order as the seller
// sees it then with the refund.
func (d *DB) RefundPart(ctx context.Context, r haat.PartRefund) (*haat.Order, *haat.Refund, error) {
	var o *haat.Order
	var refund *haat.Refund
	err := d.inTx(ctx, func(tx *Tx) (err error) {
		o, refund, err = refundPart(ctx, tx, r)
		return err
	})
	if err != nil {
		return nil, nil, wrap("refund part", err)
	}
	return o, refund, nil
}

// refundPart records a refund of part of an order in the transaction, due within the store's
// policy's refund days. The order's updated_at guards it: two refunds agreed at once of the same
// order cannot both give back the same units. One as store credit is made at once.
func refundPart(ctx context.Context, tx *Tx, r haat.PartRefund) (*haat.Order, *haat.Refund, error) {
	o, err := findOrder(ctx, tx, sellerHandles(r.OrderID))
	if err != nil {
		return nil, nil, err
	}
	settings, err := storeSettings(ctx, tx)
	if err != nil {
		return nil, nil, err
	}
	refund, before, after, err := o.RefundPart(r, settings.Policy.RefundDays, tx.now)
	if err != nil {
		return nil, nil, err
	}
	refund.ID, refund.By = newID(), new(haat.ActorOf(ctx))
	if err := paidAttempt(ctx, tx, o, &refund); err != nil {
		return nil, nil, err
	}
	res, err := tx.ExecContext(ctx, `UPDATE orders SET updated_at = CASE WHEN updated_at < $1 THEN $1 ELSE updated_at + 1 END
		WHERE id = $2 AND updated_at = $3`, tx.now.UnixMilli(), o.ID, o.UpdatedAt.UnixMilli())
	if err != nil {
		return nil, nil, err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return nil, nil, cmpErr(err, errOrderChanged)
	}
	c, err := haat.RefundConsequences(refund, before, after)
	if err != nil {
		return nil, nil, err
	}
	if err := apply(ctx, tx, o, nil, c); err != nil {
		return nil, nil, err
	}
	if o, err = findOrder(ctx, tx, sellerHandles(o.ID)); err != nil {
		return nil, nil, err
	}
	for _, made := range o.Refunds {
		if made.ID == refund.ID {
			refund = made
		}
	}
	return o, &refund, nil
}

// cmpErr is err when there is one, else fallback.
func cmpErr(err, fallback error) error {
	if err != nil {
		return err
	}
	return fallback
}

// paidAttempt gives a refund the way back of the order's online payment: the provider and its
// reference of the attempt that paid it. A cash order's refund is made by hand.
func paidAttempt(ctx context.Context, tx *Tx, o *haat.Order, r *haat.Refund) error {
	if r.Way != haat.RefundToPayment || o.PaymentType != haat.PaymentOnline {
		return nil
	}
	var attempt sql.NullString
	err := tx.QueryRowContext(ctx, `SELECT id, provider, COALESCE(reference, '') FROM payment_attempts
		WHERE order_id = $1 AND state = $2 ORDER BY created_at DESC, id DESC LIMIT 1`, o.ID, haat.PaymentPaid).Scan(&attempt, &r.Provider, &r.Reference)
	if errors.Is(err, sql.ErrNoRows) {
		return nil // paid otherwise (by the rider's QR is recorded as an attempt too)
	}
	r.AttemptID = attempt.String
	return err
}

// insertRefund stores a refund of part of an order, due.
func insertRefund(ctx context.Context, tx *Tx, orderID string, r *haat.Refund) error {
	lines, err := json.Marshal(r.Lines)
	if err != nil {
		return err
	}
	adjustments, err := json.Marshal(r.Adjustments)
	if err != nil {
		return err
	}
	var attempt any
	if r.AttemptID != "" {
		attempt = r.AttemptID
	}
	by := haat.Actor{}
	if r.By != nil {
		by = *r.By
	}
	return tx.send(ctx, `INSERT INTO refunds (id, order_id, attempt_id, way, amount, currency, lines, adjustments, reason, state,
		created_at, due_by, by_id, by_name, by_role) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
		r.ID, orderID, attempt, r.Way, r.Amount, r.Currency, string(lines), string(adjustments), r.Reason, haat.RefundDue,
		tx.now.UnixMilli(), r.DueBy.UnixMilli(), by.ID, by.Name, by.Role)
}

// issueCreditNote gives a refund of an order with a tax invoice its credit note of totals, numbered in the
// fiscal year of today in Nepal, with the store's invoice details as they are now (the invoice's
// when the store has none now), and answers its code; "" for an order without an invoice.
func issueCreditNote(ctx context.Context, tx *Tx, o *haat.Order, r haat.Refund, totals haat.InvoiceTotals) (string, error) {
	var invFY, invNumber int64
	var seller haat.InvoiceDetails
	err := tx.QueryRowContext(ctx, `SELECT fiscal_year, number, legal_name, address, pan FROM invoices WHERE order_id = $1`, o.ID).
		Scan(&invFY, &invNumber, &seller.LegalName, &seller.Address, &seller.PAN)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	if settings, err := storeSettings(ctx, tx); err != nil {
		return "", err
	} else if settings.Invoice != nil {
		seller = *settings.Invoice
	}
	fy, err := haat.FiscalYearOf(tx.now)
	if err != nil {
		return "", err
	}
	number, err := nextInYear(ctx, tx, "credit_note", fy)
	if err != nil {
		return "", err
	}
	lines, err := json.Marshal(r.Lines)
	if err != nil {
		return "", err
	}
	invoice := fmt.Sprintf("%s-%d", bikramsambat.FiscalYear(invFY), invNumber)
	err = tx.send(ctx, `INSERT INTO credit_notes (refund_id, order_id, fiscal_year, number, invoice, issued_at, legal_name, address, pan,
		lines, reason, tax_rule, tax, taxable_ex_vat, exempt, total) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
		r.ID, o.ID, int(fy), number, invoice, tx.now.UnixMilli(), seller.LegalName, seller.Address, seller.PAN,
		string(lines), r.Reason, totals.TaxRule, totals.Tax, totals.TaxableExVAT, totals.Exempt, totals.Total)
	return haat.CreditNoteCode(fy, number), err
}

// creditNotesOf reads the credit notes of an order, oldest first, as they were issued.
func creditNotesOf(ctx context.Context, tx *Tx, orderID string) ([]haat.CreditNote, error) {
	records, err := scanCreditNotes(ctx, tx, ` WHERE c.order_id = $1 ORDER BY c.issued_at, c.number`, orderID)
	notes := make([]haat.CreditNote, len(records))
	for i, r := range records {
		notes[i] = r.CreditNote
	}
	return notes, err
}

// attachPartRefunds reads the refunds of part of orders, whose positions index holds by id, after
// the payments owed back whole.
func attachPartRefunds(ctx context.Context, tx *Tx, orders []haat.Order, index map[string]int, ids []string) error {
	var w where
	w.in(`r.order_id`, ids)
	rows, err := tx.QueryContext(ctx, `SELECT r.order_id, r.id, COALESCE(r.attempt_id, ''), COALESCE(a.provider, ''), COALESCE(a.reference, ''),
			r.way, r.amount, r.currency, r.lines, r.adjustments, r.reason, r.state, r.refund_reference, r.created_at, r.due_by, r.made_at,
			r.by_name, r.by_role, COALESCE(c.fiscal_year, 0), COALESCE(c.number, 0)
		FROM refunds r LEFT JOIN payment_attempts a ON a.id = r.attempt_id LEFT JOIN credit_notes c ON c.refund_id = r.id`+w.String()+
		` ORDER BY r.order_id, r.created_at, r.id`, w.args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var orderID, lines, adjustments string
		var created, due int64
		var made sql.NullInt64
		var fy, number int64
		r := haat.Refund{By: &haat.Actor{}}
		if err := rows.Scan(&orderID, &r.ID, &r.AttemptID, &r.Provider, &r.Reference, &r.Way, &r.Amount, &r.Currency, &lines, &adjustments,
			&r.Reason, &r.State, &r.RefundReference, &created, &due, &made, &r.By.Name, &r.By.Role, &fy, &number); err != nil {
			return err
		}
		if err := json.Unmarshal([]byte(lines), &r.Lines); err != nil {
			return fmt.Errorf("refund %s lines: %w", r.ID, err)
		}
		if err := json.Unmarshal([]byte(adjustments), &r.Adjustments); err != nil {
			return fmt.Errorf("refund %s adjustments: %w", r.ID, err)
		}
		r.CreatedAt, r.DueBy = new(fromMillis(created)), new(fromMillis(due))
		if made.Valid {
			r.MadeAt = new(fromMillis(made.Int64))
		}
		if number > 0 {
			r.CreditNote = haat.CreditNoteCode(bikramsambat.FiscalYear(fy), number)
		}
		if i, ok := index[orderID]; ok {
			orders[i].Refunds = append(orders[i].Refunds, r)
		}
	}
	return rows.Err()
}

// DueRefunds lists the refunds due of an order the seller handles.
func (d *DB) DueRefunds(ctx context.Context, orderID string) ([]haat.Refund, error) {
	o, err := d.findOrder(ctx, sellerHandles(orderID))
	if err != nil {
		return nil, err
	}
	if err := o.CheckOffersAnswered(); err != nil {
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

// RecordRefund records that the provider gave back a refund due of the order (a payment owed
// back whole, or a refund of part), under the provider's id of the refund, and returns the order
// as the seller sees it.
func (d *DB) RecordRefund(ctx context.Context, orderID string, r haat.Refund, refundReference string) (*haat.Order, error) {
	var o *haat.Order
	err := d.inTx(ctx, func(tx *Tx) (err error) {
		if err := markRefunded(ctx, tx, orderID, &r, refundReference); err != nil {
			return err
		}
		o, err = findOrder(ctx, tx, sellerHandles(orderID))
		return err
	})
	if err != nil {
		return nil, wrap("refund", err)
	}
	return o, nil
}

// MarkOrderRefunded records that every refund due of the order went back by hand.
func (d *DB) MarkOrderRefunded(ctx context.Context, id string) (*haat.Order, error) {
	var o *haat.Order
	err := d.inTx(ctx, func(tx *Tx) (err error) {
		if o, err = findOrder(ctx, tx, sellerHandles(id)); err != nil {
			return err
		}
		if err := o.CheckMarkRefunded(); err != nil {
			return err
		}
		if err := markRefunded(ctx, tx, id, nil, ""); err != nil {
			return err
		}
		o, err = findOrder(ctx, tx, sellerHandles(id))
		return err
	})
	if err != nil {
		return nil, wrap("refund", err)
	}
	return o, nil
}

// markRefunded marks a refund due of an order made: r's (a refund of part, or the payment of its
// attempt owed back whole), or every one due when r is nil; it answers ECONFLICT when none is due.
func markRefunded(ctx context.Context, tx *Tx, orderID string, r *haat.Refund, refundReference string) error {
	var n int64
	if r == nil || r.ID == "" {
		w := where{args: []any{haat.RefundRefunded, refundReference, tx.now.UnixMilli()}} // $1 to $3, for SET
		w.add(`order_id = ?`, orderID)
		w.add(`refund = ?`, haat.RefundDue)
		if r != nil {
			w.add(`id = ?`, r.AttemptID)
		}
		res, err := tx.ExecContext(ctx, `UPDATE payment_attempts SET refund = $1, refund_reference = $2, updated_at = $3`+w.String(), w.args...)
		if err != nil {
			return err
		}
		if n, err = res.RowsAffected(); err != nil {
			return err
		}
	}
	if r == nil || r.ID != "" {
		w := where{args: []any{haat.RefundRefunded, refundReference, tx.now.UnixMilli()}} // $1 to $3, for SET
		w.add(`order_id = ?`, orderID)
		w.add(`state = ?`, haat.RefundDue)
		if r != nil {
			w.add(`id = ?`, r.ID)
		}
		res, err := tx.ExecContext(ctx, `UPDATE refunds SET state = $1, refund_reference = $2, made_at = $3`+w.String(), w.args...)
		if err != nil {
			return err
		}
		m, err := res.RowsAffected()
		if err != nil {
			return err
		}
		n += m
	}
	if n == 0 {
		return haat.Errorf(haat.ECONFLICT, "No refund is due for this order")
	}
	var userID string
	if err := tx.QueryRowContext(ctx, `UPDATE orders SET updated_at = $1 WHERE id = $2 RETURNING user_id`, tx.now.UnixMilli(), orderID).Scan(&userID); err != nil {
		return err
	}
	if err := recordStep(ctx, tx, orderID, haat.StepRefunded, refundReference); err != nil {
		return err
	}
	// One message for each refund made: of the refund, or of all the order's due at this time.
	event := orderID + ":"
	if r != nil {
		event += r.Key()
	} else {
		event += strconv.FormatInt(tx.now.UnixMilli(), 10)
	}
	return queueMessage(ctx, tx, haat.MessageRefunded, event, userID, orderID, "")
}
