package haat

import (
	"context"
	"time"
)

// Payment types of an order.
const (
	PaymentCOD    = "COD"
	PaymentOnline = "Online"
)

// Order statuses.
const (
	StatusOrderPlaced = "Order Placed"
)

// OrderLine is one line of an order request: a product and a quantity.
type OrderLine struct {
	ProductID string
	Quantity  int
}

// NewOrder is what a shopper asks for; prices and amount are decided by the store.
type NewOrder struct {
	UserID      string
	AddressID   string
	PaymentType string
	Lines       []OrderLine
}

// OrderProduct is the product of an order item as shown in order lists; OfferPrice is the unit price paid.
type OrderProduct struct {
	ID         string   `json:"_id"`
	Name       string   `json:"name"`
	Category   string   `json:"category"`
	OfferPrice Money    `json:"offerPrice"`
	Image      []string `json:"image"`
}

// OrderItem is a line of a placed order.
type OrderItem struct {
	Product  OrderProduct `json:"product"`
	Quantity int          `json:"quantity"`
}

// Order is a placed order with its items and address populated.
type Order struct {
	ID          string      `json:"_id"`
	UserID      string      `json:"-"`
	Items       []OrderItem `json:"items"`
	Address     Address     `json:"address"`
	Amount      Money       `json:"amount"`
	PaymentType string      `json:"paymentType"`
	Status      string      `json:"status"`
	IsPaid      bool        `json:"isPaid"`
	CreatedAt   time.Time   `json:"createdAt"`
}

// Validate checks the shape of an order request before the store checks products and address.
func (o *NewOrder) Validate() error {
	if o.AddressID == "" {
		return Errorf(EINVALID, "Please Select An Address")
	}
	if o.PaymentType != PaymentCOD && o.PaymentType != PaymentOnline {
		return Errorf(EINVALID, "Invalid payment method selected")
	}
	if len(o.Lines) == 0 {
		return Errorf(EINVALID, "Your cart is empty")
	}
	if len(o.Lines) > 500 {
		return Errorf(EINVALID, "Too many items in one order")
	}
	seen := make(map[string]bool, len(o.Lines))
	for _, l := range o.Lines {
		if l.ProductID == "" {
			return Errorf(EINVALID, "Every item needs a product")
		}
		if seen[l.ProductID] {
			return Errorf(EINVALID, "A product appears twice in the order")
		}
		seen[l.ProductID] = true
		if err := ValidateQuantity(l.Quantity); err != nil {
			return err
		}
	}
	return nil
}

// OrderService places and lists orders.
type OrderService interface {
	// PlaceOrder prices the order from the store's own prices, stores it and returns it.
	// A cash order also empties the user's cart.
	PlaceOrder(ctx context.Context, o NewOrder) (*Order, error)
	// UserOrders returns a user's orders, newest first.
	UserOrders(ctx context.Context, userID string) ([]Order, error)
	// SellerOrders returns cash orders and paid online orders, newest first.
	SellerOrders(ctx context.Context) ([]Order, error)
}
