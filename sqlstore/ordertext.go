package sqlstore

import (
	"context"
	"strconv"
	"time"

	"haat"
)

// queueOrderText writes the text about the order's step, if the order is now at a step its
// shopper is texted about and the shopper signs in by phone. Each step is texted once.
func queueOrderText(ctx context.Context, tx *Tx, orderID string) error {
	var w where
	w.add(`o.id = ?`, orderID)
	statuses := make([]string, len(haat.TextedStatuses))
	for i, s := range haat.TextedStatuses {
		statuses[i] = string(s)
	}
	w.in(`o.status`, statuses)
	w.conds = append(w.conds, `u.phone IS NOT NULL`, `u.notify_orders`)
	now := len(w.args) + 1
	return tx.send(ctx, `INSERT INTO order_texts (order_id, status, phone, created_at)
		SELECT o.id, o.status, u.phone, $`+strconv.Itoa(now)+` FROM orders o JOIN users u ON u.id = o.user_id`+w.String()+`
		ON CONFLICT (order_id, status) DO NOTHING`, append(w.args, tx.now.UnixMilli())...)
}

// queueClaimText writes the text that tells a claim's shopper, when they sign in by phone, that it
// was received or decided (haat.ClaimText).
func queueClaimText(ctx context.Context, tx *Tx, orderID string, status haat.OrderStatus) error {
	return tx.send(ctx, `INSERT INTO order_texts (order_id, status, phone, created_at)
		SELECT o.id, $1, u.phone, $2 FROM orders o JOIN users u ON u.id = o.user_id
		WHERE o.id = $3 AND u.phone IS NOT NULL AND u.notify_orders
		ON CONFLICT (order_id, status) DO NOTHING`, status, tx.now.UnixMilli(), orderID)
}

// queueOffer writes the text (to a shopper who signs in by phone) and the mail (to one with an
// email) that ask the order's shopper to accept or refuse the substitutes offered as it was packed:
// its text is the one of its step Packed.
func queueOffer(ctx context.Context, tx *Tx, o *haat.Order) error {
	if err := tx.send(ctx, `INSERT INTO order_texts (order_id, status, phone, created_at)
		SELECT o.id, $1, u.phone, $2 FROM orders o JOIN users u ON u.id = o.user_id
		WHERE o.id = $3 AND u.phone IS NOT NULL AND u.notify_orders
		ON CONFLICT (order_id, status) DO NOTHING`, haat.StatusPacked, tx.now.UnixMilli(), o.ID); err != nil {
		return err
	}
	return queueMessage(ctx, tx, haat.MessageSubstitute, o.ID, o.UserID, o.ID, "")
}

// TakeOrderTexts takes up to n unsent texts, oldest first, marking each sent as it is taken: the
// update is conditional, so of two servers taking one text, one gets it. Texts more than a day
// old are not sent any more (the news is stale). Each names the store as it is called now.
func (d *DB) TakeOrderTexts(ctx context.Context, n int) ([]haat.OrderText, error) {
	var taken []haat.OrderText
	err := d.inTx(ctx, func(tx *Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT t.order_id, o.number, t.status, t.phone, t.tries, u.language, o.handover_code
			FROM order_texts t JOIN orders o ON o.id = t.order_id JOIN users u ON u.id = o.user_id
			WHERE t.sent_at IS NULL AND t.tries < $1 AND t.created_at > $2 ORDER BY t.created_at, t.order_id`+limit(n),
			haat.MaxOrderTextTries, tx.now.Add(-24*time.Hour).UnixMilli())
		if err != nil {
			return err
		}
		var due []haat.OrderText
		for rows.Next() {
			var t haat.OrderText
			if err := rows.Scan(&t.OrderID, &t.Number, &t.Status, &t.Phone, &t.Tries, &t.Language, &t.HandoverCode); err != nil {
				rows.Close()
				return err
			}
			due = append(due, t)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		settings, err := storeSettings(ctx, tx)
		if err != nil {
			return err
		}
		for _, t := range due {
			t.Store = settings.Store.Name
			res, err := tx.ExecContext(ctx, `UPDATE order_texts SET sent_at = $1 WHERE order_id = $2 AND status = $3 AND sent_at IS NULL`,
				tx.now.UnixMilli(), t.OrderID, t.Status)
			if err != nil {
				return err
			}
			if k, err := res.RowsAffected(); err != nil {
				return err
			} else if k == 1 {
				taken = append(taken, t)
			}
		}
		return nil
	})
	if err != nil {
		return nil, wrap("take order texts", err)
	}
	return taken, nil
}

// OrderTextFailed gives a taken text back, with one more try counted.
func (d *DB) OrderTextFailed(ctx context.Context, t haat.OrderText) error {
	_, err := d.exec(ctx, `UPDATE order_texts SET sent_at = NULL, tries = tries + 1 WHERE order_id = $1 AND status = $2`,
		t.OrderID, t.Status)
	return wrap("order text failed", err)
}
