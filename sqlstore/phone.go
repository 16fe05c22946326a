package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"haat"
	"haat/otp"
)

// SavePhoneCode keeps hash as the number's code for requester, valid for otp.ValidFor with no
// tries made, replacing the code sent before to the same requester. Codes that expired a day ago
// are removed by Sweep.
func (d *DB) SavePhoneCode(ctx context.Context, phone, requester, hash string) (*otp.PhoneCode, error) {
	return d.SaveCode(ctx, phone, requester, hash, otp.ValidFor)
}

// SaveCode keeps hash as the code for key (a number, or another address a code went to, such as
// a password reset's) and requester, valid for validFor with no tries made, replacing the code
// sent before to the same requester.
func (d *DB) SaveCode(ctx context.Context, phone, requester, hash string, validFor time.Duration) (*otp.PhoneCode, error) {
	var c *otp.PhoneCode
	err := d.inTx(ctx, func(tx *Tx) error {
		c = &otp.PhoneCode{Phone: phone, Requester: requester, Hash: hash, ExpiresAt: tx.now.Add(validFor), CreatedAt: tx.now}
		_, err := tx.ExecContext(ctx, `INSERT INTO phone_codes (phone, requester, code_hash, expires_at, tries, created_at)
			VALUES ($1, $2, $3, $4, 0, $5)
			ON CONFLICT (phone, requester) DO UPDATE SET code_hash = excluded.code_hash, expires_at = excluded.expires_at, tries = 0,
				created_at = excluded.created_at`,
			phone, requester, hash, c.ExpiresAt.UnixMilli(), c.CreatedAt.UnixMilli())
		return err
	})
	if err != nil {
		return nil, wrap("save phone code", err)
	}
	return c, nil
}

// DeletePhoneCode forgets the number's code for requester made at createdAt (one that could not
// be sent).
func (d *DB) DeletePhoneCode(ctx context.Context, phone, requester string, createdAt time.Time) error {
	_, err := d.exec(ctx, `DELETE FROM phone_codes WHERE phone = $1 AND requester = $2 AND created_at = $3`,
		phone, requester, createdAt.UnixMilli())
	return wrap("delete phone code", err)
}

// TryPhoneCode counts a try of the number's code for requester and returns the code with it
// counted. The check and the count are one statement, so parallel tries cannot pass
// otp.MaxTries together; when it counts nothing, the code as stored says why
// (PhoneCode.CheckTry).
func (d *DB) TryPhoneCode(ctx context.Context, phone, requester string) (*otp.PhoneCode, error) {
	var c *otp.PhoneCode
	err := d.inTx(ctx, func(tx *Tx) (err error) {
		c, err = scanPhoneCode(tx.QueryRowContext(ctx, `UPDATE phone_codes SET tries = tries + 1
			WHERE phone = $1 AND requester = $2 AND expires_at > $3 AND tries < $4
			RETURNING phone, requester, code_hash, expires_at, tries, created_at`, phone, requester, tx.now.UnixMilli(), otp.MaxTries))
		if err != nil || c != nil {
			return err
		}
		stored, err := scanPhoneCode(tx.QueryRowContext(ctx, `SELECT phone, requester, code_hash, expires_at, tries, created_at
			FROM phone_codes WHERE phone = $1 AND requester = $2`, phone, requester))
		if err != nil {
			return err
		}
		if err := stored.CheckTry(tx.now); err != nil {
			return err
		}
		return otp.ErrCodeExpired // changed in between: ask for a new one
	})
	if err != nil {
		return nil, wrap("try phone code", err)
	}
	return c, nil
}

// scanPhoneCode reads a row of phone_codes; nil when there is none.
func scanPhoneCode(row *sql.Row) (*otp.PhoneCode, error) {
	var c otp.PhoneCode
	var expires, created int64
	err := row.Scan(&c.Phone, &c.Requester, &c.Hash, &expires, &c.Tries, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	c.ExpiresAt, c.CreatedAt = fromMillis(expires), fromMillis(created)
	return &c, nil
}

// UsePhoneCode ends the number's code for requester made at createdAt, which the shopper got right,
// and the number's other codes, and returns the shopper with the number, creating the account
// with name on the first sign-in. A code that another request used meanwhile answers
// otp.ErrCodeExpired, so a code signs in once.
func (d *DB) UsePhoneCode(ctx context.Context, phone, requester string, createdAt time.Time, name string) (*haat.User, bool, error) {
	var u *haat.User
	created := false
	err := d.inTx(ctx, func(tx *Tx) (err error) {
		res, err := tx.ExecContext(ctx, `DELETE FROM phone_codes WHERE phone = $1 AND requester = $2 AND created_at = $3`,
			phone, requester, createdAt.UnixMilli())
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return otp.ErrCodeExpired
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM phone_codes WHERE phone = $1`, phone); err != nil {
			return err
		}
		u, _, err = findUser(ctx, tx, UserFilter{Phone: &phone})
		if haat.ErrorCode(err) != haat.ENOTFOUND {
			return err
		}
		// The number's first sign-in. The code was the number's own, so two requests cannot both
		// get here with it; the unique phone holds against any other way.
		u = &haat.User{ID: newID(), Name: name, Phone: phone, CartItems: haat.Cart{}, CreatedAt: tx.now, Notifications: haat.DefaultNotifications}
		if _, err := tx.ExecContext(ctx, `INSERT INTO users (id, name, email, email_key, phone, password_hash, created_at)
			VALUES ($1, $2, '', $3, $4, '', $5)`, u.ID, u.Name, "phone:"+phone, phone, tx.now.UnixMilli()); err != nil {
			return err
		}
		created = true
		return nil
	})
	if err != nil {
		return nil, false, wrap("use phone code", err)
	}
	return u, created, nil
}

// SpendPhoneCode ends the number's code for requester made at createdAt, which was right, and the
// number's other codes. A code that another request used meanwhile answers otp.ErrCodeExpired,
// so a code is spent once.
func (d *DB) SpendPhoneCode(ctx context.Context, phone, requester string, createdAt time.Time) error {
	err := d.inTx(ctx, func(tx *Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM phone_codes WHERE phone = $1 AND requester = $2 AND created_at = $3`,
			phone, requester, createdAt.UnixMilli())
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return otp.ErrCodeExpired
		}
		_, err = tx.ExecContext(ctx, `DELETE FROM phone_codes WHERE phone = $1`, phone)
		return err
	})
	return wrap("spend phone code", err)
}
