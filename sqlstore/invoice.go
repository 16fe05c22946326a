package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"strconv"

	"haat"
)

// issueInvoice gives a delivered order its tax invoice, in the transaction that delivers it, when
// the store has invoice details: the next number of the fiscal year of the delivery's date in
// Nepal, from that year's counter row, which this transaction creates or updates. An order
// delivered while the store has no details, or on a date the calendar does not know, gets none.
func issueInvoice(ctx context.Context, tx *Tx, orderID string) error {
	settings, err := storeSettings(ctx, tx)
	if err != nil || settings.Invoice == nil {
		return err
	}
	fy, err := haat.FiscalYearOf(tx.now)
	if err != nil {
		return nil
	}
	var number int64
	if err := tx.QueryRowContext(ctx, `INSERT INTO counters (name, value) VALUES ($1, 1)
		ON CONFLICT (name) DO UPDATE SET value = counters.value + 1 RETURNING value`,
		"invoice_"+strconv.Itoa(int(fy))).Scan(&number); err != nil {
		return err
	}
	seller := settings.Invoice
	_, err = tx.ExecContext(ctx, `INSERT INTO invoices (order_id, fiscal_year, number, issued_at, legal_name, address, pan)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		orderID, int(fy), number, tx.now.UnixMilli(), seller.LegalName, seller.Address, seller.PAN)
	return err
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
		err = tx.QueryRowContext(ctx, `SELECT fiscal_year, number, issued_at, legal_name, address, pan FROM invoices WHERE order_id = $1`,
			order.ID).Scan(&fy, &number, &issued, &seller.LegalName, &seller.Address, &seller.PAN)
		if errors.Is(err, sql.ErrNoRows) {
			return haat.ErrNoInvoice(order)
		}
		if err != nil {
			return err
		}
		i, err := haat.NewInvoice(order.ID, haat.FiscalYear(fy), number, fromMillis(issued), seller)
		if err != nil {
			return err
		}
		if i.Totals, err = haat.InvoiceTotalsOf(order.Bill); err != nil {
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
