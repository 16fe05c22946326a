package sqlstore_test

import (
	"testing"

	"haat"
	"haat/sqlstore"
	"haat/sqlstore/sqlstoretest"
)

// TestDemoProductsOfAnOlderStore: a store seeded before demo products were marked has them marked
// when it is migrated (migration 0029): the products that show a catalogue image, not the seller's
// own with uploaded photos, and only in a store the demo catalogue was seeded into.
func TestDemoProductsOfAnOlderStore(t *testing.T) {
	sqlstoretest.EachDialect(t, func(t *testing.T, dialect string) {
		for _, seeded := range []bool{true, false} {
			url, dir := sqlstoretest.NewDatabase(t, dialect)
			db, err := sqlstore.Open(ctx, url, dir)
			if err != nil {
				t.Fatal(err)
			}
			for _, image := range []string{"/media/catalogue/aalu.webp", "/media/catalogue/pyaaj.webp", "/media/uploads/own-photo.webp"} {
				p := haat.Product{Name: "Product " + image, Category: "Vegetables", Price: 10000, OfferPrice: 9000, StockOn: true,
					Image: []string{image}, Description: []string{"Fresh"}}
				if err := db.CreateProduct(ctx, &p); err != nil {
					t.Fatal(err)
				}
			}
			// The store as it was before migration 0029 (and so before 0058's index of demo products).
			for _, q := range []string{`DROP INDEX products_demo`, `ALTER TABLE products DROP COLUMN demo`, `DELETE FROM schema_migrations WHERE version = 29`} {
				if _, err := db.SQL().ExecContext(ctx, q); err != nil {
					t.Fatal(err)
				}
			}
			if seeded {
				if _, err := db.SQL().ExecContext(ctx, `INSERT INTO store_meta (key, value) VALUES ('catalogue_seeded', '2026-01-01T00:00:00Z')`); err != nil {
					t.Fatal(err)
				}
			}
			db.Close()
			if db, err = sqlstore.Open(ctx, url, dir); err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			want := 0
			if seeded {
				want = 2
			}
			if n, err := db.DemoProducts(ctx); err != nil || n != want {
				t.Errorf("seeded %v: %d demo products after the migration (%v), want %d", seeded, n, err, want)
			}
		}
	})
}

// TestAdoptStoreDetails: a store whose details were never saved (one from before they were
// settings: its profile is empty) takes the details given once; a store whose seller saved its own
// keeps them, and a store without settings is left to start as a new one.
func TestAdoptStoreDetails(t *testing.T) {
	demo := haat.StoreDetails{Name: "Haat", SellingPoints: []haat.SellingPoint{{Title: "Picked daily", Text: "Fresh every morning."}}}
	sqlstoretest.EachDialect(t, func(t *testing.T, dialect string) {
		url, dir := sqlstoretest.NewDatabase(t, dialect)
		db, err := sqlstore.Open(ctx, url, dir)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		if adopted, err := db.AdoptStoreDetails(ctx, demo); err != nil || adopted {
			t.Fatalf("a store without settings: adopted %v (%v), want nothing done", adopted, err)
		}
		// Settings saved before the store's details were settings: the profile is empty.
		if _, err := db.UpdateStoreSettings(ctx, func(s *haat.StoreSettings) error { s.TaxRule = haat.TaxNepalVAT; return nil }); err != nil {
			t.Fatal(err)
		}
		if _, err := db.SQL().ExecContext(ctx, `UPDATE store_settings SET profile = ''`); err != nil {
			t.Fatal(err)
		}
		if adopted, err := db.AdoptStoreDetails(ctx, demo); err != nil || !adopted {
			t.Fatalf("an older store: adopted %v (%v), want the details taken", adopted, err)
		}
		s, err := db.StoreSettings(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if s.Store.Name != "Haat" || len(s.Store.SellingPoints) != 1 || s.TaxRule != haat.TaxNepalVAT {
			t.Errorf("after adopting: %+v, tax %s; want the demo's name and claim, the tax rule kept", s.Store, s.TaxRule)
		}
		// The seller names the store: a later start keeps the seller's name.
		if _, err := db.UpdateStoreSettings(ctx, func(s *haat.StoreSettings) error { s.Store.Name = "Sita's Grocery"; return nil }); err != nil {
			t.Fatal(err)
		}
		if adopted, err := db.AdoptStoreDetails(ctx, demo); err != nil || adopted {
			t.Fatalf("a store its seller named: adopted %v (%v), want nothing done", adopted, err)
		}
		if s, err := db.StoreSettings(ctx); err != nil || s.Store.Name != "Sita's Grocery" {
			t.Errorf("the seller's name became %q (%v)", s.Store.Name, err)
		}
	})
}
