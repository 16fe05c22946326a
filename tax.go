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

// Charge is one line of an order as its tax sees it: what the line costs and whether its goods are
// exempt from VAT.
type Charge struct {
	Amount    Money
	VATExempt bool
}

// Bill is what an order costs under a tax rule, in minor units.
type Bill struct {
	Subtotal    Money
	DeliveryFee Money
	// Tax is the order's tax: added to the subtotal under the flat rule, contained in the subtotal
	// and fee under VAT.
	Tax Money
	// Amount is what the shopper pays: subtotal and fee, and the flat tax on top.
	Amount Money
	// Taxable and Exempt split subtotal and fee under VAT: Taxable is the VAT-inclusive value of
	// taxable goods and of delivery, Exempt the value of exempt goods. Both are 0 under the flat rule.
	Taxable, Exempt Money
}

// Valid reports whether r is one of TaxRules.
func (r TaxRule) Valid() bool { return slices.Contains(TaxRules, r) }

// Bill works out an order of these lines with this delivery fee under the rule; the empty rule
// is TaxFlat, the default. A total too large for a Money is ErrMoneyOverflow.
func (r TaxRule) Bill(lines []Charge, fee Money) (Bill, error) {
	b := Bill{DeliveryFee: fee}
	var err error
	for _, l := range lines {
		if b.Subtotal, err = b.Subtotal.Add(l.Amount); err != nil {
			return Bill{}, err
		}
		if l.VATExempt {
			if b.Exempt, err = b.Exempt.Add(l.Amount); err != nil {
				return Bill{}, err
			}
		}
	}
	if r != TaxNepalVAT {
		b.Exempt = 0
		b.Tax = Tax(b.Subtotal)
		if b.Amount, err = Sum(b.Subtotal, b.Tax, fee); err != nil {
			return Bill{}, err
		}
		return b, nil
	}
	goods, err := b.Subtotal.Sub(b.Exempt)
	if err != nil {
		return Bill{}, err
	}
	if b.Taxable, err = goods.Add(fee); err != nil {
		return Bill{}, err
	}
	b.Tax = VATIncluded(b.Taxable)
	if b.Amount, err = b.Subtotal.Add(fee); err != nil {
		return Bill{}, err
	}
	return b, nil
}

// Bill works out what an order of these lines costs in this store: the delivery fee its rules
// charge on the subtotal and the tax its rule takes.
func (s *StoreSettings) Bill(lines []Charge) (Bill, error) {
	var subtotal Money
	for _, l := range lines {
		var err error
		if subtotal, err = subtotal.Add(l.Amount); err != nil {
			return Bill{}, err
		}
	}
	return s.TaxRule.Bill(lines, s.Delivery.DeliveryFee(subtotal))
}

// Bill is the order's bill as it was charged: its items at the prices paid, its delivery fee and
// its tax rule.
func (o *Order) Bill() (Bill, error) {
	lines := make([]Charge, len(o.Items))
	for i, it := range o.Items {
		amount, err := it.Product.OfferPrice.Times(it.Quantity)
		if err != nil {
			return Bill{}, err
		}
		lines[i] = Charge{Amount: amount, VATExempt: it.Product.VATExempt}
	}
	return o.TaxRule.Bill(lines, o.DeliveryFee)
}

// DefaultTaxRule is the tax rule a new store pricing in currency starts with: Nepal's VAT for a
// rupee store, so that its prices are "inclusive of all taxes" as the storefront says and its
// invoices are Nepali tax invoices; the spec's flat tax for any other.
func DefaultTaxRule(c Currency) TaxRule {
	if c == NPR {
		return TaxNepalVAT
	}
	return TaxFlat
}
