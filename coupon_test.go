package haat_test

import (
	"testing"
	"time"

	"haat"
	"haat/bikramsambat"
	"haat/checkout"
)

// TestCouponDiscount: the discount of every kind of coupon, its refusals and how it adds up on the
// bill, from one table of cases worked out by hand.
func TestCouponDiscount(t *testing.T) {
	ad, err := bikramsambat.Date{Year: 2083, Month: 6, Day: 15}.AD()
	if err != nil {
		t.Fatal(err)
	}
	// The start of 15 Asoj in Nepal.
	asoj15 := time.Date(ad.Year(), ad.Month(), ad.Day(), 0, 0, 0, 0, bikramsambat.NepalTime)
	now := asoj15.Add(10 * 24 * time.Hour)
	home := haat.Address{ID: "a1", UserID: "u1", City: "Kathmandu"}
	products := map[string]haat.Product{
		"butter": {ID: "butter", Name: "Butter", Category: "Dairy", OfferPrice: 11300, StockOn: true},
		"rice":   {ID: "rice", Name: "Rice", Category: "Grains", OfferPrice: 50000, StockOn: true, VATExempt: true},
		"tomato": {ID: "tomato", Name: "Tomato", Category: "Vegetables", OfferPrice: 18000, StockOn: true, VATExempt: true, SoldBy: haat.SoldByWeight, Step: 250},
		"bread":  {ID: "bread", Name: "Bread", Category: "Bakery", OfferPrice: 3333, StockOn: true},
	}
	valley := &haat.DeliveryRules{Districts: haat.KathmanduValley, Fee: 7500, FreeFrom: 100000}
	vat := &haat.StoreSettings{TaxRule: haat.TaxNepalVAT, Delivery: valley}
	flat := &haat.StoreSettings{TaxRule: haat.TaxFlat, Delivery: valley}
	line := func(id string, q int) haat.OrderLine { return haat.OrderLine{ProductID: id, Quantity: q} }
	coupon := func(kind haat.CouponKind, value haat.Money, edit ...func(*haat.Coupon)) *haat.Coupon {
		c := &haat.Coupon{ID: "c1", Code: "DASHAIN10", Kind: kind, Value: value, Active: true}
		for _, e := range edit {
			e(c)
		}
		return c
	}
	type want struct {
		discount, tax, total, toPay haat.Money
		refusal                     string
	}
	for _, tc := range []struct {
		name     string
		settings *haat.StoreSettings
		lines    []haat.OrderLine
		coupon   *haat.Coupon
		facts    func(*haat.CouponFacts)
		credit   haat.Money
		want     want
	}{
		{name: "10% under VAT: the discount before VAT", settings: vat, lines: []haat.OrderLine{line("butter", 2), line("rice", 1)},
			coupon: coupon(haat.CouponPercent, 1000),
			// 22600 − 2260 taxable, VAT 13/113 of 20340 plus 7500 delivery; 50000 − 5000 exempt.
			want: want{discount: 7260, tax: haat.VATIncluded(20340 + 7500), total: 65340 + 7500, toPay: 72840}},
		{name: "10% under the flat rule: tax on the discounted goods", settings: flat, lines: []haat.OrderLine{line("butter", 2), line("rice", 1)},
			coupon: coupon(haat.CouponPercent, 1000),
			want:   want{discount: 7260, tax: 1307, total: 65340 + 1307 + 7500, toPay: 74147}},
		{name: "12.5% rounded half up", settings: flat, lines: []haat.OrderLine{line("bread", 1)},
			coupon: coupon(haat.CouponPercent, 1250),
			// 12.5% of 33.33 is 4.16625: 4.17 off, 29.16 taxed 0.58.
			want: want{discount: 417, tax: 58, total: 2916 + 58 + 7500, toPay: 10474}},
		{name: "an amount off, shared between taxable and exempt lines", settings: vat, lines: []haat.OrderLine{line("butter", 2), line("rice", 1)},
			coupon: coupon(haat.CouponAmount, 10000),
			// 100 off 726: 31.13 of the butter (rounded half up), 68.87 of the rice.
			want: want{discount: 10000, tax: haat.VATIncluded(22600 - 3113 + 7500), total: 62600 + 7500, toPay: 70100}},
		{name: "an amount off at most the goods", settings: flat, lines: []haat.OrderLine{line("bread", 1)},
			coupon: coupon(haat.CouponAmount, 50000),
			want:   want{discount: 3333, tax: 0, total: 7500, toPay: 7500}},
		{name: "free delivery under VAT: the delivery's VAT goes", settings: vat, lines: []haat.OrderLine{line("butter", 1)},
			coupon: coupon(haat.CouponFreeDelivery, 0),
			want:   want{discount: 7500, tax: haat.VATIncluded(11300), total: 11300, toPay: 11300}},
		{name: "free delivery when delivery is free already takes nothing", settings: vat, lines: []haat.OrderLine{line("rice", 2)},
			coupon: coupon(haat.CouponFreeDelivery, 0),
			want:   want{discount: 0, tax: 0, total: 100000, toPay: 100000}},
		{name: "limited to a category: only its lines", settings: vat, lines: []haat.OrderLine{line("butter", 2), line("rice", 1)},
			coupon: coupon(haat.CouponPercent, 1000, func(c *haat.Coupon) { c.Categories = []haat.Category{"Grains"} }),
			want:   want{discount: 5000, tax: haat.VATIncluded(22600 + 7500), total: 67600 + 7500, toPay: 75100}},
		{name: "limited to a product, by weight", settings: flat, lines: []haat.OrderLine{line("tomato", 3), line("bread", 1)},
			coupon: coupon(haat.CouponPercent, 1000, func(c *haat.Coupon) { c.Products = []string{"tomato"} }),
			// 750 g at 180 a kg is 135: 13.50 off.
			want: want{discount: 1350, tax: haat.Tax(13500 - 1350 + 3333), total: 13500 - 1350 + 3333 + haat.Tax(15483) + 7500, toPay: 23293}},
		{name: "with store credit paying part of what is left", settings: vat, lines: []haat.OrderLine{line("butter", 2), line("rice", 1)},
			coupon: coupon(haat.CouponPercent, 1000), credit: 20000,
			want: want{discount: 7260, tax: haat.VATIncluded(27840), total: 72840, toPay: 52840}},
		{name: "minimum reached by the goods it applies to", settings: vat, lines: []haat.OrderLine{line("rice", 1)},
			coupon: coupon(haat.CouponAmount, 5000, func(c *haat.Coupon) { c.MinimumOrder = 50000 }),
			want:   want{discount: 5000, tax: haat.VATIncluded(7500), total: 45000 + 7500, toPay: 52500}},
		{name: "below the minimum", settings: vat, lines: []haat.OrderLine{line("butter", 2), line("rice", 1)},
			coupon: coupon(haat.CouponAmount, 5000, func(c *haat.Coupon) { c.MinimumOrder = 74600 }),
			want:   want{refusal: "Add Rs. 20 more to use this code"}},
		{name: "a scope's minimum counts its goods only", settings: vat, lines: []haat.OrderLine{line("butter", 2), line("rice", 1)},
			coupon: coupon(haat.CouponAmount, 5000, func(c *haat.Coupon) { c.MinimumOrder = 30000; c.Categories = []haat.Category{"Dairy"} }),
			want:   want{refusal: "Add Rs. 74 more to use this code"}},
		{name: "not yet started", settings: vat, lines: []haat.OrderLine{line("rice", 1)},
			coupon: coupon(haat.CouponPercent, 1000, func(c *haat.Coupon) { c.StartsAt = new(now.Add(48 * time.Hour)) }),
			want:   want{refusal: "This code starts on 27 Asoj"}},
		{name: "started on 15 Asoj, ended at the end of 20 Asoj", settings: vat, lines: []haat.OrderLine{line("rice", 1)},
			coupon: coupon(haat.CouponPercent, 1000, func(c *haat.Coupon) { c.StartsAt = new(asoj15); c.EndsAt = new(asoj15.Add(6 * 24 * time.Hour)) }),
			want:   want{refusal: "This code ended on 20 Asoj"}},
		{name: "switched off", settings: vat, lines: []haat.OrderLine{line("rice", 1)},
			coupon: coupon(haat.CouponPercent, 1000, func(c *haat.Coupon) { c.Active = false }),
			want:   want{refusal: "This code is not valid"}},
		{name: "no such code", settings: vat, lines: []haat.OrderLine{line("rice", 1)},
			want: want{refusal: "This code is not valid"}},
		{name: "run out", settings: vat, lines: []haat.OrderLine{line("rice", 1)},
			coupon: coupon(haat.CouponPercent, 1000, func(c *haat.Coupon) { c.TotalUses, c.Used = 10, 10 }),
			want:   want{refusal: "This code has run out"}},
		{name: "used up by the shopper", settings: vat, lines: []haat.OrderLine{line("rice", 1)},
			coupon: coupon(haat.CouponPercent, 1000, func(c *haat.Coupon) { c.UsesPerShopper = 1 }),
			facts:  func(f *haat.CouponFacts) { f.ShopperUses = 1 },
			want:   want{refusal: "You have already used this code"}},
		{name: "an order paid again holds its use", settings: vat, lines: []haat.OrderLine{line("rice", 1)},
			coupon: coupon(haat.CouponAmount, 5000, func(c *haat.Coupon) { c.UsesPerShopper, c.TotalUses, c.Used = 1, 1, 1 }),
			facts:  func(f *haat.CouponFacts) { f.ShopperUses, f.Held = 1, true },
			want:   want{discount: 5000, tax: haat.VATIncluded(7500), total: 52500, toPay: 52500}},
		{name: "first order only", settings: vat, lines: []haat.OrderLine{line("rice", 1)},
			coupon: coupon(haat.CouponPercent, 1000, func(c *haat.Coupon) { c.FirstOrderOnly = true }),
			facts:  func(f *haat.CouponFacts) { f.EarlierOrders = 2 },
			want:   want{refusal: "This code is for a first order only"}},
		{name: "not for these items", settings: vat, lines: []haat.OrderLine{line("rice", 1)},
			coupon: coupon(haat.CouponPercent, 1000, func(c *haat.Coupon) { c.Products = []string{"butter"} }),
			want:   want{refusal: "This code is not for these items"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cf := haat.CouponFacts{Code: "DASHAIN10", Coupon: tc.coupon, Shopper: true, Now: now}
			if tc.facts != nil {
				tc.facts(&cf)
			}
			f := haat.OrderFacts{Addresses: []haat.Address{home}, Products: products, Settings: tc.settings, Coupon: &cf, Credit: tc.credit}
			o, err := haat.PriceOrder(haat.NewOrder{UserID: "u1", AddressID: "a1", PaymentType: haat.PaymentCOD, Currency: haat.NPR,
				Lines: tc.lines, Coupon: "DASHAIN10", UseCredit: tc.credit > 0}, f)
			if tc.want.refusal != "" {
				if haat.ErrorMessage(err) != tc.want.refusal {
					t.Fatalf("refused with %v, want %q", err, tc.want.refusal)
				}
				// The quote prices the cart without it and says why.
				q, err := checkout.QuoteOf("u1", checkout.QuoteRequest{Lines: tc.lines, Coupon: "DASHAIN10", Currency: haat.NPR}, f)
				if err != nil || haat.ErrorMessage(q.CouponRefusal) != tc.want.refusal || q.Discount != 0 || q.Coupon != nil {
					t.Fatalf("quote = %+v, %v", q, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got := want{discount: o.Bill.Discount, tax: o.Bill.Tax, total: o.Amount, toPay: o.ToPay}
			if got != tc.want || o.Coupon == nil || o.Coupon.Code != "DASHAIN10" {
				t.Fatalf("got %+v (coupon %+v), want %+v", got, o.Coupon, tc.want)
			}
			// The discount is the coupon's adjustments, and the quote gives the same figures.
			if haat.DiscountOf(o.Bill.Adjustments) != o.Bill.Discount {
				t.Fatalf("adjustments %+v do not add up to %s", o.Bill.Adjustments, o.Bill.Discount)
			}
			q, err := checkout.QuoteOf("u1", checkout.QuoteRequest{Lines: tc.lines, Coupon: "DASHAIN10", Currency: haat.NPR, UseCredit: tc.credit > 0}, f)
			if err != nil || q.Discount != o.Bill.Discount || q.Total != o.Amount || q.ToPay != o.ToPay || q.CouponRefusal != nil {
				t.Fatalf("quote = %+v, %v", q, err)
			}
		})
	}
}

// tenPercentOrder is a cash order under VAT of two butters (113 each) and a bag of VAT-exempt rice
// (500), with 10% off: 72.60.
func tenPercentOrder() (*haat.Order, error) {
	products := map[string]haat.Product{
		"butter": {ID: "butter", Name: "Butter", Category: "Dairy", OfferPrice: 11300, StockOn: true},
		"rice":   {ID: "rice", Name: "Rice", Category: "Grains", OfferPrice: 50000, StockOn: true, VATExempt: true},
	}
	cf := haat.CouponFacts{Code: "TEN", Coupon: &haat.Coupon{ID: "c", Code: "TEN", Kind: haat.CouponPercent, Value: 1000, Active: true}, Shopper: true, Now: time.Now()}
	f := haat.OrderFacts{Addresses: []haat.Address{{ID: "a1", UserID: "u1"}}, Products: products, Settings: &haat.StoreSettings{TaxRule: haat.TaxNepalVAT}, Coupon: &cf}
	return haat.PriceOrder(haat.NewOrder{UserID: "u1", AddressID: "a1", PaymentType: haat.PaymentCOD, Currency: haat.NPR, Coupon: "TEN",
		Lines: []haat.OrderLine{{ProductID: "butter", Quantity: 2}, {ProductID: "rice", Quantity: 1}}}, f)
}

// TestCouponSettledAtPacking: a coupon's discount is worked out again on what was packed, so that a
// short line never keeps the discount of the units that were not sent.
func TestCouponSettledAtPacking(t *testing.T) {
	o, err := tenPercentOrder()
	if err != nil || o.Bill.Discount != 7260 {
		t.Fatalf("priced %+v, %v", o, err)
	}
	none := 0
	_, bill, err := o.Pack([]haat.PackLine{{Product: "rice", Quantity: &none}}, nil, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	// Only the butter was sent: 10% of 226.
	if bill.Discount != 2260 || bill.Total != 20340 || bill.Exempt != 0 || bill.Tax != haat.VATIncluded(20340) {
		t.Fatalf("settled %+v", bill)
	}
}

// TestCouponRefundOfALine: a line of a discounted order is refunded at what was paid for it, its
// price less its share of the discount, and the credit note's VAT follows.
func TestCouponRefundOfALine(t *testing.T) {
	o, err := tenPercentOrder()
	if err != nil {
		t.Fatal(err)
	}
	o.Status, o.IsPaid = haat.StatusDelivered, true
	r, before, after, err := o.RefundPart(haat.PartRefund{Lines: []haat.RefundLine{{Product: "butter", Quantity: 1}}, Reason: "Melted", Way: haat.RefundToCredit}, 7, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	// One of two butters: half of 226 less its 22.60 share.
	if r.Amount != 10170 || before.Total-after.Total != 10170 || before.Tax-after.Tax != haat.VATIncluded(20340)-haat.VATIncluded(10170) {
		t.Fatalf("refund %+v; before %+v after %+v", r, before, after)
	}
}

// TestCouponValidate: what the owner may save.
func TestCouponValidate(t *testing.T) {
	start := time.Date(2026, 10, 1, 0, 0, 0, 0, bikramsambat.NepalTime)
	for _, tc := range []struct {
		c   haat.Coupon
		msg string
	}{
		{haat.Coupon{Code: "ab", Kind: haat.CouponPercent, Value: 1000}, "A code is 3 to 20 letters, digits or dashes"},
		{haat.Coupon{Code: "dashain 10", Kind: haat.CouponPercent, Value: 1000}, "A code is 3 to 20 letters, digits or dashes"},
		{haat.Coupon{Code: "TEN", Kind: "gift", Value: 1000}, "A coupon gives a percentage off, an amount off or free delivery"},
		{haat.Coupon{Code: "TEN", Kind: haat.CouponPercent, Value: 10001}, "A percentage off is more than 0 and at most 100"},
		{haat.Coupon{Code: "TEN", Kind: haat.CouponAmount}, "An amount off is more than 0 and at most 10,000,000"},
		{haat.Coupon{Code: "TEN", Kind: haat.CouponAmount, Value: 100, StartsAt: &start, EndsAt: &start}, "A coupon ends after it starts"},
		{haat.Coupon{Code: "TEN", Kind: haat.CouponAmount, Value: 100, TotalUses: -1}, "Limits of uses are 0 (none) or more"},
		{haat.Coupon{Code: "TEN", Kind: haat.CouponAmount, Value: 100, Categories: []haat.Category{"Toys"}}, "Unknown category Toys"},
	} {
		if err := tc.c.Validate(); haat.ErrorMessage(err) != tc.msg {
			t.Errorf("%+v: %v, want %q", tc.c, err, tc.msg)
		}
	}
	c := haat.Coupon{Code: " dashain१० ", Kind: haat.CouponFreeDelivery, Value: 500, FirstOrderOnly: true}
	if err := c.Validate(); err != nil || c.Code != "DASHAIN10" || c.Value != 0 || c.UsesPerShopper != 1 {
		t.Fatalf("%+v, %v", c, err)
	}
}
