package sqlstore

import (
	"context"
	"strings"
	"time"

	"haat"
	"haat/deliveries"
)

// AssignOrder gives an order the seller handles to a rider, or takes it back from its rider.
func (d *DB) AssignOrder(ctx context.Context, orderID, riderID string) (*haat.Order, error) {
	var rider *haat.Seller
	if riderID != "" {
		r, err := d.Seller(ctx, riderID)
		if haat.ErrorCode(err) == haat.ENOTFOUND {
			return nil, haat.Errorf(haat.EINVALID, "Orders are given to riders only")
		} else if err != nil {
			return nil, err
		}
		rider = r
	}
	return d.changeOrder(ctx, sellerHandles(orderID), func(_ *Tx, o *haat.Order) error { return o.Assign(rider) })
}

// Riders lists the store's riders, by name.
func (d *DB) Riders(ctx context.Context) ([]haat.Seller, error) {
	staff, err := d.Staff(ctx)
	if err != nil {
		return nil, err
	}
	riders := []haat.Seller{}
	for _, s := range staff {
		if s.Role == haat.StaffRider {
			riders = append(riders, s)
		}
	}
	return riders, nil
}

// RiderDeliveries lists the orders given to a rider that are still to deliver, and those they
// delivered since a time.
func (d *DB) RiderDeliveries(ctx context.Context, riderID string, since time.Time) ([]haat.Order, error) {
	orders, err := d.findOrders(ctx, OrderFilter{SellerHandles: true, RiderID: &riderID, DeliveredSince: &since})
	if err != nil {
		return nil, err
	}
	deliveries.Sort(orders)
	return orders, nil
}

// StartDelivery sends one of a rider's orders out for delivery.
func (d *DB) StartDelivery(ctx context.Context, riderID, orderID string) (*haat.Order, error) {
	return d.changeOrder(ctx, sellerHandles(orderID), func(_ *Tx, o *haat.Order) error { return o.Start(riderID) })
}

// DeliverWithCode marks one of a rider's orders delivered with the shopper's handover code. A wrong
// code is written (its try counted) before it is refused.
func (d *DB) DeliverWithCode(ctx context.Context, riderID, orderID, code string) (*haat.Order, error) {
	var wrong error
	o, err := d.changeOrder(ctx, sellerHandles(orderID), func(_ *Tx, o *haat.Order) error {
		tries := o.HandoverTries
		wrong = o.DeliverWithCode(riderID, code)
		if wrong != nil && o.HandoverTries == tries {
			return wrong // refused without counting: nothing to keep
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if wrong != nil {
		return nil, wrong
	}
	return o, nil
}

// CheckPhotoProof explains why one of a rider's orders cannot be proved delivered by a photo now.
func (d *DB) CheckPhotoProof(ctx context.Context, riderID, orderID, reason string) error {
	o, err := d.findOrder(ctx, sellerHandles(orderID))
	if err != nil {
		return err
	}
	return o.CheckPhotoProof(riderID, reason)
}

// DeliverWithPhoto marks one of a rider's orders delivered, proved by a photo and a reason.
func (d *DB) DeliverWithPhoto(ctx context.Context, riderID, orderID, photo, reason string) (*haat.Order, error) {
	return d.changeOrder(ctx, sellerHandles(orderID), func(_ *Tx, o *haat.Order) error {
		return o.DeliverWithPhoto(riderID, photo, reason)
	})
}

// NotDelivered brings one of a rider's orders back to the store, with why.
func (d *DB) NotDelivered(ctx context.Context, riderID, orderID string, why haat.FailedDelivery) (*haat.Order, error) {
	return d.changeOrder(ctx, sellerHandles(orderID), func(_ *Tx, o *haat.Order) error { return o.NotDelivered(riderID, why) })
}

// StartDoorPayment starts a payment by QR code of one of a rider's cash orders, at the door.
func (d *DB) StartDoorPayment(ctx context.Context, riderID, orderID, provider string) (*haat.PaymentAttempt, *haat.Order, []haat.PaymentAttempt, error) {
	var a *haat.PaymentAttempt
	var o *haat.Order
	var superseded []haat.PaymentAttempt
	err := d.inTx(ctx, func(tx *Tx) (err error) {
		// The order's row first: two starts of one order's payment wait for each other.
		if _, err := tx.ExecContext(ctx, `UPDATE orders SET updated_at = updated_at WHERE id = $1`, orderID); err != nil {
			return err
		}
		if o, err = findOrder(ctx, tx, sellerHandles(orderID)); err != nil {
			return err
		}
		if err := o.CheckDoorPay(riderID); err != nil {
			return err
		}
		a = &haat.PaymentAttempt{ID: newID(), OrderID: o.ID, UserID: o.UserID, Provider: provider, Amount: o.ToPay,
			Currency: strings.ToUpper(string(o.Currency)), State: haat.PaymentPending, CreatedAt: tx.now, UpdatedAt: tx.now}
		if superseded, err = supersedeAttempts(ctx, tx, orderID); err != nil {
			return err
		}
		return insertAttempt(ctx, tx, a)
	})
	if err != nil {
		return nil, nil, nil, wrap("start door payment", err)
	}
	return a, o, superseded, nil
}

// DoorPayment is the latest payment attempt of one of a rider's orders.
func (d *DB) DoorPayment(ctx context.Context, riderID, orderID string) (*haat.PaymentAttempt, error) {
	return lookup(ctx, d, "door payment", func(tx *Tx) (*haat.PaymentAttempt, error) {
		o, err := findOrder(ctx, tx, sellerHandles(orderID))
		if err != nil {
			return nil, err
		}
		if err := o.CheckRider(riderID); err != nil {
			return nil, err
		}
		list, err := findAttempts(ctx, tx, AttemptFilter{OrderID: &orderID})
		if err != nil {
			return nil, err
		}
		if len(list) == 0 {
			return nil, errPaymentNotFound
		}
		return &list[len(list)-1], nil
	})
}
