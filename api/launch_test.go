package api_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"haat"
	"haat/api"
	"haat/catalogue"
	"haat/launch"
	"haat/locale"
	"haat/sqlstore"
	"haat/sqlstore/sqlstoretest"
)

// eachDemoStore runs fn on a fresh store over every test database whose catalogue is the demo's,
// seeded as a development store's first start seeds it, with the seller's own rice and dal added
// after; it returns the demo products by name.
func eachDemoStore(t *testing.T, fn func(t *testing.T, s *store, demo map[string]map[string]any), opts ...option) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		products, err := catalogue.Products("USD")
		if err != nil {
			t.Fatal(err)
		}
		if seeded, err := db.SeedCatalogue(ctx, products); err != nil || !seeded {
			t.Fatalf("demo catalogue not seeded: %v", err)
		}
		s := newStore(t, db, opts...)
		demo := map[string]map[string]any{}
		for _, p := range s.products() {
			if p["_id"] != s.rice.ID && p["_id"] != s.dal.ID {
				demo[p["name"].(string)] = p
			}
		}
		if len(demo) != len(products) {
			t.Fatalf("%d demo products listed, %d seeded", len(demo), len(products))
		}
		fn(t, s, demo)
	})
}

// sellerProductNames are the names of the seller's products, archived ones too, with whether
// each is archived.
func (s *store) sellerProductNames() map[string]bool {
	s.t.Helper()
	r := s.seller().get("/api/seller/products")
	want(s.t, r, 200)
	names := map[string]bool{}
	for _, p := range r.body["products"].([]any) {
		p := p.(map[string]any)
		names[p["name"].(string)] = p["archived"] == true
	}
	return names
}

// TestRemoveDemoProducts: the seller removes the demo catalogue in one call. A demo product an
// order names is archived (the order still shows it), the others are deleted, with the carts that
// held them; the seller's own products stay, and a second call removes nothing. Shoppers and
// guests may not call it.
func TestRemoveDemoProducts(t *testing.T) {
	eachDemoStore(t, func(t *testing.T, s *store, demo map[string]map[string]any) {
		var ordered, carted map[string]any
		for _, p := range demo {
			// The names are compared below: none may be the store's own rice's or dal's (the demo
			// catalogue sells a Masoor Dal too).
			if p["inStock"] != true || p["_id"] == s.rice.ID || p["name"] == s.rice.Name || p["name"] == s.dal.Name {
				continue
			}
			if ordered == nil {
				ordered = p
			} else if carted == nil && p["name"] != ordered["name"] {
				carted = p
			}
		}
		a := s.shopper("")
		addr := a.addAddress()
		want(t, a.post("/api/order/cod", order(ordered["_id"].(string), 1, addr)), 200)
		a.setCart(map[string]int{carted["_id"].(string): 2, s.rice.ID: 1})

		want(t, s.client().post("/api/seller/demo/remove", `{}`), 401)
		want(t, a.post("/api/seller/demo/remove", `{}`), 403)

		r := s.seller().post("/api/seller/demo/remove", `{}`)
		want(t, r, 200)
		if r.body["archived"] != 1.0 || r.body["deleted"] != float64(len(demo)-1) {
			t.Fatalf("removed %s, want 1 archived and %d deleted", r.raw, len(demo)-1)
		}
		if !strings.Contains(r.message(), "1 archived") {
			t.Errorf("message %q", r.message())
		}
		names := s.sellerProductNames()
		if len(names) != 3 || !names[ordered["name"].(string)] || names[s.rice.Name] || names[s.dal.Name] != false {
			t.Fatalf("after removal the seller has %v; want rice, dal and the ordered demo product archived", names)
		}
		for _, p := range s.products() {
			if p["_id"] != s.rice.ID && p["_id"] != s.dal.ID {
				t.Errorf("%s still on sale", p["name"])
			}
		}
		if orders := a.orders(); len(orders) != 1 {
			t.Fatalf("the shopper's order is gone: %v", orders)
		} else if items := orders[0].(map[string]any)["items"].([]any); len(items) != 1 {
			t.Fatalf("the order lost its item: %v", orders[0])
		}
		if cart := a.cart(); len(cart) != 1 || cart[s.rice.ID] != 1.0 {
			t.Errorf("cart after removal %v, want rice only", cart)
		}
		r = s.seller().post("/api/seller/demo/remove", `{}`)
		want(t, r, 200)
		if r.body["archived"] != 0.0 || r.body["deleted"] != 0.0 {
			t.Errorf("second removal removed %s", r.raw)
		}
	})
}

// launchFacts is a configuration as the launch checklist sees it.
type launchFacts launch.Config

func (l launchFacts) LaunchConfig(context.Context) launch.Config { return launch.Config(l) }

func withLaunch(l launch.Config) option { return func(s *api.Server) { s.Launch = launchFacts(l) } }

// checklist returns the seller's launch checklist by item id.
func (s *store) checklist(lang ...string) map[string]map[string]any {
	s.t.Helper()
	var header []string
	if len(lang) > 0 {
		header = []string{"Accept-Language", lang[0]}
	}
	c := s.seller()
	r := c.do("GET", "/api/seller/checklist", nil, "", header...)
	want(s.t, r, 200)
	items := map[string]map[string]any{}
	for _, it := range r.body["items"].([]any) {
		it := it.(map[string]any)
		items[it["id"].(string)] = it
	}
	return items
}

// TestLaunchChecklist: a store fresh from development lists what it lacks before real shoppers
// come, each with where it is fixed; a store ready to open (production, https, a payment provider
// that answers, an SMS provider, delivery area and slots, a rupee store's invoice details, no demo
// products, a recent backup) has every item done. The checklist is the seller's only.
func TestLaunchChecklist(t *testing.T) {
	t.Run("not ready", func(t *testing.T) {
		eachDemoStore(t, func(t *testing.T, s *store, _ map[string]map[string]any) {
			want(t, s.client().get("/api/seller/checklist"), 401)
			want(t, s.shopper("").get("/api/seller/checklist"), 403)
			items := s.checklist()
			wantIDs := []string{"production", "https", "payments", "sms", "delivery", "invoice", "store", "legal", "demo", "backup"}
			for _, id := range wantIDs {
				it, ok := items[id]
				if !ok {
					t.Errorf("no item %q in %v", id, items)
					continue
				}
				if it["ok"] != false {
					t.Errorf("%s holds in a development store: %v", id, it)
				}
				if text, _ := it["text"].(string); text == "" {
					t.Errorf("%s has no text", id)
				}
				if link, _ := it["link"].(string); link == "" {
					t.Errorf("%s links nowhere", id)
				}
			}
			if items["delivery"]["link"] != "/seller/slots" || items["demo"]["link"] != "/seller/product-list" || items["invoice"]["link"] != "/seller/settings" {
				t.Errorf("links: %v %v %v", items["delivery"]["link"], items["demo"]["link"], items["invoice"]["link"])
			}
			// The demo's name and contact are no shop's own.
			demo := catalogue.DemoStore()
			want(t, s.seller().post("/api/seller/settings", map[string]any{"store": map[string]any{
				"name": demo.Name, "phone": demo.Phone, "email": demo.Email, "address": demo.Address}}), 200)
			if it := s.checklist()["store"]; it["ok"] != false || !strings.Contains(it["text"].(string), "demo store's name and contact") {
				t.Errorf("a store showing the demo's details: %v", it)
			}
			if !strings.Contains(items["demo"]["text"].(string), "demo products are still on sale") {
				t.Errorf("demo text %q", items["demo"]["text"])
			}
			if ne := s.checklist("ne")["backup"]["text"].(string); ne != locale.Say(haat.Nepali, "The store writes no backups: set HAAT_BACKUP_DIR") || ne == items["backup"]["text"] {
				t.Errorf("Nepali backup text %q", ne)
			}
		}, withCurrency(haat.NPR))
	})
	t.Run("ready", func(t *testing.T) {
		now := time.Now()
		ready := launch.Config{Production: true, PublicURL: "https://shop.example.com", PaymentProviders: []string{"khalti"},
			PaymentsAnswer: true, SMSProvider: "sparrow", Backups: launch.BackupStatus{On: true, Last: now.Add(-2 * time.Hour), Size: 300 << 10}}
		eachStore(t, func(t *testing.T, s *store) {
			seller := s.seller()
			want(t, seller.post("/api/seller/settings", map[string]any{
				"delivery": map[string]any{"districts": []string{"Kathmandu"}, "fee": 75, "freeFrom": 1000, "minimumOrder": 0},
				"invoice":  map[string]any{"legalName": "Haat Traders Pvt. Ltd.", "address": "Kupondole, Lalitpur", "pan": "609876543"},
				"store":    map[string]any{"name": "Sita's Grocery", "phone": "01-5550123", "email": "sita@example.com", "address": "Jhamsikhel, Lalitpur"},
				"legal": map[string]any{"registrationNo": "12345/080/081", "docscpListing": "EC-2082-0042",
					"grievanceOfficer": map[string]any{"name": "Ram Shrestha", "phone": "9801234567", "email": "grievance@example.com"}},
			}), 200)
			want(t, seller.post("/api/seller/slots", map[string]any{"windows": []map[string]any{
				{"start": 19 * 60, "end": 21 * 60, "capacity": 10},
			}}), 200)
			items := s.checklist()
			for id, it := range items {
				if it["ok"] != true {
					t.Errorf("%s does not hold in a ready store: %v", id, it)
				}
			}
			if text := items["backup"]["text"].(string); !strings.Contains(text, "300 KB") {
				t.Errorf("backup text %q names no size", text)
			}
			if len(items) != 10 {
				t.Errorf("%d items, want 10", len(items))
			}
		}, withCurrency(haat.NPR), withLaunch(ready))
	})
	t.Run("backups", func(t *testing.T) {
		for _, tc := range []struct {
			name    string
			backups launch.BackupStatus
			ok      bool
			text    string
		}{
			{"off", launch.BackupStatus{}, false, "set HAAT_BACKUP_DIR"},
			{"none yet", launch.BackupStatus{On: true}, false, "No backup has been written yet"},
			{"stale", launch.BackupStatus{On: true, Last: time.Now().Add(-27 * time.Hour), Size: 1}, false, "older than 26 hours"},
			{"PostgreSQL", launch.BackupStatus{Operator: true}, true, "pg_dump"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				eachStore(t, func(t *testing.T, s *store) {
					it := s.checklist()["backup"]
					if it["ok"] != tc.ok || !strings.Contains(it["text"].(string), tc.text) {
						t.Errorf("backup item %v, want ok %v and %q", it, tc.ok, tc.text)
					}
					if _, ok := s.checklist()["invoice"]; ok {
						t.Errorf("a dollar store is asked for invoice details")
					}
				}, withLaunch(launch.Config{Backups: tc.backups}))
			})
		}
	})
	t.Run("payment provider silent", func(t *testing.T) {
		eachStore(t, func(t *testing.T, s *store) {
			it := s.checklist()["payments"]
			if it["ok"] != false || !strings.Contains(it["text"].(string), "does not answer") {
				t.Errorf("payments item %v", it)
			}
		}, withLaunch(launch.Config{PaymentProviders: []string{"stripe"}}))
	})
}
