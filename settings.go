package haat

import (
	"context"
	"slices"
)

// StoreSettings are what the seller sets for the whole store.
type StoreSettings struct {
	// Delivery is the store's delivery rules; null: none are set, delivery is free everywhere.
	Delivery *DeliveryRules `json:"delivery"`
	// Invoice is what the store's tax invoices carry; null: the store issues no tax invoices.
	Invoice *InvoiceDetails `json:"invoice"`
	// TaxRule is how orders are taxed: "flat", the spec's 2% added (the default), or "vat", Nepal's
	// 13% VAT included in prices.
	TaxRule TaxRule `json:"taxRule"`
	// Store is the store's identity, contact, promise and selling points.
	Store StoreDetails `json:"store"`
	// Policy is the store's returns and refunds policy.
	Policy Policy `json:"policy"`
	// Legal is what the law asks an online seller to show, beside the invoice details.
	Legal LegalDetails `json:"legal"`
	// DeliverySlots is whether the store offers delivery slots (the seller's windows), from
	// which its speed promise is written; it is read, never set, with the settings.
	DeliverySlots bool `json:"deliverySlots"`
	// Substitute is what the store does with an item that is not there at packing when its
	// shopper chose nothing: "best" (a similar item at no higher price, the default) or "none".
	Substitute Substitute `json:"substitute"`
	// Synonyms are the groups of words the store's search counts as the same, one a line
	// ("kukhura, chicken"; see ParseSynonyms). The seller reads and sets them apart (GET and POST
	// /api/seller/synonyms), so that the settings every page reads stay small.
	Synonyms []string `json:"-"`
}

// NewStoreSettings are the settings of a store that never saved any: no delivery rules, the flat
// tax, no name or selling points, and the default policy.
func NewStoreSettings() *StoreSettings {
	return &StoreSettings{TaxRule: TaxFlat, Store: StoreDetails{SellingPoints: []SellingPoint{}}, Policy: DefaultPolicy, Substitute: SubstituteBest,
		Synonyms: slices.Clone(DefaultSynonymLines)}
}

// Validate checks the settings a seller sets (see DeliveryRules.Validate and
// InvoiceDetails.Validate), a known tax rule (none is the default, TaxFlat), and the store's
// details, policy and legal details (see StoreDetails.Validate, Policy.Validate and
// LegalDetails.Validate).
func (s *StoreSettings) Validate() error {
	if s.TaxRule == "" {
		s.TaxRule = TaxFlat
	}
	if !s.TaxRule.Valid() {
		return Errorf(EINVALID, "The tax rule is %q or %q", TaxFlat, TaxNepalVAT)
	}
	if s.Delivery != nil {
		if err := s.Delivery.Validate(); err != nil {
			return err
		}
	}
	if s.Invoice != nil {
		if err := s.Invoice.Validate(); err != nil {
			return err
		}
	}
	if s.Policy == (Policy{}) {
		s.Policy = DefaultPolicy
	}
	if err := validStoreSubstitute(&s.Substitute); err != nil {
		return err
	}
	synonyms, err := ParseSynonyms(s.Synonyms)
	if err != nil {
		return err
	}
	s.Synonyms = synonyms
	if err := s.Store.Validate(); err != nil {
		return err
	}
	if err := s.Policy.Validate(); err != nil {
		return err
	}
	return s.Legal.Validate()
}

// SettingsService keeps the store's settings.
type SettingsService interface {
	// StoreSettings returns the store's settings; a store that never saved any has no delivery rules.
	StoreSettings(ctx context.Context) (*StoreSettings, error)
	// UpdateStoreSettings applies change to the store's settings as they are, validates the
	// result and stores it, all or nothing, and returns the settings now in force.
	UpdateStoreSettings(ctx context.Context, change func(*StoreSettings) error) (*StoreSettings, error)
}
