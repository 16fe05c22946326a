package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"golang.org/x/crypto/bcrypt"

	"haat"
	"haat/otp"
)

// errBadLogin is the one answer for an unknown email and a wrong password.
var errBadLogin = haat.Errorf(haat.EUNAUTHORIZED, "Invalid email or password")

// missing compares password with a hash made at the store's cost, for an account that is unknown
// or has no password: every failed sign-in then takes as long as a wrong password does.
func (d *DB) missing(password string) {
	d.dummyOnce.Do(func() {
		hash, _ := d.hashPassword("not a real password")
		d.dummyHash = []byte(hash)
	})
	bcrypt.CompareHashAndPassword(d.dummyHash, []byte(password))
}

func (d *DB) hashPassword(password string) (string, error) {
	h, err := bcrypt.GenerateFromPassword([]byte(password), d.BcryptCost)
	if err != nil {
		return "", fmt.Errorf("sqlstore: hash password: %w", err)
	}
	return string(h), nil
}

// settable says whether a password could have been set at all: one that is empty or longer than
// bcrypt reads (haat.MaxPasswordBytes) matches no account, so it is refused without the database
// or a hash (the answer is the same, and says nothing about the account).
func settable(password string) bool {
	return password != "" && len(password) <= haat.MaxPasswordBytes
}

// Register creates a shopper account.
func (d *DB) Register(ctx context.Context, name, email, password string) (*haat.User, error) {
	reg := haat.Registration{Name: name, Email: email, Password: password}
	if err := reg.Validate(); err != nil {
		return nil, err
	}
	name, email = reg.Name, reg.Email
	hash, err := d.hashPassword(password)
	if err != nil {
		return nil, err
	}
	u := &haat.User{ID: newID(), Name: name, Email: email, CartItems: haat.Cart{}, CreatedAt: d.now(), Notifications: haat.DefaultNotifications, HasPassword: true}
	_, err = d.exec(ctx, `INSERT INTO users (id, name, email, email_key, password_hash, created_at)
		VALUES ($1, $2, $3, $4, $5, $6)`, u.ID, u.Name, u.Email, emailKey(email), hash, u.CreatedAt.UnixMilli())
	if isUniqueViolation(err) {
		return nil, haat.Errorf(haat.ECONFLICT, "An account with this email already exists")
	} else if err != nil {
		return nil, fmt.Errorf("sqlstore: register: %w", err)
	}
	return u, nil
}

// UserFilter selects a user for findUser; a field left nil selects any.
type UserFilter struct {
	ID    *string
	Email *string // matched whatever its case and surrounding spaces
	Phone *string // a mobile number's 10 digits
}

// Authenticate checks a shopper's email and password.
func (d *DB) Authenticate(ctx context.Context, email, password string) (*haat.User, error) {
	if !settable(password) {
		return nil, errBadLogin
	}
	u, hash, err := d.user(ctx, UserFilter{Email: &email})
	if haat.ErrorCode(err) == haat.ENOTFOUND {
		d.missing(password)
		return nil, errBadLogin
	} else if err != nil {
		return nil, wrap("authenticate", err)
	}
	if hash == "" { // a shopper who signs in by phone has no password
		d.missing(password)
		return nil, errBadLogin
	}
	if bcrypt.CompareHashAndPassword([]byte(hash), []byte(password)) != nil {
		return nil, errBadLogin
	}
	return u, nil
}

// User returns a shopper with their cart and its version.
func (d *DB) User(ctx context.Context, id string) (*haat.User, error) {
	u, _, err := d.user(ctx, UserFilter{ID: &id})
	if err != nil {
		return nil, wrap("user", err)
	}
	return u, nil
}

// SetLanguage keeps the language a user reads the store in.
func (d *DB) SetLanguage(ctx context.Context, userID string, lang haat.Language) error {
	return d.setLanguage(ctx, `UPDATE users SET language = $1 WHERE id = $2`, userID, lang, haat.Errorf(haat.ENOTFOUND, "User not found"))
}

// SetName keeps the name a shopper gives, once ShopperName allows it.
func (d *DB) SetName(ctx context.Context, userID, name string) error {
	name, err := otp.ShopperName(name)
	if err != nil {
		return err
	}
	n, err := d.exec(ctx, `UPDATE users SET name = $1 WHERE id = $2`, name, userID)
	if err != nil {
		return wrap("set name", err)
	}
	if n == 0 {
		return haat.Errorf(haat.ENOTFOUND, "User not found")
	}
	return nil
}

// SetNotifications changes the kinds of message a shopper chose to get, and answers the choices
// as they are now.
func (d *DB) SetNotifications(ctx context.Context, userID string, c haat.NotificationChoice) (haat.Notifications, error) {
	var n haat.Notifications
	if err := c.Validate(); err != nil {
		return n, err
	}
	err := d.inTx(ctx, func(tx *Tx) error {
		u, _, err := findUser(ctx, tx, UserFilter{ID: &userID})
		if err != nil {
			return err
		}
		n = c.Apply(u.Notifications)
		_, err = tx.ExecContext(ctx, `UPDATE users SET notify_orders = $1, notify_stock = $2, notify_news = $3 WHERE id = $4`,
			n.Orders, n.BackInStock, n.Newsletter, userID)
		return err
	})
	return n, wrap("set notifications", err)
}

// setLanguage runs update, which sets the language ($1) of the account with id $2, and answers
// notFound when there is no such account.
func (d *DB) setLanguage(ctx context.Context, update, id string, lang haat.Language, notFound error) error {
	n, err := d.exec(ctx, update, lang, id)
	if err != nil {
		return wrap("set language", err)
	}
	if n == 0 {
		return notFound
	}
	return nil
}

// user reads the user the filter selects and their password hash.
func (d *DB) user(ctx context.Context, f UserFilter) (u *haat.User, hash string, err error) {
	err = d.read(ctx, func(tx *Tx) (err error) {
		u, hash, err = findUser(ctx, tx, f)
		return err
	})
	return u, hash, err
}

// findUser returns the user the filter selects, with their cart and its version and the hash of
// their password, or ENOTFOUND. The version is read with the user, before the cart's items:
// where a statement sees whatever committed before it (PostgreSQL), a change landing in between
// then pairs a newer cart with an older version, which costs the client one merge, never the
// other way round, which would lose that change.
func findUser(ctx context.Context, tx *Tx, f UserFilter) (*haat.User, string, error) {
	var w where
	w.add(`closed_at IS NULL`) // a closed account is nobody's
	addIf(&w, `id = ?`, f.ID)
	addIf(&w, `phone = ?`, f.Phone)
	if f.Email != nil {
		w.add(`email_key = ?`, emailKey(*f.Email))
	}
	u := &haat.User{}
	var created int64
	var hash string
	var phone sql.NullString
	n := &u.Notifications
	err := tx.QueryRowContext(ctx, `SELECT id, name, email, phone, language, created_at, cart_version, password_hash,
		notify_orders, notify_stock, notify_news FROM users`+w.String()+limit(1),
		w.args...).Scan(&u.ID, &u.Name, &u.Email, &phone, &u.Language, &created, &u.CartVersion, &hash, &n.Orders, &n.BackInStock, &n.Newsletter)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, "", haat.Errorf(haat.ENOTFOUND, "User not found")
	} else if err != nil {
		return nil, "", err
	}
	u.CreatedAt = fromMillis(created)
	u.Phone = phone.String
	u.HasPassword = hash != ""
	if u.CartItems, err = findCart(ctx, tx, u.ID); err != nil {
		return nil, "", err
	}
	return u, hash, nil
}

// emailKey is the form of an email that accounts are looked up by: one account per address,
// whatever its case.
func emailKey(email string) string { return strings.ToLower(strings.TrimSpace(email)) }
