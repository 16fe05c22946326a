package haat

import (
	"strings"
	"time"
)

// Sale is a price the seller schedules for a product: a festival price that starts and ends by
// itself. It is on from Start (included) to End (excluded); outside it the product sells at its
// everyday offer price. Nothing changes a row when a sale starts or ends: the price is worked out
// from the clock each time the product is read (Product.At), so every server agrees at once.
type Sale struct {
	// Price is what a shopper pays while the sale is on: from 0 to below the product's price (MRP).
	Price Money `json:"price"`
	// Start and End bound the sale; the seller gives them as date and time in StoreZone.
	Start time.Time `json:"start"`
	End   time.Time `json:"end"`
	// On says the sale was on at the time the product was read (Product.At); never stored.
	On bool `json:"on"`
}

// OnAt reports whether the sale is on at now: from its start, until just before its end.
func (s *Sale) OnAt(now time.Time) bool {
	return s != nil && !now.Before(s.Start) && now.Before(s.End)
}

// SaleTimeLayout is how a seller writes a sale's start and end: a date and a time of the store's
// day (StoreZone), as an HTML datetime-local field sends them ("2026-10-20T06:00").
const SaleTimeLayout = "2006-01-02T15:04"

// ParseSaleTime reads a sale's start or end (named label) as a seller writes it (SaleTimeLayout,
// in StoreZone, digits Latin or Devanagari); a time with its own offset (RFC 3339) is read as it
// says.
func ParseSaleTime(label, s string) (time.Time, error) {
	s = ASCIIDigits(strings.TrimSpace(s))
	if t, err := time.ParseInLocation(SaleTimeLayout, s, StoreZone); err == nil {
		return t, nil
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, nil
	}
	return time.Time{}, Errorf(EINVALID, "%s must be a date and time written YYYY-MM-DDTHH:MM, like 2026-10-20T06:00", label)
}

// ParseSale reads a sale as a seller's form sends it: a price (an amount) with its start and end
// (ParseSaleTime). All three empty is no sale (nil); one without the others is refused.
func ParseSale(price, start, end string) (*Sale, error) {
	price, start, end = strings.TrimSpace(price), strings.TrimSpace(start), strings.TrimSpace(end)
	switch {
	case price == "" && start == "" && end == "":
		return nil, nil
	case price == "":
		return nil, Errorf(EINVALID, "Please enter the sale price")
	case start == "" || end == "":
		return nil, Errorf(EINVALID, "A sale needs a start and an end")
	}
	var s Sale
	var err error
	if s.Price, err = ParseAmount(price, "Sale price"); err != nil {
		return nil, err
	}
	if s.Start, err = ParseSaleTime("Sale start", start); err != nil {
		return nil, err
	}
	if s.End, err = ParseSaleTime("Sale end", end); err != nil {
		return nil, err
	}
	return &s, nil
}

// validate checks the sale of a product priced at price (MRP): a price from 0 to below it, and an
// end after the start. The times are kept to the minute, as the seller gives them.
func (s *Sale) validate(price Money) error {
	switch {
	case s.Start.IsZero() || s.End.IsZero():
		return Errorf(EINVALID, "A sale needs a start and an end")
	case s.Price < 0:
		return Errorf(EINVALID, "Sale price cannot be negative")
	case s.Price >= price:
		return Errorf(EINVALID, "Sale price must be below the price")
	case !s.End.After(s.Start):
		return Errorf(EINVALID, "A sale must end after it starts")
	}
	s.Start, s.End = s.Start.UTC().Truncate(time.Minute), s.End.UTC().Truncate(time.Minute)
	return nil
}

// EverydayOfferPrice is the offer price the product sells at outside its sale: the one the seller
// sets as offerPrice and the store keeps. It is OfferPrice, unless the product was priced (At)
// while its sale was on.
func (p *Product) EverydayOfferPrice() Money {
	if p.Sale != nil && p.Sale.On && p.RegularOfferPrice != nil {
		return *p.RegularOfferPrice
	}
	return p.OfferPrice
}

// OfferPriceAt is what a shopper pays for the product at now: the sale's price while its sale is
// on, the everyday offer price otherwise. It is the one rule of a product's price in time.
func (p *Product) OfferPriceAt(now time.Time) Money {
	if p.Sale.OnAt(now) {
		return p.Sale.Price
	}
	return p.EverydayOfferPrice()
}

// At is the product as the store sells it at now: OfferPrice is what a shopper pays then
// (OfferPriceAt), and, for a product with a sale, RegularOfferPrice the everyday offer price and
// Sale.On whether the sale is on. A product without a sale is as the seller set it, so the list
// every visitor loads carries nothing more for it. Every product the store reads is priced so, at
// the time of the read.
func (p Product) At(now time.Time) Product {
	p = p.Unpriced()
	if p.Sale != nil {
		everyday := p.OfferPrice
		sale := *p.Sale
		sale.On = sale.OnAt(now)
		p.OfferPrice, p.RegularOfferPrice, p.Sale = p.OfferPriceAt(now), &everyday, &sale
	}
	return p
}

// Unpriced is the product as the seller sets it and the store keeps it: OfferPrice is the
// everyday offer price, whatever sale is on.
func (p Product) Unpriced() Product {
	p.OfferPrice, p.RegularOfferPrice = p.EverydayOfferPrice(), nil
	if p.Sale != nil {
		sale := *p.Sale
		sale.On = false
		p.Sale = &sale
	}
	return p
}

// NextPriceChange is the first time after now at which the product's price changes by itself (its
// sale starts or ends), or the zero time when it never will.
func (p *Product) NextPriceChange(now time.Time) time.Time {
	switch s := p.Sale; {
	case s == nil:
		return time.Time{}
	case now.Before(s.Start):
		return s.Start
	case now.Before(s.End):
		return s.End
	}
	return time.Time{}
}

// Saving is how much a shopper saves on the product as priced (At): its price (MRP) less what it
// costs them; 0 past what a Money holds, which prices bounded by MaxPrice never reach.
func (p *Product) Saving() Money {
	s, err := p.Price.Sub(p.OfferPrice)
	if err != nil {
		return 0
	}
	return s
}
