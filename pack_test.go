package haat_test

import (
	"testing"
	"time"

	"haat"
)

// packOrder is an order of 750 g of tomatoes (VAT-exempt, Rs. 180/kg, 250 g steps) and 2 packets
// of butter (Rs. 113), paid as payment says, under tax rule with a fee of Rs. 75, placed as BillOf
// prices it.
func packOrder(t *testing.T, payment haat.PaymentType, rule haat.TaxRule) *haat.Order {
	t.Helper()
	o := &haat.Order{ID: "o1", PaymentType: payment, Status: haat.StatusOrderPlaced, IsPaid: payment == haat.PaymentOnline, CreatedAt: time.Now(),
		Items: []haat.OrderItem{
			{Quantity: 3, Product: haat.OrderProduct{ID: "tomato", Name: "Tomatoes", OfferPrice: 18000, VATExempt: true, SoldBy: haat.SoldByWeight, Step: 250}},
			{Quantity: 2, Product: haat.OrderProduct{ID: "butter", Name: "Butter", OfferPrice: 11300}},
		}}
	fee := haat.Money(7500)
	b, err := haat.BillOf(haat.BillLines(o.Items), haat.BillRules{TaxRule: rule, Fee: &fee}, haat.BillChoices{})
	if err != nil {
		t.Fatal(err)
	}
	o.SetBill(b)
	return o
}

func TestPackSettles(t *testing.T) {
	grams := func(g int) *int { return &g }
	units := grams
	for _, tc := range []struct {
		name     string
		payment  haat.PaymentType
		rule     haat.TaxRule
		lines    []haat.PackLine
		packed   []haat.Packed
		adjusted []haat.Money // the new adjustments' amounts, in order
		total    haat.Money
		tax      haat.Money
		refund   haat.Money
	}{
		{name: "cash, weighed as estimated", payment: haat.PaymentCOD, rule: haat.TaxFlat,
			lines:  []haat.PackLine{{Product: "tomato", Grams: grams(750)}},
			packed: []haat.Packed{{Quantity: 3, Grams: 750}, {Quantity: 2}}, adjusted: nil,
			// 135 + 226 = 361, 2% = 7.22, fee 75
			total: 36100 + 722 + 7500, tax: 722},
		{name: "cash, weighed over: pays the weight", payment: haat.PaymentCOD, rule: haat.TaxFlat,
			lines:  []haat.PackLine{{Product: "tomato", Grams: grams(820)}},
			packed: []haat.Packed{{Quantity: 3, Grams: 820}, {Quantity: 2}}, adjusted: []haat.Money{1260},
			// 820 g at 180 is 147.60: 12.60 more; 373.60 + 7.47 + 75
			total: 37360 + 747 + 7500, tax: 747},
		{name: "cash, weighed far over: at most 10% more", payment: haat.PaymentCOD, rule: haat.TaxFlat,
			lines:  []haat.PackLine{{Product: "tomato", Grams: grams(1000)}},
			packed: []haat.Packed{{Quantity: 3, Grams: 1000}, {Quantity: 2}}, adjusted: []haat.Money{1350},
			total: 37450 + 749 + 7500, tax: 749},
		{name: "cash, weighed under: pays less", payment: haat.PaymentCOD, rule: haat.TaxFlat,
			lines:  []haat.PackLine{{Product: "tomato", Grams: grams(700)}},
			packed: []haat.Packed{{Quantity: 3, Grams: 700}, {Quantity: 2}}, adjusted: []haat.Money{-900},
			total: 35200 + 704 + 7500, tax: 704},
		{name: "cash, butter short", payment: haat.PaymentCOD, rule: haat.TaxFlat,
			lines:  []haat.PackLine{{Product: "tomato", Grams: grams(750)}, {Product: "butter", Quantity: units(1)}},
			packed: []haat.Packed{{Quantity: 3, Grams: 750}, {Quantity: 1}}, adjusted: []haat.Money{-11300},
			total: 24800 + 496 + 7500, tax: 496},
		{name: "online, weighed over: never more than paid", payment: haat.PaymentOnline, rule: haat.TaxFlat,
			lines:  []haat.PackLine{{Product: "tomato", Grams: grams(820)}},
			packed: []haat.Packed{{Quantity: 3, Grams: 820}, {Quantity: 2}}, adjusted: nil,
			total: 36100 + 722 + 7500, tax: 722},
		{name: "online, weighed under and none of the butter: owed back", payment: haat.PaymentOnline, rule: haat.TaxFlat,
			lines:  []haat.PackLine{{Product: "tomato", Grams: grams(600)}, {Product: "butter", Quantity: units(0)}},
			packed: []haat.Packed{{Quantity: 3, Grams: 600}, {Quantity: 0}}, adjusted: []haat.Money{-2700, -22600},
			// 108 + 2.16 + 75 = 185.16 of 443.22 paid
			total: 10800 + 216 + 7500, tax: 216, refund: (36100 + 722 + 7500) - (10800 + 216 + 7500)},
		{name: "online, no tomatoes at all", payment: haat.PaymentOnline, rule: haat.TaxFlat,
			lines:  []haat.PackLine{{Product: "tomato", Grams: grams(0)}},
			packed: []haat.Packed{{Quantity: 0, Grams: 0}, {Quantity: 2}}, adjusted: []haat.Money{-13500},
			total: 22600 + 452 + 7500, tax: 452, refund: 13500 + 270},
		{name: "VAT, weighed over: the exempt goods change, the VAT does not", payment: haat.PaymentCOD, rule: haat.TaxNepalVAT,
			lines:  []haat.PackLine{{Product: "tomato", Grams: grams(820)}},
			packed: []haat.Packed{{Quantity: 3, Grams: 820}, {Quantity: 2}}, adjusted: []haat.Money{1260},
			// VAT in 226 + 75 = 301: 34.63
			total: 37360 + 7500, tax: 3463},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := packOrder(t, tc.payment, tc.rule)
			packed, bill, err := o.Pack(tc.lines)
			if err != nil {
				t.Fatal(err)
			}
			if len(packed) != len(tc.packed) {
				t.Fatalf("packed %v, want %v", packed, tc.packed)
			}
			for i := range packed {
				if packed[i] != tc.packed[i] {
					t.Errorf("item %d packed %+v, want %+v", i, packed[i], tc.packed[i])
				}
			}
			var got []haat.Money
			for _, a := range bill.Adjustments {
				got = append(got, a.Amount)
			}
			if len(got) != len(tc.adjusted) {
				t.Fatalf("adjustments %+v, want amounts %v", bill.Adjustments, tc.adjusted)
			}
			for i := range got {
				if got[i] != tc.adjusted[i] {
					t.Errorf("adjustment %d: %v, want %v", i, got[i], tc.adjusted[i])
				}
			}
			if bill.Total != tc.total || bill.Tax != tc.tax || bill.DeliveryFee != 7500 || bill.Subtotal != o.Bill.Subtotal {
				t.Errorf("settled bill %+v, want total %v, tax %v", bill, tc.total, tc.tax)
			}
			if refund := haat.RefundAfterPacking(o, bill, o.Amount); refund != tc.refund {
				t.Errorf("refund %v, want %v", refund, tc.refund)
			}
		})
	}
}

func TestPackRefuses(t *testing.T) {
	grams := func(g int) *int { return &g }
	for _, tc := range []struct {
		name  string
		lines []haat.PackLine
		msg   string
	}{
		{"not weighed", nil, "Weigh Tomatoes"},
		{"a count for goods by weight", []haat.PackLine{{Product: "tomato", Quantity: grams(3)}}, "Weigh Tomatoes"},
		{"a count and a weight", []haat.PackLine{{Product: "tomato", Quantity: grams(3), Grams: grams(750)}}, "Tomatoes is sold by weight: give what it weighed"},
		{"a weight for goods by the unit", []haat.PackLine{{Product: "tomato", Grams: grams(750)}, {Product: "butter", Grams: grams(500)}}, "Butter is sold by the unit: give how many were packed"},
		{"more than ordered", []haat.PackLine{{Product: "tomato", Grams: grams(750)}, {Product: "butter", Quantity: grams(3)}}, "Pack 0 to 2 of Butter"},
		{"a negative weight", []haat.PackLine{{Product: "tomato", Grams: grams(-1)}}, "A weight is 0 to 500000 grams"},
		{"twice", []haat.PackLine{{Product: "tomato", Grams: grams(750)}, {Product: "tomato", Grams: grams(750)}}, "A product appears twice in the packing"},
		{"not in the order", []haat.PackLine{{Product: "tomato", Grams: grams(750)}, {Product: "ghee", Quantity: grams(1)}}, "The packing names a product that is not in the order"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := packOrder(t, haat.PaymentCOD, haat.TaxFlat)
			if _, _, err := o.Pack(tc.lines); haat.ErrorMessage(err) != tc.msg {
				t.Errorf("%v, want %q", err, tc.msg)
			}
		})
	}
	o := packOrder(t, haat.PaymentCOD, haat.TaxFlat)
	o.Status = haat.StatusPacked
	if _, _, err := o.Pack([]haat.PackLine{{Product: "tomato", Grams: grams(750)}}); haat.ErrorMessage(err) != "The order is already Packed" {
		t.Errorf("packing a packed order: %v", err)
	}
}

// TestPackedAs: a packing sent again is known as such, even one that packed nothing at all (its
// adjustments, counted twice, would take the goods below nothing), and another packing is not.
func TestPackedAs(t *testing.T) {
	none := 0
	lines := []haat.PackLine{{Product: "tomato", Grams: &none}, {Product: "butter", Quantity: &none}}
	o := packOrder(t, haat.PaymentCOD, haat.TaxFlat)
	packed, bill, err := o.Pack(lines)
	if err != nil {
		t.Fatal(err)
	}
	o.Status = haat.StatusPacked
	for i := range o.Items {
		o.Items[i].Packed = &packed[i]
	}
	o.SetBill(bill)
	if !o.PackedAs(lines) {
		t.Error("the same packing sent again is not known")
	}
	some := 500
	if o.PackedAs([]haat.PackLine{{Product: "tomato", Grams: &some}}) {
		t.Error("another packing is taken for the same")
	}
}
