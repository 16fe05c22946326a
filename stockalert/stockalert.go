// Package stockalert is shoppers' wishes to be told when a product out of stock is back on sale
// (Service, which the store answers); which products may be asked about is the product's
// (haat.Product.CheckAlert).
package stockalert

import (
	"context"

	"haat"
)

// Alert is a shopper's wish to be told when a product out of stock is back on sale.
type Alert struct {
	Product haat.Product `json:"product"`
	// Back says the product is on sale again: the storefront shows the shopper a notice until
	// they dismiss it.
	Back bool `json:"back"`
}

// Service keeps shoppers' stock alerts.
type Service interface {
	// WatchProduct records that the user wants to be told when the product is back, if
	// CheckAlert allows it; watch false forgets the wish (and dismisses the notice).
	WatchProduct(ctx context.Context, userID, productID string, watch bool) (*haat.Product, error)
	// UserAlerts returns the user's alerts, newest first, the products back on sale first.
	UserAlerts(ctx context.Context, userID string) ([]Alert, error)
}
