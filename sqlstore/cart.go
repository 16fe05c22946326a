package sqlstore

import (
	"context"
	"database/sql"
	"errors"

	"haat"
)

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
