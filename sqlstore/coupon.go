package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"

	"haat"
)

var _ haat.CouponService = (*DB)(nil)

// couponColumns are a coupon's columns as scanCoupon reads them, with the discount its uses were
// given.
const couponColumns = `c.id, c.code, c.kind, c.value, c.minimum_order, c.starts_at, c.ends_at, c.total_uses, c.uses_per_shopper,
	c.first_order_only, c.categories, c.products, c.active, c.used, c.created_at, c.updated_at,
	(SELECT CAST(COALESCE(SUM(u.amount), 0) AS BIGINT) FROM coupon_uses u WHERE u.coupon_id = c.id)`

func scanCoupon(row interface{ Scan(...any) error }) (haat.Coupon, error) {
	var c haat.Coupon
	var starts, ends sql.NullInt64
	var categories, products string
	var created, updated int64
	if err := row.Scan(&c.ID, &c.Code, &c.Kind, &c.Value, &c.MinimumOrder, &starts, &ends, &c.TotalUses, &c.UsesPerShopper,
		&c.FirstOrderOnly, &categories, &products, &c.Active, &c.Used, &created, &updated, &c.Given); err != nil {
		return c, err
	}
	if starts.Valid {
		c.StartsAt = new(fromMillis(starts.Int64))
	}
	if ends.Valid {
		c.EndsAt = new(fromMillis(ends.Int64))
	}
	if err := json.Unmarshal([]byte(categories), &c.Categories); err != nil {
		return c, err
	}
	if err := json.Unmarshal([]byte(products), &c.Products); err != nil {
		return c, err
	}
	c.CreatedAt, c.UpdatedAt = fromMillis(created), fromMillis(updated)
	c.WithDates()
	return c, nil
}

// errCodeTaken refuses a coupon whose code another coupon has.
var errCodeTaken = haat.Errorf(haat.ECONFLICT, "Another coupon has this code")

// SaveCoupon implements haat.CouponService.
func (d *DB) SaveCoupon(ctx context.Context, c haat.Coupon) (*haat.Coupon, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	categories, _ := json.Marshal(c.Categories)
	products, _ := json.Marshal(c.Products)
	var saved haat.Coupon
	err := d.inTx(ctx, func(tx *Tx) error {
		now := tx.now.UnixMilli()
		args := []any{c.Code, c.Kind, c.Value, c.MinimumOrder, millisOrNil(c.StartsAt), millisOrNil(c.EndsAt), c.TotalUses, c.UsesPerShopper,
			c.FirstOrderOnly, string(categories), string(products), c.Active, now}
		if c.ID == "" {
			c.ID = newID()
			if _, err := tx.ExecContext(ctx, `INSERT INTO coupons (code, kind, value, minimum_order, starts_at, ends_at, total_uses, uses_per_shopper,
				first_order_only, categories, products, active, updated_at, id, created_at) VALUES (`+placeholders(1, 15)+`)`,
				append(args, c.ID, now)...); err != nil {
				return err
			}
		} else {
			res, err := tx.ExecContext(ctx, `UPDATE coupons SET code = $1, kind = $2, value = $3, minimum_order = $4, starts_at = $5, ends_at = $6,
				total_uses = $7, uses_per_shopper = $8, first_order_only = $9, categories = $10, products = $11, active = $12, updated_at = $13
				WHERE id = $14`, append(args, c.ID)...)
			if err != nil {
				return err
			}
			if n, err := res.RowsAffected(); err != nil {
				return err
			} else if n == 0 {
				return haat.Errorf(haat.ENOTFOUND, "Coupon not found")
			}
		}
		var err error
		saved, err = scanCoupon(tx.QueryRowContext(ctx, `SELECT `+couponColumns+` FROM coupons c WHERE c.id = $1`, c.ID))
		return err
	})
	if isUniqueViolation(err) {
		return nil, errCodeTaken
	}
	if err != nil {
		return nil, wrap("save coupon", err)
	}
	return &saved, nil
}

// Coupons implements haat.CouponService.
func (d *DB) Coupons(ctx context.Context) ([]haat.Coupon, error) {
	return lookup(ctx, d, "coupons", func(tx *Tx) ([]haat.Coupon, error) {
		rows, err := tx.QueryContext(ctx, `SELECT `+couponColumns+` FROM coupons c ORDER BY c.created_at DESC, c.id DESC`)
		if err != nil {
			return nil, err
		}
		defer rows.Close()
		list := []haat.Coupon{}
		for rows.Next() {
			c, err := scanCoupon(rows)
			if err != nil {
				return nil, err
			}
			list = append(list, c)
		}
		return list, rows.Err()
	})
}

// CouponFacts implements haat.CouponService.
func (d *DB) CouponFacts(ctx context.Context, code, userID string) (haat.CouponFacts, error) {
	return lookup(ctx, d, "coupon", func(tx *Tx) (haat.CouponFacts, error) {
		return couponFacts(ctx, tx, code, userID, "")
	})
}

// couponFacts reads what the code is checked against for the shopper (userID empty: a guest), as
// tx sees it; held names the order being priced again, which holds a use already ("" for none).
func couponFacts(ctx context.Context, tx *Tx, code, userID, held string) (haat.CouponFacts, error) {
	f := haat.CouponFacts{Code: code, Shopper: userID != "", Held: held != "", Now: tx.now}
	c, err := scanCoupon(tx.QueryRowContext(ctx, `SELECT `+couponColumns+` FROM coupons c WHERE c.code = $1`, code))
	if errors.Is(err, sql.ErrNoRows) {
		return f, nil
	} else if err != nil {
		return f, err
	}
	f.Coupon = &c
	if userID == "" {
		return f, nil
	}
	if err := tx.QueryRowContext(ctx, `SELECT COALESCE((SELECT used FROM coupon_shoppers WHERE coupon_id = $1 AND user_id = $2), 0)`,
		c.ID, userID).Scan(&f.ShopperUses); err != nil {
		return f, err
	}
	if c.FirstOrderOnly {
		f.EarlierOrders, err = earlierOrders(ctx, tx, userID, held)
	}
	return f, err
}

// earlierOrders counts the shopper's orders that were not cancelled nor failed, but order.
func earlierOrders(ctx context.Context, tx *Tx, userID, but string) (int, error) {
	var n int
	err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM orders WHERE user_id = $1 AND id <> $2 AND status NOT IN ($3, $4)`,
		userID, but, haat.StatusCancelled, haat.StatusPaymentFailed).Scan(&n)
	return n, err
}

// useCoupon counts the order's use of its coupon in the order's own write: the coupon's uses and
// the shopper's rise by one only while they are below their limits and the coupon is on, and a
// first order only is the shopper's first; otherwise the order is refused, saying why.
func useCoupon(ctx context.Context, tx *Tx, order *haat.Order) error {
	if order.Coupon == nil {
		return nil
	}
	id := order.Coupon.CouponID()
	var perShopper int
	var first bool
	err := tx.QueryRowContext(ctx, `UPDATE coupons SET used = used + 1 WHERE id = $1 AND active AND (total_uses = 0 OR used < total_uses)
		RETURNING uses_per_shopper, first_order_only`, id).Scan(&perShopper, &first)
	if errors.Is(err, sql.ErrNoRows) {
		return haat.ErrCouponRunOut
	} else if err != nil {
		return err
	}
	res, err := tx.ExecContext(ctx, `INSERT INTO coupon_shoppers (coupon_id, user_id, used) VALUES ($1, $2, 1)
		ON CONFLICT (coupon_id, user_id) DO UPDATE SET used = coupon_shoppers.used + 1 WHERE $3 = 0 OR coupon_shoppers.used < $3`,
		id, order.UserID, perShopper)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n != 1 {
		return haat.ErrCouponUsed
	}
	if first {
		n, err := earlierOrders(ctx, tx, order.UserID, order.ID)
		if err != nil {
			return err
		}
		if n > 0 {
			return haat.ErrCouponFirst
		}
	}
	return tx.send(ctx, `INSERT INTO coupon_uses (order_id, coupon_id, user_id, amount, at) VALUES ($1, $2, $3, $4, $5)`,
		order.ID, id, order.UserID, order.Bill.Discount, tx.now.UnixMilli())
}

// returnCoupon gives a cancelled order's use of its coupon back, once: the use is deleted and the
// counts it raised fall with it.
func returnCoupon(ctx context.Context, tx *Tx, orderID string) error {
	var couponID, userID string
	err := tx.QueryRowContext(ctx, `DELETE FROM coupon_uses WHERE order_id = $1 RETURNING coupon_id, user_id`, orderID).Scan(&couponID, &userID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	} else if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE coupons SET used = used - 1 WHERE id = $1 AND used > 0`, couponID); err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `UPDATE coupon_shoppers SET used = used - 1 WHERE coupon_id = $1 AND user_id = $2 AND used > 0`, couponID, userID)
	return err
}

// settleCouponUse keeps the discount an order's use of its coupon was given as its bill now says
// (packing works it out again).
func settleCouponUse(ctx context.Context, tx *Tx, o *haat.Order) error {
	if o.Coupon == nil {
		return nil
	}
	return tx.send(ctx, `UPDATE coupon_uses SET amount = $1 WHERE order_id = $2`, o.Bill.Discount, o.ID)
}
