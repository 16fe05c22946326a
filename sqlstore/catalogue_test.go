package sqlstore_test

import (
	"fmt"
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
		step("search words", true, func() error {
			_, err := db.UpdateStoreSettings(ctx, func(s *haat.StoreSettings) error { s.Synonyms = []string{"kukhura, chicken"}; return nil })
			return err
		})
		step("other settings", false, func() error {
			_, err := db.UpdateStoreSettings(ctx, func(s *haat.StoreSettings) error { s.Substitute = haat.SubstituteNone; return nil })
			return err
		})

		// A change made by another process shows within the poll: of the products, or of the
		// settings (their search words).
		for _, change := range []string{`UPDATE products SET price = price + 100`, `UPDATE store_settings SET updated_at = updated_at + 1`} {
			version = db.CatalogueVersion()
			if _, err := db.SQL().ExecContext(ctx, change); err != nil {
				t.Fatal(err)
			}
			deadline := time.Now().Add(4 * sqlstore.CataloguePoll)
			for db.CatalogueVersion() == version {
				if time.Now().After(deadline) {
					t.Fatalf("a change made underneath the store never counted: %s", change)
				}
				time.Sleep(20 * time.Millisecond)
			}
		}
	})
}

// TestListedProducts checks that the list comes whole only for the versions the caller lacks.
func TestListedProducts(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		units := 5
		var ids []string
		for _, name := range []string{"Mustang Apple", "Jumla Red Rice", "Ilam Tea"} {
			p := &haat.Product{Name: name, Category: "Fruits", Price: 45000, OfferPrice: 42000, StockOn: true,
				Stock: &units, Image: []string{"/media/catalogue/apple.webp"}, Description: []string{"Crisp"}}
			if err := db.CreateProduct(ctx, p); err != nil {
				t.Fatal(err)
			}
			ids = append(ids, p.ID)
		}
		held := map[string]int64{}
		list := func(wantWhole ...string) []haat.ListedProduct {
			t.Helper()
			got, err := db.ListedProducts(ctx, func(id string, v int64) bool { hv, ok := held[id]; return ok && hv == v })
			if err != nil {
				t.Fatal(err)
			}
			var whole []string
			for _, l := range got {
				if l.Product != nil {
					if l.Product.ID != l.ID {
						t.Fatalf("listed %s with product %s", l.ID, l.Product.ID)
					}
					whole = append(whole, l.ID)
				}
				held[l.ID] = l.Version
			}
			if fmt.Sprint(whole) != fmt.Sprint(wantWhole) {
				t.Fatalf("whole products %v, want %v", whole, wantWhole)
			}
			return got
		}
		got := list(ids[2], ids[1], ids[0]) // newest first, all new to the caller
		if got[0].ID != ids[2] || len(got) != 3 {
			t.Fatalf("list %v", got)
		}
		list()
		if err := db.SetInStock(ctx, ids[1], false); err != nil {
			t.Fatal(err)
		}
		if got := list(ids[1]); got[1].Product.StockOn || got[1].Product.InStock {
			t.Fatalf("switched off product listed as %+v", got[1].Product)
		}
		if err := db.SetArchived(ctx, ids[0], true); err != nil {
			t.Fatal(err)
		}
		if got := list(); len(got) != 2 {
			t.Fatalf("archived product listed: %v", got)
		}
	})
}
