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

// BackInStock is one shopper to tell that a product they asked about is on sale again.
type BackInStock struct {
	UserID  string
	Name    string
	Email   string
	Product Product
}

// Notifier tells shoppers that products they asked about are back. The store has one that writes
// to its log; an email or SMS provider is another.
type Notifier interface {
	BackInStock(ctx context.Context, n BackInStock) error
}

// AlertService keeps shoppers' stock alerts.
type AlertService interface {
	// WatchProduct records that the user wants to be told when the product is back, if
	// CheckAlert allows it; watch false forgets the wish (and dismisses the notice).
	WatchProduct(ctx context.Context, userID, productID string, watch bool) (*Product, error)
	// UserAlerts returns the user's alerts, newest first, the products back on sale first.
	UserAlerts(ctx context.Context, userID string) ([]StockAlert, error)
	// AlertsToSend returns up to limit alerts whose product is back and whose shopper has not
	// been told yet.
	AlertsToSend(ctx context.Context, limit int) ([]BackInStock, error)
	// AlertSent records that the shopper was told about the product.
	AlertSent(ctx context.Context, userID, productID string) error
}
