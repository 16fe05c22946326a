package sqlstore_test

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"

	"haat"
	"haat/sqlstore"
	"haat/sqlstore/sqlstoretest"
)

// TestGroupCommitOrders: orders sent at once are committed together, each in a savepoint of its
// own: an order of more units than there are fails alone and changes nothing (no stock taken,
// no order, no number used up), the others are stored with numbers that follow each other.
func TestGroupCommitOrders(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		rice := mustCreate(t, db, product("Rice", 32000, 29500, true))
		three := 3
		apple := &haat.Product{Name: "Mustang Apple", Category: "Fruits", Price: 45000, OfferPrice: 42000, StockOn: true,
			Stock: &three, Image: []string{"/media/catalogue/apple.webp"}, Description: []string{"Crisp"}}
		if err := db.CreateProduct(ctx, apple); err != nil {
			t.Fatal(err)
		}
		const shoppers = 12
		type shopper struct{ id, address string }
		var list []shopper
		for i := range shoppers {
			u, a := shopperWithAddress(t, db, string(rune('a'+i))+"@example.com")
			list = append(list, shopper{u.ID, a})
		}
		commits := db.Commits()
		release := db.HoldWriter()
		var (
			wg      sync.WaitGroup
			mu      sync.Mutex
			numbers []int64
			refused int
		)
		for i, s := range list {
			wg.Go(func() {
				lines := []haat.OrderLine{{ProductID: rice.ID, Quantity: 1}}
				// Every third shopper also asks for two apples: only one of them can have them.
				if i%3 == 0 {
					lines = append(lines, haat.OrderLine{ProductID: apple.ID, Quantity: 2})
				}
				o, err := sqlstoretest.PlaceOrder(db, haat.NewOrder{UserID: s.id, AddressID: s.address, PaymentType: haat.PaymentCOD, Lines: lines})
				mu.Lock()
				defer mu.Unlock()
				if err != nil {
					if haat.ErrorCode(err) != haat.ECONFLICT {
						t.Errorf("order %d: %v", i, err)
					}
					refused++
					return
				}
				numbers = append(numbers, o.Number)
			})
		}
		db.WaitForWriter(t, shoppers) // the orders wait for the writer
		release()
		wg.Wait()
		if refused != 3 {
			t.Errorf("%d orders refused, want 3 (of the 4 asking for two apples each, of 3)", refused)
		}
		slices.Sort(numbers)
		for i, n := range numbers {
			if n != int64(10001+i) {
				t.Fatalf("numbers = %v: want 10001… without gaps", numbers)
			}
		}
		if got := db.Commits() - commits; got > 4 {
			t.Errorf("%d commits for the held operation and %d orders sent at once", got, shoppers)
		}
		if left := stockLeft(t, db, apple.ID); left != 1 {
			t.Errorf("%d apples left, want 1", left)
		}
		orders, _, err := db.SellerOrders(ctx, haat.SellerOrderFilter{}, 100)
		if err != nil || len(orders) != len(numbers) {
			t.Fatalf("%d orders stored for %d placed: %v", len(orders), len(numbers), err)
		}
		for _, o := range orders {
			if len(o.Items) == 0 {
				t.Errorf("order %d has no items", o.Number)
			}
		}
	})
}

// TestGroupCommitFailures: an operation that fails, or panics, in a batch is rolled back alone;
// the panic reaches its caller, and the other operations of the batch are committed.
func TestGroupCommitFailures(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		if _, err := db.SQL().ExecContext(ctx, `CREATE TABLE gc_test (n INTEGER PRIMARY KEY)`); err != nil {
			t.Fatal(err)
		}
		insert := func(tx *sqlstore.Tx, n int) error {
			_, err := tx.ExecContext(ctx, `INSERT INTO gc_test (n) VALUES ($1)`, n)
			return err
		}
		errRefused := errors.New("refused")
		release := db.HoldWriter()
		var wg sync.WaitGroup
		results := make([]any, 10)
		for i := range 10 {
			wg.Go(func() {
				defer func() {
					if p := recover(); p != nil {
						results[i] = p
					}
				}()
				results[i] = db.Write(ctx, func(tx *sqlstore.Tx) error {
					switch i {
					case 3: // writes, then fails
						if err := insert(tx, 3); err != nil {
							return err
						}
						return errRefused
					case 5: // writes, then panics
						insert(tx, 5)
						panic("boom")
					case 7: // a statement that fails: in PostgreSQL it aborts the transaction up to the savepoint
						if err := insert(tx, 7); err != nil {
							return err
						}
						return insert(tx, 7)
					}
					return insert(tx, i)
				})
			})
		}
		db.WaitForWriter(t, 10)
		release()
		wg.Wait()
		for i, r := range results {
			switch i {
			case 3:
				if r != errRefused {
					t.Errorf("operation 3: %v, want refused", r)
				}
			case 5:
				if r != "boom" {
					t.Errorf("operation 5: %v, want the panic", r)
				}
			case 7:
				if r == nil {
					t.Errorf("operation 7 succeeded")
				}
			default:
				if r != nil {
					t.Errorf("operation %d: %v", i, r)
				}
			}
		}
		got := storedNumbers(t, db, "gc_test")
		if want := []int{0, 1, 2, 4, 6, 8, 9}; !slices.Equal(got, want) {
			t.Errorf("stored %v, want %v", got, want)
		}
		// A caller who has gone before its operation begins gets its context's error.
		gone, cancel := context.WithCancel(ctx)
		cancel()
		if err := db.Write(gone, func(tx *sqlstore.Tx) error { return insert(tx, 100) }); !errors.Is(err, context.Canceled) {
			t.Errorf("write with a cancelled context: %v", err)
		}
	})
}

// TestGroupCommitSentStatements: the statements an operation sends without reading their outcome
// (on PostgreSQL they reach the database together, at the operation's end) are its own: an
// operation that fails before they are sent, first in its batch or later, leaves nothing behind
// and spoils no other, and one whose sent statement fails gets that statement's error alone.
func TestGroupCommitSentStatements(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		if _, err := db.SQL().ExecContext(ctx, `CREATE TABLE gc_sent (n INTEGER PRIMARY KEY)`); err != nil {
			t.Fatal(err)
		}
		insert := func(n int) string { return fmt.Sprintf(`INSERT INTO gc_sent (n) VALUES (%d)`, n) }
		errRefused := errors.New("refused")
		type op struct {
			queries []string
			fail    error
		}
		ops := []op{
			{[]string{insert(0)}, errRefused}, // first of the batch, fails before anything is sent
			{[]string{insert(1)}, nil},
			{[]string{insert(2), insert(2)}, nil}, // the second insert fails when they are sent
			{[]string{insert(3)}, nil},
			{[]string{insert(4), insert(5)}, errRefused},
			{[]string{insert(6)}, nil},
			{[]string{insert(7), insert(7)}, nil}, // fails when the next operation's statement is sent
			{nil, nil},                            // runs a statement, which sends what waits before it
		}
		release := db.HoldWriter()
		var wg sync.WaitGroup
		results := make([]error, len(ops))
		for i, o := range ops {
			wg.Go(func() {
				if o.queries == nil {
					results[i] = db.Write(ctx, func(tx *sqlstore.Tx) error {
						_, err := tx.ExecContext(ctx, `INSERT INTO gc_sent (n) VALUES ($1)`, 8)
						return err
					})
					return
				}
				results[i] = db.Send(ctx, o.fail, o.queries...)
			})
			db.WaitForWriter(t, i+1) // the writer takes them in this order
		}
		release()
		wg.Wait()
		for i, err := range results {
			switch i {
			case 0, 4:
				if err != errRefused {
					t.Errorf("operation %d: %v, want refused", i, err)
				}
			case 2, 6:
				if err == nil {
					t.Errorf("operation %d succeeded with a duplicate key", i)
				}
			default:
				if err != nil {
					t.Errorf("operation %d: %v", i, err)
				}
			}
		}
		got := storedNumbers(t, db, "gc_sent")
		if want := []int{1, 3, 6, 8}; !slices.Equal(got, want) {
			t.Errorf("stored %v, want %v", got, want)
		}
	})
}

// TestGroupCommitDeadlockRetry: an operation that PostgreSQL refuses as a deadlock (or a
// serialization failure) with another server's writes is rolled back alone and run again, in a
// batch of its own, up to three times; its batch's other operations are committed once.
func TestGroupCommitDeadlockRetry(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		if _, err := db.SQL().ExecContext(ctx, `CREATE TABLE gc_retry (n INTEGER PRIMARY KEY)`); err != nil {
			t.Fatal(err)
		}
		deadlock := &pgconn.PgError{Code: "40P01", Message: "deadlock detected"}
		insert := func(tx *sqlstore.Tx, n int) error {
			_, err := tx.ExecContext(ctx, `INSERT INTO gc_retry (n) VALUES ($1)`, n)
			return err
		}
		var mu sync.Mutex
		runs := map[int]int{}
		release := db.HoldWriter()
		var wg sync.WaitGroup
		results := make([]error, 4)
		for i := range results {
			wg.Go(func() {
				results[i] = db.Write(ctx, func(tx *sqlstore.Tx) error {
					mu.Lock()
					runs[i]++
					run := runs[i]
					mu.Unlock()
					if err := insert(tx, i); err != nil {
						return err
					}
					switch {
					case i == 1 && run == 1: // refused once, then through
						return deadlock
					case i == 2: // refused every time
						return deadlock
					}
					return nil
				})
			})
		}
		db.WaitForWriter(t, len(results))
		release()
		wg.Wait()
		for i, err := range results {
			if i == 2 {
				if !errors.Is(err, deadlock) {
					t.Errorf("operation 2: %v, want the deadlock", err)
				}
			} else if err != nil {
				t.Errorf("operation %d: %v", i, err)
			}
		}
		if want := map[int]int{0: 1, 1: 2, 2: 3, 3: 1}; !maps.Equal(runs, want) {
			t.Errorf("runs %v, want %v", runs, want)
		}
		got := storedNumbers(t, db, "gc_retry")
		if want := []int{0, 1, 3}; !slices.Equal(got, want) {
			t.Errorf("stored %v, want %v", got, want)
		}
	})
}

// storedNumbers reads the column n of a test's table, in order.
func storedNumbers(t *testing.T, db *sqlstore.DB, table string) []int {
	t.Helper()
	rows, err := db.SQL().QueryContext(context.Background(), `SELECT n FROM `+table+` ORDER BY n`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var got []int
	for rows.Next() {
		var n int
		if err := rows.Scan(&n); err != nil {
			t.Fatal(err)
		}
		got = append(got, n)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return got
}
