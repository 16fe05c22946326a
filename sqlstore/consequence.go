package sqlstore

import (
	"context"
	"encoding/json"
	"reflect"

	"haat"
)

// apply writes what follows from a change of the order o (haat.Consequences), inside the change's
// transaction: the one place where storage acts on them. was is the order as it was before the
// change; it is nil for an order placed, and for a refund of part, which changes no figure of the
// order's row. When an order paid cannot take its units or place back (c.Take), it is cancelled
// here and c.SoldOut applied instead of the rest. A claim's
// decision names no order: its refund of part and its replacement are made by ResolveClaim, which
// keeps their ids with the claim, and apply tells the shopper (c.Decided).
func apply(ctx context.Context, tx *Tx, o *haat.Order, was *haat.Order, c haat.Consequences) error {
	if d := c.Decided; d != nil {
		if err := queueClaimText(ctx, tx, d.OrderID, haat.ClaimText(haat.TextClaimDecided, d.ID)); err != nil {
			return err
		}
		return queueMessage(ctx, tx, haat.MessageClaimDecided, d.ID, d.UserID, d.OrderID, "")
	}
	for _, step := range c.Steps {
		by := haat.ActorOf(ctx)
		if step.By != nil {
			by = *step.By
		}
		if err := recordStepBy(ctx, tx, o.ID, step.Status, by, step.Note); err != nil {
			return err
		}
	}
	if c.Take {
		if err := takeBack(ctx, tx, o.ID); refused(err) {
			// Another order took them meanwhile: the order is cancelled instead.
			if _, err := tx.ExecContext(ctx, `UPDATE orders SET status = $1, updated_at = $2 WHERE id = $3`,
				haat.StatusCancelled, tx.now.UnixMilli(), o.ID); err != nil {
				return err
			}
			o.Status = haat.StatusCancelled
			return apply(ctx, tx, o, was, *c.SoldOut)
		} else if err != nil {
			return err
		}
	}
	if c.Return {
		if err := returnStock(ctx, tx, o.ID); err != nil {
			return err
		}
		if err := returnSlot(ctx, tx, o.ID); err != nil {
			return err
		}
	}
	if c.Packing {
		if err := writePacking(ctx, tx, o, *was); err != nil {
			return err
		}
	}
	if c.Refund != nil {
		if err := insertRefund(ctx, tx, o.ID, c.Refund); err != nil {
			return err
		}
		if _, err := issueCreditNote(ctx, tx, o, *c.Refund, *c.CreditNote); err != nil {
			return err
		}
	}
	for _, g := range c.Credits {
		if err := grantCredit(ctx, tx, o.UserID, g.Amount, g.Reason, o.ID, g.Note); err != nil {
			return err
		}
	}
	if c.RefundMade {
		if err := markRefunded(ctx, tx, o.ID, c.Refund, ""); err != nil {
			return err
		}
	}
	if c.Offer {
		if err := queueOffer(ctx, tx, o); err != nil {
			return err
		}
	}
	if a := c.OwedBack; a != nil {
		if _, err := tx.ExecContext(ctx, `UPDATE payment_attempts SET refund = $1 WHERE id = $2`, haat.RefundDue, a.ID); err != nil {
			return err
		}
	}
	if c.RefundDue != nil {
		if _, err := tx.ExecContext(ctx, `UPDATE payment_attempts SET refund = $1, refund_amount = $2 WHERE order_id = $3 AND state = $4 AND refund IN ('', $1)`,
			haat.RefundDue, *c.RefundDue, o.ID, haat.PaymentPaid); err != nil {
			return err
		}
	}
	if c.Text != "" {
		if err := queueOrderText(ctx, tx, o.ID); err != nil {
			return err
		}
	}
	if c.Mail != "" {
		if err := queueMessage(ctx, tx, c.Mail, o.ID, o.UserID, o.ID, ""); err != nil {
			return err
		}
	}
	if c.Invoice {
		if err := issueInvoice(ctx, tx, o); err != nil {
			return err
		}
	}
	if c.Release {
		if err := releaseHeld(ctx, tx, o.ID); err != nil {
			return err
		}
	}
	if c.EmptyCart {
		return emptyCart(ctx, tx, o.UserID)
	}
	return nil
}

// takeBack takes again the units and the slot's place of an order that gave them back (its
// payment failed) and is paid after all: a refusal (haat.EINVALID, haat.ECONFLICT) when another
// order took them meanwhile.
func takeBack(ctx context.Context, tx *Tx, orderID string) error {
	if err := takeStock(ctx, tx, orderID); err != nil {
		return err
	}
	return retakeSlot(ctx, tx, orderID)
}

// refused reports whether err refuses what was asked (haat.EINVALID, haat.ECONFLICT), rather than
// failing.
func refused(err error) bool {
	code := haat.ErrorCode(err)
	return code == haat.EINVALID || code == haat.ECONFLICT
}

// writePacking stores what packing settled of a Packed order (o, as it was before: was), when it
// was packed with its counts and weights (PackOrder) or its shopper answered a substitute: what
// was packed of each item and sent instead, the settled bill with the balance it leaves to pay, and
// its coupon's discount. Items packed as they were are not written again.
func writePacking(ctx context.Context, tx *Tx, o *haat.Order, was haat.Order) error {
	billed, err := o.BilledLines()
	if err != nil {
		return err
	}
	wasBilled, err := was.BilledLines()
	if err != nil {
		return err
	}
	for i, it := range o.Items {
		if before := was.Items[i].Packed; before != nil && reflect.DeepEqual(*before, *it.Packed) {
			if billed[i] != wasBilled[i] {
				// Packed as it was, billed otherwise: a coupon's share worked out again.
				if _, err := tx.ExecContext(ctx, `UPDATE order_items SET billed = $1 WHERE order_id = $2 AND position = $3`, billed[i], o.ID, i); err != nil {
					return err
				}
			}
			continue
		}
		var sent any // NULL for no substitute
		if it.Packed.Substitute != nil {
			b, err := json.Marshal(it.Packed.Substitute)
			if err != nil {
				return err
			}
			sent = string(b)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE order_items SET packed_quantity = $1, packed_grams = $2, sent = $3, billed = $4 WHERE order_id = $5 AND position = $6`,
			it.Packed.Quantity, nullIfZero(it.Packed.Grams, it.Product.SoldBy == haat.SoldByWeight), sent, billed[i], o.ID, i); err != nil {
			return err
		}
		if err := settleSent(ctx, tx, o.ID, i, it.Packed.Substitute); err != nil {
			return err
		}
	}
	b := o.Bill
	adjustments, err := json.Marshal(b.Adjustments)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE orders SET amount = $1, tax = $2, taxable = $3, exempt = $4, adjustments = $5, credit_used = $6, to_pay = $7 WHERE id = $8`,
		b.Total, b.Tax, b.Taxable, b.Exempt, string(adjustments), o.CreditUsed, o.ToPay, o.ID); err != nil {
		return err
	}
	return settleCouponUse(ctx, tx, o)
}
