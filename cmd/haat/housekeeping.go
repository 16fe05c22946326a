package main

import (
	"context"
	"log/slog"
	"time"

	"haat/images"
	"haat/sqlstore"
)

const (
	// housekeepingEvery is how often the store removes what has outlived its use.
	housekeepingEvery = time.Hour
	// photoGrace is how old an uploaded photo no product or order shows must be to be removed:
	// older than any save of a product still under way.
	photoGrace = time.Hour
	// housekeepingLock and reconcileLock are the advisory locks under which one server of the
	// store at a time keeps house and reconciles payments.
	housekeepingLock = 7245032
	reconcileLock    = 7245033
)

// housekeep keeps house a minute after start-up, so that a store restarted more often than every
// interval still does, then every interval until ctx ends (see keepHouse).
func housekeep(ctx context.Context, db *sqlstore.DB, imgs *images.Store, logger *slog.Logger, interval time.Duration) {
	repeat(ctx, min(time.Minute, interval), interval, func() {
		if err := keepHouse(ctx, db, imgs, logger); err != nil && ctx.Err() == nil {
			logger.Error("housekeeping failed", "err", err)
		}
	})
}

// repeat runs fn after first, then every interval after each run ends, until ctx ends.
func repeat(ctx context.Context, first, interval time.Duration, fn func()) {
	next := time.NewTimer(first)
	defer next.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-next.C:
			fn()
			next.Reset(interval)
		}
	}
}

// keepHouse removes expired sessions, old rate-limit counts and sign-in codes, request keys past
// their day (sqlstore.Sweep), and uploaded photos no product or order shows (left over by a
// product save that failed, or removed from a product); on one server of the store at a time.
func keepHouse(ctx context.Context, db *sqlstore.DB, imgs *images.Store, logger *slog.Logger) error {
	_, err := db.Exclusive(ctx, housekeepingLock, func() error {
		swept, err := db.Sweep(ctx)
		if err != nil {
			return err
		}
		inUse, err := db.PhotosInUse(ctx)
		if err != nil {
			return err
		}
		photos, err := imgs.RemoveUnused(ctx, inUse, db.Now().Add(-photoGrace))
		if err != nil {
			return err
		}
		logger.Info("housekeeping", "sessions", swept.Sessions, "login_limits", swept.LoginLimits, "phone_codes", swept.PhoneCodes,
			"request_keys", swept.RequestKeys, "messages", swept.Messages, "photos", photos)
		return nil
	})
	return err
}
