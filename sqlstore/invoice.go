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

// issueInvoice gives a delivered order its tax invoice, in the transaction that delivers it, when
// the store has invoice details: the next number of the fiscal year of the delivery's date in
// Nepal, from that year's counter row, which this transaction creates or updates, with the store's
// details and the order's figures as they are now, kept as issued. An order delivered while the
// store has no details, or on a date the calendar does not know, gets none.
func issueInvoice(ctx context.Context, tx *Tx, o *haat.Order) error {
	settings, err := storeSettings(ctx, tx)
	if err != nil || settings.Invoice == nil {
		return err
	}
	fy, err := haat.FiscalYearOf(tx.now)
	if err != nil {
		return nil
	}
	totals, err := haat.InvoiceTotalsOf(o.Bill)
	if err != nil {
		return err
	}
	adjustments, err := json.Marshal(totals.Adjustments)
	if err != nil {
		return err
	}
	number, err := nextInYear(ctx, tx, "invoice", fy)
	if err != nil {
		return err
	}
	seller := settings.Invoice
	_, err = tx.ExecContext(ctx, `INSERT INTO invoices (order_id, fiscal_year, number, issued_at, legal_name, address, pan,
		tax_rule, subtotal, delivery_fee, adjustments, tax, taxable_ex_vat, exempt, total)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
		o.ID, int(fy), number, tx.now.UnixMilli(), seller.LegalName, seller.Address, seller.PAN,
		totals.TaxRule, totals.Subtotal, totals.DeliveryFee, string(adjustments), totals.Tax, totals.TaxableExVAT, totals.Exempt, totals.Total)
	return err
}

// nextInYear is the next number of a series numbered from 1 in each fiscal year (invoices, credit
// notes, claims), from the year's counter row, which this transaction creates or updates: a second
// writer of the series waits for it, so numbers have no gaps and no repeats.
func nextInYear(ctx context.Context, tx *Tx, series string, fy bikramsambat.FiscalYear) (int64, error) {
	var number int64
	err := tx.QueryRowContext(ctx, `INSERT INTO counters (name, value) VALUES ($1, 1)
		ON CONFLICT (name) DO UPDATE SET value = counters.value + 1 RETURNING value`,
		series+"_"+strconv.Itoa(int(fy))).Scan(&number)
	return number, err
}

// SellerInvoice returns the invoice of the order with this number, among the orders the seller
// handles, with the order.
func (d *DB) SellerInvoice(ctx context.Context, number int64) (*haat.Invoice, *haat.Order, error) {
	return d.findInvoice(ctx, OrderFilter{Number: &number, SellerHandles: true})
}

// UserInvoice returns the invoice of one of the user's own orders, with the order; another
// user's order is not found.
func (d *DB) UserInvoice(ctx context.Context, userID, orderID string) (*haat.Invoice, *haat.Order, error) {
	return d.findInvoice(ctx, OrderFilter{ID: &orderID, UserID: &userID})
}

func (d *DB) findInvoice(ctx context.Context, f OrderFilter) (*haat.Invoice, *haat.Order, error) {
	var inv *haat.Invoice
	var order *haat.Order
	err := d.read(ctx, func(tx *Tx) (err error) {
		if order, err = findOrder(ctx, tx, f); err != nil {
			return err
		}
		var fy, issued int64
		var number int64
		var seller haat.InvoiceDetails
		var t haat.InvoiceTotals
		var adjustments string
		err = tx.QueryRowContext(ctx, `SELECT fiscal_year, number, issued_at, legal_name, address, pan,
			tax_rule, subtotal, delivery_fee, adjustments, tax, taxable_ex_vat, exempt, total FROM invoices WHERE order_id = $1`,
			order.ID).Scan(&fy, &number, &issued, &seller.LegalName, &seller.Address, &seller.PAN,
			&t.TaxRule, &t.Subtotal, &t.DeliveryFee, &adjustments, &t.Tax, &t.TaxableExVAT, &t.Exempt, &t.Total)
		if errors.Is(err, sql.ErrNoRows) {
			return haat.ErrNoInvoice(order)
		}
		if err != nil {
			return err
		}
		i, err := haat.NewInvoice(order.ID, bikramsambat.FiscalYear(fy), number, fromMillis(issued), seller)
		if err != nil {
			return err
		}
		if err := json.Unmarshal([]byte(adjustments), &t.Adjustments); err != nil {
			return fmt.Errorf("invoice of %s adjustments: %w", order.ID, err)
		}
		// The figures as issued: never worked out again (the discount is the sum of the coupon's
		// adjustments as issued).
		t.Discount = haat.DiscountOf(t.Adjustments)
		i.Totals = t
		if i.CreditNotes, err = creditNotesOf(ctx, tx, order.ID); err != nil {
			return err
		}
		inv = &i
		return nil
	})
	if err != nil {
		return nil, nil, wrap("find invoice", err)
	}
	return inv, order, nil
}
