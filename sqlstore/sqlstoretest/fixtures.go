package sqlstoretest

import (
	"context"
	"testing"

	"haat"
	"haat/checkout"
	"haat/sqlstore"
)

// OnlineOrder registers a shopper with email, gives them an address and a cart of one item, and
// places an online order of two bags of rice at 295.00: 601.80 with the tax, in dollars. The order
// awaits payment.
func OnlineOrder(t testing.TB, db *sqlstore.DB, email string) (*haat.User, *haat.Order) {
	t.Helper()
	return OnlineOrderIn(t, db, email, haat.USD)
}

// OnlineOrderIn is OnlineOrder in a store that prices in currency.
func OnlineOrderIn(t testing.TB, db *sqlstore.DB, email string, currency haat.Currency) (*haat.User, *haat.Order) {
	t.Helper()
	ctx := context.Background()
	u, err := db.Register(ctx, "Sita Gurung", email, "correct horse")
	if err != nil {
		t.Fatalf("register: %v", err)
	}
	a := &haat.Address{UserID: u.ID, FirstName: "Sita", LastName: "Gurung", Email: email, Street: "Lakeside 4",
		City: "Pokhara", State: "Gandaki", Zipcode: "33700", Country: "Nepal", Phone: "9811111111"}
	if err := db.CreateAddress(ctx, a); err != nil {
		t.Fatalf("create address: %v", err)
	}
	rice := &haat.Product{Name: "Jumla Red Rice", Category: "Grains", Price: 32000, OfferPrice: 29500, StockOn: true,
		Image: []string{"/media/catalogue/jumla-rice.webp"}, Description: []string{"Hill-grown"}}
	if err := db.CreateProduct(ctx, rice); err != nil {
		t.Fatalf("create product: %v", err)
	}
	if err := db.SetCart(ctx, u.ID, haat.Cart{rice.ID: 1}); err != nil {
		t.Fatalf("set cart: %v", err)
	}
	o, err := PlaceOrder(db, haat.NewOrder{UserID: u.ID, AddressID: a.ID, PaymentType: haat.PaymentOnline, Currency: currency,
		Lines: []haat.OrderLine{{ProductID: rice.ID, Quantity: 2}}})
	if err != nil {
		t.Fatalf("place order: %v", err)
	}
	return u, o
}

// PlaceOrder validates an order request and prices it, as the checkout does, and places it with
// the store.
func PlaceOrder(db *sqlstore.DB, o haat.NewOrder) (*haat.Order, error) {
	valid, err := o.Validate()
	if err != nil {
		return nil, err
	}
	ctx := context.Background()
	order, err := Checkout(db).Price(ctx, valid.NewOrder())
	if err != nil {
		return nil, err
	}
	return db.PlaceOrder(ctx, valid, order)
}

// Checkout is a checkout over the store that takes cash only.
func Checkout(db *sqlstore.DB) *checkout.Service {
	return &checkout.Service{Orders: db, Facts: db, Keys: db}
}
