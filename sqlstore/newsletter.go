package sqlstore

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/base64"
	"errors"
	"time"

	"haat"
	"haat/newsletter"
)

// newsletterToken is a random token of a subscriber's link.
func newsletterToken() string {
	buf := make([]byte, 24)
	rand.Read(buf)
	return base64.RawURLEncoding.EncodeToString(buf)
}

var errNoSubscription = haat.Errorf(haat.ENOTFOUND, "This link is not valid, or was used already")

// Subscribe puts email on the newsletter's list unconfirmed, or asks again for the confirmation of
// an address not confirmed or taken off, and queues the confirmation mail when the store mails.
// A confirmed address is left as it is.
func (d *DB) Subscribe(ctx context.Context, email string, lang haat.Language) error {
	err := d.inTx(ctx, func(tx *Tx) error {
		var id string
		var confirmed, gone sql.NullInt64
		err := tx.QueryRowContext(ctx, `SELECT id, confirmed_at, unsubscribed_at FROM subscribers WHERE email = $1`, email).
			Scan(&id, &confirmed, &gone)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			id = newID()
			if _, err := tx.ExecContext(ctx, `INSERT INTO subscribers (id, email, language, confirm_token, unsubscribe_token, created_at)
				VALUES ($1, $2, $3, $4, $5, $6)`, id, email, lang, newsletterToken(), newsletterToken(), tx.now.UnixMilli()); err != nil {
				return err
			}
		case err != nil:
			return err
		case confirmed.Valid && !gone.Valid:
			return nil
		default:
			// Asked again: a fresh confirmation link (the earlier one no longer confirms).
			if _, err := tx.ExecContext(ctx, `UPDATE subscribers SET language = $1, confirm_token = $2, confirmed_at = NULL,
				unsubscribed_at = NULL WHERE id = $3`, lang, newsletterToken(), id); err != nil {
				return err
			}
		}
		if !tx.mails {
			return nil
		}
		now := tx.now.UnixMilli()
		_, err = tx.ExecContext(ctx, `INSERT INTO messages (id, channel, kind, dedupe, subscriber_id, created_at, next_at)
			VALUES ($1, 'mail', $2, $3, $4, $5, $5)`, newID(), newsletter.MessageConfirm,
			string(newsletter.MessageConfirm)+":"+newID(), id, now)
		return err
	})
	return wrap("subscribe", err)
}

// ConfirmSubscription confirms the address whose confirmation link token is; the link then no
// longer works.
func (d *DB) ConfirmSubscription(ctx context.Context, token string) error {
	if token == "" {
		return errNoSubscription
	}
	n, err := d.exec(ctx, `UPDATE subscribers SET confirmed_at = $1, confirm_token = NULL
		WHERE confirm_token = $2 AND unsubscribed_at IS NULL`, d.now().UnixMilli(), token)
	if err == nil && n == 0 {
		err = errNoSubscription
	}
	return wrap("confirm subscription", err)
}

// Unsubscribe takes the address of the unsubscribe link token off the list (again, harmlessly),
// and turns off the newsletter choice of the account with that email.
func (d *DB) Unsubscribe(ctx context.Context, token string) error {
	if token == "" {
		return errNoSubscription
	}
	err := d.inTx(ctx, func(tx *Tx) error {
		var email string
		err := tx.QueryRowContext(ctx, `SELECT email FROM subscribers WHERE unsubscribe_token = $1`, token).Scan(&email)
		if errors.Is(err, sql.ErrNoRows) {
			return errNoSubscription
		} else if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE subscribers SET unsubscribed_at = COALESCE(unsubscribed_at, $1), confirm_token = NULL
			WHERE unsubscribe_token = $2`, tx.now.UnixMilli(), token); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE users SET notify_news = FALSE WHERE LOWER(email) = $1`, email)
		return err
	})
	return wrap("unsubscribe", err)
}

// Subscribers lists the confirmed addresses still on the list and the emails of the accounts
// that chose the newsletter, once each, by address.
func (d *DB) Subscribers(ctx context.Context) ([]newsletter.Subscriber, error) {
	return lookup(ctx, d, "subscribers", func(tx *Tx) ([]newsletter.Subscriber, error) {
		rows, err := tx.QueryContext(ctx, `SELECT email, MIN(since), MAX(account) FROM (
			SELECT email, confirmed_at AS since, 0 AS account FROM subscribers
				WHERE confirmed_at IS NOT NULL AND unsubscribed_at IS NULL
			UNION ALL
			SELECT LOWER(email), created_at, 1 FROM users WHERE notify_news AND email <> ''
		) s GROUP BY email ORDER BY email`)
		if err != nil {
			return nil, err
		}
		defer rows.Close()
		var list []newsletter.Subscriber
		for rows.Next() {
			var s newsletter.Subscriber
			var since int64
			var account int
			if err := rows.Scan(&s.Email, &since, &account); err != nil {
				return nil, err
			}
			s.Since, s.Account = time.UnixMilli(since).UTC(), account == 1
			list = append(list, s)
		}
		return list, rows.Err()
	})
}
