package sqlstore

import (
	"context"

	"haat"
)

const addressColumns = `id, user_id, first_name, last_name, email, street, city, state, zipcode, country, phone, district, ward, landmark`

func addressFields(a *haat.Address) []any {
	return []any{&a.ID, &a.UserID, &a.FirstName, &a.LastName, &a.Email, &a.Street, &a.City, &a.State, &a.Zipcode, &a.Country, &a.Phone, &a.District, &a.Ward, &a.Landmark}
}

// AddressFilter selects addresses for findAddresses; a field left nil selects any.
type AddressFilter struct {
	ID     *string
	UserID *string
}

// CreateAddress validates and saves an address for a.UserID, who may have at most
// haat.MaxAddresses: the count and the insert are one transaction that holds the user's row
// (SQLite: the write lock), so parallel requests cannot pass the cap together.
func (d *DB) CreateAddress(ctx context.Context, a *haat.Address) error {
	if err := a.Validate(); err != nil {
		return err
	}
	a.ID = newID()
	lock := ""
	if d.dialect == Postgres {
		lock = " FOR UPDATE"
	}
	err := d.inTx(ctx, func(tx *Tx) error {
		if err := tx.QueryRowContext(ctx, `SELECT id FROM users WHERE id = $1`+lock, a.UserID).Scan(new(string)); err != nil {
			return err
		}
		saved, err := findAddresses(ctx, tx, AddressFilter{UserID: &a.UserID})
		if err != nil {
			return err
		}
		if len(saved) >= haat.MaxAddresses {
			return haat.Errorf(haat.ECONFLICT, "You can save at most %d addresses", haat.MaxAddresses)
		}
		args := append(addressValues(a), tx.now.UnixMilli())
		_, err = tx.ExecContext(ctx, `INSERT INTO addresses (`+addressColumns+`, created_at) VALUES (`+placeholders(1, len(args))+`)`, args...)
		return err
	})
	return wrap("create address", err)
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
	addIf(&w, `id = ?`, f.ID)
	addIf(&w, `user_id = ?`, f.UserID)
	rows, err := tx.QueryContext(ctx, `SELECT `+addressColumns+` FROM addresses`+w.String()+` ORDER BY created_at, id`, w.args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	list := []haat.Address{}
	for rows.Next() {
		var a haat.Address
		if err := rows.Scan(addressFields(&a)...); err != nil {
			return nil, err
		}
		list = append(list, a)
	}
	return list, rows.Err()
}

// errAddressNotFound answers a lookup that found nothing.
var errAddressNotFound = haat.Errorf(haat.ENOTFOUND, "Address not found")
