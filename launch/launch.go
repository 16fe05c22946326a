// Package launch holds the launch checklist: what a real shop needs before shoppers come (a
// production configuration, HTTPS, payments, texts, delivery, its own details, backups), worked
// out from the store's configuration and settings.
package launch

import (
	"strings"
	"time"

	"haat"
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

// Config is what the store's configuration and its background work say about going live.
type Config struct {
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

// Facts is everything the launch checklist is decided from.
type Facts struct {
	Config
	Currency haat.Currency
	Settings *haat.StoreSettings
	// DemoProducts is the number of demo products still on sale.
	DemoProducts int
	// DemoStore is the demo store's name and contact, which a real shop replaces with its own.
	DemoStore haat.StoreDetails
	Now       time.Time
}

// Item is one thing a real shop needs: whether it holds, and why (Reason, one of the
// item's own words: "missing", "stale", "silent", ...; empty when it holds plainly).
type Item struct {
	ID     string
	OK     bool
	Reason string
}

// Checklist decides what a real shop needs and whether it holds, in the order the seller fixes it.
func (f Facts) Checklist() []Item {
	items := []Item{
		{ID: CheckProduction, OK: f.Production},
		{ID: CheckHTTPS, OK: strings.HasPrefix(f.PublicURL, "https://")},
		f.payments(),
		{ID: CheckSMS, OK: f.SMSProvider != "" && f.SMSProvider != "log"},
		{ID: CheckDelivery, OK: f.Settings != nil && f.Settings.Delivery != nil && f.Settings.DeliverySlots},
	}
	if f.Currency == haat.NPR {
		items = append(items, Item{ID: CheckInvoice, OK: f.Settings != nil && f.Settings.Invoice != nil})
	}
	items = append(items, f.store())
	if f.Currency == haat.NPR {
		items = append(items, Item{ID: CheckLegal, OK: f.Settings != nil && f.Settings.LegalComplete()})
	}
	return append(items, Item{ID: CheckDemo, OK: f.DemoProducts == 0}, f.backup())
}

// store holds when the store's name and contact are complete and its own: a store that still
// shows the demo's name, phone and e-mail ("demo") would send shoppers to somebody else.
func (f Facts) store() Item {
	switch {
	case f.Settings == nil || !f.Settings.StoreComplete():
		return Item{ID: CheckStore, Reason: "missing"}
	case f.Settings.Store.Name == f.DemoStore.Name && f.Settings.Store.Phone == f.DemoStore.Phone && f.Settings.Store.Email == f.DemoStore.Email:
		return Item{ID: CheckStore, Reason: "demo"}
	}
	return Item{ID: CheckStore, OK: true}
}

func (f Facts) payments() Item {
	switch {
	case len(f.PaymentProviders) == 0:
		return Item{ID: CheckPayments, Reason: "missing"}
	case !f.PaymentsAnswer:
		return Item{ID: CheckPayments, Reason: "silent"}
	}
	return Item{ID: CheckPayments, OK: true}
}

func (f Facts) backup() Item {
	b := f.Backups
	switch {
	case b.Operator:
		return Item{ID: CheckBackup, OK: true, Reason: "operator"}
	case !b.On:
		return Item{ID: CheckBackup, Reason: "missing"}
	case b.Last.IsZero():
		return Item{ID: CheckBackup, Reason: "none"}
	case f.Now.Sub(b.Last) > BackupDue:
		return Item{ID: CheckBackup, Reason: "stale"}
	}
	return Item{ID: CheckBackup, OK: true}
}
