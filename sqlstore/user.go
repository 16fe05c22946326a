package sqlstore

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"golang.org/x/crypto/bcrypt"

	"haat"
)

// errBadLogin is the one answer for an unknown email and a wrong password.
var errBadLogin = haat.Errorf(haat.EUNAUTHORIZED, "Invalid email or password")

// dummyHash is compared against when an email is unknown, so both failures take as long.
var dummyHash, _ = bcrypt.GenerateFromPassword([]byte("not a real password"), 11)

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
	u := &haat.User{ID: newID(), Name: name, Email: email, CartItems: haat.Cart{}, CreatedAt: d.now()}
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
		bcrypt.CompareHashAndPassword(dummyHash, []byte(password))
		return nil, errBadLogin
	} else if err != nil {
		return nil, wrap("authenticate", err)
	}
	if hash == "" { // a shopper who signs in by phone has no password
		bcrypt.CompareHashAndPassword(dummyHash, []byte(password))
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
	name, err := haat.ShopperName(name)
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
	addIf(&w, `id = ?`, f.ID)
	addIf(&w, `phone = ?`, f.Phone)
	if f.Email != nil {
		w.add(`email_key = ?`, emailKey(*f.Email))
	}
	u := &haat.User{}
	var created int64
	var hash string
	var phone sql.NullString
	err := tx.QueryRowContext(ctx, `SELECT id, name, email, phone, language, created_at, cart_version, password_hash FROM users`+w.String()+limit(1),
		w.args...).Scan(&u.ID, &u.Name, &u.Email, &phone, &u.Language, &created, &u.CartVersion, &hash)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, "", haat.Errorf(haat.ENOTFOUND, "User not found")
	} else if err != nil {
		return nil, "", err
	}
	u.CreatedAt = fromMillis(created)
	u.Phone = phone.String
	if u.CartItems, err = findCart(ctx, tx, u.ID); err != nil {
		return nil, "", err
	}
	return u, hash, nil
}

// emailKey is the form of an email that accounts are looked up by: one account per address,
// whatever its case.
func emailKey(email string) string { return strings.ToLower(strings.TrimSpace(email)) }

// findCart reads the items of a shopper's cart.
func findCart(ctx context.Context, tx *Tx, userID string) (haat.Cart, error) {
	rows, err := tx.QueryContext(ctx, `SELECT product_id, quantity FROM cart_items WHERE user_id = $1`, userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	cart := haat.Cart{}
	for rows.Next() {
		var pid string
		var n int
		if err := rows.Scan(&pid, &n); err != nil {
			return nil, err
		}
		cart[pid] = n
	}
	return cart, rows.Err()
}

// SetCart replaces a shopper's cart whatever its version; unknown products or bad quantities change nothing.
func (d *DB) SetCart(ctx context.Context, userID string, cart haat.Cart) error {
	_, err := d.UpdateCart(ctx, userID, cart, nil)
	return err
}

// UpdateCart replaces a shopper's cart and answers its new version. With ifVersion set the
// version is compared and raised in one statement (the row lock makes a concurrent update wait
// and then find the version moved on), so of two updates naming one version exactly one wins.
func (d *DB) UpdateCart(ctx context.Context, userID string, cart haat.Cart, ifVersion *int64) (int64, error) {
	if err := cart.Validate(); err != nil {
		return 0, err
	}
	var version int64
	err := d.inTx(ctx, func(tx *Tx) (err error) {
		if err := checkProductsSold(ctx, tx, cart); err != nil {
			return err
		}
		if version, err = raiseCartVersion(ctx, tx, userID, ifVersion); err != nil {
			return err
		}
		return replaceCart(ctx, tx, userID, cart)
	})
	if err != nil {
		return 0, wrap("set cart", err)
	}
	return version, nil
}

// checkProductsSold refuses a cart with a product the catalogue does not have or that is no longer
// on sale.
func checkProductsSold(ctx context.Context, tx *Tx, cart haat.Cart) error {
	if len(cart) == 0 {
		return nil
	}
	ids := make([]string, 0, len(cart))
	for id := range cart {
		ids = append(ids, id)
	}
	found, err := findProducts(ctx, tx, ProductFilter{IDs: ids})
	if err != nil {
		return err
	}
	if len(found) != len(ids) {
		return haat.Errorf(haat.EINVALID, "Your cart has a product that is no longer sold")
	}
	for _, p := range found {
		if err := p.CheckOnSale(); err != nil {
			return err
		}
	}
	return nil
}

// raiseCartVersion raises the version of a shopper's cart and returns it. With ifVersion set a
// cart at another version is refused with a *haat.CartConflict holding the stored cart.
func raiseCartVersion(ctx context.Context, tx *Tx, userID string, ifVersion *int64) (int64, error) {
	var w where
	w.add(`id = ?`, userID)
	addIf(&w, `cart_version = ?`, ifVersion)
	var version int64
	err := tx.QueryRowContext(ctx, `UPDATE users SET cart_version = cart_version + 1`+w.String()+` RETURNING cart_version`,
		w.args...).Scan(&version)
	if !errors.Is(err, sql.ErrNoRows) {
		return version, err
	}
	stored, _, err := findUser(ctx, tx, UserFilter{ID: &userID})
	if err != nil {
		return 0, err
	}
	return 0, &haat.CartConflict{Cart: stored.CartItems, Version: stored.CartVersion}
}

// replaceCart stores cart as a shopper's cart. No statement's outcome is read: on the writer they
// go with the operation's other writes (Tx.send).
func replaceCart(ctx context.Context, tx *Tx, userID string, cart haat.Cart) error {
	if err := tx.send(ctx, `DELETE FROM cart_items WHERE user_id = $1`, userID); err != nil {
		return err
	}
	for id, q := range cart {
		if err := tx.send(ctx, `INSERT INTO cart_items (user_id, product_id, quantity) VALUES ($1, $2, $3)`,
			userID, id, q); err != nil {
			return err
		}
	}
	return nil
}

// emptyCart empties a shopper's cart inside tx (an order took its items) and raises its version,
// so that a tab or device still holding the old cart merges instead of bringing the items back.
func emptyCart(ctx context.Context, tx *Tx, userID string) error {
	if err := replaceCart(ctx, tx, userID, nil); err != nil {
		return err
	}
	return tx.send(ctx, `UPDATE users SET cart_version = cart_version + 1 WHERE id = $1`, userID)
}

// UpsertSeller creates a seller account or sets the password of an existing one. A new
// password ends every session of the seller, in the same transaction; the password the seller
// already has (a restart with the same HAAT_SELLER_PASSWORD) changes nothing.
func (d *DB) UpsertSeller(ctx context.Context, email, password string) error {
	email, err := haat.NormalizeEmail(email)
	if err != nil {
		return err
	}
	if err := haat.ValidatePassword(password); err != nil {
		return err
	}
	_, old, err := d.seller(ctx, email)
	if err != nil && haat.ErrorCode(err) != haat.ENOTFOUND {
		return wrap("upsert seller", err)
	}
	if err == nil && bcrypt.CompareHashAndPassword([]byte(old), []byte(password)) == nil {
		return nil
	}
	hash, err := d.hashPassword(password)
	if err != nil {
		return err
	}
	err = d.inTx(ctx, func(tx *Tx) error {
		var id string
		if err := tx.QueryRowContext(ctx, `INSERT INTO sellers (id, email, email_key, password_hash, created_at)
			VALUES ($1, $2, $3, $4, $5)
			ON CONFLICT (email_key) DO UPDATE SET password_hash = excluded.password_hash
			RETURNING id`, newID(), email, emailKey(email), hash, tx.now.UnixMilli()).Scan(&id); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE role = $1 AND subject_id = $2`, haat.RoleSeller, id)
		return err
	})
	if err != nil {
		return fmt.Errorf("sqlstore: upsert seller: %w", err)
	}
	return nil
}

// EndSellerSessions ends every session of the seller with email.
func (d *DB) EndSellerSessions(ctx context.Context, email string) error {
	if _, err := d.exec(ctx, `DELETE FROM sessions WHERE role = $1 AND subject_id IN
		(SELECT id FROM sellers WHERE email_key = $2)`, haat.RoleSeller, emailKey(email)); err != nil {
		return fmt.Errorf("sqlstore: end seller sessions: %w", err)
	}
	return nil
}

// AuthenticateSeller checks a seller's email and password.
func (d *DB) AuthenticateSeller(ctx context.Context, email, password string) (*haat.Seller, error) {
	if !settable(password) {
		return nil, errBadLogin
	}
	s, hash, err := d.seller(ctx, email)
	if haat.ErrorCode(err) == haat.ENOTFOUND {
		bcrypt.CompareHashAndPassword(dummyHash, []byte(password))
		return nil, errBadLogin
	} else if err != nil {
		return nil, wrap("authenticate seller", err)
	}
	if bcrypt.CompareHashAndPassword([]byte(hash), []byte(password)) != nil {
		return nil, errBadLogin
	}
	return s, nil
}

// Seller returns the seller with id, or ENOTFOUND.
func (d *DB) Seller(ctx context.Context, id string) (*haat.Seller, error) {
	s := &haat.Seller{}
	err := d.queryRow(ctx, `SELECT id, email, language FROM sellers WHERE id = $1`, id).Scan(&s.ID, &s.Email, &s.Language)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, haat.Errorf(haat.ENOTFOUND, "Seller not found")
	} else if err != nil {
		return nil, wrap("seller", err)
	}
	return s, nil
}

// SetSellerLanguage keeps the language a seller reads the seller area in.
func (d *DB) SetSellerLanguage(ctx context.Context, sellerID string, lang haat.Language) error {
	return d.setLanguage(ctx, `UPDATE sellers SET language = $1 WHERE id = $2`, sellerID, lang, haat.Errorf(haat.ENOTFOUND, "Seller not found"))
}

// seller reads the seller with email and the hash of their password, or ENOTFOUND.
func (d *DB) seller(ctx context.Context, email string) (s *haat.Seller, hash string, err error) {
	err = d.read(ctx, func(tx *Tx) error {
		s = &haat.Seller{}
		err := tx.QueryRowContext(ctx, `SELECT id, email, language, password_hash FROM sellers WHERE email_key = $1`,
			emailKey(email)).Scan(&s.ID, &s.Email, &s.Language, &hash)
		if errors.Is(err, sql.ErrNoRows) {
			return haat.Errorf(haat.ENOTFOUND, "Seller not found")
		}
		return err
	})
	return s, hash, err
}

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// CreateSession starts a session and returns its token; only the token's hash is stored.
func (d *DB) CreateSession(ctx context.Context, role, subjectID string, ttl time.Duration) (string, error) {
	buf := make([]byte, 32)
	rand.Read(buf)
	token := base64.RawURLEncoding.EncodeToString(buf)
	now := d.now()
	// Expired sessions are removed by Sweep.
	if _, err := d.exec(ctx, `INSERT INTO sessions (token_hash, role, subject_id, expires_at, created_at)
		VALUES ($1, $2, $3, $4, $5)`, hashToken(token), role, subjectID, now.Add(ttl).UnixMilli(), now.UnixMilli()); err != nil {
		return "", fmt.Errorf("sqlstore: create session: %w", err)
	}
	return token, nil
}

// SessionSubject returns the subject of a live session of role.
func (d *DB) SessionSubject(ctx context.Context, role, token string) (string, error) {
	var subject string
	err := d.queryRow(ctx, `SELECT subject_id FROM sessions WHERE token_hash = $1 AND role = $2 AND expires_at > $3`,
		hashToken(token), role, d.now().UnixMilli()).Scan(&subject)
	if errors.Is(err, sql.ErrNoRows) {
		return "", haat.Errorf(haat.ENOTFOUND, "Session not found")
	} else if err != nil {
		return "", fmt.Errorf("sqlstore: session: %w", err)
	}
	return subject, nil
}

// DeleteSession ends a session.
func (d *DB) DeleteSession(ctx context.Context, role, token string) error {
	if _, err := d.exec(ctx, `DELETE FROM sessions WHERE token_hash = $1 AND role = $2`, hashToken(token), role); err != nil {
		return fmt.Errorf("sqlstore: delete session: %w", err)
	}
	return nil
}

// Attempt counts an attempt by key, starting a new window when the last one has passed, and
// allows it while the window holds at most limit. The count and the check are one statement,
// so concurrent attempts cannot overtake each other. Refused attempts do not raise the count
// further. Counts whose window ended long ago are removed by Sweep.
func (d *DB) Attempt(ctx context.Context, key string, limit int, window time.Duration) (bool, time.Duration, error) {
	now := d.now()
	var count int
	var windowStart int64
	err := d.inTx(ctx, func(tx *Tx) error {
		return tx.QueryRowContext(ctx, `INSERT INTO login_failures (key, failures, window_start) VALUES ($1, 1, $2)
		ON CONFLICT (key) DO UPDATE SET
			failures = CASE WHEN login_failures.window_start < $3 THEN 1
				WHEN login_failures.failures > $4 THEN login_failures.failures
				ELSE login_failures.failures + 1 END,
			window_start = CASE WHEN login_failures.window_start < $3 THEN $2 ELSE login_failures.window_start END
		RETURNING failures, window_start`,
			key, now.UnixMilli(), now.Add(-window).UnixMilli(), limit).Scan(&count, &windowStart)
	})
	if err != nil {
		return false, 0, fmt.Errorf("sqlstore: rate limit: %w", err)
	}
	if count <= limit {
		return true, 0, nil
	}
	return false, time.Duration(windowStart+window.Milliseconds()-now.UnixMilli()) * time.Millisecond, nil
}

// GiveBack returns the slot Attempt took for an allowed attempt that must not count.
func (d *DB) GiveBack(ctx context.Context, key string, limit int) error {
	if _, err := d.exec(ctx, `UPDATE login_failures SET failures = failures - 1
		WHERE key = $1 AND failures > 0 AND failures <= $2`, key, limit); err != nil {
		return fmt.Errorf("sqlstore: rate limit give back: %w", err)
	}
	return nil
}

// Attempts is the count of key's window that has not ended; 0 when there is none.
func (d *DB) Attempts(ctx context.Context, key string, window time.Duration) (int, error) {
	var n int
	err := d.queryRow(ctx, `SELECT failures FROM login_failures WHERE key = $1 AND window_start >= $2`,
		key, d.now().Add(-window).UnixMilli()).Scan(&n)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("sqlstore: rate limit count: %w", err)
	}
	return n, nil
}
