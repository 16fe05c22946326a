package sqlstore

import (
	"context"
	"database/sql"
	"errors"

	"haat"
)

// A shopper's store credit is the ledger credit_entries, never changed nor deleted, and its sum
// kept in credit_balances: every entry is written with the change of the balance it makes, in
// one transaction, and spending is a conditional update of the balance (never below 0), so that
// orders placed at once on any number of servers never spend one credit twice.

// grantCredit adds amount of store credit (above 0) to the shopper's ledger for reason, naming
// the order it is of and a note (empty for none), in the transaction tx: the entry and the
// balance it raises are written together. Claims, refunds, goodwill and the credit orders give
// back are all granted through it.
func grantCredit(ctx context.Context, tx *Tx, userID string, amount haat.Money, reason haat.CreditReason, orderID, note string) error {
	_, err := grant(ctx, tx, haat.CreditChange{UserID: userID, Amount: amount, Reason: reason, OrderID: orderID, Note: note})
	return err
}

// grant writes the entry c of a reason that grants credit, and the balance it raises, and returns
// the entry's id.
func grant(ctx context.Context, tx *Tx, c haat.CreditChange) (string, error) {
	if err := c.Validate(); err != nil {
		return "", err
	}
	id, err := insertCreditEntry(ctx, tx, c)
	if err != nil {
		return "", err
	}
	return id, tx.send(ctx, `INSERT INTO credit_balances (user_id, balance) VALUES ($1, $2)
		ON CONFLICT (user_id) DO UPDATE SET balance = credit_balances.balance + excluded.balance`, c.UserID, c.Amount)
}

// spendCredit takes amount of store credit (above 0) from the shopper's balance for the order, in
// the order's own write, if the balance still holds it: otherwise nothing is taken and the order
// is refused (haat.ErrCreditChanged).
func spendCredit(ctx context.Context, tx *Tx, userID string, amount haat.Money, orderID string) error {
	c := haat.CreditChange{UserID: userID, Amount: -amount, Reason: haat.CreditSpent, OrderID: orderID}
	if err := c.Validate(); err != nil {
		return err
	}
	res, err := tx.ExecContext(ctx, `UPDATE credit_balances SET balance = balance - $1 WHERE user_id = $2 AND balance >= $1`, amount, userID)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n != 1 {
		return haat.ErrCreditChanged
	}
	_, err = insertCreditEntry(ctx, tx, c)
	return err
}

// insertCreditEntry writes an entry of a ledger, checked (CreditChange.Validate), and returns its id.
func insertCreditEntry(ctx context.Context, tx *Tx, c haat.CreditChange) (string, error) {
	id := newID()
	return id, tx.send(ctx, `INSERT INTO credit_entries (id, user_id, amount, reason, order_id, note, at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		id, c.UserID, c.Amount, c.Reason, c.OrderID, c.Note, tx.now.UnixMilli())
}

// Credit returns the shopper's balance and their newest entries, newest first.
func (d *DB) Credit(ctx context.Context, userID string) (*haat.Credit, error) {
	return lookup(ctx, d, "credit", func(tx *Tx) (*haat.Credit, error) {
		balance, err := creditBalance(ctx, tx, userID)
		if err != nil {
			return nil, err
		}
		entries, err := creditEntries(ctx, tx, userID, haat.MaxCreditEntries)
		if err != nil {
			return nil, err
		}
		return &haat.Credit{Balance: balance, Entries: entries}, nil
	})
}

// CreditBalance returns the shopper's balance.
func (d *DB) CreditBalance(ctx context.Context, userID string) (haat.Money, error) {
	return lookup(ctx, d, "credit balance", func(tx *Tx) (haat.Money, error) { return creditBalance(ctx, tx, userID) })
}

// creditBalance is the shopper's balance as tx sees it; 0 for one who never had credit.
func creditBalance(ctx context.Context, tx *Tx, userID string) (haat.Money, error) {
	var balance haat.Money
	err := tx.QueryRowContext(ctx, `SELECT balance FROM credit_balances WHERE user_id = $1`, userID).Scan(&balance)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return balance, err
}

// creditEntries reads the newest n entries of the shopper's ledger, newest first, each with the
// number of its order.
func creditEntries(ctx context.Context, tx *Tx, userID string, n int) ([]haat.CreditEntry, error) {
	rows, err := tx.QueryContext(ctx, `SELECT c.id, c.amount, c.reason, c.order_id, COALESCE(o.number, 0), c.note, c.at
		FROM credit_entries c LEFT JOIN orders o ON o.id = c.order_id
		WHERE c.user_id = $1 ORDER BY c.at DESC, c.id DESC`+limit(n), userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	entries := []haat.CreditEntry{}
	for rows.Next() {
		var e haat.CreditEntry
		var at int64
		if err := rows.Scan(&e.ID, &e.Amount, &e.Reason, &e.OrderID, &e.OrderNumber, &e.Note, &at); err != nil {
			return nil, err
		}
		e.At = fromMillis(at)
		entries = append(entries, e)
	}
	return entries, rows.Err()
}

// GiveGoodwill grants the shopper of an order the seller handles goodwill credit, within what the
// order's goodwill may add up to (haat.Order.CheckGoodwill), in one write: two grants at once
// cannot pass the cap together.
func (d *DB) GiveGoodwill(ctx context.Context, g haat.Goodwill) (*haat.CreditEntry, error) {
	if err := g.Validate(); err != nil {
		return nil, err
	}
	var entry *haat.CreditEntry
	err := d.inTx(ctx, func(tx *Tx) error {
		// The order's row first: two grants for one order wait for each other.
		if _, err := tx.ExecContext(ctx, `UPDATE orders SET updated_at = updated_at WHERE id = $1`, g.OrderID); err != nil {
			return err
		}
		o, err := findOrder(ctx, tx, sellerHandles(g.OrderID))
		if err != nil {
			return err
		}
		var given haat.Money
		if err := tx.QueryRowContext(ctx, `SELECT CAST(COALESCE(SUM(amount), 0) AS BIGINT) FROM credit_entries WHERE order_id = $1 AND reason = $2`,
			o.ID, haat.CreditGoodwill).Scan(&given); err != nil {
			return err
		}
		if err := o.CheckGoodwill(given, g.Amount); err != nil {
			return err
		}
		id, err := grant(ctx, tx, haat.CreditChange{UserID: o.UserID, Amount: g.Amount, Reason: haat.CreditGoodwill, OrderID: o.ID, Note: g.Note})
		if err != nil {
			return err
		}
		entry = &haat.CreditEntry{ID: id, Amount: g.Amount, Reason: haat.CreditGoodwill, OrderID: o.ID, OrderNumber: o.Number, Note: g.Note, At: tx.now}
		return nil
	})
	if err != nil {
		return nil, wrap("give goodwill", err)
	}
	return entry, nil
}
