package sqlstore

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"maps"
	"slices"
	"time"

	"haat"
	"haat/cash"
)

// collectedCond holds for the steps in which a rider took an order's cash at the door: a cash
// order's payment (Paid) recorded by the rider who delivered it.
const collectedCond = `e.status = 'Paid' AND e.by_role = 'rider' AND o.payment_type = 'COD'`

// paidByQRCond holds for the steps in which a cash order was paid by QR code at the door, to the
// store's account: its rider showed the code.
const paidByQRCond = `e.status = 'Paid' AND e.by_role = 'payment' AND e.note = 'atTheDoor' AND o.rider_id IS NOT NULL`

// CashSheets are every rider's cash sheet of the store's day that starts at from: the store's
// riders, and anyone who collected or handed in money that day or still owes or is owed from
// before, by name.
func (d *DB) CashSheets(ctx context.Context, from time.Time) ([]cash.Sheet, error) {
	return lookup(ctx, d, "cash sheets", func(tx *Tx) ([]cash.Sheet, error) {
		to := from.AddDate(0, 0, 1)
		sheets := map[string]*cash.Sheet{}
		sheet := func(id, name string) *cash.Sheet {
			s := sheets[id]
			if s == nil {
				s = &cash.Sheet{Rider: cash.Rider{ID: id, Name: name}, Collected: []cash.Order{}, QR: []cash.Order{},
					HandedIn: []cash.Handover{}}
				sheets[id] = s
			}
			return s
		}
		riders, err := tx.QueryContext(ctx, `SELECT id, name FROM sellers WHERE role = $1`, haat.StaffRider)
		if err != nil {
			return nil, err
		}
		defer riders.Close()
		current := map[string]bool{}
		for riders.Next() {
			var id, name string
			if err := riders.Scan(&id, &name); err != nil {
				return nil, err
			}
			sheet(id, name)
			current[id] = true
		}
		if err := riders.Err(); err != nil {
			return nil, err
		}
		if err := collected(ctx, tx, from, to, sheet); err != nil {
			return nil, err
		}
		if err := paidByQR(ctx, tx, from, to, sheet); err != nil {
			return nil, err
		}
		if err := handedIn(ctx, tx, from, to, sheet); err != nil {
			return nil, err
		}
		if err := carried(ctx, tx, from, sheet); err != nil {
			return nil, err
		}
		list := []cash.Sheet{}
		for _, s := range sheets {
			if !s.Shows(current[s.Rider.ID]) {
				continue
			}
			if err := s.Sum(); err != nil {
				return nil, err
			}
			list = append(list, *s)
		}
		slices.SortFunc(list, func(a, b cash.Sheet) int {
			return cmp.Or(cmp.Compare(a.Rider.Name, b.Rider.Name), cmp.Compare(a.Rider.ID, b.Rider.ID))
		})
		return list, nil
	})
}

// collected adds to each rider's sheet the cash orders they took the money of between from and to,
// in the order they took it.
func collected(ctx context.Context, tx *Tx, from, to time.Time, sheet func(id, name string) *cash.Sheet) error {
	return cashOrders(ctx, tx, `e.by_id, e.by_name`, collectedCond, from, to, func(id, name string, c cash.Order) {
		s := sheet(id, name)
		s.Collected = append(s.Collected, c)
	})
}

// paidByQR adds to each rider's sheet the cash orders paid by the QR code they showed at the door
// between from and to, in the order they were paid.
func paidByQR(ctx context.Context, tx *Tx, from, to time.Time, sheet func(id, name string) *cash.Sheet) error {
	return cashOrders(ctx, tx, `o.rider_id, o.rider_name`, paidByQRCond, from, to, func(id, name string, c cash.Order) {
		s := sheet(id, name)
		s.QR = append(s.QR, c)
	})
}

// cashOrders reads the orders whose step cond selects between from and to, in the order of the
// steps, each with the rider that rider (the columns of their id and name) names, and the money
// taken at the door: what was left to pay (haat.Balance's ToPay, as the order keeps it).
func cashOrders(ctx context.Context, tx *Tx, rider, cond string, from, to time.Time, add func(id, name string, c cash.Order)) error {
	rows, err := tx.QueryContext(ctx, `SELECT `+rider+`, o.id, COALESCE(o.number, 0), o.to_pay FROM order_events e JOIN orders o ON o.id = e.order_id
		WHERE `+cond+` AND e.at >= $1 AND e.at < $2 ORDER BY e.at, e.id`, from.UnixMilli(), to.UnixMilli())
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id, name string
		var c cash.Order
		if err := rows.Scan(&id, &name, &c.Order, &c.Number, &c.Amount); err != nil {
			return err
		}
		add(id, name, c)
	}
	return rows.Err()
}

// handedIn adds to each rider's sheet the handovers recorded between from and to, oldest first.
func handedIn(ctx context.Context, tx *Tx, from, to time.Time, sheet func(id, name string) *cash.Sheet) error {
	rows, err := tx.QueryContext(ctx, `SELECT rider_id, rider_name, id, amount, note, at, by_name FROM cash_handovers
		WHERE at >= $1 AND at < $2 ORDER BY at, id`, from.UnixMilli(), to.UnixMilli())
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id, name string
		var h cash.Handover
		var at int64
		if err := rows.Scan(&id, &name, &h.ID, &h.Amount, &h.Note, &at, &h.By); err != nil {
			return err
		}
		h.At = fromMillis(at)
		s := sheet(id, name)
		s.HandedIn = append(s.HandedIn, h)
	}
	return rows.Err()
}

// carried sets on each rider's sheet what they owed the store before from: the cash they collected
// before then less what they handed in (cash.Balance). The database adds up each side; its
// sums of integers fail rather than wrap.
func carried(ctx context.Context, tx *Tx, before time.Time, sheet func(id, name string) *cash.Sheet) error {
	type totals struct {
		name                string
		collected, handedIn haat.Money
	}
	byRider := map[string]*totals{}
	read := func(query string, set func(t *totals, m haat.Money)) error {
		rows, err := tx.QueryContext(ctx, query, before.UnixMilli())
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id, name string
			var sum haat.Money
			if err := rows.Scan(&id, &name, &sum); err != nil {
				return err
			}
			t := byRider[id]
			if t == nil {
				t = &totals{name: name}
				byRider[id] = t
			}
			set(t, sum)
		}
		return rows.Err()
	}
	if err := read(`SELECT e.by_id, MAX(e.by_name), CAST(SUM(o.to_pay) AS BIGINT) FROM order_events e JOIN orders o ON o.id = e.order_id
		WHERE `+collectedCond+` AND e.at < $1 GROUP BY e.by_id`, func(t *totals, m haat.Money) { t.collected = m }); err != nil {
		return err
	}
	if err := read(`SELECT rider_id, MAX(rider_name), CAST(SUM(amount) AS BIGINT) FROM cash_handovers WHERE at < $1 GROUP BY rider_id`,
		func(t *totals, m haat.Money) { t.handedIn = m }); err != nil {
		return err
	}
	for _, id := range slices.Sorted(maps.Keys(byRider)) {
		t := byRider[id]
		balance, err := cash.Balance(t.collected, t.handedIn)
		if err != nil {
			return err
		}
		if balance != 0 {
			sheet(id, t.name).Carried = balance
		}
	}
	return nil
}

// HandIn records a handover of a rider of the store, by who acts in ctx, now. It is only ever
// added: a correction is another handover.
func (d *DB) HandIn(ctx context.Context, n cash.NewHandover) (*cash.Handover, error) {
	if err := n.Validate(); err != nil {
		return nil, err
	}
	by := haat.ActorOf(ctx)
	h := &cash.Handover{ID: newID(), Amount: n.Amount, Note: n.Note, By: by.Name}
	err := d.inTx(ctx, func(tx *Tx) error {
		var name string
		var role haat.StaffRole
		err := tx.QueryRowContext(ctx, `SELECT name, role FROM sellers WHERE id = $1`, n.RiderID).Scan(&name, &role)
		if errors.Is(err, sql.ErrNoRows) || (err == nil && role != haat.StaffRider) {
			return haat.Errorf(haat.EINVALID, "Only a rider of the store hands in cash")
		} else if err != nil {
			return err
		}
		h.At = tx.now
		return tx.send(ctx, `INSERT INTO cash_handovers (id, rider_id, rider_name, amount, note, at, by_id, by_name)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, h.ID, n.RiderID, name, h.Amount, h.Note, tx.now.UnixMilli(), by.ID, by.Name)
	})
	if err != nil {
		return nil, wrap("hand in", err)
	}
	return h, nil
}
