package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Attempt counts an attempt by key, starting a new window when the last one has passed (a window
// of a minute that began at 12:00:00 holds the attempts until 12:00:59.999), and
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
			failures = CASE WHEN login_failures.window_start <= $3 THEN 1
				WHEN login_failures.failures > $4 THEN login_failures.failures
				ELSE login_failures.failures + 1 END,
			window_start = CASE WHEN login_failures.window_start <= $3 THEN $2 ELSE login_failures.window_start END
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
	err := d.queryRow(ctx, `SELECT failures FROM login_failures WHERE key = $1 AND window_start > $2`,
		key, d.now().Add(-window).UnixMilli()).Scan(&n)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, wrap("rate limit count", err)
	}
	return n, nil
}
