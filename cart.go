package haat

// MaxQuantity is the most of one product a cart or order may hold.
const MaxQuantity = 100

// Cart maps product id to a positive quantity.
type Cart map[string]int

// Validate checks the quantities of a cart; product ids are checked by the store.
func (c Cart) Validate() error {
	if len(c) > 500 {
		return Errorf(EINVALID, "Too many items in the cart")
	}
	for _, q := range c {
		if err := ValidateQuantity(q); err != nil {
			return err
		}
	}
	return nil
}

// ValidateQuantity checks one line's quantity.
func ValidateQuantity(q int) error {
	if q < 1 || q > MaxQuantity {
		return Errorf(EINVALID, "Quantity must be a whole number from 1 to %d", MaxQuantity)
	}
	return nil
}
