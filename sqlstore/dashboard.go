package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"time"

	"haat"
)

// sold holds for the orders that count as sales: cash orders and paid online orders, not
// cancelled.
const sold = placedCond + ` AND o.status <> 'Cancelled'`

// Dashboard sums up the store as it is now, each figure one aggregate query.
func (d *DB) Dashboard(ctx context.Context) (*haat.Dashboard, error) {
	return lookup(ctx, d, "dashboard", func(tx *Tx) (*haat.Dashboard, error) {
		today := haat.StartOfDay(tx.now)
		var db haat.Dashboard
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*), CAST(COALESCE(SUM(o.amount), 0) AS BIGINT) FROM orders o
			WHERE o.created_at >= $1 AND `+sold, today.UnixMilli()).Scan(&db.Today.Orders, &db.Today.Revenue); err != nil {
			return nil, err
		}
		var err error
		if db.Waiting, err = waitingOrders(ctx, tx); err != nil {
			return nil, err
		}
		since := today.AddDate(0, 0, 1-haat.BestSellerDays)
		if db.BestSellers, err = bestSellers(ctx, tx, since, 10); err != nil {
			return nil, err
		}
		if db.LowStock, err = lowStock(ctx, tx, 20); err != nil {
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

// bestSellers returns the products sold most, by units, in orders placed since the given time.
func bestSellers(ctx context.Context, tx *Tx, since time.Time, n int) ([]haat.ProductSales, error) {
	rows, err := tx.QueryContext(ctx, `SELECT p.id, p.name, p.category, p.offer_price, p.images,
		CAST(SUM(i.quantity) AS BIGINT) AS units, CAST(SUM(i.quantity * i.unit_price) AS BIGINT) AS revenue
		FROM order_items i JOIN orders o ON o.id = i.order_id JOIN products p ON p.id = i.product_id
		WHERE o.created_at >= $1 AND `+sold+`
		GROUP BY p.id, p.name, p.category, p.offer_price, p.images
		ORDER BY units DESC, revenue DESC, p.name`+limit(n), since.UnixMilli())
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	list := []haat.ProductSales{}
	for rows.Next() {
		var s haat.ProductSales
		var images string
		if err := rows.Scan(&s.Product.ID, &s.Product.Name, &s.Product.Category, &s.Product.OfferPrice, &images, &s.Units, &s.Revenue); err != nil {
			return nil, err
		}
		if err := json.Unmarshal([]byte(images), &s.Product.Image); err != nil {
			return nil, err
		}
		list = append(list, s)
	}
	return list, rows.Err()
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
