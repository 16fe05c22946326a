package haat_test

import (
	"testing"

	"haat"
)

// TestPriceOrder: the rules an order must meet, each refused with its message, in order.
func TestPriceOrder(t *testing.T) {
	home := haat.Address{ID: "a1", UserID: "u1", City: "Kathmandu", State: "Bagmati"}
	away := haat.Address{ID: "a2", UserID: "u1", City: "Pokhara", State: "Gandaki"}
	three := 3
	facts := func() haat.OrderFacts {
		return haat.OrderFacts{
			Addresses: []haat.Address{home, away},
			Products: map[string]haat.Product{
				"rice": {ID: "rice", Name: "Rice", OfferPrice: 30000, StockOn: true, VATExempt: true},
				"ghee": {ID: "ghee", Name: "Ghee", OfferPrice: 11300, StockOn: true, Stock: &three},
				"old":  {ID: "old", Name: "Old Tea", OfferPrice: 100, StockOn: true, Archived: true},
				"none": {ID: "none", Name: "Dal", OfferPrice: 100, StockOn: false},
			},
			Settings: &haat.StoreSettings{TaxRule: haat.TaxNepalVAT, Delivery: &haat.DeliveryRules{Districts: haat.KathmanduValley, Fee: 7500, FreeFrom: 100000, MinimumOrder: 50000}},
		}
	}
	order := func(address string, lines ...haat.OrderLine) haat.NewOrder {
		return haat.NewOrder{UserID: "u1", AddressID: address, PaymentType: haat.PaymentCOD, Currency: haat.NPR, Lines: lines}
	}
	line := func(id string, q int) haat.OrderLine { return haat.OrderLine{ProductID: id, Quantity: q} }
	for _, tc := range []struct {
		name, code, msg string
		o               haat.NewOrder
	}{
		{"another shopper's address", haat.ENOTFOUND, "Address not found", haat.NewOrder{UserID: "u2", AddressID: "a1", Lines: []haat.OrderLine{line("rice", 2)}}},
		{"unknown product", haat.ENOTFOUND, "Product not found", order("a1", line("nope", 1))},
		{"archived", haat.EINVALID, "Old Tea is no longer sold", order("a1", line("old", 1))},
		{"out of stock", haat.EINVALID, "Dal is out of stock", order("a1", line("none", 1))},
		{"fewer left", haat.ECONFLICT, "Only 3 left of Ghee", order("a1", line("ghee", 4))},
		{"below the minimum", haat.EINVALID, "Minimum order is Rs. 500", order("a1", line("ghee", 1))},
		{"outside the area", haat.EINVALID, "We deliver only to Kathmandu, Lalitpur and Bhaktapur. Please choose an address there", order("a2", line("rice", 2))},
	} {
		if _, err := haat.PriceOrder(tc.o, facts()); haat.ErrorCode(err) != tc.code || haat.ErrorMessage(err) != tc.msg {
			t.Errorf("%s: %v, want %s %q", tc.name, err, tc.code, tc.msg)
		}
	}

	o, err := haat.PriceOrder(order("a1", line("rice", 2), line("ghee", 1)), facts())
	if err != nil {
		t.Fatal(err)
	}
	// 600 of exempt rice and 113 of ghee: Rs. 75 delivery, VAT 13/113 of 188.
	if o.Status != haat.StatusOrderPlaced || o.Address.ID != "a1" || o.Amount != 78800 || o.Bill.Tax != haat.VATIncluded(18800) || o.Slot != nil {
		t.Fatalf("priced = %+v", o)
	}

	// While the store offers slots, the order names an open one.
	f := facts()
	f.Slots = []haat.Slot{{ID: "2026-11-26/w1", Day: "2026-11-26", Start: 600, End: 720, State: haat.SlotOpen, Remaining: 1},
		{ID: "2026-11-26/w2", Day: "2026-11-26", Start: 720, End: 840, State: haat.SlotFull}}
	rice := order("a1", line("rice", 2))
	if _, err := haat.PriceOrder(rice, f); haat.ErrorMessage(err) != "Please choose a delivery slot" {
		t.Errorf("no slot: %v", err)
	}
	rice.SlotID = "2026-11-26/w2"
	if _, err := haat.PriceOrder(rice, f); err != haat.ErrSlotFull {
		t.Errorf("full slot: %v", err)
	}
	rice.SlotID = "2026-11-26/w1"
	if o, err := haat.PriceOrder(rice, f); err != nil || o.Slot == nil || o.Slot.Day != "2026-11-26" || o.Slot.Start != 600 {
		t.Errorf("open slot: %+v, %v", o, err)
	}
}
