package haat

import "fmt"

// MaxQuantity is the most of one product a cart or order may hold.
const MaxQuantity = 100

// MaxCartLines is the most products one cart or order may hold.
const MaxCartLines = 500

// Cart maps product id to a positive quantity.
type Cart map[string]int

// Validate checks the quantities of a cart; product ids are checked by the store.
func (c Cart) Validate() error {
	if len(c) > MaxCartLines {
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

// CartConflict is the answer to a cart update that named a version other than the stored one:
// another tab or device changed the cart in between. It carries the stored cart and its version
// so that the client can merge its own change into them and try again; nothing was changed.
type CartConflict struct {
	Cart    Cart
	Version int64
}

func (e *CartConflict) Error() string {
	return fmt.Sprintf("haat: cart conflict: stored version %d", e.Version)
}

// Unwrap makes a conflict an ECONFLICT error with a message fit to show.
func (e *CartConflict) Unwrap() error {
	return Errorf(ECONFLICT, "Your cart was changed in another window or on another device")
}
