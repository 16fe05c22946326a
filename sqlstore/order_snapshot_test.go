package sqlstore_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"haat"
	"haat/sqlstore"
	"haat/sqlstore/sqlstoretest"
)

// TestOrderKeepsProductsAsPlaced: an order shows the name, category, pictures and price its
// products had when it was placed, whatever becomes of the products afterwards.
func TestOrderKeepsProductsAsPlaced(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		u := mustUser(t, db, "a@example.com")
		addr := mustAddress(t, db, u.ID)
		rice := mustCreate(t, db, product("Rice", 32000, 29500, true))
		placed, err := sqlstoretest.PlaceOrder(db, haat.NewOrder{UserID: u.ID, AddressID: addr.ID, PaymentType: haat.PaymentCOD,
			Lines: []haat.OrderLine{{ProductID: rice.ID, Quantity: 2}}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.SQL().ExecContext(ctx, `UPDATE products SET name = 'Basmati', category = 'Fruits', price = 50000,
			offer_price = 45000, images = '["/media/uploads/new.webp"]' WHERE id = $1`, rice.ID); err != nil {
			t.Fatal(err)
		}
		wantItem := func(t *testing.T, what string) {
			t.Helper()
			orders, err := db.UserOrders(ctx, u.ID)
			if err != nil || len(orders) != 1 || len(orders[0].Items) != 1 {
				t.Fatalf("%s: orders = %+v, %v", what, orders, err)
			}
			o := orders[0]
			it := o.Items[0].Product
			if it.ID != rice.ID || it.Name != "Rice" || it.Category != "Grains" || it.OfferPrice != 29500 ||
				len(it.Image) != 1 || it.Image[0] != "/media/catalogue/rice.webp" || o.Amount != placed.Amount || o.Items[0].Quantity != 2 {
				t.Fatalf("%s: item = %+v, amount %d", what, o.Items[0], o.Amount)
			}
		}
		wantItem(t, "after the product changed")

		// Orders placed before items kept their products' details take the products' details of
		// the time the store was upgraded.
		if _, err := db.SQL().ExecContext(ctx, `UPDATE products SET name = 'Rice', category = 'Grains', images = '["/media/catalogue/rice.webp"]'`); err != nil {
			t.Fatal(err)
		}
		if _, err := db.SQL().ExecContext(ctx, `UPDATE order_items SET product_name = '', product_category = '', product_images = '[]'`); err != nil {
			t.Fatal(err)
		}
		if _, err := db.SQL().ExecContext(ctx, backfill(t, db)); err != nil {
			t.Fatal(err)
		}
		wantItem(t, "after the backfill")
	})
}

// backfill returns the statement of the snapshot migration that fills the items of older orders in.
func backfill(t *testing.T, db *sqlstore.DB) string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join("migrations", db.Dialect(), "0009_*.sql"))
	if len(files) != 1 {
		t.Fatalf("migration 0009: %v", files)
	}
	b, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	_, stmt, ok := strings.Cut(string(b), "UPDATE order_items")
	stmt, _, _ = strings.Cut(stmt, ";")
	if !ok {
		t.Fatal("migration 0009 fills no order items in")
	}
	return "UPDATE order_items" + stmt
}
