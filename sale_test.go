package haat_test

import (
	"strings"
	"testing"
	"time"

	"haat"
)

// dashain is a sale of 250 on a product priced 320 with an everyday offer of 295, from 06:00 on
// 2026-10-20 to 06:00 on 2026-10-25 in the store's time zone.
func dashainRice(t *testing.T) haat.Product {
	t.Helper()
	sale, err := haat.ParseSale("250", "2026-10-20T06:00", "2026-10-25T06:00")
	if err != nil {
		t.Fatal(err)
	}
	return haat.Product{Name: "Jumla Red Rice", Category: "Grains", Price: 32000, OfferPrice: 29500, Sale: sale,
		Image: []string{"/media/catalogue/jumla-rice.webp"}, Description: []string{"Hill-grown"}, StockOn: true}
}

func TestOfferPriceAt(t *testing.T) {
	p := dashainRice(t)
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	start := time.Date(2026, 10, 20, 6, 0, 0, 0, haat.StoreZone)
	end := time.Date(2026, 10, 25, 6, 0, 0, 0, haat.StoreZone)
	if !p.Sale.Start.Equal(start) || !p.Sale.End.Equal(end) {
		t.Fatalf("the sale runs %v to %v, want %v to %v (the store's time zone)", p.Sale.Start, p.Sale.End, start, end)
	}
	for _, c := range []struct {
		name string
		at   time.Time
		want haat.Money
		on   bool
		next time.Time
	}{
		{"a day before", start.Add(-24 * time.Hour), 29500, false, start},
		{"a millisecond before the start", start.Add(-time.Millisecond), 29500, false, start},
		{"at the start", start, 25000, true, end},
		{"during", start.Add(50 * time.Hour), 25000, true, end},
		{"a millisecond before the end", end.Add(-time.Millisecond), 25000, true, end},
		{"at the end", end, 29500, false, time.Time{}},
		{"after", end.Add(24 * time.Hour), 29500, false, time.Time{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := p.OfferPriceAt(c.at); got != c.want {
				t.Errorf("OfferPriceAt = %d, want %d", got, c.want)
			}
			priced := p.At(c.at)
			if priced.OfferPrice != c.want || priced.Sale.On != c.on || priced.EverydayOfferPrice() != 29500 ||
				priced.RegularOfferPrice == nil || *priced.RegularOfferPrice != 29500 {
				t.Errorf("At: offer %d, on %v, everyday %d; want %d, %v, 29500", priced.OfferPrice, priced.Sale.On, priced.EverydayOfferPrice(), c.want, c.on)
			}
			if priced.Saving() != 32000-c.want {
				t.Errorf("Saving = %d, want %d", priced.Saving(), 32000-c.want)
			}
			// Priced again later, a priced product follows the clock, not its first price.
			if again := priced.At(c.at.Add(-1000 * time.Hour)); again.OfferPrice != 29500 {
				t.Errorf("priced again before the sale: %d", again.OfferPrice)
			}
			if next := p.NextPriceChange(c.at); !next.Equal(c.next) {
				t.Errorf("NextPriceChange = %v, want %v", next, c.next)
			}
			if p.Sale.On {
				t.Error("At changed the product it was called on")
			}
		})
	}
	plain := haat.Product{Price: 100, OfferPrice: 90}
	if p := plain.At(start); p.OfferPrice != 90 || p.RegularOfferPrice != nil || !plain.NextPriceChange(start).IsZero() {
		t.Error("a product without a sale is priced at its offer price, as the seller set it, and never changes by itself")
	}
}

func TestSaleValidate(t *testing.T) {
	for _, c := range []struct {
		price, start, end string
		want              string
	}{
		{"320", "2026-10-20T06:00", "2026-10-25T06:00", "Sale price must be below the price"},
		{"400", "2026-10-20T06:00", "2026-10-25T06:00", "Sale price must be below the price"},
		{"-1", "2026-10-20T06:00", "2026-10-25T06:00", "Sale price cannot be negative"},
		{"250", "2026-10-25T06:00", "2026-10-20T06:00", "A sale must end after it starts"},
		{"250", "2026-10-20T06:00", "2026-10-20T06:00", "A sale must end after it starts"},
		{"250", "2026-10-20", "2026-10-25T06:00", "Sale start must be a date and time"},
		{"250", "", "2026-10-25T06:00", "A sale needs a start and an end"},
		{"", "2026-10-20T06:00", "2026-10-25T06:00", "Please enter the sale price"},
		{"abc", "2026-10-20T06:00", "2026-10-25T06:00", "Sale price must be a number"},
		{"0", "२०२६-१०-२०T०६:००", "2026-10-25T06:00", ""},
		{"319.99", "2026-10-20T06:00", "2026-10-20T06:01", ""},
	} {
		p := dashainRice(t)
		sale, err := haat.ParseSale(c.price, c.start, c.end)
		if err == nil {
			p.Sale = sale
			err = p.Validate()
		}
		if got := haat.ErrorMessage(err); (c.want == "" && err != nil) || !strings.HasPrefix(got, c.want) {
			t.Errorf("sale %s %s–%s: %v, want %q", c.price, c.start, c.end, err, c.want)
		}
	}
	if sale, err := haat.ParseSale(" ", "", ""); sale != nil || err != nil {
		t.Errorf("no sale: %v %v", sale, err)
	}
}

func TestEditKeepsTheEverydayPrice(t *testing.T) {
	p := dashainRice(t)
	during := p.Sale.Start.Add(time.Hour)
	priced := p.At(during)
	// An edit of a product read during its sale keeps the everyday offer price it does not change.
	name := "Jumla Rice"
	edited, _, err := priced.Edit(haat.ProductEdit{Name: &name}, 0)
	if err != nil || edited.OfferPrice != 29500 || edited.RegularOfferPrice != nil || edited.Sale == nil {
		t.Fatalf("renamed: %+v %v", edited, err)
	}
	offer := haat.Money(28000)
	edited, _, err = priced.Edit(haat.ProductEdit{OfferPrice: &offer, SetSale: true}, 0)
	if err != nil || edited.OfferPrice != 28000 || edited.Sale != nil || edited.At(during).OfferPrice != 28000 {
		t.Fatalf("sale ended: %+v %v", edited, err)
	}
	price := haat.Money(24000)
	if _, _, err := priced.Edit(haat.ProductEdit{Price: &price, OfferPrice: &price}, 0); err == nil ||
		haat.ErrorMessage(err) != "Sale price must be below the price" {
		t.Errorf("a price below the sale's: %v", err)
	}
}
