package haat

import (
	"strconv"
	"strings"
)

// SoldBy says how a product is sold: by the unit (empty, like every product of the spec) or by
// weight.
type SoldBy string

// SoldByWeight is a product sold by weight: its prices are per kilogram, and a shopper buys it
// in steps of Product.Step grams (a cart's quantity of 3 at a step of 250 g is 750 g).
const SoldByWeight SoldBy = "weight"

// SoldByUnit is how a seller may name the default, selling by the unit; a product keeps it empty.
const SoldByUnit SoldBy = "unit"

// The least and the most a step of a product sold by weight may weigh, in grams.
const (
	MinStep = 10
	MaxStep = 5000
)

// ParseSoldBy reads how a product is sold as a seller names it: "weight", or "unit" or nothing for
// the unit.
func ParseSoldBy(s string) (SoldBy, error) {
	switch SoldBy(strings.ToLower(strings.TrimSpace(s))) {
	case "", SoldByUnit:
		return "", nil
	case SoldByWeight:
		return SoldByWeight, nil
	}
	return "", errSoldBy()
}

func errSoldBy() error { return Errorf(EINVALID, `Sold by must be "unit" or "weight"`) }

// ParseStep reads a step as a seller types it, in grams ("250"); empty is no step.
func ParseStep(s string) (int, error) {
	s = ASCIIDigits(strings.TrimSpace(s))
	if s == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, errStep()
	}
	return n, nil
}

func errStep() error {
	return Errorf(EINVALID, "Step must be a whole number of grams from %d to %d", MinStep, MaxStep)
}

// ByWeight reports whether the product is sold by weight.
func (p *Product) ByWeight() bool { return p.SoldBy == SoldByWeight }

// validateSoldBy checks how the product is sold: a product sold by weight has a step from MinStep
// to MaxStep grams, and a product sold by the unit has none.
func (p *Product) validateSoldBy() error {
	switch {
	case p.SoldBy == SoldByUnit:
		p.SoldBy = ""
	case p.SoldBy != "" && p.SoldBy != SoldByWeight:
		return errSoldBy()
	}
	switch {
	case p.ByWeight() && p.Step == 0:
		return Errorf(EINVALID, "A product sold by weight needs a step in grams")
	case p.ByWeight() && (p.Step < MinStep || p.Step > MaxStep):
		return errStep()
	case !p.ByWeight() && p.Step != 0:
		return Errorf(EINVALID, "Only a product sold by weight has a step")
	}
	return nil
}

// Grams is how much quantity steps of goods sold by weight weigh, step grams each.
func Grams(quantity, step int) int { return quantity * step }

// FormatGrams writes a weight as the shop shows it: "750 g" below a kilogram, "1 kg", "1.25 kg" from it.
func FormatGrams(grams int) string {
	if grams < 1000 {
		return strconv.Itoa(grams) + " g"
	}
	kg := strconv.FormatFloat(float64(grams)/1000, 'f', 3, 64)
	kg = strings.TrimRight(strings.TrimRight(kg, "0"), ".")
	return kg + " kg"
}
