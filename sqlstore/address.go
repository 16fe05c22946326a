package sqlstore

import (
	"context"
	"database/sql"
	"fmt"

	"haat"
)

const addressColumns = `id, user_id, first_name, last_name, email, street, city, state, zipcode, country, phone`

func addressFields(a *haat.Address) []any {
	return []any{&a.ID, &a.UserID, &a.FirstName, &a.LastName, &a.Email, &a.Street, &a.City, &a.State, &a.Zipcode, &a.Country, &a.Phone}
}

// CreateAddress validates and saves an address for a.UserID, who may have at most
// haat.MaxAddresses: the count and the insert are one transaction that holds the user's row
// (SQLite: the write lock), so parallel requests cannot pass the cap together.
func (d *DB) CreateAddress(ctx context.Context, a *haat.Address) error {
	if err := a.Validate(); err != nil {
		return err
	}
	a.ID = newID()
	args := []any{a.ID, a.UserID, a.FirstName, a.LastName, a.Email, a.Street, a.City, a.State, a.Zipcode, a.Country, a.Phone, d.Now().UnixMilli()}
	lock := ""
	if d.dialect == Postgres {
		lock = " FOR UPDATE"
	}
	err := d.inTx(ctx, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT id FROM users WHERE id = $1`+lock, a.UserID).Scan(new(string)); err != nil {
			return err
		}
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM addresses WHERE user_id = $1`, a.UserID).Scan(&n); err != nil {
			return err
		}
		if n >= haat.MaxAddresses {
			return haat.Errorf(haat.ECONFLICT, "You can save at most %d addresses", haat.MaxAddresses)
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO addresses (`+addressColumns+`, created_at) VALUES (`+placeholders(1, len(args))+`)`, args...)
		return err
	})
	if haat.ErrorCode(err) == haat.EINTERNAL {
		return fmt.Errorf("sqlstore: create address: %w", err)
	}
	return err
}

// Addresses returns a user's addresses, oldest first.
func (d *DB) Addresses(ctx context.Context, userID string) ([]haat.Address, error) {
	rows, err := d.db.QueryContext(ctx, `SELECT `+addressColumns+` FROM addresses WHERE user_id = $1 ORDER BY created_at, id`, userID)
	if err != nil {
		return nil, fmt.Errorf("sqlstore: addresses: %w", err)
	}
	defer rows.Close()
	list := []haat.Address{}
	for rows.Next() {
		var a haat.Address
		if err := rows.Scan(addressFields(&a)...); err != nil {
			return nil, fmt.Errorf("sqlstore: addresses: %w", err)
		}
		list = append(list, a)
	}
	return list, rows.Err()
}
