package sqlstore

import (
	"context"

	"haat"
	"haat/addressbook"
)

const addressColumns = `id, user_id, first_name, last_name, email, street, city, state, zipcode, country, phone, district, ward, landmark`

func addressFields(a *haat.Address) []any {
	return []any{&a.ID, &a.UserID, &a.FirstName, &a.LastName, &a.Email, &a.Street, &a.City, &a.State, &a.Zipcode, &a.Country, &a.Phone, &a.District, &a.Ward, &a.Landmark}
}

// AddressFilter selects saved addresses for findAddresses, never deleted ones; a field left nil
// selects any.
type AddressFilter struct {
	ID     *string
	UserID *string
}

// CreateAddress validates and saves an address for a.UserID, who may have at most
// addressbook.MaxAddresses: the count and the insert are one transaction that holds the user's row
// (SQLite: the write lock), so parallel requests cannot pass the cap together.
func (d *DB) CreateAddress(ctx context.Context, a *haat.Address) error {
	if err := a.Validate(); err != nil {
		return err
	}
	a.ID = newID()
	err := d.inTx(ctx, func(tx *Tx) error {
		if err := lockUser(ctx, tx, a.UserID); err != nil {
			return err
		}
		saved, err := findAddresses(ctx, tx, AddressFilter{UserID: &a.UserID})
		if err != nil {
			return err
		}
		if len(saved) >= addressbook.MaxAddresses {
			return haat.Errorf(haat.ECONFLICT, "You can save at most %d addresses", addressbook.MaxAddresses)
		}
		args := append(addressValues(a), tx.now.UnixMilli())
		_, err = tx.ExecContext(ctx, `INSERT INTO addresses (`+addressColumns+`, created_at) VALUES (`+placeholders(1, len(args))+`)`, args...)
		return err
	})
	return wrap("create address", err)
}

// lockUser holds the user's row until the transaction ends (SQLite: the write lock is held
// already), so that the user's changes to their addresses happen one after the other.
func lockUser(ctx context.Context, tx *Tx, userID string) error {
	lock := ""
	if tx.dialect == Postgres {
		lock = " FOR UPDATE"
	}
	return tx.QueryRowContext(ctx, `SELECT id FROM users WHERE id = $1`+lock, userID).Scan(new(string))
}

// UpdateAddress validates a and writes its fields over a.UserID's saved address a.ID; orders
// placed with it keep their copy.
func (d *DB) UpdateAddress(ctx context.Context, a *haat.Address) error {
	if err := a.Validate(); err != nil {
		return err
	}
	n, err := d.exec(ctx, `UPDATE addresses SET first_name = $3, last_name = $4, email = $5, street = $6, city = $7, state = $8,
		zipcode = $9, country = $10, phone = $11, district = $12, ward = $13, landmark = $14
		WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL`, addressValues(a)...)
	if err == nil && n == 0 {
		err = errAddressNotFound
	}
	return wrap("update address", err)
}

// DeleteAddress marks the user's saved address id deleted: it is no longer listed, offered or
// accepted for an order, nor their default. The row stays, as orders placed with it still name it
// (their copy of it is what they show).
func (d *DB) DeleteAddress(ctx context.Context, userID, id string) error {
	var n int64
	err := d.inTx(ctx, func(tx *Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE addresses SET deleted_at = $3, is_default = FALSE
			WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL`, id, userID, tx.now.UnixMilli())
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	if err == nil && n == 0 {
		err = errAddressNotFound
	}
	return wrap("delete address", err)
}

// SetDefaultAddress makes the user's saved address id their default, and none of their others.
// The user's row is held meanwhile, so two changes of default cannot interleave.
func (d *DB) SetDefaultAddress(ctx context.Context, userID, id string) error {
	err := d.inTx(ctx, func(tx *Tx) error {
		if err := lockUser(ctx, tx, userID); err != nil {
			return err
		}
		if _, err := findAddress(ctx, tx, AddressFilter{ID: &id, UserID: &userID}); err != nil {
			return err
		}
		// Two statements: a unique index is checked row by row, so the old default goes first.
		if _, err := tx.ExecContext(ctx, `UPDATE addresses SET is_default = FALSE WHERE user_id = $1 AND is_default = TRUE AND id <> $2`, userID, id); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `UPDATE addresses SET is_default = TRUE WHERE id = $1`, id)
		return err
	})
	return wrap("set default address", err)
}

func addressValues(a *haat.Address) []any {
	return []any{a.ID, a.UserID, a.FirstName, a.LastName, a.Email, a.Street, a.City, a.State, a.Zipcode, a.Country, a.Phone, a.District, a.Ward, a.Landmark}
}

// Addresses returns a user's addresses, oldest first.
func (d *DB) Addresses(ctx context.Context, userID string) ([]haat.Address, error) {
	return lookup(ctx, d, "addresses", func(tx *Tx) ([]haat.Address, error) {
		return findAddresses(ctx, tx, AddressFilter{UserID: &userID})
	})
}

// findAddress returns the address the filter selects, or ENOTFOUND.
func findAddress(ctx context.Context, tx *Tx, f AddressFilter) (*haat.Address, error) {
	list, err := findAddresses(ctx, tx, f)
	return first(list, err, errAddressNotFound)
}

// findAddresses returns the addresses the filter selects, oldest first.
func findAddresses(ctx context.Context, tx *Tx, f AddressFilter) ([]haat.Address, error) {
	var w where
	w.add(`deleted_at IS NULL`)
	addIf(&w, `id = ?`, f.ID)
	addIf(&w, `user_id = ?`, f.UserID)
	rows, err := tx.QueryContext(ctx, `SELECT `+addressColumns+`, is_default FROM addresses`+w.String()+` ORDER BY created_at, id`, w.args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	list := []haat.Address{}
	for rows.Next() {
		var a haat.Address
		if err := rows.Scan(append(addressFields(&a), &a.Default)...); err != nil {
			return nil, err
		}
		list = append(list, a)
	}
	return list, rows.Err()
}

// errAddressNotFound answers a lookup that found nothing.
var errAddressNotFound = haat.Errorf(haat.ENOTFOUND, "Address not found")
