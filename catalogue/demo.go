package catalogue

import "context"

// DemoRemoval is what removing the demo products did: those no order names were deleted, those an
// order names archived (the order keeps them).
type DemoRemoval struct {
	Deleted  int `json:"deleted"`
	Archived int `json:"archived"`
}

// DemoService keeps the demo catalogue's products apart from the seller's own.
type DemoService interface {
	// DemoProducts counts the demo products still on sale.
	DemoProducts(ctx context.Context) (int, error)
	// RemoveDemoProducts deletes the demo products no order names and archives the others.
	RemoveDemoProducts(ctx context.Context) (DemoRemoval, error)
}
