package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"haat"
)

var _ haat.RequestKeyService = (*DB)(nil)

// keyTries bounds how often a write under a request key is tried again after the key was found
// taken: by a call whose write has not committed yet (it is then found on the next try), or by
// an expired use, which is removed first.
const keyTries = 3

// insertKey records the first use of a request key by the user, for a call about orderID (none:
// empty), in the write that does what the key asks, so that the key is kept exactly when that is. A key
// the user used before fails the write as a unique violation of request_keys (isKeyTaken).
func insertKey(ctx context.Context, tx *Tx, userID string, k haat.RequestKey, orderID string) error {
	var order any
	if orderID != "" {
		order = orderID
	}
	return tx.send(ctx, `INSERT INTO request_keys (user_id, key, request, order_id, created_at) VALUES ($1, $2, $3, $4, $5)`,
		userID, k.Key, k.Request, order, tx.now.UnixMilli())
}

// isKeyTaken says whether err is a write's failure to record a request key already recorded.
func isKeyTaken(err error) bool {
	return isUniqueViolation(err) && strings.Contains(err.Error(), "request_keys")
}

// underKey runs write, which records the request key k of the user with insertKey, and answers a
// key used before as its first use (haat.KeyUsedError) or as EUNPROCESSABLE for another request.
// A use older than haat.RequestKeyLife is removed and write run again.
func (d *DB) underKey(ctx context.Context, userID string, k *haat.RequestKey, write func() error) error {
	for try := 1; ; try++ {
		err := write()
		if k == nil || !isKeyTaken(err) || try == keyTries {
			return err
		}
		use, err := lookup(ctx, d, "find request key", func(tx *Tx) (*haat.KeyUse, error) { return findKeyUse(ctx, tx, userID, k.Key) })
		switch {
		case haat.ErrorCode(err) == haat.ENOTFOUND:
			// Taken by a write not committed when this one failed, or removed since: try again.
		case err != nil:
			return err
		case use.Expired(d.now()):
			if _, err := d.exec(ctx, `DELETE FROM request_keys WHERE user_id = $1 AND key = $2 AND created_at = $3`,
				userID, k.Key, use.UsedAt.UnixMilli()); err != nil {
				return wrap("remove expired request key", err)
			}
		default:
			if err := use.Check(*k); err != nil {
				return err
			}
			return &haat.KeyUsedError{Use: *use}
		}
	}
}

// findKeyUse reads the use of a user's request key, or ENOTFOUND.
func findKeyUse(ctx context.Context, tx *Tx, userID, key string) (*haat.KeyUse, error) {
	var (
		use   = haat.KeyUse{UserID: userID, Key: haat.RequestKey{Key: key}}
		order sql.NullString
		at    int64
	)
	err := tx.QueryRowContext(ctx, `SELECT request, order_id, page, created_at FROM request_keys WHERE user_id = $1 AND key = $2`,
		userID, key).Scan(&use.Key.Request, &order, &use.Page, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, haat.Errorf(haat.ENOTFOUND, "Request key not found")
	} else if err != nil {
		return nil, err
	}
	use.OrderID, use.UsedAt = order.String, time.UnixMilli(at).UTC()
	return &use, nil
}

// UseKey implements haat.RequestKeyService.
func (d *DB) UseKey(ctx context.Context, userID, orderID string, k haat.RequestKey) error {
	if err := k.Validate(); err != nil {
		return err
	}
	err := d.underKey(ctx, userID, &k, func() error {
		return d.inTx(ctx, func(tx *Tx) error { return insertKey(ctx, tx, userID, k, orderID) })
	})
	if _, used := haat.FirstUse(err); used {
		return err
	}
	return wrap("use request key", err)
}

// KeepPage implements haat.RequestKeyService.
func (d *DB) KeepPage(ctx context.Context, userID, key, page string) error {
	_, err := d.exec(ctx, `UPDATE request_keys SET page = $3 WHERE user_id = $1 AND key = $2`, userID, key, page)
	return wrap("keep request key page", err)
}
