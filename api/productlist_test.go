package api_test

import (
	"fmt"
	"testing"
	"time"

	"haat"
	"haat/catalogue"
	"haat/sqlstore"
	"haat/sqlstore/sqlstoretest"
)

// checkProduct fails unless the listed product p shows want with every field of the API shape.
func checkProduct(t *testing.T, p map[string]any, want haat.Product) {
	t.Helper()
	if p["_id"] != want.ID || p["name"] != want.Name || p["category"] != string(want.Category) ||
		p["price"] != float64(want.Price)/100 || p["offerPrice"] != float64(want.OfferPrice)/100 || p["inStock"] != want.InStock {
		t.Fatalf("product = %v, want %+v", p, want)
	}
	if want.Weight != "" && p["weight"] != want.Weight {
		t.Fatalf("weight = %v, want %q", p["weight"], want.Weight)
	}
	if fmt.Sprint(p["image"]) != fmt.Sprint(want.Image) || fmt.Sprint(p["description"]) != fmt.Sprint(want.Description) {
		t.Fatalf("image/description = %v / %v, want %v / %v", p["image"], p["description"], want.Image, want.Description)
	}
	created, _ := p["createdAt"].(string)
	if ts, err := time.Parse(time.RFC3339, created); err != nil || time.Since(ts) > time.Hour || time.Since(ts) < -time.Hour {
		t.Fatalf("createdAt = %v (%v)", p["createdAt"], err)
	}
	for _, field := range []string{"id", "ID", "Price", "in_stock", "images"} {
		if _, has := p[field]; has {
			t.Fatalf("unexpected field %q in %v", field, p)
		}
	}
}

func TestProductList(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		for who, c := range map[string]*client{"guest": s.client(), "shopper": s.shopper(""), "seller": s.seller()} {
			t.Run(who, func(t *testing.T) {
				r := c.get("/api/product/list")
				want(t, r, 200)
				products := r.body["products"].([]any)
				if len(products) != 2 {
					t.Fatalf("%d products", len(products))
				}
				// Newest first, and the out-of-stock product is listed with inStock false.
				checkProduct(t, products[0].(map[string]any), s.dal)
				checkProduct(t, products[1].(map[string]any), s.rice)
				if products[0].(map[string]any)["inStock"] != false {
					t.Fatal("out-of-stock product not marked")
				}
			})
		}
	})
}

func TestProductListEmptyAndSeeded(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := newServer(t, db)
		r := s.client().get("/api/product/list")
		want(t, r, 200)
		if list, isList := r.body["products"].([]any); !isList || len(list) != 0 {
			t.Fatalf("empty store lists %s", r.raw)
		}

		products, err := catalogue.Products("USD")
		if err != nil {
			t.Fatal(err)
		}
		if seeded, err := db.SeedCatalogue(ctx, products); err != nil || !seeded {
			t.Fatalf("seed: %v %v", seeded, err)
		}
		list := s.products()
		if len(list) != len(products) {
			t.Fatalf("%d products listed, %d seeded", len(list), len(products))
		}
		inStock, out := 0, 0
		for i, p := range list {
			if p["name"] != products[i].Name || p["inStock"] != products[i].Available() || p["offerPrice"] != float64(products[i].OfferPrice)/100 {
				t.Fatalf("product %d = %v, want %s in catalogue order", i, p, products[i].Name)
			}
			if p["inStock"] == true {
				inStock++
			} else {
				out++
			}
		}
		if inStock == 0 {
			t.Fatal("no product in stock")
		}
		t.Logf("%d in stock, %d out of stock", inStock, out)

		// A product the seller adds later comes first.
		if err := db.UpsertSeller(ctx, sellerEmail, sellerPassword); err != nil {
			t.Fatal(err)
		}
		want(t, s.seller().addProduct(productForm(nil), upload{"tea.png", pngFile(t)}), 200)
		if list := s.products(); len(list) != len(products)+1 || list[0]["name"] != "Ilam Tea" || list[1]["name"] != products[0].Name {
			t.Fatalf("after add: first %v, second %v", list[0]["name"], list[1]["name"])
		}
	})
}
