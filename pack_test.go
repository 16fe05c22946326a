package haat_test

import (
	"slices"
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

// packNow is when the orders of these tests are packed.
var packNow = time.Date(2026, 11, 28, 10, 0, 0, 0, time.UTC)

// shelf is what the packer of these tests may send as substitutes: cheese (Rs. 150), parsley (Rs.
// 40), spinach by weight (Rs. 120/kg), and ghee, no longer sold.
var shelf = haat.Shelf{
	"cheese":  {ID: "cheese", Name: "Cheese", OfferPrice: 15000},
	"parsley": {ID: "parsley", Name: "Parsley", OfferPrice: 4000},
	"spinach": {ID: "spinach", Name: "Spinach", OfferPrice: 12000, SoldBy: haat.SoldByWeight, Step: 250},
	"ghee":    {ID: "ghee", Name: "Ghee", OfferPrice: 90000, Archived: true},
}

// substitute is a packing's substitute of n units of product (grams, for one sold by weight).
func substitute(product string, n int) *haat.PackSubstitute {
	if shelf[product].SoldBy == haat.SoldByWeight {
		return &haat.PackSubstitute{Product: product, Grams: &n}
	}
	return &haat.PackSubstitute{Product: product, Quantity: &n}
}

func TestPackSettles(t *testing.T) {
	grams := func(g int) *int { return &g }
	units := grams
	for _, tc := range []struct {
		name     string
		payment  haat.PaymentType
		rule     haat.TaxRule
		lines    []haat.PackLine
		choose   haat.Substitute // the butter's substitute, as the shopper chose it
		packed   []haat.Packed
		sent     *haat.Sent   // the substitute sent for the butter or tomatoes: product, amount, answer
		adjusted []haat.Money // the new adjustments' amounts, in order
		total    haat.Money
		tax      haat.Money
		refund   haat.Money
		// refused is the total and refund due once the shopper refuses the substitute offered.
		refused *[2]haat.Money
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
		{name: "cash, no butter, a better cheese offered: at most the butter's price", payment: haat.PaymentCOD, rule: haat.TaxFlat, choose: haat.SubstituteBest,
			lines:  []haat.PackLine{{Product: "tomato", Grams: grams(750)}, {Product: "butter", Quantity: units(0), Substitute: substitute("cheese", 2)}},
			packed: []haat.Packed{{Quantity: 3, Grams: 750}, {Quantity: 0}}, adjusted: []haat.Money{-22600, 22600},
			sent:  &haat.Sent{Product: haat.OrderProduct{ID: "cheese"}, Quantity: 2, Amount: 22600, Answer: haat.AnswerAwaited},
			total: 36100 + 722 + 7500, tax: 722, refused: &[2]haat.Money{13500 + 270 + 7500, 0}},
		{name: "cash, one butter short, the cheese the shopper named: its own price", payment: haat.PaymentCOD, rule: haat.TaxFlat, choose: "cheese",
			lines:  []haat.PackLine{{Product: "tomato", Grams: grams(750)}, {Product: "butter", Quantity: units(1), Substitute: substitute("cheese", 1)}},
			packed: []haat.Packed{{Quantity: 3, Grams: 750}, {Quantity: 1}}, adjusted: []haat.Money{-11300, 15000},
			sent: &haat.Sent{Product: haat.OrderProduct{ID: "cheese"}, Quantity: 1, Amount: 15000, Answer: haat.AnswerNamed},
			// 135 + 113 + 150 = 398, 2% = 7.96
			total: 39800 + 796 + 7500, tax: 796},
		{name: "online, the named cheese: never more than paid", payment: haat.PaymentOnline, rule: haat.TaxFlat, choose: "cheese",
			lines:  []haat.PackLine{{Product: "tomato", Grams: grams(750)}, {Product: "butter", Quantity: units(1), Substitute: substitute("cheese", 1)}},
			packed: []haat.Packed{{Quantity: 3, Grams: 750}, {Quantity: 1}}, adjusted: []haat.Money{-11300, 11300},
			sent:  &haat.Sent{Product: haat.OrderProduct{ID: "cheese"}, Quantity: 1, Amount: 11300, Answer: haat.AnswerNamed},
			total: 36100 + 722 + 7500, tax: 722},
		{name: "online, cheaper parsley for the butter: the difference owed back", payment: haat.PaymentOnline, rule: haat.TaxFlat, choose: haat.SubstituteBest,
			lines:  []haat.PackLine{{Product: "tomato", Grams: grams(750)}, {Product: "butter", Quantity: units(0), Substitute: substitute("parsley", 2)}},
			packed: []haat.Packed{{Quantity: 3, Grams: 750}, {Quantity: 0}}, adjusted: []haat.Money{-22600, 8000},
			sent: &haat.Sent{Product: haat.OrderProduct{ID: "parsley"}, Quantity: 2, Amount: 8000, Answer: haat.AnswerAwaited},
			// 135 + 80 = 215, 2% = 4.30
			total: 21500 + 430 + 7500, tax: 430, refund: (36100 + 722) - (21500 + 430),
			refused: &[2]haat.Money{13500 + 270 + 7500, (36100 + 722) - (13500 + 270)}},
		{name: "cash, no tomatoes, 500 g of spinach offered", payment: haat.PaymentCOD, rule: haat.TaxFlat,
			lines:  []haat.PackLine{{Product: "tomato", Grams: grams(0), Substitute: substitute("spinach", 500)}},
			packed: []haat.Packed{{Quantity: 0}, {Quantity: 2}}, adjusted: []haat.Money{-13500, 6000},
			sent:  &haat.Sent{Product: haat.OrderProduct{ID: "spinach"}, Quantity: 1, Amount: 6000, Answer: haat.AnswerAwaited},
			total: 28600 + 572 + 7500, tax: 572, refused: &[2]haat.Money{22600 + 452 + 7500, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := packOrder(t, tc.payment, tc.rule)
			o.Items[1].Substitute = tc.choose
			packed, bill, err := o.Pack(tc.lines, shelf, packNow)
			if err != nil {
				t.Fatal(err)
			}
			if len(packed) != len(tc.packed) {
				t.Fatalf("packed %v, want %v", packed, tc.packed)
			}
			var sent *haat.Sent
			for i := range packed {
				if p := packed[i]; p.Quantity != tc.packed[i].Quantity || p.Grams != tc.packed[i].Grams {
					t.Errorf("item %d packed %+v, want %+v", i, p, tc.packed[i])
				}
				if packed[i].Substitute != nil {
					sent = packed[i].Substitute
				}
			}
			switch {
			case (sent == nil) != (tc.sent == nil):
				t.Errorf("sent %+v, want %+v", sent, tc.sent)
			case sent != nil && (sent.Product.ID != tc.sent.Product.ID || sent.Quantity != tc.sent.Quantity || sent.Amount != tc.sent.Amount || sent.Answer != tc.sent.Answer):
				t.Errorf("sent %+v, want %+v", *sent, *tc.sent)
			case sent != nil && (sent.Answer == haat.AnswerAwaited) != (sent.AnswerBy != nil && sent.AnswerBy.Equal(packNow.Add(haat.SubstituteAnswerTime))):
				t.Errorf("sent %+v: an offer is answered within %v of packing, nothing else awaits an answer", *sent, haat.SubstituteAnswerTime)
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
			refund, err := haat.RefundAfterPacking(o, bill, o.Amount)
			if err != nil || refund != tc.refund {
				t.Errorf("refund %v, want %v", refund, tc.refund)
			}
			if tc.refused == nil {
				return
			}
			if refund > 0 {
				o.Refunds = []haat.Refund{{Amount: refund, State: haat.RefundDue}}
			}
			for i := range o.Items {
				o.Items[i].Packed = &packed[i]
			}
			o.SetBill(bill)
			o.Status = haat.StatusPacked
			if err := o.AnswerSubstitute(sent.Product.ID, false, packNow); err == nil {
				t.Fatal("answered for the substitute's product rather than the item's")
			}
			item := o.Items[slices.IndexFunc(o.Items, func(it haat.OrderItem) bool { return it.Packed.Substitute != nil })].Product.ID
			if err := o.AnswerSubstitute(item, false, packNow); err != nil {
				t.Fatal(err)
			}
			if due, _ := haat.DueRefund(o.Refunds); o.Bill.Total != tc.refused[0] || due != tc.refused[1] {
				t.Errorf("refused: total %v, due %v; want %v", o.Bill.Total, due, *tc.refused)
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
		{"a substitute for what the shopper leaves out", []haat.PackLine{{Product: "tomato", Grams: grams(750)}, {Product: "butter", Quantity: grams(0), Substitute: substitute("cheese", 1)}},
			"The shopper asked to leave Butter out if it is not there"},
		{"a substitute for goods weighed", []haat.PackLine{{Product: "tomato", Grams: grams(500), Substitute: substitute("spinach", 250)}},
			"Tomatoes was weighed: a substitute replaces goods that were not there at all"},
		{"a substitute for itself", []haat.PackLine{{Product: "tomato", Grams: grams(0), Substitute: &haat.PackSubstitute{Product: "tomato", Grams: grams(250)}}},
			"A product cannot be its own substitute"},
		{"a substitute in the order already", []haat.PackLine{{Product: "tomato", Grams: grams(0), Substitute: substitute("butter", 1)}},
			"The substitute for Tomatoes is in the order already: choose another"},
		{"a substitute the store does not have", []haat.PackLine{{Product: "tomato", Grams: grams(0), Substitute: substitute("mango", 1)}},
			"The substitute for Tomatoes is not a product of the store"},
		{"a substitute no longer sold", []haat.PackLine{{Product: "tomato", Grams: grams(0), Substitute: substitute("ghee", 1)}},
			"Ghee is no longer sold"},
		{"a substitute by weight counted", []haat.PackLine{{Product: "tomato", Grams: grams(0), Substitute: &haat.PackSubstitute{Product: "spinach", Quantity: grams(2)}}},
			"Spinach is sold by weight: give what it weighed"},
		{"a substitute by weight not weighed", []haat.PackLine{{Product: "tomato", Grams: grams(0), Substitute: substitute("spinach", 0)}},
			"A weight is 1 to 500000 grams"},
		{"a substitute by the unit weighed", []haat.PackLine{{Product: "tomato", Grams: grams(0), Substitute: &haat.PackSubstitute{Product: "parsley", Grams: grams(200)}}},
			"Parsley is sold by the unit: give how many were packed"},
		{"none of a substitute", []haat.PackLine{{Product: "tomato", Grams: grams(0), Substitute: substitute("parsley", 0)}},
			"Quantity must be a whole number from 1 to 100"},
		{"a substitute for what was all packed", []haat.PackLine{{Product: "tomato", Grams: grams(750)}, {Product: "butter", Quantity: grams(2), Substitute: substitute("cheese", 1)}},
			"All of Butter was packed: a substitute replaces units that were not there"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := packOrder(t, haat.PaymentCOD, haat.TaxFlat)
			o.Items[1].Substitute = haat.SubstituteNone
			if _, _, err := o.Pack(tc.lines, shelf, packNow); haat.ErrorMessage(err) != tc.msg {
				t.Errorf("%v, want %q", err, tc.msg)
			}
		})
	}
	o := packOrder(t, haat.PaymentCOD, haat.TaxFlat)
	o.Items[1].Substitute = haat.SubstituteNone
	o.Status = haat.StatusPacked
	if _, _, err := o.Pack([]haat.PackLine{{Product: "tomato", Grams: grams(750)}}, shelf, packNow); haat.ErrorMessage(err) != "The order is already Packed" {
		t.Errorf("packing a packed order: %v", err)
	}
}

// TestPackedAs: a packing sent again is known as such, even one that packed nothing at all (its
// adjustments, counted twice, would take the goods below nothing), and another packing is not.
func TestPackedAs(t *testing.T) {
	none := 0
	lines := []haat.PackLine{{Product: "tomato", Grams: &none}, {Product: "butter", Quantity: &none}}
	o := packOrder(t, haat.PaymentCOD, haat.TaxFlat)
	packed, bill, err := o.Pack(lines, shelf, packNow)
	if err != nil {
		t.Fatal(err)
	}
	o.Status = haat.StatusPacked
	for i := range o.Items {
		o.Items[i].Packed = &packed[i]
	}
	o.SetBill(bill)
	if !o.PackedAs(lines, shelf) {
		t.Error("the same packing sent again is not known")
	}
	some := 500
	if o.PackedAs([]haat.PackLine{{Product: "tomato", Grams: &some}}, shelf) {
		t.Error("another packing is taken for the same")
	}
}

// packed is the order of packOrder, paid as payment says, packed as lines pack it at packNow.
func packed(t *testing.T, payment haat.PaymentType, lines []haat.PackLine) *haat.Order {
	t.Helper()
	o := packOrder(t, payment, haat.TaxFlat)
	if err := o.PackUp(lines, shelf, packNow); err != nil {
		t.Fatal(err)
	}
	return o
}

// TestAnswerSubstitute: a substitute the shopper did not name waits for their answer, which keeps
// the order in the store until it comes or its time ends; refused, it is taken off the bill and
// what was paid for it is owed back; unanswered, it stays.
func TestAnswerSubstitute(t *testing.T) {
	none, two := 0, 2
	lines := []haat.PackLine{{Product: "tomato", Grams: &none, Substitute: substitute("spinach", 500)},
		{Product: "butter", Quantity: &none, Substitute: &haat.PackSubstitute{Product: "parsley", Quantity: &two}}}

	o := packed(t, haat.PaymentOnline, lines)
	// 500 g of spinach (60) and 2 parsley (80) for 750 g of tomatoes (135) and 2 butter (226).
	if o.Bill.Total != 14000+280+7500 || haat.RefundState(o.Refunds) != haat.RefundDue || o.Refunds[0].Amount != (36100+722)-(14000+280) {
		t.Fatalf("packed: bill %+v, refunds %+v", o.Bill, o.Refunds)
	}
	if len(o.Offers()) != 2 {
		t.Fatalf("offers %+v", o.Offers())
	}
	for _, err := range []error{o.CheckStatusChange(haat.StatusOutForDelivery), o.CheckMarkRefunded()} {
		if haat.ErrorMessage(err) != "Wait for the shopper to accept or refuse the substitute: they have 10 minutes" {
			t.Errorf("with offers open: %v", err)
		}
	}
	if err := o.CheckStatusChange(haat.StatusCancelled); err != nil {
		t.Errorf("cancelling with offers open: %v", err)
	}

	at := packNow.Add(5 * time.Minute)
	if err := o.AnswerSubstitute("butter", false, at); err != nil {
		t.Fatal(err)
	}
	// The parsley is taken out: 60 + 1.20 + 75 left of 443.22 paid.
	if o.Bill.Total != 6000+120+7500 || o.Refunds[0].Amount != (36100+722)-(6000+120) || len(o.Refunds) != 1 {
		t.Errorf("refused: bill %+v, refunds %+v", o.Bill, o.Refunds)
	}
	if s := o.Items[1].Packed.Substitute; s.Answer != haat.AnswerRefused || s.Kept() {
		t.Errorf("refused: %+v", s)
	}
	for _, a := range o.Bill.Adjustments {
		if a.Kind == haat.AdjustSubstitute && a.Product == "butter" {
			t.Errorf("the refused parsley is still charged: %+v", a)
		}
	}
	if err := o.AnswerSubstitute("butter", true, at); haat.ErrorMessage(err) != "You have answered already" {
		t.Errorf("answered twice: %v", err)
	}
	if err := o.AnswerSubstitute("cheese", true, at); haat.ErrorCode(err) != haat.ENOTFOUND {
		t.Errorf("answering an item not in the order: %v", err)
	}

	// The spinach is left unanswered: at the end of its time it stays, and the order may go.
	o.SettleOffers(packNow.Add(haat.SubstituteAnswerTime - time.Millisecond))
	if len(o.Offers()) != 1 {
		t.Fatalf("settled before its time: %+v", o.Offers())
	}
	end := packNow.Add(haat.SubstituteAnswerTime)
	o.SettleOffers(end)
	if s := o.Items[0].Packed.Substitute; s.Answer != haat.AnswerAccepted || len(o.Offers()) != 0 {
		t.Errorf("unanswered at its end: %+v", s)
	}
	if err := o.AnswerSubstitute("tomato", false, end); haat.ErrorMessage(err) != "The time to answer has passed: the substitute stays in your order" {
		t.Errorf("answering late: %v", err)
	}
	if err := o.CheckStatusChange(haat.StatusOutForDelivery); err != nil {
		t.Errorf("with every offer answered: %v", err)
	}

	// A cash order refused owes nothing back.
	c := packed(t, haat.PaymentCOD, lines)
	if err := c.AnswerSubstitute("tomato", false, at); err != nil {
		t.Fatal(err)
	}
	if c.Bill.Total != 8000+160+7500 || len(c.Refunds) != 0 {
		t.Errorf("cash refused: bill %+v, refunds %+v", c.Bill, c.Refunds)
	}
}

// TestSentUnits: a substitute takes its count from the stock, or for goods sold by weight the
// steps its weight begins.
func TestSentUnits(t *testing.T) {
	spinach := haat.OrderProduct{ID: "spinach", SoldBy: haat.SoldByWeight, Step: 250}
	for _, tc := range []struct {
		sent haat.Sent
		want int
	}{
		{haat.Sent{Product: haat.OrderProduct{ID: "parsley"}, Quantity: 2}, 2},
		{haat.Sent{Product: spinach, Quantity: 1, Grams: 500}, 2},
		{haat.Sent{Product: spinach, Quantity: 1, Grams: 510}, 3},
		{haat.Sent{Product: spinach, Quantity: 1, Grams: 1}, 1},
	} {
		if got := tc.sent.Units(); got != tc.want {
			t.Errorf("%+v: %d units, want %d", tc.sent, got, tc.want)
		}
	}
}

// TestItemRecord: the record of an item (the seller's export) says what was ordered, what was
// packed when it differs, and what was sent instead.
func TestItemRecord(t *testing.T) {
	none, two := 0, 2
	o := packed(t, haat.PaymentCOD, []haat.PackLine{{Product: "tomato", Grams: &none, Substitute: substitute("spinach", 500)},
		{Product: "butter", Quantity: &none, Substitute: &haat.PackSubstitute{Product: "parsley", Quantity: &two}}})
	if err := o.AnswerSubstitute("butter", false, packNow); err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{
		"Tomatoes 750 g (packed 0 g), sent instead: Spinach 500 g",
		"Butter x 2 (packed 0), sent instead: Parsley x 2 (refused)",
	} {
		if got := o.Items[i].Record(); got != want {
			t.Errorf("item %d: %q, want %q", i, got, want)
		}
	}
	if got := packOrder(t, haat.PaymentCOD, haat.TaxFlat).Items[1].Record(); got != "Butter x 2" {
		t.Errorf("unpacked: %q", got)
	}
}
