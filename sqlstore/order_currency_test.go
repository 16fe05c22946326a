package sqlstore_test

import (
	"testing"

	"haat"
	"haat/sqlstore"
	"haat/sqlstore/sqlstoretest"
)

// TestOrdersKeepTheirCurrency places orders in dollars and in rupees and reads each back in its
// own currency; orders from before orders kept a currency are labelled once with the store's, and
// labelling again (as after a change of the store's currency) relabels none.
func TestOrdersKeepTheirCurrency(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		u, dollars := sqlstoretest.OnlineOrder(t, db, "usd@example.com")
		_, rupees := sqlstoretest.OnlineOrderIn(t, db, "npr@example.com", haat.NPR)
		if dollars.Currency != haat.USD || rupees.Currency != haat.NPR {
			t.Fatalf("placed in %q and %q", dollars.Currency, rupees.Currency)
		}
		got, err := db.UserOrder(ctx, u.ID, dollars.ID)
		if err != nil || got.Currency != haat.USD {
			t.Fatalf("read back: %+v, %v", got, err)
		}
		if _, err := db.SQL().ExecContext(ctx, `UPDATE orders SET currency = '' WHERE id = $1`, dollars.ID); err != nil {
			t.Fatal(err)
		}
		if n, err := db.LabelOrderCurrency(ctx, haat.NPR); err != nil || n != 1 {
			t.Fatalf("labelled %d, %v; want the one unlabelled order", n, err)
		}
		if n, err := db.LabelOrderCurrency(ctx, haat.USD); err != nil || n != 0 {
			t.Fatalf("labelled %d again, %v; want none", n, err)
		}
		if got, _ := db.UserOrder(ctx, u.ID, dollars.ID); got.Currency != haat.NPR {
			t.Errorf("unlabelled order now in %q, want NPR", got.Currency)
		}
	})
}
