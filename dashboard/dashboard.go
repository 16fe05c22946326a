// Package dashboard is what the seller's dashboard sums up of the store (Service, which the store
// answers): the day so far, the orders waiting, the best sellers, the deliveries made on time and
// those at risk of arriving late, the stock running out, and the claims and refunds due after
// delivery.
package dashboard

import (
	"context"

	"haat"
)

// BestSellerDays is how many days back the dashboard's best sellers are counted, today included.
const BestSellerDays = 7

// Dashboard sums up the store for the seller: the day so far, the orders waiting, what sells, and
// what runs out.
type Dashboard struct {
	// Today is the orders placed since midnight (store time) that the seller handles, cancelled
	// ones left out, and what they amount to.
	Today DaySales `json:"today"`
	// Waiting counts the orders waiting for the seller, by status, in the order they are handled.
	Waiting []StatusCount `json:"waiting"`
	// BestSellers are the 10 products sold most in the last BestSellerDays days, by units.
	BestSellers []ProductSales `json:"bestSellers"`
	// OnTime is how many orders were delivered today (store time) and how many of them on time.
	OnTime OnTime `json:"onTime"`
	// AtRisk are the orders out for delivery at risk of arriving late (AtRisk), or late already,
	// the soonest due first.
	AtRisk []RiskOrder `json:"atRisk"`
	// LowStock are the products on sale with LowStock units or fewer, and those shoppers asked to
	// be told about, fewest units first.
	LowStock []StockLevel `json:"lowStock"`
	// AfterDelivery is what the law holds the store to after delivery: claims to decide and
	// refunds to make, with those past their deadline.
	AfterDelivery AfterDelivery `json:"afterDelivery"`
}

// AfterDelivery counts the open claims and the refunds due, and those past their deadline: claims
// undecided ClaimDecideDays after they were made, refunds not made by their due day.
type AfterDelivery struct {
	OpenClaims    int `json:"openClaims"`
	OverdueClaims int `json:"overdueClaims"`
	DueRefunds    int `json:"dueRefunds"`
	LateRefunds   int `json:"lateRefunds"`
}

// DaySales is a number of orders and their amount, and the coupons' discounts within it.
type DaySales struct {
	Orders  int        `json:"orders"`
	Revenue haat.Money `json:"revenue"`
	// Discounts is what the orders' coupons took off: Revenue is what is left after them.
	Discounts haat.Money `json:"discounts"`
}

// StatusCount is the number of orders in one status.
type StatusCount struct {
	Status haat.OrderStatus `json:"status"`
	Orders int              `json:"orders"`
}

// ProductSales is how much of a product sold: the units (the steps weighed, for goods sold by
// weight), and what their lines were billed after packing and discounts.
type ProductSales struct {
	Product haat.OrderProduct `json:"product"`
	Units   int               `json:"units"`
	Revenue haat.Money        `json:"revenue"`
	// Weight is how much of goods sold by weight sold ("1.25 kg"); empty for goods sold by the unit.
	Weight string `json:"weight,omitempty"`
}

// SoldWeight is how a dashboard shows grams of goods sold by weight ("1 kg", "750 g"); empty for
// none, as goods sold by the unit weigh.
func SoldWeight(grams int) string {
	if grams <= 0 {
		return ""
	}
	return haat.FormatGrams(grams)
}

// StockLevel is a product's stock as the dashboard shows it, with the number of shoppers waiting
// to be told it is back.
type StockLevel struct {
	ID      string   `json:"_id"`
	Name    string   `json:"name"`
	Image   []string `json:"image"`
	InStock bool     `json:"inStock"`
	Stock   *int     `json:"stock,omitempty"`
	Asked   int      `json:"asked"`
}

// WaitingStatuses are the statuses of orders waiting for the seller, in the order they are handled.
var WaitingStatuses = []haat.OrderStatus{haat.StatusOrderPlaced, haat.StatusPacked, haat.StatusOutForDelivery}

// Service sums up the store for the seller.
type Service interface {
	// Dashboard sums up the store as it is now.
	Dashboard(ctx context.Context) (*Dashboard, error)
}
