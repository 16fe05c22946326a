package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"golang.org/x/crypto/bcrypt"

	"haat"
)

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
		d.missing(password)
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
