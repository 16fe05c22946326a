package haat_test

import (
	"slices"
	"testing"

	"haat"
)

// valley is the demo store's rule: Rs. 75 below Rs. 1,000, Kathmandu Valley, minimum Rs. 500.
func valley() *haat.DeliveryRules {
	return &haat.DeliveryRules{Districts: []string{"Kathmandu", "Lalitpur", "Bhaktapur"}, Fee: 7500, FreeFrom: 100000, MinimumOrder: 50000}
}

func TestDeliveryFee(t *testing.T) {
	r := valley()
	for _, tc := range []struct{ subtotal, fee, missing, amount haat.Money }{
		{50000, 7500, 50000, 50000 + 1000 + 7500},
		{99999, 7500, 1, 99999 + 2000 + 7500},
		{100000, 0, 0, 100000 + 2000}, // at the threshold delivery is free
		{250000, 0, 0, 250000 + 5000},
	} {
		if got := r.DeliveryFee(tc.subtotal); got != tc.fee {
			t.Errorf("DeliveryFee(%d) = %d, want %d", tc.subtotal, got, tc.fee)
		}
		if got := r.MissingForFree(tc.subtotal); got != tc.missing {
			t.Errorf("MissingForFree(%d) = %d, want %d", tc.subtotal, got, tc.missing)
		}
		if got := mustBill(t)(haat.BillOf([]haat.BillLine{{UnitPrice: tc.subtotal, Quantity: 1}}, haat.BillRules{Delivery: r}, haat.BillChoices{})).Total; got != tc.amount {
			t.Errorf("Amount(%d) = %d, want %d", tc.subtotal, got, tc.amount)
		}
	}
	// No threshold: the fee always applies, and nothing is missing for free delivery.
	always := &haat.DeliveryRules{Districts: []string{"Kaski"}, Fee: 5000}
	if always.DeliveryFee(1_000_000_00) != 5000 || always.MissingForFree(100) != 0 {
		t.Error("a fee without a threshold should always apply")
	}
	// No rules: delivery is free and the amount is the spec's subtotal + 2%.
	var none *haat.DeliveryRules
	if none.DeliveryFee(100) != 0 || none.MissingForFree(100) != 0 || mustBill(t)(haat.BillOf([]haat.BillLine{{UnitPrice: 59000, Quantity: 1}}, haat.BillRules{}, haat.BillChoices{})).Total != 60180 {
		t.Error("without rules delivery should be free and the amount subtotal + tax")
	}
}

func TestDeliveryMinimum(t *testing.T) {
	r := valley()
	err := r.CheckMinimum(49999, haat.NPR)
	if haat.ErrorCode(err) != haat.EINVALID || haat.ErrorMessage(err) != "Minimum order is Rs. 500" {
		t.Errorf("CheckMinimum below: %v", err)
	}
	if err := r.CheckMinimum(50000, haat.NPR); err != nil {
		t.Errorf("CheckMinimum at the minimum: %v", err)
	}
	r.MinimumOrder = 550
	if msg := haat.ErrorMessage(r.CheckMinimum(1, haat.USD)); msg != "Minimum order is $5.50" {
		t.Errorf("USD message = %q", msg)
	}
	r.MinimumOrder = 150000
	if msg := haat.ErrorMessage(r.CheckMinimum(1, haat.NPR)); msg != "Minimum order is Rs. 1,500" {
		t.Errorf("NPR message = %q", msg)
	}
	var none *haat.DeliveryRules
	if err := none.CheckMinimum(1, haat.NPR); err != nil {
		t.Errorf("no rules: %v", err)
	}
}

func TestDeliveryArea(t *testing.T) {
	r := valley()
	for _, tc := range []struct {
		city, state string
		in          bool
	}{
		{"Kathmandu", "Bagmati", true},
		{"Patan", " lalitpur ", true},
		{"BHAKTAPUR", "", true},
		{"Pokhara", "Gandaki", false},
		{"Kathmandu Metropolitan City", "Bagmati", false},
	} {
		err := r.CheckArea(haat.Address{City: tc.city, State: tc.state})
		if (err == nil) != tc.in {
			t.Errorf("CheckArea(%q, %q) = %v, want inside %v", tc.city, tc.state, err, tc.in)
		}
		if err != nil && haat.ErrorMessage(err) != "We deliver only to Kathmandu, Lalitpur and Bhaktapur. Please choose an address there" {
			t.Errorf("message = %q", haat.ErrorMessage(err))
		}
	}
	// An address with a district is inside or outside by its district alone.
	if err := r.CheckArea(haat.Address{City: "Tokha", State: "Bagmati", District: "Kathmandu"}); err != nil {
		t.Errorf("a district in the area: %v", err)
	}
	if err := r.CheckArea(haat.Address{City: "Kathmandu", State: "Bagmati", District: "Nuwakot"}); err == nil {
		t.Error("a district outside the area was let in by its city")
	}
	var none *haat.DeliveryRules
	if err := none.CheckArea(haat.Address{City: "Pokhara"}); err != nil {
		t.Errorf("no rules: %v", err)
	}
}

func TestDeliveryRulesValidate(t *testing.T) {
	ok := &haat.DeliveryRules{Districts: []string{"lalitpur", "Kathmandu", "काठमाडौं", " Bhaktapur"}, Fee: 7500, FreeFrom: 100000}
	if err := ok.Validate(); err != nil {
		t.Fatal(err)
	}
	if want := []string{"Bhaktapur", "Kathmandu", "Lalitpur"}; !slices.Equal(ok.Districts, want) {
		t.Errorf("districts after Validate: %q, want %q", ok.Districts, want)
	}
	for name, r := range map[string]haat.DeliveryRules{
		"negative fee":       {Districts: []string{"Kathmandu"}, Fee: -1},
		"negative threshold": {Districts: []string{"Kathmandu"}, FreeFrom: -1},
		"negative minimum":   {Districts: []string{"Kathmandu"}, MinimumOrder: -1},
		"no district":        {},
		"unknown district":   {Districts: []string{"Kathmandu", "Springfield"}},
	} {
		if err := r.Validate(); haat.ErrorCode(err) != haat.EINVALID {
			t.Errorf("%s: err = %v, want invalid", name, err)
		}
	}
}
