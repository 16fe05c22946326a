package haat

import (
	"slices"
	"strings"

	"haat/nepal"
)

// DeliveryRules are the store's delivery terms: the districts it delivers to, what delivery costs,
// the order value from which it is free, and the smallest order it takes. A store without rules
// (a nil *DeliveryRules) delivers anywhere for free and takes any order, as the spec's store does;
// every method answers for that case too.
type DeliveryRules struct {
	// Districts are the districts the store delivers to, by their English names.
	Districts []string `json:"districts"`
	// Fee is what delivery costs an order whose subtotal is below FreeFrom.
	Fee Money `json:"fee"`
	// FreeFrom is the subtotal at or above which delivery is free; 0: the fee always applies.
	FreeFrom Money `json:"freeFrom"`
	// MinimumOrder is the smallest subtotal the store takes; 0: any.
	MinimumOrder Money `json:"minimumOrder"`
}

// KathmanduValley is the delivery area a store starts with when it sets delivery rules: the three
// districts of the Kathmandu Valley.
var KathmanduValley = []string{"Kathmandu", "Lalitpur", "Bhaktapur"}

// DeliveryFee is what delivery costs an order with this subtotal: the fee, unless the subtotal
// reaches the free-delivery threshold; nothing without rules.
func (r *DeliveryRules) DeliveryFee(subtotal Money) Money {
	if r == nil || (r.FreeFrom > 0 && subtotal >= r.FreeFrom) {
		return 0
	}
	return r.Fee
}

// MissingForFree is how much more the subtotal needs for delivery to be free; 0 when it is free
// already, costs nothing anyway, or never becomes free.
func (r *DeliveryRules) MissingForFree(subtotal Money) Money {
	if r.DeliveryFee(subtotal) == 0 || r.FreeFrom == 0 {
		return 0
	}
	missing, err := r.FreeFrom.Sub(subtotal)
	if err != nil {
		return 0 // past what a Money holds: bounded prices never get here
	}
	return missing
}

// CheckMinimum refuses a subtotal below the minimum order, naming the minimum in the store
// currency ("Minimum order is Rs. 500").
func (r *DeliveryRules) CheckMinimum(subtotal Money, currency Currency) error {
	if r == nil || subtotal >= r.MinimumOrder {
		return nil
	}
	if currency == "" {
		currency = USD
	}
	return Errorf(EINVALID, "Minimum order is %s", Amount(currency, r.MinimumOrder))
}

// CheckArea refuses an address outside the delivery area, naming the area. An address with a
// district is inside when its district is one of the area's; an address without one (from the
// spec's form) is inside when its city or state names one of them, in any case.
func (r *DeliveryRules) CheckArea(a Address) error {
	if r == nil || r.Delivers(a) {
		return nil
	}
	return Errorf(EINVALID, "We deliver only to %s. Please choose an address there", districtList(r.Districts))
}

// Delivers reports whether the address is inside the delivery area (see CheckArea).
func (r *DeliveryRules) Delivers(a Address) bool {
	if r == nil {
		return true
	}
	places := []string{a.City, a.State}
	if a.District != "" {
		places = []string{a.District}
	}
	for _, d := range r.Districts {
		for _, place := range places {
			if strings.EqualFold(strings.TrimSpace(place), d) {
				return true
			}
		}
	}
	return false
}

// Validate checks the rules a seller sets and writes the districts by their English names, in the
// order of Districts: amounts from 0 to MaxPrice, at least one district, each one of Nepal's.
func (r *DeliveryRules) Validate() error {
	switch {
	case r.Fee < 0:
		return Errorf(EINVALID, "The delivery fee cannot be negative")
	case r.FreeFrom < 0:
		return Errorf(EINVALID, "The free delivery amount cannot be negative")
	case r.MinimumOrder < 0:
		return Errorf(EINVALID, "The minimum order cannot be negative")
	case r.Fee > MaxPrice || r.FreeFrom > MaxPrice || r.MinimumOrder > MaxPrice:
		return Errorf(EINVALID, "Delivery amounts must be at most %s", WholeNumber(MaxPrice/100))
	case len(r.Districts) == 0:
		return Errorf(EINVALID, "Choose at least one district to deliver to")
	}
	chosen := make([]int, 0, len(r.Districts))
	for _, name := range r.Districts {
		d := nepal.FindDistrict(name)
		if d == nil {
			return Errorf(EINVALID, "%q is not a district of Nepal", name)
		}
		if i := slices.IndexFunc(nepal.Districts, func(k nepal.District) bool { return k.Name == d.Name }); !slices.Contains(chosen, i) {
			chosen = append(chosen, i)
		}
	}
	slices.Sort(chosen)
	r.Districts = make([]string, len(chosen))
	for i, c := range chosen {
		r.Districts[i] = nepal.Districts[c].Name
	}
	return nil
}
