package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"haat"
	"haat/slots"
)

// Delivery slots. Each window on each day has a row in slot_places counting the orders that took
// a place in it; an order takes its place with one conditional UPDATE of that row in the order's
// own transaction, as stock is taken, so orders racing for the last place on any number of
// servers never take more places than the window has: the others are refused.

var _ slots.Service = (*DB)(nil)

// DeliveryWindows implements slots.Service.
func (d *DB) DeliveryWindows(ctx context.Context) ([]slots.Window, error) {
	return lookup(ctx, d, "delivery windows", func(tx *Tx) ([]slots.Window, error) { return findWindows(ctx, tx) })
}

// SetDeliveryWindows implements slots.Service. A window keeps its id, and so the places taken
// in it, when the seller changes its times or capacity.
func (d *DB) SetDeliveryWindows(ctx context.Context, ws []slots.Window) ([]slots.Window, error) {
	if err := slots.ValidateWindows(ws); err != nil {
		return nil, err
	}
	var saved []slots.Window
	err := d.inTx(ctx, func(tx *Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM delivery_windows`); err != nil {
			return err
		}
		for i := range ws {
			if ws[i].ID == "" {
				ws[i].ID = newID()
			}
			w := ws[i]
			if _, err := tx.ExecContext(ctx, `INSERT INTO delivery_windows (id, start_minute, end_minute, capacity, cutoff)
				VALUES ($1, $2, $3, $4, $5)`, w.ID, w.Start, w.End, w.Capacity, w.Cutoff); err != nil {
				return err
			}
		}
		var err error
		saved, err = findWindows(ctx, tx)
		return err
	})
	if err != nil {
		return nil, wrap("set delivery windows", err)
	}
	return saved, nil
}

// DeliverySlots implements slots.Service.
func (d *DB) DeliverySlots(ctx context.Context) ([]haat.Slot, error) {
	return lookup(ctx, d, "delivery slots", func(tx *Tx) ([]haat.Slot, error) { return currentSlots(ctx, tx) })
}

func findWindows(ctx context.Context, tx *Tx) ([]slots.Window, error) {
	rows, err := tx.QueryContext(ctx, `SELECT id, start_minute, end_minute, capacity, cutoff FROM delivery_windows ORDER BY start_minute`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	ws := []slots.Window{}
	for rows.Next() {
		var w slots.Window
		if err := rows.Scan(&w.ID, &w.Start, &w.End, &w.Capacity, &w.Cutoff); err != nil {
			return nil, err
		}
		ws = append(ws, w)
	}
	return ws, rows.Err()
}

// slotsAt are the windows' slots on today and tomorrow at now, with the places taken so far.
func slotsAt(ctx context.Context, tx *Tx, ws []slots.Window, now time.Time) ([]haat.Slot, error) {
	days := slots.Days(now)
	rows, err := tx.QueryContext(ctx, `SELECT day, window_id, taken FROM slot_places WHERE day IN ($1, $2)`, days[0], days[1])
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	taken := map[string]int{}
	for rows.Next() {
		var day, window string
		var n int
		if err := rows.Scan(&day, &window, &n); err != nil {
			return nil, err
		}
		taken[haat.SlotID(day, window)] = n
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return slots.Of(ws, taken, now), nil
}

// takeSlot takes a place in the order's delivery slot, if it has one, with an update that holds
// only while the slot has a place left (ErrSlotFull when another order took the last one), and
// keeps the slot with the order. A window removed since the slot was chosen can no longer be.
func takeSlot(ctx context.Context, tx *Tx, order *haat.Order) error {
	if order.Slot == nil {
		return nil
	}
	day, window, _ := haat.ParseSlotID(order.Slot.ID)
	var capacity int
	err := tx.QueryRowContext(ctx, `SELECT capacity FROM delivery_windows WHERE id = $1`, window).Scan(&capacity)
	if errors.Is(err, sql.ErrNoRows) {
		_, err = haat.ChooseSlot(nil, order.Slot.ID)
		return err
	} else if err != nil {
		return err
	}
	if err := tx.send(ctx, `INSERT INTO slot_places (day, window_id, taken) VALUES ($1, $2, 0)
		ON CONFLICT (day, window_id) DO NOTHING`, day, window); err != nil {
		return err
	}
	// PostgreSQL makes a second UPDATE of the row wait for the first and checks taken again;
	// SQLite runs one writing transaction at a time.
	if err := placeTaken(tx.ExecContext(ctx, `UPDATE slot_places SET taken = taken + 1 WHERE day = $1 AND window_id = $2 AND taken < $3`,
		day, window, capacity)); err != nil {
		return err
	}
	return tx.send(ctx, `UPDATE orders SET slot_day = $1, slot_window = $2, slot_start = $3, slot_end = $4, slot_taken = 1
		WHERE id = $5`, day, window, order.Slot.Start, order.Slot.End, order.ID)
}

// returnSlot gives the place a cancelled order held back to its slot.
func returnSlot(ctx context.Context, tx *Tx, orderID string) error {
	var day, window string
	err := tx.QueryRowContext(ctx, `SELECT slot_day, slot_window FROM orders WHERE id = $1 AND slot_taken = 1`, orderID).Scan(&day, &window)
	if errors.Is(err, sql.ErrNoRows) {
		return nil // the order held no place
	} else if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE slot_places SET taken = taken - 1 WHERE day = $1 AND window_id = $2 AND taken > 0`,
		day, window); err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `UPDATE orders SET slot_taken = 0 WHERE id = $1`, orderID)
	return err
}

// retakeSlot takes again a place in its slot for an order that gave its place back (its payment
// failed) and is paid after all, if the slot has one free; ErrSlotFull otherwise. An order that
// holds its place, or has no slot, has nothing to take.
func retakeSlot(ctx context.Context, tx *Tx, orderID string) error {
	var day, window string
	err := tx.QueryRowContext(ctx, `SELECT slot_day, slot_window FROM orders WHERE id = $1 AND slot_day <> '' AND slot_taken = 0`, orderID).Scan(&day, &window)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	} else if err != nil {
		return err
	}
	// A window the seller removed has no capacity: no place to take.
	if err := placeTaken(tx.ExecContext(ctx, `UPDATE slot_places SET taken = taken + 1 WHERE day = $1 AND window_id = $2
		AND taken < (SELECT capacity FROM delivery_windows WHERE id = $2)`, day, window)); err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `UPDATE orders SET slot_taken = 1 WHERE id = $1`, orderID)
	return err
}

// placeTaken reads the outcome of an UPDATE that takes a place of a slot when one is free:
// haat.ErrSlotFull when it changed no row.
func placeTaken(res sql.Result, err error) error {
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return haat.ErrSlotFull
	}
	return nil
}
