package sqlstore

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"haat"
	"haat/bikramsambat"
	"haat/records"
)

// Records are the claims, refunds of part of orders or credit notes made in [from, to), oldest
// first.
func (d *DB) Records(ctx context.Context, kind records.Kind, from, to time.Time) (*records.Records, error) {
	return lookup(ctx, d, "records", func(tx *Tx) (*records.Records, error) {
		var r records.Records
		var err error
		switch kind {
		case records.Claims:
			r.Claims, err = findClaims(ctx, tx, ` WHERE c.created_at >= $1 AND c.created_at < $2 ORDER BY c.created_at, c.id`, from.UnixMilli(), to.UnixMilli())
		case records.Refunds:
			r.Refunds, err = refundRecords(ctx, tx, from, to)
		case records.CreditNotes:
			r.CreditNotes, err = creditNoteRecords(ctx, tx, from, to)
		}
		return &r, err
	})
}

// refundRecords reads the refunds of part of orders agreed in [from, to), with their orders'
// numbers.
func refundRecords(ctx context.Context, tx *Tx, from, to time.Time) ([]records.Refund, error) {
	rows, err := tx.QueryContext(ctx, `SELECT r.order_id, o.number FROM refunds r JOIN orders o ON o.id = r.order_id
		WHERE r.created_at >= $1 AND r.created_at < $2 GROUP BY r.order_id, o.number`, from.UnixMilli(), to.UnixMilli())
	if err != nil {
		return nil, err
	}
	var ids []string
	numbers := map[string]int64{}
	for rows.Next() {
		var id string
		var n int64
		if err := rows.Scan(&id, &n); err != nil {
			rows.Close()
			return nil, err
		}
		ids, numbers[id] = append(ids, id), n
	}
	rows.Close()
	if err := rows.Err(); err != nil || len(ids) == 0 {
		return []records.Refund{}, err
	}
	orders := make([]haat.Order, len(ids))
	index := make(map[string]int, len(ids))
	for i, id := range ids {
		orders[i].ID, index[id] = id, i
	}
	if err := attachPartRefunds(ctx, tx, orders, index, ids); err != nil {
		return nil, err
	}
	var out []records.Refund
	for _, o := range orders {
		for _, r := range o.Refunds {
			if r.CreatedAt != nil && !r.CreatedAt.Before(from) && r.CreatedAt.Before(to) {
				out = append(out, records.Refund{Refund: r, OrderID: o.ID, OrderNumber: numbers[o.ID]})
			}
		}
	}
	slices.SortStableFunc(out, func(a, b records.Refund) int { return (*a.CreatedAt).Compare(*b.CreatedAt) })
	return out, nil
}

// creditNoteRecords reads the credit notes issued in [from, to), with their orders' numbers.
func creditNoteRecords(ctx context.Context, tx *Tx, from, to time.Time) ([]records.CreditNote, error) {
	return scanCreditNotes(ctx, tx, ` WHERE c.issued_at >= $1 AND c.issued_at < $2 ORDER BY c.issued_at, c.number`, from.UnixMilli(), to.UnixMilli())
}

// scanCreditNotes reads the credit notes the condition selects, as they were issued, with their
// orders' numbers.
func scanCreditNotes(ctx context.Context, tx *Tx, cond string, args ...any) ([]records.CreditNote, error) {
	rows, err := tx.QueryContext(ctx, `SELECT c.refund_id, c.order_id, o.number, c.fiscal_year, c.number, c.invoice, c.issued_at, c.legal_name, c.address, c.pan,
		c.lines, c.reason, c.tax_rule, c.tax, c.taxable_ex_vat, c.exempt, c.total
		FROM credit_notes c JOIN orders o ON o.id = c.order_id`+cond, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []records.CreditNote{}
	for rows.Next() {
		var r haat.Refund
		var orderID, invoice, lines string
		var orderNumber, fy, number, issued int64
		var seller haat.InvoiceDetails
		t := haat.InvoiceTotals{Adjustments: []haat.Adjustment{}}
		if err := rows.Scan(&r.ID, &orderID, &orderNumber, &fy, &number, &invoice, &issued, &seller.LegalName, &seller.Address, &seller.PAN,
			&lines, &r.Reason, &t.TaxRule, &t.Tax, &t.TaxableExVAT, &t.Exempt, &t.Total); err != nil {
			return nil, err
		}
		if err := json.Unmarshal([]byte(lines), &r.Lines); err != nil {
			return nil, fmt.Errorf("credit note of %s lines: %w", r.ID, err)
		}
		n, err := haat.NewCreditNote(r, orderID, invoice, bikramsambat.FiscalYear(fy), number, fromMillis(issued), seller, t)
		if err != nil {
			return nil, err
		}
		out = append(out, records.CreditNote{CreditNote: n, OrderNumber: orderNumber})
	}
	return out, rows.Err()
}
