package haat

import "slices"

// TaxRule is how the store taxes its orders: the spec's flat tax added on top, or Nepal's VAT
// included in the prices.
type TaxRule string

// Tax rules a store may choose.
const (
	// TaxFlat adds TaxNumerator/TaxDenominator (2%) of the subtotal to every order, as the spec has it.
	TaxFlat TaxRule = "flat"
	// TaxNepalVAT is Nepal's value added tax: VATNumerator/VATDenominator (13%) included in the
	// prices of taxable goods and in the delivery fee, nothing added on top; the staples of VAT
	// Schedule 1 (rice, pulses, flour, fresh vegetables, fruit, milk, eggs) are exempt.
	TaxNepalVAT TaxRule = "vat"
)

// TaxRules are the tax rules a seller may choose from, the default first.
var TaxRules = []TaxRule{TaxFlat, TaxNepalVAT}

// The VAT rate of Nepal: VATNumerator/VATDenominator (13%) of the price before VAT.
const (
	VATNumerator   = 13
	VATDenominator = 100
)

// VATExemptCategories are the categories whose new products are VAT-exempt unless the seller says
// otherwise: fresh vegetables and fruit, and grains (rice, pulses, flour), staples of VAT Schedule 1.
// The seller marks each product, so a processed food in one of them (biscuits among the grains)
// can be taxable and a staple elsewhere (milk, eggs among the dairy) exempt.
var VATExemptCategories = []Category{"Vegetables", "Fruits", "Grains"}

// DefaultVATExempt says whether a new product of the category is VAT-exempt when the seller does
// not say.
func DefaultVATExempt(c Category) bool { return slices.Contains(VATExemptCategories, c) }

// VATIncluded is the VAT contained in a VAT-inclusive price: 13/113 of it, rounded half up to the
// minor unit.
func VATIncluded(gross Money) Money { return gross.Part(VATNumerator, VATDenominator+VATNumerator) }

// Valid reports whether r is one of TaxRules.
func (r TaxRule) Valid() bool { return slices.Contains(TaxRules, r) }

// DefaultTaxRule is the tax rule a new store pricing in currency starts with: Nepal's VAT for a
// rupee store, so that its prices are "inclusive of all taxes" as the storefront says and its
// invoices are Nepali tax invoices; the spec's flat tax for any other.
func DefaultTaxRule(c Currency) TaxRule {
	if c == NPR {
		return TaxNepalVAT
	}
	return TaxFlat
}
