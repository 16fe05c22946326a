package haat_test

import (
	"errors"
	"reflect"
	"testing"

	"haat"
	"haat/billexamples"
)

// TestBillExamples: BillOf gives the figures of every case of the one table the storefront's
// tests read too.
func TestBillExamples(t *testing.T) {
	for _, ex := range billexamples.All {
		t.Run(ex.Name, func(t *testing.T) {
			got, err := haat.BillOf(ex.Lines, ex.Rules, ex.Choices)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, ex.Want) {
				t.Fatalf("bill = %+v\nwant   %+v", got, ex.Want)
			}
			// The figures hold together: the lines make the subtotal, and the total is the goods
			// after adjustments and the fee, with the flat tax on top.
			sum, _ := haat.Sum(got.Lines...)
			adjusted := haat.Money(0)
			for _, a := range got.Adjustments {
				adjusted += a.Amount
			}
			total := got.Subtotal + adjusted + got.DeliveryFee
			if got.TaxRule == haat.TaxFlat {
				total += got.Tax
				if got.Tax != haat.Tax(got.Taxable) {
					t.Errorf("flat tax %d on %d", got.Tax, got.Taxable)
				}
			} else if got.Taxable+got.Exempt != got.Total || got.Tax != haat.VATIncluded(got.Taxable) {
				t.Errorf("VAT figures do not add up: %+v", got)
			}
			if sum != got.Subtotal || total != got.Total {
				t.Errorf("figures do not add up: %+v", got)
			}
		})
	}
}

// TestBillAdjustmentsBelowZero: adjustments may not take the goods below nothing.
func TestBillAdjustmentsBelowZero(t *testing.T) {
	lines := []haat.BillLine{{UnitPrice: 1000, Quantity: 1}}
	for _, rule := range haat.TaxRules {
		off := haat.BillChoices{Adjustments: []haat.Adjustment{{Kind: "coupon", Label: "Too much", Amount: -1001}}}
		if _, err := haat.BillOf(lines, haat.BillRules{TaxRule: rule}, off); !errors.Is(err, haat.ErrBillBelowZero) {
			t.Errorf("%s: %v", rule, err)
		}
	}
}

// TestBillWithoutRule: no tax rule is the flat rule, the default.
func TestBillWithoutRule(t *testing.T) {
	b := mustBill(t)(haat.BillOf([]haat.BillLine{{UnitPrice: 59000, Quantity: 1}}, haat.BillRules{}, haat.BillChoices{}))
	if b.TaxRule != haat.TaxFlat || b.Total != 60180 {
		t.Errorf("bill = %+v", b)
	}
}

func TestTaxLabel(t *testing.T) {
	if got := haat.TaxLabel(); got != "Tax (2%)" {
		t.Errorf("TaxLabel() = %q", got)
	}
}
