package sqlstore_test

import (
	"testing"
	"time"

	"haat"
	"haat/sqlstore"
	"haat/sqlstore/sqlstoretest"
)

// TestCatalogueVersion checks that every change of what the product list shows counts the
// catalogue up once it has committed, that other writes leave it alone, and that a change made
// underneath the store counts too.
func TestCatalogueVersion(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		version := db.CatalogueCommits()
		step := func(what string, changes bool, fn func() error) {
			t.Helper()
			if err := fn(); err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			got := db.CatalogueCommits()
			if changes && got <= version {
				t.Fatalf("%s: catalogue version stayed at %d", what, got)
			}
			if !changes && got != version {
				t.Fatalf("%s: catalogue version went from %d to %d", what, version, got)
			}
			version = got
		}
		units := 3
		apple := &haat.Product{Name: "Mustang Apple", Category: "Fruits", Price: 45000, OfferPrice: 42000, StockOn: true,
			Stock: &units, Image: []string{"/media/catalogue/apple.webp"}, Description: []string{"Crisp"}}
		rice := &haat.Product{Name: "Jumla Red Rice", Category: "Grains", Price: 32000, OfferPrice: 29500, StockOn: true,
			Image: []string{"/media/catalogue/jumla-rice.webp"}, Description: []string{"Hill-grown"}}
		step("add product", true, func() error { return db.CreateProduct(ctx, apple) })
		step("add another", true, func() error { return db.CreateProduct(ctx, rice) })
		step("edit", true, func() error { rice.Name = "Jumla Marsi Rice"; return db.UpdateProduct(ctx, rice, false) })
		step("stock switch", true, func() error { return db.SetInStock(ctx, rice.ID, false) })
		step("stock switch back", true, func() error { return db.SetInStock(ctx, rice.ID, true) })
		step("switch of no product", false, func() error {
			if err := db.SetInStock(ctx, "nope", true); haat.ErrorCode(err) != haat.ENOTFOUND {
				t.Fatalf("switch of no product: %v", err)
			}
			return nil
		})
		u, addr := shopperWithAddress(t, db, "sita@example.com")
		step("cart", false, func() error { return db.SetCart(ctx, u.ID, haat.Cart{apple.ID: 1}) })
		var counted *haat.Order
		step("order of counted units", true, func() (err error) {
			counted, err = sqlstoretest.PlaceOrder(db, haat.NewOrder{UserID: u.ID, AddressID: addr, PaymentType: haat.PaymentCOD,
				Lines: []haat.OrderLine{{ProductID: apple.ID, Quantity: 3}}})
			return err
		})
		step("order of uncounted units", false, func() error {
			_, err := sqlstoretest.PlaceOrder(db, haat.NewOrder{UserID: u.ID, AddressID: addr, PaymentType: haat.PaymentCOD,
				Lines: []haat.OrderLine{{ProductID: rice.ID, Quantity: 1}}})
			return err
		})
		step("refused order", false, func() error {
			_, err := sqlstoretest.PlaceOrder(db, haat.NewOrder{UserID: u.ID, AddressID: addr, PaymentType: haat.PaymentCOD,
				Lines: []haat.OrderLine{{ProductID: apple.ID, Quantity: 1}}})
			if haat.ErrorCode(err) != haat.EINVALID {
				t.Fatalf("order of a sold-out product: %v", err)
			}
			return nil
		})
		step("cancel", true, func() error { _, err := db.CancelOrder(ctx, u.ID, counted.ID); return err })
		step("archive", true, func() error { return db.SetArchived(ctx, apple.ID, true) })

		// A change made by another process shows within the poll.
		version = db.CatalogueVersion()
		if _, err := db.SQL().ExecContext(ctx, `UPDATE products SET price = price + 100`); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(4 * sqlstore.CataloguePoll)
		for db.CatalogueVersion() == version {
			if time.Now().After(deadline) {
				t.Fatal("a change made underneath the store never counted")
			}
			time.Sleep(20 * time.Millisecond)
		}
	})
}
