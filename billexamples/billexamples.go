// Package billexamples holds the cases of haat.BillOf worked out by hand, with the figures each
// must give: the domain's tests check BillOf against them, the payment providers' tests check that
// their pages charge them, and the storefront's tests (web/src/lib/contract.ts, BILL_EXAMPLES)
// check that what shows a bill shows them.
package billexamples

import "haat"

// Example is a case of BillOf with the figures it must give: the Go tests check BillOf against
// each, and the storefront's tests check that what shows a bill shows these figures.
type Example struct {
	Name    string           `json:"name"`
	Lines   []haat.BillLine  `json:"lines"`
	Rules   haat.BillRules   `json:"rules"`
	Choices haat.BillChoices `json:"choices"`
	Want    haat.Bill        `json:"want"`
}

// All are the cases of BillOf, worked out by hand: flat tax and VAT, a delivery fee and
// its free threshold, VAT-exempt lines, rounding half up, and adjustments.
var All = func() []Example {
	valley := &haat.DeliveryRules{Districts: haat.KathmanduValley, Fee: 7500, FreeFrom: 100000, MinimumOrder: 50000}
	flat := haat.BillRules{TaxRule: haat.TaxFlat, Delivery: valley}
	vat := haat.BillRules{TaxRule: haat.TaxNepalVAT, Delivery: valley}
	butter := func(q int) haat.BillLine { return haat.BillLine{UnitPrice: 11300, Quantity: q} }
	rice := func(q int) haat.BillLine { return haat.BillLine{UnitPrice: 50000, Quantity: q, VATExempt: true} }
	coupon := func(amount haat.Money) haat.BillChoices {
		return haat.BillChoices{Adjustments: []haat.Adjustment{{Kind: haat.AdjustCoupon, Label: "Dashain offer", Amount: amount}}}
	}
	none := []haat.Adjustment{}
	examples := []Example{
		{Name: "flat, no delivery rules", Lines: []haat.BillLine{{UnitPrice: 29500, Quantity: 2}}, Rules: haat.BillRules{TaxRule: haat.TaxFlat},
			Want: haat.Bill{TaxRule: haat.TaxFlat, Lines: []haat.Money{59000}, Subtotal: 59000, Adjustments: none, Taxable: 59000, Tax: 1180, Total: 60180}},
		{Name: "flat, tax rounded half up", Lines: []haat.BillLine{{UnitPrice: 25, Quantity: 1}}, Rules: haat.BillRules{TaxRule: haat.TaxFlat},
			Want: haat.Bill{TaxRule: haat.TaxFlat, Lines: []haat.Money{25}, Subtotal: 25, Adjustments: none, Taxable: 25, Tax: 1, Total: 26}},
		{Name: "flat, fee below the free threshold", Lines: []haat.BillLine{{UnitPrice: 20000, Quantity: 3}}, Rules: flat,
			Want: haat.Bill{TaxRule: haat.TaxFlat, Lines: []haat.Money{60000}, Subtotal: 60000, DeliveryFee: 7500, Adjustments: none, Taxable: 60000, Tax: 1200, Total: 68700}},
		{Name: "flat, free delivery at the threshold", Lines: []haat.BillLine{{UnitPrice: 50000, Quantity: 2}}, Rules: flat,
			Want: haat.Bill{TaxRule: haat.TaxFlat, Lines: []haat.Money{100000}, Subtotal: 100000, Adjustments: none, Taxable: 100000, Tax: 2000, Total: 102000}},
		{Name: "flat, a discount", Lines: []haat.BillLine{{UnitPrice: 20000, Quantity: 3}}, Rules: flat, Choices: coupon(-1000),
			Want: haat.Bill{TaxRule: haat.TaxFlat, Lines: []haat.Money{60000}, Subtotal: 60000, DeliveryFee: 7500,
				Adjustments: coupon(-1000).Adjustments, Discount: 1000, Taxable: 59000, Tax: 1180, Total: 67680}},
		{Name: "VAT, exempt and taxable lines and a fee", Lines: []haat.BillLine{butter(2), rice(1)}, Rules: vat,
			Want: haat.Bill{TaxRule: haat.TaxNepalVAT, Lines: []haat.Money{22600, 50000}, Subtotal: 72600, DeliveryFee: 7500, Adjustments: none,
				Taxable: 30100, Exempt: 50000, Tax: 3463, Total: 80100}},
		{Name: "VAT, staples only, free delivery", Lines: []haat.BillLine{rice(2)}, Rules: vat,
			Want: haat.Bill{TaxRule: haat.TaxNepalVAT, Lines: []haat.Money{100000}, Subtotal: 100000, Adjustments: none, Exempt: 100000, Total: 100000}},
		{Name: "VAT, a discount shared between taxable and exempt goods", Lines: []haat.BillLine{butter(2), rice(1)}, Rules: vat, Choices: coupon(-7260),
			Want: haat.Bill{TaxRule: haat.TaxNepalVAT, Lines: []haat.Money{22600, 50000}, Subtotal: 72600, DeliveryFee: 7500,
				Adjustments: coupon(-7260).Adjustments, Discount: 7260, Taxable: 27840, Exempt: 45000, Tax: 3203, Total: 72840}},
		{Name: "flat, goods sold by weight: 750 g at 180 a kg", Lines: []haat.BillLine{{UnitPrice: 18000, Quantity: 3, Step: 250, VATExempt: true}}, Rules: haat.BillRules{TaxRule: haat.TaxFlat},
			Want: haat.Bill{TaxRule: haat.TaxFlat, Lines: []haat.Money{13500}, Subtotal: 13500, Adjustments: none, Taxable: 13500, Tax: 270, Total: 13770}},
		{Name: "VAT, goods sold by weight rounded half up: 1.25 kg at 99.99 a kg", Lines: []haat.BillLine{{UnitPrice: 9999, Quantity: 5, Step: 250, VATExempt: true}, butter(1)},
			Rules: haat.BillRules{TaxRule: haat.TaxNepalVAT},
			Want:  haat.Bill{TaxRule: haat.TaxNepalVAT, Lines: []haat.Money{12499, 11300}, Subtotal: 23799, Adjustments: none, Taxable: 11300, Exempt: 12499, Tax: 1300, Total: 23799}},
		{Name: "VAT, an adjustment of one exempt line", Rules: haat.BillRules{TaxRule: haat.TaxNepalVAT},
			Lines:   []haat.BillLine{{UnitPrice: 11300, Quantity: 2, Product: "butter"}, {UnitPrice: 50000, Quantity: 1, VATExempt: true, Product: "rice"}},
			Choices: haat.BillChoices{Adjustments: []haat.Adjustment{{Kind: haat.AdjustShort, Label: "Rice", Amount: -5000, Product: "rice"}}},
			Want: haat.Bill{TaxRule: haat.TaxNepalVAT, Lines: []haat.Money{22600, 50000}, Subtotal: 72600,
				Adjustments: []haat.Adjustment{{Kind: haat.AdjustShort, Label: "Rice", Amount: -5000, Product: "rice"}}, Taxable: 22600, Exempt: 45000, Tax: 2600, Total: 67600}},
		{Name: "VAT, an adjustment of one taxable line and a fee kept", Rules: haat.BillRules{TaxRule: haat.TaxNepalVAT, Fee: new(haat.Money(7500))},
			Lines:   []haat.BillLine{{UnitPrice: 11300, Quantity: 2, Product: "butter"}, {UnitPrice: 50000, Quantity: 1, VATExempt: true, Product: "rice"}},
			Choices: haat.BillChoices{Adjustments: []haat.Adjustment{{Kind: haat.AdjustWeight, Label: "Butter", Amount: 1130, Product: "butter"}}},
			Want: haat.Bill{TaxRule: haat.TaxNepalVAT, Lines: []haat.Money{22600, 50000}, Subtotal: 72600, DeliveryFee: 7500,
				Adjustments: []haat.Adjustment{{Kind: haat.AdjustWeight, Label: "Butter", Amount: 1130, Product: "butter"}}, Taxable: 31230, Exempt: 50000, Tax: 3593, Total: 81230}},
		{Name: "VAT, a discount's taxable share rounded half up", Lines: []haat.BillLine{{UnitPrice: 1000, Quantity: 1}, {UnitPrice: 2000, Quantity: 1, VATExempt: true}},
			Rules: haat.BillRules{TaxRule: haat.TaxNepalVAT}, Choices: coupon(-100),
			Want: haat.Bill{TaxRule: haat.TaxNepalVAT, Lines: []haat.Money{1000, 2000}, Subtotal: 3000, Adjustments: coupon(-100).Adjustments, Discount: 100,
				Taxable: 967, Exempt: 1933, Tax: 111, Total: 2900}},
		{Name: "flat, free delivery by a coupon: the fee taken off, untaxed", Lines: []haat.BillLine{{UnitPrice: 20000, Quantity: 3}}, Rules: flat,
			Choices: haat.BillChoices{Adjustments: []haat.Adjustment{{Kind: haat.AdjustCoupon, Label: "FREEDEL", Amount: -7500, Delivery: true}}},
			Want: haat.Bill{TaxRule: haat.TaxFlat, Lines: []haat.Money{60000}, Subtotal: 60000, DeliveryFee: 7500,
				Adjustments: []haat.Adjustment{{Kind: haat.AdjustCoupon, Label: "FREEDEL", Amount: -7500, Delivery: true}}, Discount: 7500, Taxable: 60000, Tax: 1200, Total: 61200}},
		{Name: "VAT, free delivery by a coupon: the delivery's VAT goes with it", Lines: []haat.BillLine{butter(2), rice(1)}, Rules: vat,
			Choices: haat.BillChoices{Adjustments: []haat.Adjustment{{Kind: haat.AdjustCoupon, Label: "FREEDEL", Amount: -7500, Delivery: true}}},
			Want: haat.Bill{TaxRule: haat.TaxNepalVAT, Lines: []haat.Money{22600, 50000}, Subtotal: 72600, DeliveryFee: 7500,
				Adjustments: []haat.Adjustment{{Kind: haat.AdjustCoupon, Label: "FREEDEL", Amount: -7500, Delivery: true}}, Discount: 7500,
				Taxable: 22600, Exempt: 50000, Tax: 2600, Total: 72600}},
		{Name: "VAT, a coupon's shares of a taxable and an exempt line", Rules: haat.BillRules{TaxRule: haat.TaxNepalVAT},
			Lines: []haat.BillLine{{UnitPrice: 11300, Quantity: 2, Product: "butter"}, {UnitPrice: 50000, Quantity: 1, VATExempt: true, Product: "rice"}},
			Choices: haat.BillChoices{Adjustments: []haat.Adjustment{{Kind: haat.AdjustCoupon, Label: "DASHAIN10", Amount: -2260, Product: "butter"},
				{Kind: haat.AdjustCoupon, Label: "DASHAIN10", Amount: -5000, Product: "rice"}}},
			Want: haat.Bill{TaxRule: haat.TaxNepalVAT, Lines: []haat.Money{22600, 50000}, Subtotal: 72600,
				Adjustments: []haat.Adjustment{{Kind: haat.AdjustCoupon, Label: "DASHAIN10", Amount: -2260, Product: "butter"},
					{Kind: haat.AdjustCoupon, Label: "DASHAIN10", Amount: -5000, Product: "rice"}}, Discount: 7260,
				Taxable: 20340, Exempt: 45000, Tax: 2340, Total: 65340}},
	}
	for i := range examples {
		if examples[i].Choices.Adjustments == nil {
			examples[i].Choices.Adjustments = none
		}
	}
	return examples
}()
