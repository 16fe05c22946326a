package haat

import (
	"strings"
	"time"
)

// The items of the launch checklist: what a real shop needs before shoppers come, by id.
const (
	CheckProduction = "production" // the store runs in production mode
	CheckHTTPS      = "https"      // its public address is https
	CheckPayments   = "payments"   // a real payment provider is configured and answers
	CheckSMS        = "sms"        // texts go through an SMS provider
	CheckDelivery   = "delivery"   // the delivery area and slots are set
	CheckInvoice    = "invoice"    // a rupee store's invoice details are set
	CheckStore      = "store"      // the store's own name and contact, not the demo's
	CheckLegal      = "legal"      // a rupee store shows what the E-Commerce Act asks
	CheckDemo       = "demo"       // the demo products are removed
	CheckBackup     = "backup"     // a backup was written lately, or backups are the operator's
)

// BackupDue is how old the last backup may be before the checklist says backups have stopped:
// a day and some slack.
const BackupDue = 26 * time.Hour

// LaunchConfig is what the store's configuration and its background work say about going live.
type LaunchConfig struct {
	// Production is false in development (HAAT_ENV=development).
	Production bool
	// PublicURL is HAAT_PUBLIC_URL.
	PublicURL string
	// PaymentProviders are the real payment providers configured (not the test page).
	PaymentProviders []string
	// PaymentsAnswer says whether every one of them answered the last check.
	PaymentsAnswer bool
	// SMSProvider is HAAT_SMS_PROVIDER; "log" sends nothing.
	SMSProvider string
	// Backups is where the store's own backups stand.
	Backups BackupStatus
}

// BackupStatus is where the store's backups stand.
type BackupStatus struct {
	// Operator says that the database's backups are the operator's (PostgreSQL: pg_dump).
	Operator bool
	// On says that the store writes its own backups (HAAT_BACKUP_DIR).
	On bool
	// Last is when the last backup was written and Size its bytes; zero when none is known.
	Last time.Time
	Size int64
}

// LaunchFacts is everything the launch checklist is decided from.
type LaunchFacts struct {
	LaunchConfig
	Currency Currency
	Settings *StoreSettings
	// DemoProducts is the number of demo products still on sale.
	DemoProducts int
	// DemoStore is the demo store's name and contact, which a real shop replaces with its own.
	DemoStore StoreDetails
	Now       time.Time
}

// ChecklistItem is one thing a real shop needs: whether it holds, and why (Reason, one of the
// item's own words: "missing", "stale", "silent", ...; empty when it holds plainly).
type ChecklistItem struct {
	ID     string
	OK     bool
	Reason string
}

// Checklist decides what a real shop needs and whether it holds, in the order the seller fixes it.
func (f LaunchFacts) Checklist() []ChecklistItem {
	items := []ChecklistItem{
		{ID: CheckProduction, OK: f.Production},
		{ID: CheckHTTPS, OK: strings.HasPrefix(f.PublicURL, "https://")},
		f.payments(),
		{ID: CheckSMS, OK: f.SMSProvider != "" && f.SMSProvider != "log"},
		{ID: CheckDelivery, OK: f.Settings != nil && f.Settings.Delivery != nil && f.Settings.DeliverySlots},
	}
	if f.Currency == NPR {
		items = append(items, ChecklistItem{ID: CheckInvoice, OK: f.Settings != nil && f.Settings.Invoice != nil})
	}
	items = append(items, f.store())
	if f.Currency == NPR {
		items = append(items, ChecklistItem{ID: CheckLegal, OK: f.Settings != nil && f.Settings.LegalComplete()})
	}
	return append(items, ChecklistItem{ID: CheckDemo, OK: f.DemoProducts == 0}, f.backup())
}

// store holds when the store's name and contact are complete and its own: a store that still
// shows the demo's name, phone and e-mail ("demo") would send shoppers to somebody else.
func (f LaunchFacts) store() ChecklistItem {
	switch {
	case f.Settings == nil || !f.Settings.StoreComplete():
		return ChecklistItem{ID: CheckStore, Reason: "missing"}
	case f.Settings.Store.Name == f.DemoStore.Name && f.Settings.Store.Phone == f.DemoStore.Phone && f.Settings.Store.Email == f.DemoStore.Email:
		return ChecklistItem{ID: CheckStore, Reason: "demo"}
	}
	return ChecklistItem{ID: CheckStore, OK: true}
}

func (f LaunchFacts) payments() ChecklistItem {
	switch {
	case len(f.PaymentProviders) == 0:
		return ChecklistItem{ID: CheckPayments, Reason: "missing"}
	case !f.PaymentsAnswer:
		return ChecklistItem{ID: CheckPayments, Reason: "silent"}
	}
	return ChecklistItem{ID: CheckPayments, OK: true}
}

func (f LaunchFacts) backup() ChecklistItem {
	b := f.Backups
	switch {
	case b.Operator:
		return ChecklistItem{ID: CheckBackup, OK: true, Reason: "operator"}
	case !b.On:
		return ChecklistItem{ID: CheckBackup, Reason: "missing"}
	case b.Last.IsZero():
		return ChecklistItem{ID: CheckBackup, Reason: "none"}
	case f.Now.Sub(b.Last) > BackupDue:
		return ChecklistItem{ID: CheckBackup, Reason: "stale"}
	}
	return ChecklistItem{ID: CheckBackup, OK: true}
}
