package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"golang.org/x/crypto/bcrypt"

	"haat"
	"haat/staff"
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

// AuthenticateSeller checks the password of the seller account that signs in with login: an email,
// or a member of staff's mobile number.
func (d *DB) AuthenticateSeller(ctx context.Context, login, password string) (*haat.Seller, error) {
	if !settable(password) {
		return nil, errBadLogin
	}
	s, hash, err := d.seller(ctx, login)
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

// sellerColumns are the columns scanSeller reads, of sellers.
const sellerColumns = `id, email, COALESCE(phone, ''), name, role, language`

// scanSeller reads a seller account's sellerColumns.
func scanSeller(row interface{ Scan(...any) error }, more ...any) (*haat.Seller, error) {
	s := &haat.Seller{}
	if err := row.Scan(append([]any{&s.ID, &s.Email, &s.Phone, &s.Name, &s.Role, &s.Language}, more...)...); err != nil {
		return nil, err
	}
	s.Reach = s.Role.Reach()
	return s, nil
}

// errSellerNotFound answers an id or login that names no seller account.
var errSellerNotFound = haat.Errorf(haat.ENOTFOUND, "Seller not found")

// Seller returns the seller with id, or ENOTFOUND.
func (d *DB) Seller(ctx context.Context, id string) (*haat.Seller, error) {
	s, err := scanSeller(d.queryRow(ctx, `SELECT `+sellerColumns+` FROM sellers WHERE id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errSellerNotFound
	} else if err != nil {
		return nil, wrap("seller", err)
	}
	return s, nil
}

// SetSellerLanguage keeps the language a seller reads the seller area in.
func (d *DB) SetSellerLanguage(ctx context.Context, sellerID string, lang haat.Language) error {
	return d.setLanguage(ctx, `UPDATE sellers SET language = $1 WHERE id = $2`, sellerID, lang, errSellerNotFound)
}

// loginKey is the email_key of the account that signs in with login: an email's, or a mobile
// number's ("phone:" and its 10 digits).
func loginKey(login string) string {
	if !strings.Contains(login, "@") {
		if phone, err := haat.NepaliMobile(login); err == nil {
			return "phone:" + phone
		}
	}
	return emailKey(login)
}

// seller reads the seller who signs in with login and the hash of their password, or ENOTFOUND.
func (d *DB) seller(ctx context.Context, login string) (s *haat.Seller, hash string, err error) {
	err = d.read(ctx, func(tx *Tx) error {
		s, err = scanSeller(tx.QueryRowContext(ctx, `SELECT `+sellerColumns+`, password_hash FROM sellers WHERE email_key = $1`,
			loginKey(login)), &hash)
		if errors.Is(err, sql.ErrNoRows) {
			return errSellerNotFound
		}
		return err
	})
	return s, hash, err
}

// AddStaff makes an account for a member of staff, who signs in with their email or number.
func (d *DB) AddStaff(ctx context.Context, n staff.NewMember) (*haat.Seller, error) {
	if err := n.Validate(); err != nil {
		return nil, err
	}
	hash, err := d.hashPassword(n.Password)
	if err != nil {
		return nil, err
	}
	key, phone := emailKey(n.Email), any(nil)
	if n.Phone != "" {
		key, phone = "phone:"+n.Phone, n.Phone
	}
	id := newID()
	_, err = d.exec(ctx, `INSERT INTO sellers (id, email, email_key, phone, name, role, password_hash, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, id, n.Email, key, phone, n.Name, n.Role, hash, d.now().UnixMilli())
	if isUniqueViolation(err) {
		return nil, haat.Errorf(haat.ECONFLICT, "Someone in the store already signs in with this email or number")
	} else if err != nil {
		return nil, wrap("add staff", err)
	}
	return d.Seller(ctx, id)
}

// Staff lists every seller account, owners first, then by name.
func (d *DB) Staff(ctx context.Context) ([]haat.Seller, error) {
	return lookup(ctx, d, "staff", func(tx *Tx) ([]haat.Seller, error) {
		rows, err := tx.QueryContext(ctx, `SELECT `+sellerColumns+` FROM sellers
			ORDER BY CASE role WHEN 'owner' THEN 0 ELSE 1 END, name, email_key`)
		if err != nil {
			return nil, err
		}
		defer rows.Close()
		list := []haat.Seller{}
		for rows.Next() {
			s, err := scanSeller(rows)
			if err != nil {
				return nil, err
			}
			list = append(list, *s)
		}
		return list, rows.Err()
	})
}

// errOwnerAccount refuses to change or remove an owner's account through the seller area.
var errOwnerAccount = haat.Errorf(haat.EFORBIDDEN, "An owner's account is kept on the server (haat seller add)")

// SetStaffRole changes the role of a member of staff; their sessions go on with the new role.
func (d *DB) SetStaffRole(ctx context.Context, id string, role haat.StaffRole) (*haat.Seller, error) {
	if _, err := staff.ParseRole(string(role)); err != nil {
		return nil, err
	}
	err := d.inTx(ctx, func(tx *Tx) error {
		return changeStaff(ctx, tx, id, `UPDATE sellers SET role = $1 WHERE id = $2`, role, id)
	})
	if err != nil {
		return nil, wrap("set staff role", err)
	}
	return d.Seller(ctx, id)
}

// RemoveStaff deletes a member of staff's account and ends their sessions; what they did stays
// recorded under their name.
func (d *DB) RemoveStaff(ctx context.Context, id string) error {
	err := d.inTx(ctx, func(tx *Tx) error {
		if err := changeStaff(ctx, tx, id, `DELETE FROM sellers WHERE id = $1`, id); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE role = $1 AND subject_id = $2`, haat.RoleSeller, id)
		return err
	})
	return wrap("remove staff", err)
}

// changeStaff runs query on the member of staff with id, who must be one and not an owner.
func changeStaff(ctx context.Context, tx *Tx, id, query string, args ...any) error {
	var role haat.StaffRole
	err := tx.QueryRowContext(ctx, `SELECT role FROM sellers WHERE id = $1`, id).Scan(&role)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return errSellerNotFound
	case err != nil:
		return err
	case role == haat.StaffOwner:
		return errOwnerAccount
	}
	_, err = tx.ExecContext(ctx, query, args...)
	return err
}
