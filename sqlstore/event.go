package sqlstore

import (
	"context"

	"haat"
)

// recordStep adds a step to an order's history, taken now by who acts in ctx (haat.WithActor).
func recordStep(ctx context.Context, tx *Tx, orderID string, step haat.OrderStep, note string) error {
	return recordStepBy(ctx, tx, orderID, step, haat.ActorOf(ctx), note)
}

// recordStepBy adds a step to an order's history, taken now by actor.
func recordStepBy(ctx context.Context, tx *Tx, orderID string, step haat.OrderStep, by haat.Actor, note string) error {
	return tx.send(ctx, `INSERT INTO order_events (id, order_id, status, at, by_id, by_name, by_role, note)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, newID(), orderID, step, tx.now.UnixMilli(), by.ID, by.Name, by.Role, note)
}

// attachEvents reads the history of the orders, oldest step first.
func attachEvents(ctx context.Context, tx *Tx, orders []haat.Order, index map[string]int, ids []string) error {
	var w where
	w.in(`order_id`, ids)
	rows, err := tx.QueryContext(ctx, `SELECT order_id, status, at, by_name, by_role, note FROM order_events`+w.String()+
		` ORDER BY order_id, at, id`, w.args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for i := range orders {
		orders[i].Events = []haat.OrderEvent{}
	}
	for rows.Next() {
		var orderID string
		var at int64
		e := haat.OrderEvent{By: &haat.Actor{}}
		if err := rows.Scan(&orderID, &e.Status, &at, &e.By.Name, &e.By.Role, &e.Note); err != nil {
			return err
		}
		e.At = fromMillis(at)
		if i, ok := index[orderID]; ok {
			orders[i].Events = append(orders[i].Events, e)
		}
	}
	return rows.Err()
}
