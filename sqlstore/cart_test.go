package sqlstore_test

import (
	"errors"
	"fmt"
	"sync"
	"testing"

	"haat"
	"haat/sqlstore"
	"haat/sqlstore/sqlstoretest"
)

func TestCartVersion(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		u := mustUser(t, db, "version@example.com")
		rice := mustCreate(t, db, product("Rice", 32000, 29500, true))
		dal := mustCreate(t, db, product("Dal", 18000, 16550, true))
		if u.CartVersion != 0 {
			t.Fatalf("new user's cart version = %d", u.CartVersion)
		}
		v, err := db.UpdateCart(ctx, u.ID, haat.Cart{rice.ID: 1}, nil)
		if err != nil || v != 1 {
			t.Fatalf("update without a version = %d, %v", v, err)
		}
		one := int64(1)
		if v, err = db.UpdateCart(ctx, u.ID, haat.Cart{rice.ID: 2}, &one); err != nil || v != 2 {
			t.Fatalf("update naming the current version = %d, %v", v, err)
		}

		// A tab that still holds version 1 is refused and told what the cart is now.
		_, err = db.UpdateCart(ctx, u.ID, haat.Cart{dal.ID: 1}, &one)
		var conflict *haat.CartConflict
		if !errors.As(err, &conflict) || haat.ErrorCode(err) != haat.ECONFLICT {
			t.Fatalf("stale update: %v", err)
		}
		if conflict.Version != 2 || len(conflict.Cart) != 1 || conflict.Cart[rice.ID] != 2 {
			t.Fatalf("conflict = %+v", conflict)
		}
		got, _ := db.User(ctx, u.ID)
		if got.CartVersion != 2 || len(got.CartItems) != 1 || got.CartItems[rice.ID] != 2 {
			t.Fatalf("a refused update changed the cart: %+v", got)
		}

		// Refused for bad input: neither the cart nor its version move.
		two := int64(2)
		_, err = db.UpdateCart(ctx, u.ID, haat.Cart{"unknown": 1}, &two)
		wantCode(t, err, haat.EINVALID)
		if got, _ := db.User(ctx, u.ID); got.CartVersion != 2 {
			t.Fatalf("version moved on a refused update: %d", got.CartVersion)
		}

		// The old call without a version still replaces the cart, and moves the version on.
		if err := db.SetCart(ctx, u.ID, haat.Cart{dal.ID: 3}); err != nil {
			t.Fatal(err)
		}
		if got, _ := db.User(ctx, u.ID); got.CartVersion != 3 || len(got.CartItems) != 1 || got.CartItems[dal.ID] != 3 {
			t.Fatalf("after SetCart: %+v", got)
		}

		// A cash order empties the cart and moves the version on, so an old tab cannot bring the items back.
		addr := mustAddress(t, db, u.ID)
		if _, err := sqlstoretest.PlaceOrder(db, haat.NewOrder{UserID: u.ID, AddressID: addr.ID, PaymentType: haat.PaymentCOD,
			Lines: []haat.OrderLine{{ProductID: dal.ID, Quantity: 3}}}); err != nil {
			t.Fatal(err)
		}
		three := int64(3)
		_, err = db.UpdateCart(ctx, u.ID, haat.Cart{dal.ID: 3}, &three)
		if !errors.As(err, &conflict) || conflict.Version != 4 || len(conflict.Cart) != 0 {
			t.Fatalf("update after the order emptied the cart: %v %+v", err, conflict)
		}

		_, err = db.UpdateCart(ctx, "01NOSUCHUSER", haat.Cart{}, &three)
		wantCode(t, err, haat.ENOTFOUND)
	})
}

// TestCartConcurrentUpdates: updates racing on one version let exactly one through, and clients
// that merge and retry on a conflict lose nothing.
func TestCartConcurrentUpdates(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		u := mustUser(t, db, "race@example.com")
		const n = 8
		ids := make([]string, n)
		for i := range ids {
			ids[i] = mustCreate(t, db, product(fmt.Sprintf("Product %d", i), 1000, 900, true)).ID
		}

		// n tabs all holding version 0 save at once: one wins, the others are told the winner's cart.
		var wg sync.WaitGroup
		results := make([]error, n)
		zero := int64(0)
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, results[i] = db.UpdateCart(ctx, u.ID, haat.Cart{ids[i]: i + 1}, &zero)
			}()
		}
		wg.Wait()
		winner := -1
		for i, err := range results {
			var conflict *haat.CartConflict
			switch {
			case err == nil && winner == -1:
				winner = i
			case err == nil:
				t.Fatalf("updates %d and %d both won version 0", winner, i)
			case !errors.As(err, &conflict) || conflict.Version != 1:
				t.Fatalf("update %d: %v", i, err)
			}
		}
		if winner == -1 {
			t.Fatal("no update won")
		}
		got, _ := db.User(ctx, u.ID)
		if got.CartVersion != 1 || len(got.CartItems) != 1 || got.CartItems[ids[winner]] != winner+1 {
			t.Fatalf("cart = %+v, want only the winner's", got)
		}

		// n devices each add one of a product at once, merging into the stored cart and retrying
		// on a conflict, as the storefront does: every addition arrives.
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				cart, version := got.CartItems, got.CartVersion
				for attempt := 0; ; attempt++ {
					next := haat.Cart{}
					for id, q := range cart {
						next[id] = q
					}
					next[ids[i]]++
					_, err := db.UpdateCart(ctx, u.ID, next, &version)
					var conflict *haat.CartConflict
					if err == nil {
						return
					} else if !errors.As(err, &conflict) || attempt > 100 {
						results[i] = err
						return
					}
					cart, version = conflict.Cart, conflict.Version
				}
			}()
		}
		wg.Wait()
		final, _ := db.User(ctx, u.ID)
		for i := range n {
			want := 1
			if i == winner {
				want = winner + 2
			}
			if final.CartItems[ids[i]] != want {
				t.Fatalf("product %d: quantity %d, want %d (cart %v, err %v)", i, final.CartItems[ids[i]], want, final.CartItems, results[i])
			}
		}
		if final.CartVersion != 1+n {
			t.Fatalf("version = %d, want %d", final.CartVersion, 1+n)
		}
	})
}
