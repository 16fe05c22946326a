package haat

import "context"

// StockAlert is a shopper's wish to be told when a product out of stock is back on sale.
type StockAlert struct {
	Product Product `json:"product"`
	// Back says the product is on sale again: the storefront shows the shopper a notice until
	// they dismiss it.
	Back bool `json:"back"`
}

// CheckAlert explains why a shopper cannot ask to be told when the product is back, or returns
// nil: only a product on sale and out of stock can be asked about.
func (p *Product) CheckAlert() error {
	if p.Archived {
		return Errorf(ENOTFOUND, "Product not found")
	}
	if p.Available() {
		return Errorf(ECONFLICT, "%s is in stock", p.Name)
	}
	return nil
}

// AlertService keeps shoppers' stock alerts.
type AlertService interface {
	// WatchProduct records that the user wants to be told when the product is back, if
	// CheckAlert allows it; watch false forgets the wish (and dismisses the notice).
	WatchProduct(ctx context.Context, userID, productID string, watch bool) (*Product, error)
	// UserAlerts returns the user's alerts, newest first, the products back on sale first.
	UserAlerts(ctx context.Context, userID string) ([]StockAlert, error)
}
