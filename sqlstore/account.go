package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"golang.org/x/crypto/bcrypt"

	"haat"
	"haat/account"
	"haat/otp"
)

// errUserNotFound answers a change of an account that does not exist, or is closed.
var errUserNotFound = haat.Errorf(haat.ENOTFOUND, "User not found")

// CheckPassword answers nil when password is the account's, account.ErrWrongPassword otherwise (an
// account without a password matches none).
func (d *DB) CheckPassword(ctx context.Context, userID, password string) error {
	_, hash, err := d.user(ctx, UserFilter{ID: &userID})
	if err != nil {
		return wrap("check password", err)
	}
	if hash == "" || !settable(password) {
		d.missing(password)
		return account.ErrWrongPassword
	}
	if bcrypt.CompareHashAndPassword([]byte(hash), []byte(password)) != nil {
		return account.ErrWrongPassword
	}
	return nil
}

// SetPassword sets the account's password and ends its sessions but the one whose token is keep
// ("" ends all), in one transaction: a session stolen with the old password ends with it.
func (d *DB) SetPassword(ctx context.Context, userID, password, keep string) error {
	if err := haat.ValidatePassword(password); err != nil {
		return err
	}
	hash, err := d.hashPassword(password)
	if err != nil {
		return err
	}
	err = d.inTx(ctx, func(tx *Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE users SET password_hash = $1 WHERE id = $2 AND closed_at IS NULL`, hash, userID)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return errUserNotFound
		}
		_, err = tx.ExecContext(ctx, `DELETE FROM sessions WHERE role = $1 AND subject_id = $2 AND token_hash <> $3`,
			haat.RoleUser, userID, hashToken(keep))
		return err
	})
	return wrap("set password", err)
}

// SetEmail sets the account's e-mail, which no other account may have, whatever its case.
func (d *DB) SetEmail(ctx context.Context, userID, email string) error {
	email, err := haat.NormalizeEmail(email)
	if err != nil {
		return err
	}
	n, err := d.exec(ctx, `UPDATE users SET email = $1, email_key = $2 WHERE id = $3 AND closed_at IS NULL`, email, emailKey(email), userID)
	if isUniqueViolation(err) {
		return haat.Errorf(haat.ECONFLICT, "An account with this email already exists")
	} else if err != nil {
		return wrap("set email", err)
	}
	if n == 0 {
		return errUserNotFound
	}
	return nil
}

// SetPhone sets the account's mobile number, which no other account may have. An account without
// an e-mail is keyed by its number (see migration 0016), and its key follows.
func (d *DB) SetPhone(ctx context.Context, userID, phone string) error {
	phone, err := haat.NepaliMobile(phone)
	if err != nil {
		return otp.ErrMobileNumber
	}
	n, err := d.exec(ctx, `UPDATE users SET phone = $1, email_key = CASE WHEN email = '' THEN $2 ELSE email_key END
		WHERE id = $3 AND closed_at IS NULL`, phone, "phone:"+phone, userID)
	if isUniqueViolation(err) {
		return haat.Errorf(haat.ECONFLICT, "This number belongs to another account")
	} else if err != nil {
		return wrap("set phone", err)
	}
	if n == 0 {
		return errUserNotFound
	}
	return nil
}

// EndUserSessions ends every session of the account.
func (d *DB) EndUserSessions(ctx context.Context, userID string) error {
	_, err := d.exec(ctx, `DELETE FROM sessions WHERE role = $1 AND subject_id = $2`, haat.RoleUser, userID)
	return wrap("end sessions", err)
}

// closeStatements close an account ($1 its id, $2 the time, $3 the key its e-mail is freed
// for): its addresses that orders name, and the copies of them its orders keep, lose the
// shopper's name, e-mail, phone and street, the others go, and so do its cart, wishes,
// sessions, texts about its orders, messages not yet sent and request keys;
// the account's row stays, as its orders name it, without name, e-mail, phone or password.
var closeStatements = []string{
	`UPDATE addresses SET first_name = '', last_name = '', email = '', street = '', zipcode = '', phone = '', ward = 0, landmark = ''
		WHERE user_id = $1 AND id IN (SELECT address_id FROM orders WHERE user_id = $1)`,
	`UPDATE orders SET address_first_name = '', address_last_name = '', address_email = '', address_street = '',
		address_zipcode = '', address_phone = '', address_ward = 0, address_landmark = '' WHERE user_id = $1`,
	`DELETE FROM addresses WHERE user_id = $1 AND id NOT IN (SELECT address_id FROM orders WHERE user_id = $1)`,
	`DELETE FROM messages WHERE user_id = $1 AND sent_at IS NULL`,
	`DELETE FROM cart_items WHERE user_id = $1`,
	`DELETE FROM stock_alerts WHERE user_id = $1`,
	`DELETE FROM request_keys WHERE user_id = $1`,
	`DELETE FROM order_texts WHERE order_id IN (SELECT id FROM orders WHERE user_id = $1)`,
	`DELETE FROM sessions WHERE role = '` + haat.RoleUser + `' AND subject_id = $1`,
	`UPDATE users SET name = '', email = '', email_key = $3, phone = NULL, password_hash = '', language = '', closed_at = $2
		WHERE id = $1`,
}

// CloseAccount closes the account, once account.CheckClosable allows it with its orders, in one
// transaction that holds the account's row (SQLite: the write lock).
func (d *DB) CloseAccount(ctx context.Context, userID string, giveUpCredit bool) error {
	lock := ""
	if d.dialect == Postgres {
		lock = " FOR UPDATE"
	}
	err := d.inTx(ctx, func(tx *Tx) error {
		if err := tx.QueryRowContext(ctx, `SELECT id FROM users WHERE id = $1 AND closed_at IS NULL`+lock, userID).Scan(new(string)); errors.Is(err, sql.ErrNoRows) {
			return errUserNotFound
		} else if err != nil {
			return err
		}
		orders, err := findOrders(ctx, tx, OrderFilter{UserID: &userID})
		if err != nil {
			return err
		}
		credit, err := creditBalance(ctx, tx, userID)
		if err != nil {
			return err
		}
		if err := account.CheckClosable(orders, credit, giveUpCredit); err != nil {
			return err
		}
		for _, stmt := range closeStatements {
			args := []any{userID}
			if strings.Contains(stmt, "$3") {
				args = append(args, tx.now.UnixMilli(), "closed:"+userID)
			}
			if _, err := tx.ExecContext(ctx, stmt, args...); err != nil {
				return err
			}
		}
		return nil
	})
	return wrap("close account", err)
}

// ResetAccount returns the open account with the request's e-mail (whatever its case) or mobile
// number, or ENOTFOUND.
func (d *DB) ResetAccount(ctx context.Context, to otp.ResetRequest) (*haat.User, error) {
	f := UserFilter{}
	switch {
	case to.Email != "":
		f.Email = &to.Email
	case to.Phone != "":
		f.Phone = &to.Phone
	default:
		return nil, errUserNotFound
	}
	u, _, err := d.user(ctx, f)
	if err != nil {
		return nil, wrap("reset account", err)
	}
	return u, nil
}
