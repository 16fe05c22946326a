package sqlstore

import (
	"context"
	"database/sql/driver"
	"encoding/json"
	"fmt"
	"time"

	"haat"
)

// Kept past their use for a day: rate-limit counts (after their window began) and sign-in codes
// (after they expired), so that a late look at them still finds them.
const sweepAfter = 24 * time.Hour

// Swept counts the rows Sweep removed.
type Swept struct {
	Sessions, LoginLimits, PhoneCodes, RequestKeys, Messages int64
}

// messagesKept is how long a message sent or given up stays in the outbox, for a look at what a
// shopper was sent.
const messagesKept = 30 * 24 * time.Hour

// Sweep removes, in one write, what has outlived its use: expired sessions, rate-limit counts whose
// window began a day ago, sign-in codes a day past their expiry, and request keys older than
// haat.RequestKeyLife (a call sent again under one later is a new call anyway), and messages to
// shoppers sent or given up that were written 30 days ago.
func (d *DB) Sweep(ctx context.Context) (Swept, error) {
	var n Swept
	err := d.inTx(ctx, func(tx *Tx) error {
		n = Swept{} // the writer may run the operation again
		for _, s := range []struct {
			count *int64
			query string
			arg   time.Time
		}{
			{&n.Sessions, `DELETE FROM sessions WHERE expires_at < $1`, tx.now},
			{&n.LoginLimits, `DELETE FROM login_failures WHERE window_start < $1`, tx.now.Add(-sweepAfter)},
			{&n.PhoneCodes, `DELETE FROM phone_codes WHERE expires_at < $1`, tx.now.Add(-sweepAfter)},
			{&n.RequestKeys, `DELETE FROM request_keys WHERE created_at < $1`, tx.now.Add(-haat.RequestKeyLife)},
			{&n.Messages, `DELETE FROM messages WHERE created_at < $1 AND (sent_at IS NOT NULL OR failed_at IS NOT NULL)`, tx.now.Add(-messagesKept)},
		} {
			res, err := tx.ExecContext(ctx, s.query, s.arg.UnixMilli())
			if err != nil {
				return err
			}
			if *s.count, err = res.RowsAffected(); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return Swept{}, fmt.Errorf("sqlstore: sweep: %w", err)
	}
	return n, nil
}

// PhotosInUse returns the URL paths of the pictures a product or an order shows, and the store's
// logo: a photo removed from a product stays in use while an order placed before keeps it.
func (d *DB) PhotosInUse(ctx context.Context) (map[string]bool, error) {
	inUse := map[string]bool{}
	err := d.read(ctx, func(tx *Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT images FROM products UNION SELECT product_images FROM order_items`)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var list string
			if err := rows.Scan(&list); err != nil {
				return err
			}
			var urls []string
			if err := json.Unmarshal([]byte(list), &urls); err != nil {
				return fmt.Errorf("pictures %q: %w", list, err)
			}
			for _, u := range urls {
				inUse[u] = true
			}
		}
		if err := rows.Err(); err != nil {
			return err
		}
		settings, err := storeSettings(ctx, tx)
		if settings != nil && settings.Store.Logo != "" {
			inUse[settings.Store.Logo] = true
		}
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("sqlstore: photos in use: %w", err)
	}
	return inUse, nil
}

// Exclusive runs fn unless another server of the store is running fn under the same lock right
// now (a PostgreSQL advisory lock, held for fn's run); ran says whether fn ran. On SQLite, which
// one process serves, fn always runs.
func (d *DB) Exclusive(ctx context.Context, lock int64, fn func() error) (ran bool, err error) {
	if d.dialect != Postgres {
		return true, fn()
	}
	conn, err := d.db.Conn(ctx)
	if err != nil {
		return false, fmt.Errorf("sqlstore: exclusive: %w", err)
	}
	defer conn.Close()
	if err := conn.QueryRowContext(ctx, `SELECT pg_try_advisory_lock($1::integer, `+lockScope+`)`, lock).Scan(&ran); err != nil || !ran {
		return false, wrap("exclusive", err)
	}
	defer func() {
		// Unlocked on this connection, or, should that fail, by closing it.
		if _, uerr := conn.ExecContext(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1::integer, `+lockScope+`)`, lock); uerr != nil {
			conn.Raw(func(any) error { return driver.ErrBadConn }) // the pool then discards the connection
		}
	}()
	return true, fn()
}
