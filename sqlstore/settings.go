package sqlstore

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync/atomic"

	"haat"
)

// StoreSettings returns the store's settings; a store that never saved any has those of
// haat.NewStoreSettings.
func (d *DB) StoreSettings(ctx context.Context) (*haat.StoreSettings, error) {
	return lookup(ctx, d, "store settings", func(tx *Tx) (*haat.StoreSettings, error) {
		s, err := storeSettings(ctx, tx)
		if err != nil {
			return nil, err
		}
		return s, withSlots(ctx, tx, s)
	})
}

// UpdateStoreSettings applies change to the settings as they are, validates the result and
// stores it, all or nothing.
func (d *DB) UpdateStoreSettings(ctx context.Context, change func(*haat.StoreSettings) error) (*haat.StoreSettings, error) {
	var s *haat.StoreSettings
	err := d.inTx(ctx, func(tx *Tx) (err error) {
		if s, err = freshSettings(ctx, tx); err != nil {
			return err
		}
		synonyms := slices.Clone(s.Synonyms)
		if err := change(s); err != nil {
			return err
		}
		if err := s.Validate(); err != nil {
			return err
		}
		if err := saveStoreSettings(ctx, tx, s); err != nil {
			return err
		}
		if !slices.Equal(synonyms, s.Synonyms) {
			tx.changeCatalogue() // the search's synonyms are the catalogue's
		}
		return withSlots(ctx, tx, s)
	})
	if err != nil {
		return nil, wrap("update store settings", err)
	}
	return s, nil
}

// SeedStoreSettings stores the settings of a new store, unless settings were saved already, and
// reports whether it did.
func (d *DB) SeedStoreSettings(ctx context.Context, s *haat.StoreSettings) (seeded bool, err error) {
	if err := s.Validate(); err != nil {
		return false, err
	}
	err = d.inTx(ctx, func(tx *Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM store_settings`).Scan(&n); err != nil || n > 0 {
			return err
		}
		seeded = true
		return saveStoreSettings(ctx, tx, s)
	})
	return seeded, wrap("seed store settings", err)
}

// AdoptStoreDetails gives a store whose details were never saved (a store from before they were
// settings) the details given, and reports whether it did; a store whose seller saved details, or
// that has no settings at all, is left as it is.
func (d *DB) AdoptStoreDetails(ctx context.Context, details haat.StoreDetails) (adopted bool, err error) {
	err = d.inTx(ctx, func(tx *Tx) error {
		var profile string
		err := tx.QueryRowContext(ctx, `SELECT profile FROM store_settings WHERE id = 1`).Scan(&profile)
		if errors.Is(err, sql.ErrNoRows) || (err == nil && profile != "") {
			return nil
		} else if err != nil {
			return err
		}
		s, err := storeSettings(ctx, tx)
		if err != nil {
			return err
		}
		s.Store = details
		if err := s.Validate(); err != nil {
			return err
		}
		adopted = true
		return saveStoreSettings(ctx, tx, s)
	})
	return adopted, wrap("adopt store details", err)
}

func saveStoreSettings(ctx context.Context, tx *Tx, s *haat.StoreSettings) error {
	rules := haat.DeliveryRules{Districts: []string{}}
	if s.Delivery != nil {
		rules = *s.Delivery
	}
	districts, err := json.Marshal(rules.Districts)
	if err != nil {
		return err
	}
	var invoice haat.InvoiceDetails
	if s.Invoice != nil {
		invoice = *s.Invoice
	}
	profile, err := json.Marshal(storeProfile{s.Store, s.Policy, s.Legal, s.Substitute, &s.Synonyms})
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO store_settings (id, delivery_on, delivery_districts, delivery_fee, delivery_free_from, minimum_order,
			invoice_on, invoice_legal_name, invoice_address, invoice_pan, tax_rule, updated_at, profile)
		VALUES (1, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
		ON CONFLICT (id) DO UPDATE SET delivery_on = excluded.delivery_on, delivery_districts = excluded.delivery_districts,
			delivery_fee = excluded.delivery_fee, delivery_free_from = excluded.delivery_free_from,
			minimum_order = excluded.minimum_order, invoice_on = excluded.invoice_on,
			invoice_legal_name = excluded.invoice_legal_name, invoice_address = excluded.invoice_address,
			invoice_pan = excluded.invoice_pan, tax_rule = excluded.tax_rule, updated_at = excluded.updated_at,
			profile = excluded.profile`,
		s.Delivery != nil, string(districts), rules.Fee, rules.FreeFrom, rules.MinimumOrder,
		s.Invoice != nil, invoice.LegalName, invoice.Address, invoice.PAN, s.TaxRule, tx.now.UnixMilli(), string(profile))
	return err
}

// storeProfile is how the store's details, policy and legal details are kept: one JSON document
// in store_settings.profile.
type storeProfile struct {
	Store      haat.StoreDetails `json:"store"`
	Policy     haat.Policy       `json:"policy"`
	Legal      haat.LegalDetails `json:"legal"`
	Substitute haat.Substitute   `json:"substitute,omitempty"`
	// Synonyms are the store's search words; absent: the defaults.
	Synonyms *[]string `json:"synonyms,omitempty"`
}

// lastProfile is the profile read last, as stored and as parsed: every order is priced by the
// settings, and parsing their text was a tenth of placing one. Kept by its text, so it is never
// stale, whichever server changed it.
var lastProfile atomic.Pointer[parsedProfile]

// parsedProfile is a profile's text and what it parses to.
type parsedProfile struct {
	text string
	p    storeProfile
}

// parseProfile parses the stored profile text over defaults. The result shares its slices with
// every other read of the same text, unless fresh: the settings read are not changed in place (an
// update reads them fresh).
func parseProfile(text string, defaults storeProfile, fresh bool) (storeProfile, error) {
	if last := lastProfile.Load(); !fresh && last != nil && last.text == text {
		return last.p, nil
	}
	p := defaults
	if err := json.Unmarshal([]byte(text), &p); err != nil {
		return p, err
	}
	lastProfile.Store(&parsedProfile{text, p})
	return p, nil
}

// withSlots sets s.DeliverySlots, which the storefront's speed promise follows: read only for the
// settings the storefront and the seller are shown, not for those an order is priced by.
func withSlots(ctx context.Context, tx *Tx, s *haat.StoreSettings) error {
	return tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM delivery_windows)`).Scan(&s.DeliverySlots)
}

// storeSettings reads the store's settings in the transaction, so that an order is priced by the
// rules as they are when it is placed. They are not to be changed in place (see parseProfile).
func storeSettings(ctx context.Context, tx *Tx) (*haat.StoreSettings, error) {
	return readSettings(ctx, tx, false)
}

// freshSettings reads the store's settings to change them: nothing of them is shared.
func freshSettings(ctx context.Context, tx *Tx) (*haat.StoreSettings, error) {
	return readSettings(ctx, tx, true)
}

// readSettings reads the store's settings; fresh parses their profile anew rather than share the
// one parsed last.
func readSettings(ctx context.Context, tx *Tx, fresh bool) (*haat.StoreSettings, error) {
	var on, invoiceOn bool
	var districts, profile string
	var r haat.DeliveryRules
	var invoice haat.InvoiceDetails
	s := haat.NewStoreSettings()
	err := tx.QueryRowContext(ctx, `SELECT delivery_on, delivery_districts, delivery_fee, delivery_free_from, minimum_order,
			invoice_on, invoice_legal_name, invoice_address, invoice_pan, tax_rule, profile
		FROM store_settings WHERE id = 1`).Scan(&on, &districts, &r.Fee, &r.FreeFrom, &r.MinimumOrder,
		&invoiceOn, &invoice.LegalName, &invoice.Address, &invoice.PAN, &s.TaxRule, &profile)
	if errors.Is(err, sql.ErrNoRows) {
		s, err = haat.NewStoreSettings(), nil
	}
	if err != nil {
		return nil, err
	}
	if profile != "" {
		p, err := parseProfile(profile, storeProfile{s.Store, s.Policy, s.Legal, s.Substitute, nil}, fresh)
		if err != nil {
			return nil, err
		}
		s.Store, s.Policy, s.Legal, s.Substitute = p.Store, p.Policy, p.Legal, cmp.Or(p.Substitute, haat.SubstituteBest)
		if p.Synonyms != nil {
			s.Synonyms = *p.Synonyms
		}
	}
	if on {
		if err := json.Unmarshal([]byte(districts), &r.Districts); err != nil {
			return nil, err
		}
		s.Delivery = &r
	}
	if invoiceOn {
		s.Invoice = &invoice
	}
	return s, nil
}

// KeepCurrency records the store's currency at its first start and refuses a start in another
// one: prices, orders and the tax rule of a store are in the currency it started with. A store
// whose currency is recorded now and that has no settings and no orders yet is new, and starts
// with fresh (a rupee store with Nepal's VAT); isNew reports it.
func (d *DB) KeepCurrency(ctx context.Context, c haat.Currency, fresh *haat.StoreSettings) (isNew bool, err error) {
	if err := fresh.Validate(); err != nil {
		return false, err
	}
	err = d.inTx(ctx, func(tx *Tx) error {
		// Several servers starting together record it once; the others compare.
		res, err := tx.ExecContext(ctx, `INSERT INTO store_meta (key, value) VALUES ('currency', $1) ON CONFLICT (key) DO NOTHING`, string(c))
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			var kept string
			if err := tx.QueryRowContext(ctx, `SELECT value FROM store_meta WHERE key = 'currency'`).Scan(&kept); err != nil {
				return err
			}
			if kept != string(c) {
				return fmt.Errorf("this store's database is in %s; HAAT_CURRENCY is %s (set HAAT_CURRENCY=%s)", kept, c, kept)
			}
			return nil
		}
		var used int
		if err := tx.QueryRowContext(ctx, `SELECT (SELECT COUNT(*) FROM store_settings) + (SELECT COUNT(*) FROM orders)`).Scan(&used); err != nil {
			return err
		}
		if used > 0 {
			return nil
		}
		isNew = true
		return saveStoreSettings(ctx, tx, fresh)
	})
	if err != nil {
		return false, fmt.Errorf("sqlstore: keep currency: %w", err)
	}
	return isNew, nil
}
