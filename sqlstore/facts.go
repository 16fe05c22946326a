package sqlstore

import (
	"context"

	"haat"
	"haat/checkout"
)

// OrderFacts implements checkout.FactsService: the shopper's addresses and store credit, the
// products, the store's settings and slots and the coupon, in one read transaction (one
// snapshot, and one BEGIN for the lot rather than one each).
func (d *DB) OrderFacts(ctx context.Context, q checkout.FactsQuery) (haat.OrderFacts, error) {
	return lookup(ctx, d, "order facts", func(tx *Tx) (haat.OrderFacts, error) {
		var f haat.OrderFacts
		var err error
		if q.UserID != "" {
			if f.Addresses, err = findAddresses(ctx, tx, AddressFilter{UserID: &q.UserID}); err != nil {
				return f, err
			}
			if f.Credit, err = creditBalance(ctx, tx, q.UserID); err != nil {
				return f, err
			}
		}
		if f.Products, err = productsByID(ctx, tx, q.ProductIDs); err != nil {
			return f, err
		}
		if f.Settings, err = storeSettings(ctx, tx); err != nil {
			return f, err
		}
		if q.Coupon != "" {
			cf, err := couponFacts(ctx, tx, q.Coupon, q.UserID, "")
			if err != nil {
				return f, err
			}
			f.Coupon = &cf
		}
		f.Slots, err = currentSlots(ctx, tx)
		return f, err
	})
}

// currentSlots are the delivery slots open from now, as tx sees them; none (not nil) while the
// store has no delivery windows.
func currentSlots(ctx context.Context, tx *Tx) ([]haat.Slot, error) {
	ws, err := findWindows(ctx, tx)
	if err != nil || len(ws) == 0 {
		return []haat.Slot{}, err
	}
	return slotsAt(ctx, tx, ws, tx.now)
}
