package api

import (
	"context"
	"net/http"
	"time"

	"haat"
	"haat/catalogue"
	"haat/launch"
	"haat/storefront"
)

// DemoRemoveResponse answers POST /api/seller/demo/remove: how many demo products were deleted
// and how many, named by orders, archived.
type DemoRemoveResponse struct {
	Message string `json:"message,omitempty"`
	Success bool   `json:"success"`
	catalogue.DemoRemoval
}

// sellerDemoRemove removes the demo catalogue's products: deleted where no order names them,
// archived where one does.
func (s *Server) sellerDemoRemove(w http.ResponseWriter, r *http.Request) error {
	removed, err := s.Demo.RemoveDemoProducts(r.Context())
	if err != nil {
		return err
	}
	return ok(w, DemoRemoveResponse{Message: say(w, r, "Demo products removed: %d deleted, %d archived (orders name them)", removed.Deleted, removed.Archived),
		Success: true, DemoRemoval: removed})
}

// Launch tells the launch checklist what the store's configuration and its background work hold;
// cmd/haat answers it from its settings, its payment providers and its backups.
type Launch interface {
	LaunchConfig(ctx context.Context) launch.Config
}

// ChecklistItem is an item of the launch checklist as the seller's page shows it: what a real shop
// needs, whether it holds, and where it is fixed (a page of the seller area, or a section of the
// README for the store's configuration).
type ChecklistItem struct {
	ID   string `json:"id"`
	OK   bool   `json:"ok"`
	Text string `json:"text"`
	Link string `json:"link"`
}

// ChecklistResponse answers GET /api/seller/checklist.
type ChecklistResponse struct {
	Items   []ChecklistItem `json:"items"`
	Success bool            `json:"success"`
}

// sellerChecklist says what a real shop needs before shoppers come and whether this one has it.
func (s *Server) sellerChecklist(w http.ResponseWriter, r *http.Request) error {
	facts, err := s.launchFacts(r.Context())
	if err != nil {
		return err
	}
	items := []ChecklistItem{}
	for _, it := range facts.Checklist() {
		items = append(items, ChecklistItem{ID: it.ID, OK: it.OK, Text: checklistText(w, r, it, facts), Link: checklistLinks[it.ID]})
	}
	return ok(w, ChecklistResponse{Items: items, Success: true})
}

// launchFacts gathers what the checklist is decided from: the configuration's part from Launch,
// the rest from the store.
func (s *Server) launchFacts(ctx context.Context) (launch.Facts, error) {
	f := launch.Facts{Currency: s.Currency, Now: time.Now(), DemoStore: s.DemoStore}
	if s.Launch != nil {
		f.Config = s.Launch.LaunchConfig(ctx)
	}
	var err error
	if f.Settings, err = s.Settings.StoreSettings(ctx); err != nil {
		return f, err
	}
	f.DemoProducts, err = s.Demo.DemoProducts(ctx)
	return f, err
}

// checklistLinks are where each item of the checklist is fixed.
var checklistLinks = map[string]string{
	launch.CheckProduction: "README.md#go-live",
	launch.CheckHTTPS:      "README.md#go-live",
	launch.CheckPayments:   "README.md#payments",
	launch.CheckSMS:        "README.md#sms",
	launch.CheckDelivery:   pagePath("sellerSlots"),
	launch.CheckInvoice:    pagePath("sellerSettings"),
	launch.CheckStore:      pagePath("sellerSettings"),
	launch.CheckLegal:      pagePath("sellerSettings"),
	launch.CheckDemo:       pagePath("sellerProductList"),
	launch.CheckBackup:     "README.md#backups",
}

// pagePath is the path of the storefront's page of that name (storefront.Pages).
func pagePath(name string) string {
	for _, p := range storefront.Pages {
		if p.Name == name {
			return p.Pattern
		}
	}
	panic("api: no page " + name)
}

// checklistText says an item of the checklist in the request's language.
func checklistText(w http.ResponseWriter, r *http.Request, it launch.Item, f launch.Facts) string {
	switch it.ID {
	case launch.CheckProduction:
		return say(w, r, "The store runs in production (HAAT_ENV is not development)")
	case launch.CheckHTTPS:
		return say(w, r, "The store's public address (HAAT_PUBLIC_URL) starts with https://")
	case launch.CheckPayments:
		if it.Reason == "silent" {
			return say(w, r, "A payment provider is set up but does not answer: check its keys and the network")
		}
		return say(w, r, "A payment provider (Stripe, eSewa or Khalti) is set up and answers")
	case launch.CheckSMS:
		return say(w, r, "Sign-in codes and order texts go through an SMS provider (HAAT_SMS_PROVIDER)")
	case launch.CheckDelivery:
		return say(w, r, "The delivery area and delivery slots are set")
	case launch.CheckInvoice:
		return say(w, r, "The invoice details (registered name, address, PAN) are set")
	case launch.CheckStore:
		if it.Reason == "demo" {
			return say(w, r, "The store still shows the demo store's name and contact: set your own")
		}
		return say(w, r, "The store's name, phone, e-mail and address are set")
	case launch.CheckLegal:
		return say(w, r, "The legal details are shown: registration, PAN, DoCSCP listing and a grievance officer")
	case launch.CheckDemo:
		if it.OK {
			return say(w, r, "The demo products are removed")
		}
		return say(w, r, "%d demo products are still on sale: remove them", f.DemoProducts)
	}
	b := f.Backups
	switch it.Reason {
	case "operator":
		return say(w, r, "PostgreSQL is backed up by its operator (pg_dump), as the README says")
	case "missing":
		return say(w, r, "The store writes no backups: set HAAT_BACKUP_DIR")
	case "none":
		return say(w, r, "No backup has been written yet")
	}
	when := haat.LocalDigits(b.Last.In(haat.StoreZone).Format("2006-01-02 15:04"), language(w, r))
	if it.Reason == "stale" {
		return say(w, r, "The last backup is older than 26 hours (%s)", when)
	}
	return say(w, r, "A backup was written in the last 26 hours (%s, %d KB)", when, (b.Size+1023)/1024)
}
