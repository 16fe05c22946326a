package haat

import "errors"

// BillLine is one line of an order as its bill sees it: the unit price, how many, and whether the
// goods are exempt from VAT.
type BillLine struct {
	UnitPrice Money `json:"unitPrice"`
	Quantity  int   `json:"quantity"`
	VATExempt bool  `json:"vatExempt"`
	// Step is, for goods sold by weight, the grams each of Quantity weighs, and UnitPrice is per
	// kilogram; 0 for goods sold by the unit.
	Step int `json:"step,omitempty"`
	// Product is the line's product, which an adjustment of this line alone names.
	Product string `json:"product,omitempty"`
}

// Amount is what the line costs: UnitPrice × Quantity, or for goods sold by weight the price of
// Quantity × Step grams at UnitPrice a kilogram, rounded half up to the minor unit.
func (l BillLine) Amount() (Money, error) {
	if l.Step == 0 {
		return l.UnitPrice.Times(l.Quantity)
	}
	if l.Quantity < 0 || l.Step < 0 || l.Quantity > MaxQuantity || l.Step > MaxStep {
		return 0, ErrMoneyOverflow
	}
	return WeightPrice(l.UnitPrice, Grams(l.Quantity, l.Step))
}

// WeightPrice is what grams of goods cost at perKg a kilogram, rounded half up to the minor unit.
func WeightPrice(perKg Money, grams int) (Money, error) {
	if grams < 0 {
		return 0, ErrMoneyOverflow
	}
	whole, err := perKg.Times(grams / 1000)
	if err != nil {
		return 0, err
	}
	return whole.Add(perKg.Part(int64(grams%1000), 1000))
}

// BillRules are the store's rules an order is priced under: its tax rule (empty: TaxFlat) and its
// delivery rules (nil: delivery is free).
type BillRules struct {
	TaxRule  TaxRule        `json:"taxRule"`
	Delivery *DeliveryRules `json:"delivery"`
	// Fee, when set, is the delivery fee instead of the delivery rules': an order billed again
	// (settled at packing) keeps the fee it was placed with.
	Fee *Money `json:"fee,omitempty"`
}

// BillChoices are what the order itself brings to its bill beyond its lines: its adjustments, in
// the order they apply.
type BillChoices struct {
	Adjustments []Adjustment `json:"adjustments"`
}

// AdjustmentKind says what an adjustment of a bill is for.
type AdjustmentKind string

// Adjustment is a change of the goods' price after the lines are priced: a discount (a negative
// Amount) or a charge (a positive one). An adjustment changes the value of the goods, not the
// delivery fee, unless it says it is of the delivery (Delivery). One that names a line's Product changes that line's goods (taxable or VAT-exempt
// as the line is); any other is shared between taxable and VAT-exempt goods in proportion to their
// values (the taxable share rounded half up, the exempt share the rest). The tax is worked out on
// the adjusted values. Adjustments may not take the goods below nothing.
type Adjustment struct {
	Kind AdjustmentKind `json:"kind"`
	// Label is how the bill names the adjustment to the shopper.
	Label  string `json:"label"`
	Amount Money  `json:"amount"`
	// Product is the product of the line the adjustment is of, if it is of one line.
	Product string `json:"product,omitempty"`
	// Delivery says the adjustment is of the delivery fee (a coupon's free delivery), not of the
	// goods: it may take the fee to nothing, no further, and is taxed as delivery is.
	Delivery bool `json:"delivery,omitempty"`
}

// ErrAdjustmentLine refuses an adjustment of a line the bill does not have.
var ErrAdjustmentLine = errors.New("haat: an adjustment names a line the bill does not have")

// Bill is every figure of what an order costs, in minor units, worked out once by BillOf: an order
// keeps its bill as it was placed, and an invoice the figures of it.
type Bill struct {
	// TaxRule is the rule the bill was worked out under.
	TaxRule TaxRule `json:"taxRule"`
	// Lines are what each line costs (BillLine.Amount), in the order of the lines.
	Lines []Money `json:"lines"`
	// Subtotal is what the lines cost together.
	Subtotal Money `json:"subtotal"`
	// DeliveryFee is what delivery costs under the delivery rules: free from their threshold on,
	// which looks at the subtotal before adjustments.
	DeliveryFee Money `json:"deliveryFee"`
	// Adjustments are the changes of the goods' price, in the order they apply; empty for none.
	Adjustments []Adjustment `json:"adjustments"`
	// Discount is what the coupon's adjustments take off together (DiscountOf): 0 or more.
	Discount Money `json:"discount"`
	// Taxable is the value the tax is worked out on: under the flat rule the goods after
	// adjustments (delivery is not taxed); under VAT the VAT-inclusive value of the taxable goods
	// after adjustments and of delivery.
	Taxable Money `json:"taxable"`
	// Exempt is, under VAT, the value of the VAT-exempt goods after adjustments; 0 under the flat rule.
	Exempt Money `json:"exempt"`
	// Tax is the order's tax: TaxNumerator/TaxDenominator of Taxable added on top under the flat
	// rule; under VAT, the VAT contained in Taxable (VATIncluded), nothing added.
	Tax Money `json:"tax"`
	// Total is what the shopper pays: subtotal, adjustments and fee, and the flat tax on top.
	Total Money `json:"total"`
}

// ErrBillBelowZero refuses adjustments that take the goods of a bill below nothing: the store's
// mistake, never the shopper's.
var ErrBillBelowZero = errors.New("haat: adjustments take the goods below nothing")

// BillOf works out every figure of an order of these lines under the store's rules and the order's
// choices. It is the one place where what an order costs is added up: checkout, the cart's quote,
// orders, invoices and payment pages take their figures from its answer. An amount too large for a
// Money is ErrMoneyOverflow.
func BillOf(lines []BillLine, rules BillRules, choices BillChoices) (Bill, error) {
	b := Bill{TaxRule: rules.TaxRule, Lines: make([]Money, len(lines)), Adjustments: []Adjustment{}}
	if b.TaxRule == "" {
		b.TaxRule = TaxFlat
	}
	var exemptGoods Money
	exemptLine := make(map[string]bool, len(lines))
	for i, l := range lines {
		if l.Product != "" {
			exemptLine[l.Product] = l.VATExempt
		}
		amount, err := l.Amount()
		if err != nil {
			return Bill{}, err
		}
		b.Lines[i] = amount
		if b.Subtotal, err = b.Subtotal.Add(amount); err != nil {
			return Bill{}, err
		}
		if l.VATExempt {
			if exemptGoods, err = exemptGoods.Add(amount); err != nil {
				return Bill{}, err
			}
		}
	}
	b.DeliveryFee = rules.Delivery.DeliveryFee(b.Subtotal)
	if rules.Fee != nil {
		b.DeliveryFee = *rules.Fee
	}
	// adjusted is what the adjustments of the goods change together, of which shared is what
	// those of no one line change, and exemptLines what those of VAT-exempt lines change; delivery
	// is what those of the delivery fee change.
	var adjusted, shared, exemptLines, delivery Money
	for _, a := range choices.Adjustments {
		var err error
		if a.Delivery {
			if delivery, err = delivery.Add(a.Amount); err != nil {
				return Bill{}, err
			}
			b.Adjustments = append(b.Adjustments, a)
			continue
		}
		if adjusted, err = adjusted.Add(a.Amount); err != nil {
			return Bill{}, err
		}
		exempt, ok := exemptLine[a.Product]
		switch {
		case a.Product == "":
			shared, err = shared.Add(a.Amount)
		case !ok:
			return Bill{}, ErrAdjustmentLine
		case exempt:
			exemptLines, err = exemptLines.Add(a.Amount)
		}
		if err != nil {
			return Bill{}, err
		}
		b.Adjustments = append(b.Adjustments, a)
	}
	b.Discount = DiscountOf(b.Adjustments)
	goods, err := b.Subtotal.Add(adjusted)
	if err != nil {
		return Bill{}, err
	}
	fee, err := b.DeliveryFee.Add(delivery)
	if err != nil {
		return Bill{}, err
	}
	if goods < 0 || fee < 0 {
		return Bill{}, ErrBillBelowZero
	}
	if b.TaxRule != TaxNepalVAT {
		b.Taxable, b.Tax = goods, Tax(goods)
		if b.Total, err = Sum(goods, b.Tax, fee); err != nil {
			return Bill{}, err
		}
		return b, nil
	}
	taxableGoods, err := b.Subtotal.Sub(exemptGoods)
	if err != nil {
		return Bill{}, err
	}
	// The shared adjustments' share of the taxable goods, in proportion to their value; the exempt
	// goods take the rest, and the adjustments of their own lines.
	taxableShare := shared
	if b.Subtotal > 0 {
		taxableShare = shared.Part(int64(taxableGoods), int64(b.Subtotal))
	}
	if b.Exempt, err = Sum(exemptGoods, shared, -taxableShare, exemptLines); err != nil {
		return Bill{}, err
	}
	if b.Taxable, err = Sum(taxableGoods, adjusted, -shared, -exemptLines, taxableShare, fee); err != nil {
		return Bill{}, err
	}
	if b.Exempt < 0 || b.Taxable < 0 {
		return Bill{}, ErrBillBelowZero
	}
	b.Tax = VATIncluded(b.Taxable)
	if b.Total, err = goods.Add(fee); err != nil {
		return Bill{}, err
	}
	return b, nil
}

// TaxableExVAT is, under VAT, the value of the taxable goods and delivery without the VAT, as a tax
// invoice shows it; 0 under the flat rule.
func (b Bill) TaxableExVAT() (Money, error) {
	if b.TaxRule != TaxNepalVAT {
		return 0, nil
	}
	return b.Taxable.Sub(b.Tax)
}

// TaxLabel names the tax added on top of a bill under the flat rule with its rate, "Tax (2%)".
func TaxLabel() string {
	// The rate in hundredths of a percent, written as an amount is ("2", "2.5").
	return "Tax (" + Money(TaxNumerator*10000/TaxDenominator).String() + "%)"
}

// BillLines are the lines of the order's items as its bill sees them: the unit price paid, the
// quantity and whether the goods were VAT-exempt.
func BillLines(items []OrderItem) []BillLine {
	lines := make([]BillLine, len(items))
	for i, it := range items {
		lines[i] = BillLine{UnitPrice: it.Product.OfferPrice, Quantity: it.Quantity, VATExempt: it.Product.VATExempt, Step: it.Product.Step, Product: it.Product.ID}
	}
	return lines
}

// SetBill gives the order its bill, and the figures the order repeats from it and from its
// balance. The store credit the order used stays within its total: a bill settled lower than the
// credit used (weighed goods, a substitute refused) leaves the credit beyond it to go back to the
// shopper's ledger.
func (o *Order) SetBill(b Bill) error {
	o.Bill, o.TaxRule, o.DeliveryFee, o.Tax, o.Amount = b, b.TaxRule, b.DeliveryFee, b.Tax, b.Total
	return o.setBalance(o.CreditUsed)
}
