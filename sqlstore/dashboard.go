package sqlstore

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"maps"
	"slices"
	"time"

	"haat"
)

// sold holds for the orders that count as sales: cash orders and paid online orders, not
// cancelled.
const sold = placedCond + ` AND o.status <> 'Cancelled'`

// Dashboard sums up the store as it is now, each figure one query; amounts are added up with
// haat's checked arithmetic, so that a sum too large is an error, never a wrapped amount.
func (d *DB) Dashboard(ctx context.Context) (*haat.Dashboard, error) {
	return lookup(ctx, d, "dashboard", func(tx *Tx) (*haat.Dashboard, error) {
		today := haat.StartOfDay(tx.now)
		var db haat.Dashboard
		var err error
		if db.Today, err = daySales(ctx, tx, today); err != nil {
			return nil, err
		}
		if db.Waiting, err = waitingOrders(ctx, tx); err != nil {
			return nil, err
		}
		if db.OnTime, err = onTime(ctx, tx, today); err != nil {
			return nil, err
		}
		if db.AtRisk, err = atRisk(ctx, tx); err != nil {
			return nil, err
		}
		since := today.AddDate(0, 0, 1-haat.BestSellerDays)
		if db.BestSellers, err = bestSellers(ctx, tx, since, 10); err != nil {
			return nil, err
		}
		if db.LowStock, err = lowStock(ctx, tx, 20); err != nil {
			return nil, err
		}
		if db.AfterDelivery, err = afterDelivery(ctx, tx); err != nil {
			return nil, err
		}
		return &db, nil
	})
}

// waitingOrders counts the orders waiting for the seller in each of haat.WaitingStatuses.
func waitingOrders(ctx context.Context, tx *Tx) ([]haat.StatusCount, error) {
	var w where
	statuses := make([]string, len(haat.WaitingStatuses))
	for i, s := range haat.WaitingStatuses {
		statuses[i] = string(s)
	}
	w.in(`o.status`, statuses)
	w.add(placedCond)
	rows, err := tx.QueryContext(ctx, `SELECT o.status, COUNT(*) FROM orders o`+w.String()+` GROUP BY o.status`, w.args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	counts := map[haat.OrderStatus]int{}
	for rows.Next() {
		var s haat.OrderStatus
		var n int
		if err := rows.Scan(&s, &n); err != nil {
			return nil, err
		}
		counts[s] = n
	}
	waiting := make([]haat.StatusCount, len(haat.WaitingStatuses))
	for i, s := range haat.WaitingStatuses {
		waiting[i] = haat.StatusCount{Status: s, Orders: counts[s]}
	}
	return waiting, rows.Err()
}

// daySales counts the orders sold since the given time and adds up their amounts and their coupons' discounts.
func daySales(ctx context.Context, tx *Tx, since time.Time) (haat.DaySales, error) {
	var day haat.DaySales
	rows, err := tx.QueryContext(ctx, `SELECT o.amount, COALESCE(u.amount, 0) FROM orders o LEFT JOIN coupon_uses u ON u.order_id = o.id
		WHERE o.created_at >= $1 AND `+sold, since.UnixMilli())
	if err != nil {
		return day, err
	}
	defer rows.Close()
	for rows.Next() {
		var amount, discount haat.Money
		if err := rows.Scan(&amount, &discount); err != nil {
			return day, err
		}
		if day.Revenue, err = day.Revenue.Add(amount); err != nil {
			return day, err
		}
		if day.Discounts, err = day.Discounts.Add(discount); err != nil {
			return day, err
		}
		day.Orders++
	}
	return day, rows.Err()
}

// bestSellers returns the n products sold most, by units, in orders placed since the given time,
// then by revenue and name. The database counts the units of each product at each price it sold
// at; the revenue of those is worked out here. The orders of the days counted lead the join
// (SQLite takes CROSS JOIN's order as written), so that only their items are read, not every
// item ever sold, and the units are added up by product and price before the products' names
// and pictures join them.
func bestSellers(ctx context.Context, tx *Tx, since time.Time, n int) ([]haat.ProductSales, error) {
	rows, err := tx.QueryContext(ctx, `SELECT p.id, p.name, p.category, p.offer_price, p.images, s.unit_price, s.units
		FROM (SELECT i.product_id, i.unit_price, CAST(SUM(i.quantity) AS BIGINT) AS units
			FROM orders o CROSS JOIN order_items i
			WHERE i.order_id = o.id AND o.created_at >= $1 AND `+sold+`
			GROUP BY i.product_id, i.unit_price) s
		JOIN products p ON p.id = s.product_id`, since.UnixMilli())
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	type sales struct {
		haat.ProductSales
		images string
	}
	byID := map[string]*sales{}
	for rows.Next() {
		var s sales
		var unit haat.Money
		var units int
		if err := rows.Scan(&s.Product.ID, &s.Product.Name, &s.Product.Category, &s.Product.OfferPrice, &s.images, &unit, &units); err != nil {
			return nil, err
		}
		revenue, err := unit.Times(units)
		if err != nil {
			return nil, err
		}
		p := byID[s.Product.ID]
		if p == nil {
			p = &s
			byID[s.Product.ID] = p
		}
		p.Units += units
		if p.Revenue, err = p.Revenue.Add(revenue); err != nil {
			return nil, err
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	all := slices.Collect(maps.Values(byID))
	slices.SortFunc(all, func(a, b *sales) int {
		return cmp.Or(cmp.Compare(b.Units, a.Units), cmp.Compare(b.Revenue, a.Revenue), cmp.Compare(a.Product.Name, b.Product.Name),
			cmp.Compare(a.Product.ID, b.Product.ID))
	})
	list := []haat.ProductSales{}
	for _, s := range all[:min(n, len(all))] {
		if err := json.Unmarshal([]byte(s.images), &s.Product.Image); err != nil {
			return nil, err
		}
		list = append(list, s.ProductSales)
	}
	return list, nil
}

// lowStock returns the products on sale (not archived) whose counted units are haat.LowStock or
// fewer, whatever their switch (the seller's list calls them low: to restock), and those shoppers
// wait to be told about, with how many wait: fewest units first, then most asked.
func lowStock(ctx context.Context, tx *Tx, n int) ([]haat.StockLevel, error) {
	rows, err := tx.QueryContext(ctx, `SELECT p.id, p.name, p.images, p.in_stock, p.stock, COUNT(a.user_id) AS asked
		FROM products p LEFT JOIN stock_alerts a ON a.product_id = p.id AND a.notified_at IS NULL
		WHERE p.archived = FALSE
		GROUP BY p.id, p.name, p.images, p.in_stock, p.stock
		HAVING (p.stock IS NOT NULL AND p.stock <= $1) OR COUNT(a.user_id) > 0
		ORDER BY CASE WHEN p.stock IS NULL THEN 1 ELSE 0 END, p.stock, asked DESC, p.name`+limit(n), haat.LowStock)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	list := []haat.StockLevel{}
	for rows.Next() {
		var l haat.StockLevel
		var images string
		var stock sql.NullInt64
		if err := rows.Scan(&l.ID, &l.Name, &images, &l.InStock, &stock, &l.Asked); err != nil {
			return nil, err
		}
		if err := json.Unmarshal([]byte(images), &l.Image); err != nil {
			return nil, err
		}
		l.Stock = intOrNil(stock)
		l.InStock = (&haat.Product{StockOn: l.InStock, Stock: l.Stock}).Available()
		list = append(list, l)
	}
	return list, rows.Err()
}

// onTime counts the orders delivered since the given time, and those of them delivered by the time
// they were promised. The deliveries since then lead (order_events_status_at), not the orders
// ever delivered: an order's last delivery is since then exactly when one of its deliveries is.
func onTime(ctx context.Context, tx *Tx, since time.Time) (haat.OnTime, error) {
	var t haat.OnTime
	rows, err := tx.QueryContext(ctx, `SELECT o.promised_by, MAX(e.at) FROM order_events e CROSS JOIN orders o
		WHERE o.id = e.order_id AND e.status = $1 AND e.at >= $3 AND o.status = $2 GROUP BY o.id, o.promised_by`,
		haat.StepDelivered, haat.StatusDelivered, since.UnixMilli())
	if err != nil {
		return t, err
	}
	defer rows.Close()
	for rows.Next() {
		var promisedBy sql.NullInt64
		var at int64
		if err := rows.Scan(&promisedBy, &at); err != nil {
			return t, err
		}
		var by *time.Time
		if promisedBy.Valid {
			by = new(fromMillis(promisedBy.Int64))
		}
		t.Add(by, fromMillis(at))
	}
	return t, rows.Err()
}

// atRisk lists the orders out for delivery that are at risk of arriving late (haat.AtRisk), the
// soonest due first: the orders out at once are few, so each is asked.
func atRisk(ctx context.Context, tx *Tx) ([]haat.RiskOrder, error) {
	rows, err := tx.QueryContext(ctx, `SELECT o.id, o.number, o.promised_by, o.rider_name FROM orders o
		WHERE o.status = $1 AND o.promised_by IS NOT NULL ORDER BY o.promised_by, o.number`, haat.StatusOutForDelivery)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	list := []haat.RiskOrder{}
	for rows.Next() {
		var r haat.RiskOrder
		var by int64
		var number sql.NullInt64
		if err := rows.Scan(&r.ID, &number, &by, &r.Rider); err != nil {
			return nil, err
		}
		r.Number, r.PromisedBy = number.Int64, fromMillis(by)
		if !haat.AtRisk(r.PromisedBy, tx.now) {
			continue
		}
		r.Late = haat.DeliveredLate(&r.PromisedBy, tx.now)
		list = append(list, r)
	}
	return list, rows.Err()
}

// afterDelivery counts the open claims and refunds due, and those past their deadline.
func afterDelivery(ctx context.Context, tx *Tx) (haat.AfterDelivery, error) {
	var a haat.AfterDelivery
	now := tx.now.UnixMilli()
	err := tx.QueryRowContext(ctx, `SELECT
		(SELECT COUNT(*) FROM claims WHERE state = $1),
		(SELECT COUNT(*) FROM claims WHERE state = $1 AND decide_by < $2),
		(SELECT COUNT(*) FROM refunds WHERE state = $3),
		(SELECT COUNT(*) FROM refunds WHERE state = $3 AND due_by < $2)`,
		haat.ClaimOpen, now, haat.RefundDue).Scan(&a.OpenClaims, &a.OverdueClaims, &a.DueRefunds, &a.LateRefunds)
	return a, err
}
