// Package deliveries is the riders' round as the store keeps it (Service, which the store
// answers): giving orders to riders, the order a rider rides them in, and why one came back; what
// a rider may do with an order, and how a delivery is proved, are the order's (haat.Order.Start,
// haat.Order.DeliverWithCode, …).
package deliveries

import (
	"cmp"
	"context"
	"slices"
	"time"

	"haat"
)

// ParseFailed reads why a delivery failed.
func ParseFailed(s string) (haat.FailedDelivery, error) {
	switch f := haat.FailedDelivery(s); f {
	case haat.FailedNoAnswer, haat.FailedRefused, haat.FailedWrongAddress:
		return f, nil
	}
	return "", haat.Errorf(haat.EINVALID, "Say why it could not be delivered: noAnswer, refused or wrongAddress")
}

// Sort orders a rider's deliveries as they ride them: by their slot (those without one
// first), then by number.
func Sort(orders []haat.Order) {
	slices.SortStableFunc(orders, func(a, b haat.Order) int {
		var sa, sb haat.OrderSlot
		if a.Slot != nil {
			sa = *a.Slot
		}
		if b.Slot != nil {
			sb = *b.Slot
		}
		return cmp.Or(cmp.Compare(sa.Day, sb.Day), cmp.Compare(sa.Start, sb.Start), cmp.Compare(a.Number, b.Number))
	})
}

// Service gives orders to riders and keeps what riders do with them.
type Service interface {
	// AssignOrder gives an order the seller handles to the rider with riderID, or takes it back
	// from its rider (riderID ""), as CheckAssign allows.
	AssignOrder(ctx context.Context, orderID, riderID string) (*haat.Order, error)
	// Riders lists the store's riders.
	Riders(ctx context.Context) ([]haat.Seller, error)
	// RiderDeliveries lists the orders given to the rider still to deliver, and those they
	// delivered since since, as Sort orders them.
	RiderDeliveries(ctx context.Context, riderID string, since time.Time) ([]haat.Order, error)
	// StartDelivery sends one of the rider's orders out (Order.Start).
	StartDelivery(ctx context.Context, riderID, orderID string) (*haat.Order, error)
	// DeliverWithCode marks one of the rider's orders delivered with the shopper's code
	// (Order.DeliverWithCode); a wrong code is counted, and refused.
	DeliverWithCode(ctx context.Context, riderID, orderID, code string) (*haat.Order, error)
	// CheckPhotoProof explains why one of the rider's orders cannot be proved delivered by a photo
	// and reason, before the photo is stored.
	CheckPhotoProof(ctx context.Context, riderID, orderID, reason string) error
	// DeliverWithPhoto marks one of the rider's orders delivered, proved by a stored photo.
	DeliverWithPhoto(ctx context.Context, riderID, orderID, photo, reason string) (*haat.Order, error)
	// NotDelivered brings one of the rider's orders back to the store (Order.NotDelivered).
	NotDelivered(ctx context.Context, riderID, orderID string, why haat.FailedDelivery) (*haat.Order, error)
}
