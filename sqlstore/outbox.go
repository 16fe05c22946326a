package sqlstore

import (
	"context"
	"strconv"
	"strings"

	"haat"
	"haat/notify"
)

// QueueMails says whether the store writes e-mails to shoppers into its outbox: on when a sender
// will send them (a mail server, or the log in development), off when none will, so that none
// waits there forever. It is off until set. Texts are always queued: an SMS provider, or the
// log, always takes them.
func (d *DB) QueueMails(on bool) { d.mailsOn.Store(on) }

// queueMessage writes a message of kind about the order (or product; "" for none) to the user, in
// the operation's transaction, when the user wants this kind: by mail to an account with an
// email (when the store queues mails), else by SMS to its phone, for a kind texts carry. dedupe
// names the event: a second message with it is not written.
func queueMessage(ctx context.Context, tx *Tx, kind haat.MessageKind, dedupe, userID, orderID, productID string) error {
	wants := `u.notify_orders`
	if kind == haat.MessageBackInStock {
		wants = `u.notify_stock`
	}
	// Order news reaches a phone account as its order texts (order_texts); only back in stock
	// goes through here by SMS.
	channel := `CASE WHEN u.email <> '' THEN 'mail' ELSE 'sms' END`
	switch {
	case kind != haat.MessageBackInStock && !tx.mails:
		return nil
	case kind != haat.MessageBackInStock:
		channel = `'mail'`
		wants += ` AND u.email <> ''`
	case !tx.mails:
		channel = `'sms'`
		wants += ` AND u.email = ''`
	}
	return tx.send(ctx, `INSERT INTO messages (id, channel, kind, dedupe, user_id, order_id, product_id, created_at, next_at)
		SELECT $1, `+channel+`, $2, $3, u.id, $4, $5, $6, $6 FROM users u
		WHERE u.id = $7 AND `+wants+` AND (u.email <> '' OR u.phone IS NOT NULL)
		ON CONFLICT (dedupe) DO NOTHING`,
		newID(), kind, string(kind)+":"+dedupe, nullable(orderID), nullable(productID), tx.now.UnixMilli(), userID)
}

// nullable is s, or NULL when it is empty.
func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// ClaimMessages claims up to n messages of channel due now, oldest first, for notify.ClaimTime,
// and reads what each is made from. The claim is a conditional update: of two servers claiming
// one message, one gets it; on PostgreSQL the rows another server is claiming are skipped rather
// than waited for. Messages past notify.MaxAge are given up instead.
func (d *DB) ClaimMessages(ctx context.Context, channel haat.Channel, n int) ([]haat.Message, error) {
	claim := newID()
	var ids []string
	err := d.inTx(ctx, func(tx *Tx) error {
		now := tx.now.UnixMilli()
		if _, err := tx.ExecContext(ctx, `UPDATE messages SET failed_at = $1, last_error = 'stale'
			WHERE sent_at IS NULL AND failed_at IS NULL AND created_at < $2`, now, tx.now.Add(-notify.MaxAge).UnixMilli()); err != nil {
			return err
		}
		due := `SELECT id FROM messages WHERE sent_at IS NULL AND failed_at IS NULL AND next_at <= $3
			AND claimed_until <= $3 AND channel = $4 ORDER BY next_at, id` + limit(n)
		in := `id IN (` + due + `)`
		if tx.dialect == Postgres {
			// The due messages are chosen once, as an array. In an IN, PostgreSQL may run the
			// choice again for every due message (a semi join whose inner side is the LIMIT), and
			// with SKIP LOCKED each run finds other rows: measured, a claim of 50 took 5,172
			// messages and two seconds.
			in = `id = ANY(ARRAY(` + due + ` FOR UPDATE SKIP LOCKED))`
		}
		rows, err := tx.QueryContext(ctx, `UPDATE messages SET claim = $1, claimed_until = $2
			WHERE `+in+` AND sent_at IS NULL AND failed_at IS NULL AND claimed_until <= $3
			RETURNING id`, claim, tx.now.Add(notify.ClaimTime).UnixMilli(), now, channel)
		if err != nil {
			return err
		}
		ids, err = scanStrings(rows)
		return err
	})
	if err != nil || len(ids) == 0 {
		return nil, wrap("claim messages", err)
	}
	return lookup(ctx, d, "claimed messages", func(tx *Tx) ([]haat.Message, error) {
		return claimedMessages(ctx, tx, ids)
	})
}

// claimedMessages reads the claimed messages ids with what their words are made from: the
// shopper's address and language, the store's name, the order with its bill, the product. They are
// read by their keys: the claim's own column has no index, and the outbox keeps a month of
// messages.
func claimedMessages(ctx context.Context, tx *Tx, ids []string) ([]haat.Message, error) {
	var w where
	w.in("m.id", ids)
	// A message goes to an account (user_id) or to a newsletter subscriber (subscriber_id).
	rows, err := tx.QueryContext(ctx, `SELECT m.id, m.channel, m.kind, m.tries, COALESCE(u.name, ''), COALESCE(u.email, s.email),
		COALESCE(u.phone, ''), COALESCE(u.language, s.language), COALESCE(m.order_id, ''), COALESCE(m.product_id, ''),
		COALESCE(s.confirm_token, ''), COALESCE(s.unsubscribe_token, '')
		FROM messages m LEFT JOIN users u ON u.id = m.user_id LEFT JOIN subscribers s ON s.id = m.subscriber_id`+w.String()+`
		ORDER BY m.next_at, m.id`, w.args...)
	if err != nil {
		return nil, err
	}
	var list []haat.Message
	var orderIDs, productIDs []string
	for rows.Next() {
		var m haat.Message
		var email, phone, orderID, productID string
		if err := rows.Scan(&m.ID, &m.Channel, &m.Kind, &m.Tries, &m.Name, &email, &phone, &m.Language, &orderID, &productID,
			&m.Confirm, &m.Unsubscribe); err != nil {
			rows.Close()
			return nil, err
		}
		m.To = email
		if m.Channel == haat.ChannelSMS {
			m.To = phone
		}
		if m.Language == "" {
			m.Language = haat.English
		}
		if orderID != "" {
			m.Order = &haat.Order{ID: orderID}
			orderIDs = append(orderIDs, orderID)
		}
		if productID != "" {
			m.Product = &haat.Product{ID: productID}
			productIDs = append(productIDs, productID)
		}
		list = append(list, m)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	settings, err := storeSettings(ctx, tx)
	if err != nil {
		return nil, err
	}
	products, err := productsByID(ctx, tx, productIDs)
	if err != nil {
		return nil, err
	}
	orders := map[string]*haat.Order{}
	for _, id := range orderIDs {
		if orders[id] == nil {
			if orders[id], err = findOrder(ctx, tx, OrderFilter{ID: &id}); err != nil {
				return nil, err
			}
		}
	}
	for i := range list {
		m := &list[i]
		m.Store = settings.Store.Name
		if m.Order != nil {
			m.Order = orders[m.Order.ID]
		}
		if m.Product != nil {
			p := products[m.Product.ID]
			m.Product = &p
		}
	}
	return list, nil
}

// MessageSent records that a claimed message went.
func (d *DB) MessageSent(ctx context.Context, id string) error {
	_, err := d.exec(ctx, `UPDATE messages SET sent_at = $1, claimed_until = 0 WHERE id = $2 AND sent_at IS NULL`, d.now().UnixMilli(), id)
	return wrap("message sent", err)
}

// MessageFailed records a failed try of a claimed message: it waits notify.RetryAfter for
// the next, or is given up after notify.MaxTries.
func (d *DB) MessageFailed(ctx context.Context, id, reason string) error {
	reason = strings.ToValidUTF8(reason, "?")
	if len(reason) > 500 {
		reason = reason[:500]
	}
	err := d.inTx(ctx, func(tx *Tx) error {
		var tries int
		if err := tx.QueryRowContext(ctx, `SELECT tries FROM messages WHERE id = $1`, id).Scan(&tries); err != nil {
			return err
		}
		tries++
		var failed any
		if tries >= notify.MaxTries {
			failed = tx.now.UnixMilli()
		}
		_, err := tx.ExecContext(ctx, `UPDATE messages SET tries = $1, next_at = $2, claimed_until = 0, failed_at = $3, last_error = $4
			WHERE id = $5 AND sent_at IS NULL`,
			tries, tx.now.Add(notify.RetryAfter(tries)).UnixMilli(), failed, reason, id)
		return err
	})
	return wrap("message failed", err)
}

// QueueBackInStock writes the messages of up to n alerts whose product is on sale again and whose
// shopper was not told, and marks them told, in one transaction: each alert is told once, however
// many servers run this. A shopper who turned these messages off is marked told without one.
func (d *DB) QueueBackInStock(ctx context.Context, n int) (int, error) {
	taken := 0
	err := d.inTx(ctx, func(tx *Tx) error {
		taken = 0
		rows, err := tx.QueryContext(ctx, `SELECT a.user_id, a.product_id, a.created_at
			FROM stock_alerts a JOIN products p ON p.id = a.product_id
			WHERE a.notified_at IS NULL AND `+onSaleNow+` ORDER BY a.created_at, a.user_id`+limit(n))
		if err != nil {
			return err
		}
		type alert struct {
			user, product string
			created       int64
		}
		var due []alert
		for rows.Next() {
			var a alert
			if err := rows.Scan(&a.user, &a.product, &a.created); err != nil {
				rows.Close()
				return err
			}
			due = append(due, a)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for _, a := range due {
			res, err := tx.ExecContext(ctx, `UPDATE stock_alerts SET notified_at = $1 WHERE user_id = $2 AND product_id = $3 AND notified_at IS NULL`,
				tx.now.UnixMilli(), a.user, a.product)
			if err != nil {
				return err
			}
			if k, err := res.RowsAffected(); err != nil {
				return err
			} else if k == 0 {
				continue
			}
			// An alert asked again after it was told is a new event: its time names it.
			dedupe := a.user + ":" + a.product + ":" + strconv.FormatInt(a.created, 10)
			if err := queueMessage(ctx, tx, haat.MessageBackInStock, dedupe, a.user, "", a.product); err != nil {
				return err
			}
			taken++
		}
		return nil
	})
	return taken, wrap("queue back in stock", err)
}
