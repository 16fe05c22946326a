package sqlstore

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"maps"
	"slices"
	"sync"
	"time"

	"haat"
	"haat/dashboard"
)

// sold holds for the orders that count as sales: cash orders and paid online orders, not
// cancelled.
const sold = placedCond + ` AND o.status <> 'Cancelled'`

// Dashboard sums up the store as it is now, each figure one query; amounts are added up with
// haat's checked arithmetic, so that a sum too large is an error, never a wrapped amount.
func (d *DB) Dashboard(ctx context.Context) (*dashboard.Dashboard, error) {
	// The sum of the days before today is kept only while the database says their sales have not
	// changed, which it says of the orders placed before today once told where today begins.
	if err := d.countSalesBefore(ctx, haat.StartOfDay(d.now())); err != nil {
		return nil, wrap("dashboard", err)
	}
	return lookup(ctx, d, "dashboard", func(tx *Tx) (*dashboard.Dashboard, error) {
		today := haat.StartOfDay(tx.now)
		var db dashboard.Dashboard
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
		since := today.AddDate(0, 0, 1-dashboard.BestSellerDays)
		if db.BestSellers, err = d.bestSellers(ctx, tx, since, today, 10); err != nil {
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

// waitingOrders counts the orders waiting for the seller in each of dashboard.WaitingStatuses.
func waitingOrders(ctx context.Context, tx *Tx) ([]dashboard.StatusCount, error) {
	var w where
	statuses := make([]string, len(dashboard.WaitingStatuses))
	for i, s := range dashboard.WaitingStatuses {
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
	waiting := make([]dashboard.StatusCount, len(dashboard.WaitingStatuses))
	for i, s := range dashboard.WaitingStatuses {
		waiting[i] = dashboard.StatusCount{Status: s, Orders: counts[s]}
	}
	return waiting, rows.Err()
}

// daySales counts the orders sold since the given time and adds up their amounts and their coupons' discounts.
func daySales(ctx context.Context, tx *Tx, since time.Time) (dashboard.DaySales, error) {
	var day dashboard.DaySales
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
// then by revenue and name. What the days before today sold is kept between requests
// (pastSales); today's orders are read each time. Only the products ranked first are read for
// their names and pictures: a busy week sells thousands.
func (d *DB) bestSellers(ctx context.Context, tx *Tx, since, today time.Time, n int) ([]dashboard.ProductSales, error) {
	past, err := d.pastSales.get(ctx, tx, since, today)
	if err != nil {
		return nil, err
	}
	recent, err := unitsSold(ctx, tx, today, time.Time{})
	if err != nil {
		return nil, err
	}
	byID := map[string]*dashboard.ProductSales{}
	grams := map[string]int{}
	for _, sold := range [][]soldAt{past, recent} {
		for _, u := range sold {
			p := byID[u.product]
			if p == nil {
				p = &dashboard.ProductSales{Product: haat.OrderProduct{ID: u.product}}
				byID[u.product] = p
			}
			p.Units += u.units
			grams[u.product] += u.grams
			if p.Revenue, err = p.Revenue.Add(u.billed); err != nil {
				return nil, err
			}
		}
	}
	for id, g := range grams {
		byID[id].Weight = dashboard.SoldWeight(g)
	}
	ranked := slices.Collect(maps.Values(byID))
	bySales := func(a, b *dashboard.ProductSales) int {
		return cmp.Or(cmp.Compare(b.Units, a.Units), cmp.Compare(b.Revenue, a.Revenue))
	}
	slices.SortFunc(ranked, bySales)
	// The first n, and those that sold as many for as much as the last of them (the name decides
	// between them), with their names and pictures; a product no longer kept gives way to the next.
	var named []*dashboard.ProductSales
	for from := 0; from < len(ranked) && len(named) < n; {
		to := min(from+n-len(named), len(ranked))
		for to < len(ranked) && bySales(ranked[to-1], ranked[to]) == 0 {
			to++
		}
		found, err := nameProducts(ctx, tx, ranked[from:to])
		if err != nil {
			return nil, err
		}
		named, from = append(named, found...), to
	}
	slices.SortFunc(named, func(a, b *dashboard.ProductSales) int {
		return cmp.Or(bySales(a, b), cmp.Compare(a.Product.Name, b.Product.Name), cmp.Compare(a.Product.ID, b.Product.ID))
	})
	list := []dashboard.ProductSales{}
	for _, s := range named[:min(n, len(named))] {
		list = append(list, *s)
	}
	return list, nil
}

// soldAt is how much of a product the orders of some days sold: the units packed (as ordered
// before packing), the grams of goods sold by weight, and what their lines were billed
// (haat.Order.BilledLines, kept as order_items.billed; a line kept before it, its amount).
type soldAt struct {
	product string
	units   int
	grams   int
	billed  haat.Money
}

// unitsSold adds up what the orders placed from one time to another (zero: no end) sold of each
// product. The orders lead the join (SQLite takes CROSS JOIN's order as written), so that only
// their items are read, not every item ever sold.
func unitsSold(ctx context.Context, tx *Tx, from, to time.Time) ([]soldAt, error) {
	var w where
	w.add(`i.order_id = o.id AND o.created_at >= ?`, from.UnixMilli())
	if !to.IsZero() {
		w.add(`o.created_at < ?`, to.UnixMilli())
	}
	w.add(sold)
	rows, err := tx.QueryContext(ctx, `SELECT i.product_id, CAST(SUM(COALESCE(i.packed_quantity, i.quantity)) AS BIGINT),
		CAST(SUM(CASE WHEN i.step > 0 THEN COALESCE(i.packed_grams, i.quantity * i.step) ELSE 0 END) AS BIGINT),
		CAST(SUM(COALESCE(i.billed, i.amount)) AS BIGINT)
		FROM orders o CROSS JOIN order_items i`+w.String()+`
		GROUP BY i.product_id`, w.args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var list []soldAt
	for rows.Next() {
		var u soldAt
		if err := rows.Scan(&u.product, &u.units, &u.grams, &u.billed); err != nil {
			return nil, err
		}
		list = append(list, u)
	}
	return list, rows.Err()
}

// pastSales keeps what the orders of the days before today sold (unitsSold from since to
// today), with the sales_version it was read at (migration 0057): the database moves that on
// when any of those orders starts or stops counting, and the sum is then read again. Each server
// keeps its own, checked against the one version they share.
type pastSales struct {
	mu           sync.Mutex
	since, until time.Time
	version      int64
	sold         []soldAt
	// countedBefore is the start of the day this server last told the database to watch the
	// orders before (countSalesBefore).
	countedBefore time.Time
}

// get returns what the orders placed from since to until sold, kept or read in tx.
func (p *pastSales) get(ctx context.Context, tx *Tx, since, until time.Time) ([]soldAt, error) {
	var version, countedBefore int64
	if err := tx.QueryRowContext(ctx, `SELECT (SELECT value FROM counters WHERE name = 'sales_version'),
		(SELECT value FROM counters WHERE name = 'sales_counted_before')`).Scan(&version, &countedBefore); err != nil {
		return nil, err
	}
	if countedBefore < until.UnixMilli() {
		// The database does not yet watch all of these orders (a day that began since the
		// dashboard told it): read them, keep nothing.
		return unitsSold(ctx, tx, since, until)
	}
	p.mu.Lock()
	if p.since.Equal(since) && p.until.Equal(until) && p.version == version && p.sold != nil {
		sold := p.sold
		p.mu.Unlock()
		return sold, nil
	}
	p.mu.Unlock()
	sold, err := unitsSold(ctx, tx, since, until)
	if err != nil {
		return nil, err
	}
	if sold == nil {
		sold = []soldAt{}
	}
	// Read in the same snapshot as the version: a change after it has moved the version on.
	p.mu.Lock()
	p.since, p.until, p.version, p.sold = since, until, version, sold
	p.mu.Unlock()
	return sold, nil
}

// countSalesBefore makes the database move sales_version on for a change to the orders placed
// before day (the start of today), before the dashboard reads the sum up to it; once a day.
func (d *DB) countSalesBefore(ctx context.Context, day time.Time) error {
	p := &d.pastSales
	p.mu.Lock()
	done := !p.countedBefore.Before(day)
	p.mu.Unlock()
	if done {
		return nil
	}
	if _, err := d.exec(ctx, `UPDATE counters SET value = $1 WHERE name = 'sales_counted_before' AND value < $1`, day.UnixMilli()); err != nil {
		return err
	}
	p.mu.Lock()
	if p.countedBefore.Before(day) {
		p.countedBefore = day
	}
	p.mu.Unlock()
	return nil
}

// nameProducts fills in the name, category, price and pictures of the products sold, and returns
// those that the store still has.
func nameProducts(ctx context.Context, tx *Tx, sold []*dashboard.ProductSales) ([]*dashboard.ProductSales, error) {
	byID := make(map[string]*dashboard.ProductSales, len(sold))
	ids := make([]string, len(sold))
	for i, s := range sold {
		byID[s.Product.ID], ids[i] = s, s.Product.ID
	}
	var w where
	w.in(`id`, ids)
	rows, err := tx.QueryContext(ctx, `SELECT id, name, category, offer_price, images FROM products`+w.String(), w.args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var found []*dashboard.ProductSales
	for rows.Next() {
		var id, images string
		var p haat.OrderProduct
		if err := rows.Scan(&id, &p.Name, &p.Category, &p.OfferPrice, &images); err != nil {
			return nil, err
		}
		if err := json.Unmarshal([]byte(images), &p.Image); err != nil {
			return nil, err
		}
		s := byID[id]
		p.ID = id
		s.Product = p
		found = append(found, s)
	}
	return found, rows.Err()
}

// lowStock returns the products on sale (not archived) whose counted units are haat.LowStock or
// fewer, whatever their switch (the seller's list calls them low: to restock), and those shoppers
// wait to be told about, with how many wait: fewest units first, then most asked.
func lowStock(ctx context.Context, tx *Tx, n int) ([]dashboard.StockLevel, error) {
	// The products are picked first and counted after: grouping every product of a large
	// catalogue with its alerts to keep a few took most of the dashboard's time.
	rows, err := tx.QueryContext(ctx, `SELECT p.id, p.name, p.images, p.in_stock, p.stock,
			(SELECT COUNT(*) FROM stock_alerts a WHERE a.product_id = p.id AND a.notified_at IS NULL) AS asked
		FROM products p
		WHERE p.archived = FALSE AND ((p.stock IS NOT NULL AND p.stock <= $1)
			OR p.id IN (SELECT a.product_id FROM stock_alerts a WHERE a.notified_at IS NULL))
		ORDER BY CASE WHEN p.stock IS NULL THEN 1 ELSE 0 END, p.stock, asked DESC, p.name`+limit(n), haat.LowStock)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	list := []dashboard.StockLevel{}
	for rows.Next() {
		var l dashboard.StockLevel
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
func onTime(ctx context.Context, tx *Tx, since time.Time) (dashboard.OnTime, error) {
	var t dashboard.OnTime
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

// atRisk lists the orders out for delivery that are at risk of arriving late (dashboard.AtRisk), the
// soonest due first: the orders out at once are few, so each is asked.
func atRisk(ctx context.Context, tx *Tx) ([]dashboard.RiskOrder, error) {
	rows, err := tx.QueryContext(ctx, `SELECT o.id, o.number, o.promised_by, o.rider_name FROM orders o
		WHERE o.status = $1 AND o.promised_by IS NOT NULL ORDER BY o.promised_by, o.number`, haat.StatusOutForDelivery)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	list := []dashboard.RiskOrder{}
	for rows.Next() {
		var r dashboard.RiskOrder
		var by int64
		var number sql.NullInt64
		if err := rows.Scan(&r.ID, &number, &by, &r.Rider); err != nil {
			return nil, err
		}
		r.Number, r.PromisedBy = number.Int64, fromMillis(by)
		if !dashboard.AtRisk(r.PromisedBy, tx.now) {
			continue
		}
		r.Late = haat.DeliveredLate(&r.PromisedBy, tx.now)
		list = append(list, r)
	}
	return list, rows.Err()
}

// afterDelivery counts the open claims and refunds due, and those past their deadline.
func afterDelivery(ctx context.Context, tx *Tx) (dashboard.AfterDelivery, error) {
	var a dashboard.AfterDelivery
	now := tx.now.UnixMilli()
	err := tx.QueryRowContext(ctx, `SELECT
		(SELECT COUNT(*) FROM claims WHERE state = $1),
		(SELECT COUNT(*) FROM claims WHERE state = $1 AND decide_by < $2),
		(SELECT COUNT(*) FROM refunds WHERE state = $3),
		(SELECT COUNT(*) FROM refunds WHERE state = $3 AND due_by < $2)`,
		haat.ClaimOpen, now, haat.RefundDue).Scan(&a.OpenClaims, &a.OverdueClaims, &a.DueRefunds, &a.LateRefunds)
	return a, err
}
