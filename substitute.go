package haat

// Substitute is what a shopper wants if an item of their order is not there when it is packed:
// SubstituteBest, SubstituteNone, or the id of a product they name.
type Substitute string

// The substitutes a shopper may choose without naming a product.
const (
	// SubstituteBest is a similar item at no higher price, chosen by the packer.
	SubstituteBest Substitute = "best"
	// SubstituteNone leaves the item out; what it cost is not charged, or is given back.
	SubstituteNone Substitute = "none"
)

// Named is the id of the product the shopper named as the substitute, or "" for none named.
func (s Substitute) Named() string {
	if s == "" || s == SubstituteBest || s == SubstituteNone {
		return ""
	}
	return string(s)
}

// MaxSubstitute is the longest substitute an order may name: a product's id.
const MaxSubstitute = 64

// validateSubstitute checks the substitute an order line asks for: none given, best, none, or a
// product other than the line's own.
func (l OrderLine) validateSubstitute() error {
	switch {
	case len(l.Substitute) > MaxSubstitute:
		return Errorf(EINVALID, "A substitute names a product by its id")
	case l.Substitute.Named() != "" && l.Substitute.Named() == l.ProductID:
		return Errorf(EINVALID, "A product cannot be its own substitute")
	}
	return nil
}

// validStoreSubstitute checks the substitute a store gives the items whose shopper chose none:
// best or none; empty is best.
func validStoreSubstitute(s *Substitute) error {
	switch *s {
	case "":
		*s = SubstituteBest
	case SubstituteBest, SubstituteNone:
	default:
		return Errorf(EINVALID, "The store's substitute is %q or %q", SubstituteBest, SubstituteNone)
	}
	return nil
}
