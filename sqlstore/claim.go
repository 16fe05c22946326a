package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"haat"
	"haat/bikramsambat"
)

// claimColumns are the columns scanClaims reads, with the order's number and the shopper's name
// and phone.
const claimColumns = `c.id, c.fiscal_year, c.number, c.order_id, o.number, c.user_id, c.lines, c.note, c.photos, c.state, c.created_at,
	c.decide_by, c.resolution, c.decision, c.resolved_at, COALESCE(c.refund_id, ''), COALESCE(u.name, ''), COALESCE(u.phone, ''), COALESCE(r.number, 0)`

const claimJoins = ` FROM claims c JOIN orders o ON o.id = c.order_id LEFT JOIN users u ON u.id = c.user_id LEFT JOIN orders r ON r.id = c.replacement_id`

// claimed is how many units of each product of the order its claims that were not rejected hold.
func claimed(ctx context.Context, tx *Tx, orderID string) (map[string]int, error) {
	claims, err := findClaims(ctx, tx, ` WHERE c.order_id = $1 AND c.resolution <> $2`, orderID, haat.ResolveReject)
	if err != nil {
		return nil, err
	}
	out := map[string]int{}
	for _, c := range claims {
		for _, l := range c.Lines {
			out[l.Product] += l.Quantity
		}
	}
	return out, nil
}

// checkClaim finds the user's order of the claim and checks the claim against it.
func checkClaim(ctx context.Context, tx *Tx, c *haat.NewClaim) (*haat.Order, error) {
	o, err := findOrder(ctx, tx, OrderFilter{ID: &c.OrderID, UserID: &c.UserID})
	if err != nil {
		return nil, err
	}
	settings, err := storeSettings(ctx, tx)
	if err != nil {
		return nil, err
	}
	held, err := claimed(ctx, tx, o.ID)
	if err != nil {
		return nil, err
	}
	return o, o.CheckClaim(c, settings.Policy, held, tx.now)
}

// CheckClaim explains why the user cannot make the claim of their own order now, or returns nil.
func (d *DB) CheckClaim(ctx context.Context, c haat.NewClaim) error {
	err := d.read(ctx, func(tx *Tx) error {
		_, err := checkClaim(ctx, tx, &c)
		return err
	})
	return wrap("check claim", err)
}

// OpenClaim records the user's claim of their own order, numbered within the fiscal year of today
// in Nepal, to be decided within haat.ClaimDecideDays, and acknowledges it to the shopper.
func (d *DB) OpenClaim(ctx context.Context, c haat.NewClaim) (*haat.OrderClaim, error) {
	var out *haat.OrderClaim
	err := d.inTx(ctx, func(tx *Tx) error {
		o, err := checkClaim(ctx, tx, &c)
		if err != nil {
			return err
		}
		fy, err := haat.FiscalYearOf(tx.now)
		if err != nil {
			return err
		}
		number, err := nextInYear(ctx, tx, "claim", fy)
		if err != nil {
			return err
		}
		lines, err := json.Marshal(c.Lines)
		if err != nil {
			return err
		}
		photos := c.Photos
		if photos == nil {
			photos = []string{}
		}
		pictures, err := json.Marshal(photos)
		if err != nil {
			return err
		}
		id := newID()
		decideBy := tx.now.Add(haat.ClaimDecideDays * 24 * time.Hour)
		if err := tx.send(ctx, `INSERT INTO claims (id, fiscal_year, number, order_id, user_id, lines, note, photos, state, created_at, decide_by)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
			id, int(fy), number, o.ID, c.UserID, string(lines), c.Note, string(pictures), haat.ClaimOpen, tx.now.UnixMilli(), decideBy.UnixMilli()); err != nil {
			return err
		}
		if err := queueMessage(ctx, tx, haat.MessageClaimReceived, id, c.UserID, o.ID, ""); err != nil {
			return err
		}
		if err := queueClaimText(ctx, tx, o.ID, haat.ClaimText(haat.TextClaimReceived, id)); err != nil {
			return err
		}
		out, err = findClaim(ctx, tx, id)
		return err
	})
	if err != nil {
		return nil, wrap("open claim", err)
	}
	return out, nil
}

// UserClaims lists the user's claims, newest first, and what of their orders delivered within the
// policy's longest window they may still claim.
func (d *DB) UserClaims(ctx context.Context, userID string) ([]haat.OrderClaim, map[string][]haat.ClaimableLine, error) {
	var claims []haat.OrderClaim
	claimable := map[string][]haat.ClaimableLine{}
	err := d.read(ctx, func(tx *Tx) (err error) {
		if claims, err = findClaims(ctx, tx, ` WHERE c.user_id = $1 ORDER BY c.created_at DESC, c.id DESC LIMIT 200`, userID); err != nil {
			return err
		}
		settings, err := storeSettings(ctx, tx)
		if err != nil {
			return err
		}
		p := settings.Policy
		window := max(time.Duration(p.MissingHours)*time.Hour, time.Duration(p.ReturnDays)*24*time.Hour)
		// Orders delivered within the window were placed before it, a fortnight at most (slots are
		// booked days ahead); Order.Claimable looks at when each was delivered.
		status := haat.StatusDelivered
		since := tx.now.Add(-window - 14*24*time.Hour)
		orders, err := findOrders(ctx, tx, OrderFilter{UserID: &userID, Status: &status, PlacedFrom: &since, Limit: 50})
		if err != nil {
			return err
		}
		held := map[string]map[string]int{}
		for _, c := range claims {
			if c.Resolution == haat.ResolveReject {
				continue
			}
			if held[c.OrderID] == nil {
				held[c.OrderID] = map[string]int{}
			}
			for _, l := range c.Lines {
				held[c.OrderID][l.Product] += l.Quantity
			}
		}
		for _, o := range orders {
			if lines := o.Claimable(p, held[o.ID], tx.now); len(lines) > 0 {
				claimable[o.ID] = lines
			}
		}
		return nil
	})
	if err != nil {
		return nil, nil, wrap("user claims", err)
	}
	return claims, claimable, nil
}

// SellerClaims lists the open claims oldest first, then the 50 decided last.
func (d *DB) SellerClaims(ctx context.Context) ([]haat.OrderClaim, error) {
	return lookup(ctx, d, "seller claims", func(tx *Tx) ([]haat.OrderClaim, error) {
		open, err := findClaims(ctx, tx, ` WHERE c.state = $1 ORDER BY c.created_at, c.id LIMIT 500`, haat.ClaimOpen)
		if err != nil {
			return nil, err
		}
		decided, err := findClaims(ctx, tx, ` WHERE c.state = $1 ORDER BY c.resolved_at DESC, c.id DESC LIMIT 50`, haat.ClaimResolved)
		if err != nil {
			return nil, err
		}
		return append(open, decided...), nil
	})
}

// ResolveClaim decides an open claim: a refund or store credit of its lines as a refund of part
// of the order (with its credit note), or a rejection; the shopper is told. Two decisions of one
// claim at once: one is taken, the other refused.
func (d *DB) ResolveClaim(ctx context.Context, dec haat.ClaimDecision) (*haat.OrderClaim, error) {
	err := d.inTx(ctx, func(tx *Tx) error {
		c, err := findClaim(ctx, tx, dec.ClaimID)
		if err != nil {
			return err
		}
		if err := c.CheckResolve(); err != nil {
			return err
		}
		then, err := dec.Consequences(c)
		if err != nil {
			return err
		}
		var refundID, replacementID any // NULL for none
		if then.Resend {
			r, err := sendReplacement(ctx, tx, c, dec)
			if err != nil {
				return err
			}
			replacementID = r.ID
		}
		if then.RefundPart != nil {
			_, refund, err := refundPart(ctx, tx, *then.RefundPart)
			if err != nil {
				return err
			}
			refundID = refund.ID
		}
		by := haat.ActorOf(ctx)
		res, err := tx.ExecContext(ctx, `UPDATE claims SET state = $1, resolution = $2, decision = $3, resolved_at = $4, by_id = $5, by_name = $6,
			by_role = $7, refund_id = $8, replacement_id = $9 WHERE id = $10 AND state = $11`,
			haat.ClaimResolved, dec.Resolution, dec.Reason, tx.now.UnixMilli(), by.ID, by.Name, by.Role, refundID, replacementID, c.ID, haat.ClaimOpen)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return cmpErr(err, haat.Errorf(haat.ECONFLICT, "This claim has been decided already"))
		}
		return apply(ctx, tx, nil, nil, haat.Consequences{Decided: then.Decided})
	})
	if err != nil {
		return nil, wrap("resolve claim", err)
	}
	// Read once committed: a replacement's order is numbered as the transaction commits.
	return lookup(ctx, d, "resolve claim", func(tx *Tx) (*haat.OrderClaim, error) { return findClaim(ctx, tx, dec.ClaimID) })
}

// sendReplacement places the order that sends again, at no charge, what the decision names of the
// claim (haat.ClaimDecision.Replacement): its slot's place and its units taken as every order's,
// numbered like every order, and what follows from it applied.
func sendReplacement(ctx context.Context, tx *Tx, c *haat.OrderClaim, dec haat.ClaimDecision) (*haat.Order, error) {
	o, err := findOrder(ctx, tx, sellerHandles(c.OrderID))
	if err != nil {
		return nil, err
	}
	slots, err := currentSlots(ctx, tx)
	if err != nil {
		return nil, err
	}
	r, then, err := dec.Replacement(c, o, slots, tx.now)
	if err != nil {
		return nil, err
	}
	r.ID = newID()
	if err := insertOrder(ctx, tx, r); err != nil {
		return nil, err
	}
	if err := takeSlot(ctx, tx, r); err != nil {
		return nil, err
	}
	if err := takeStock(ctx, tx, r.ID); err != nil {
		return nil, err
	}
	if err := apply(ctx, tx, r, nil, then); err != nil {
		return nil, err
	}
	tx.numbered = append(tx.numbered, r)
	return r, nil
}

// findClaim finds one claim by its id, or ENOTFOUND.
func findClaim(ctx context.Context, tx *Tx, id string) (*haat.OrderClaim, error) {
	claims, err := findClaims(ctx, tx, ` WHERE c.id = $1`, id)
	return first(claims, err, haat.Errorf(haat.ENOTFOUND, "Claim not found"))
}

// findClaims reads the claims the condition selects, with the refund each was resolved with.
func findClaims(ctx context.Context, tx *Tx, cond string, args ...any) ([]haat.OrderClaim, error) {
	rows, err := tx.QueryContext(ctx, `SELECT `+claimColumns+claimJoins+cond, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	claims := []haat.OrderClaim{}
	refunds := map[string][]int{} // order id → positions of its claims with a refund
	for rows.Next() {
		var c haat.OrderClaim
		var fy, number, created, decide int64
		var resolved sql.NullInt64
		var lines, photos, refundID string
		if err := rows.Scan(&c.ID, &fy, &number, &c.OrderID, &c.OrderNumber, &c.UserID, &lines, &c.Note, &photos, &c.State, &created,
			&decide, &c.Resolution, &c.Decision, &resolved, &refundID, &c.Shopper, &c.Phone, &c.Replacement); err != nil {
			return nil, err
		}
		if err := json.Unmarshal([]byte(lines), &c.Lines); err != nil {
			return nil, fmt.Errorf("claim %s lines: %w", c.ID, err)
		}
		if err := json.Unmarshal([]byte(photos), &c.Photos); err != nil {
			return nil, fmt.Errorf("claim %s photos: %w", c.ID, err)
		}
		c.Reference = haat.ClaimReference(bikramsambat.FiscalYear(fy), number)
		c.CreatedAt, c.DecideBy = fromMillis(created), fromMillis(decide)
		if resolved.Valid {
			c.ResolvedAt = new(fromMillis(resolved.Int64))
		}
		if c.State == haat.ClaimOpen {
			c.DaysLeft = new(c.DaysLeftAt(tx.now))
		}
		if refundID != "" {
			c.Refund = &haat.Refund{ID: refundID}
			refunds[c.OrderID] = append(refunds[c.OrderID], len(claims))
		}
		claims = append(claims, c)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows.Close()
	if len(refunds) == 0 {
		return claims, nil
	}
	// The refunds of their orders, read once, give each claim its refund's figures.
	ids := make([]string, 0, len(refunds))
	for id := range refunds {
		ids = append(ids, id)
	}
	orders := make([]haat.Order, len(ids))
	index := make(map[string]int, len(ids))
	for i, id := range ids {
		orders[i].ID, index[id] = id, i
	}
	if err := attachPartRefunds(ctx, tx, orders, index, ids); err != nil {
		return nil, err
	}
	for _, o := range orders {
		for _, i := range refunds[o.ID] {
			for _, r := range o.Refunds {
				if r.ID == claims[i].Refund.ID {
					claims[i].Refund = &r
				}
			}
		}
	}
	return claims, nil
}
