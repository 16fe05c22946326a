package checkout_test

import (
	"context"
	"log/slog"
	"path"
	"strings"
	"testing"

	"haat"
	"haat/checkout"
	"haat/payment"
	"haat/sqlstore"
	"haat/sqlstore/sqlstoretest"
)

var ctx = context.Background()

// shop is a store with one shopper, their address, two bags of rice in their cart, and the test
// payment page as its one payment method.
type shop struct {
	db       *sqlstore.DB
	checkout *checkout.Service
	shopper  *haat.User
	address  string
	rice     string
}

func newShop(t *testing.T, db *sqlstore.DB) *shop {
	t.Helper()
	sb := payment.NewSandbox()
	pay := &payment.Gateway{Attempts: db, Providers: []payment.Provider{sb}, Logger: slog.New(slog.DiscardHandler)}
	s := &shop{db: db, checkout: &checkout.Service{Orders: db, Facts: db, Payments: pay, Keys: db}}
	s.shopper = newShopper(t, db, "sita@example.com")
	s.address = newAddress(t, db, s.shopper.ID)
	rice := &haat.Product{Name: "Jumla Red Rice", Category: "Grains", Price: 32000, OfferPrice: 29500, StockOn: true,
		Image: []string{"/media/catalogue/jumla-rice.webp"}, Description: []string{"Hill-grown"}}
	if err := db.CreateProduct(ctx, rice); err != nil {
		t.Fatal(err)
	}
	s.rice = rice.ID
	if err := db.SetCart(ctx, s.shopper.ID, haat.Cart{rice.ID: 2}); err != nil {
		t.Fatal(err)
	}
	return s
}

func newShopper(t *testing.T, db *sqlstore.DB, email string) *haat.User {
	t.Helper()
	u, err := db.Register(ctx, "Sita Gurung", email, "correct horse")
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func newAddress(t *testing.T, db *sqlstore.DB, userID string) string {
	t.Helper()
	a := &haat.Address{UserID: userID, FirstName: "Sita", LastName: "Gurung", Email: "sita@example.com", Street: "Lakeside 4",
		City: "Pokhara", State: "Gandaki", Zipcode: "33700", Country: "Nepal", Phone: "9811111111"}
	if err := db.CreateAddress(ctx, a); err != nil {
		t.Fatal(err)
	}
	return a.ID
}

// order is the shopper's request for two bags of rice to their address.
func (s *shop) order() haat.NewOrder {
	return haat.NewOrder{UserID: s.shopper.ID, AddressID: s.address, Lines: []haat.OrderLine{{ProductID: s.rice, Quantity: 2}}}
}

func (s *shop) orders(t *testing.T) []haat.Order {
	t.Helper()
	list, err := s.db.UserOrders(ctx, s.shopper.ID)
	if err != nil {
		t.Fatal(err)
	}
	return list
}

func (s *shop) cart(t *testing.T) haat.Cart {
	t.Helper()
	u, err := s.db.User(ctx, s.shopper.ID)
	if err != nil {
		t.Fatal(err)
	}
	return u.CartItems
}

// wantError fails the test unless err has the code and message.
func wantError(t *testing.T, err error, code, message string) {
	t.Helper()
	if haat.ErrorCode(err) != code || haat.ErrorMessage(err) != message {
		t.Fatalf("error %v, want %s %q", err, code, message)
	}
}

func TestPlaceCashOrder(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := newShop(t, db)
		bad := s.order()
		bad.AddressID = ""
		_, err := s.checkout.PlaceCashOrder(ctx, bad)
		wantError(t, err, haat.EINVALID, "Please Select An Address")

		// The checkout decides the payment type, whatever the request says.
		o := s.order()
		o.PaymentType = haat.PaymentOnline
		placed, err := s.checkout.PlaceCashOrder(ctx, o)
		if err != nil {
			t.Fatal(err)
		}
		if placed.PaymentType != haat.PaymentCOD || placed.Status != haat.StatusOrderPlaced || placed.Amount != 60180 {
			t.Fatalf("placed = %+v", placed)
		}
		if list := s.orders(t); len(list) != 1 || list[0].ID != placed.ID {
			t.Fatalf("orders = %+v", list)
		}
		if len(s.cart(t)) != 0 {
			t.Fatal("a cash order left the cart full")
		}
	})
}

func TestPlaceOnlineOrder(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := newShop(t, db)
		// An invalid order is refused before an unknown method; neither stores an order.
		empty := s.order()
		empty.Lines = nil
		_, err := s.checkout.PlaceOnlineOrder(ctx, empty, "bitcoin", "https://haat.example")
		wantError(t, err, haat.EINVALID, "Your cart is empty")
		_, err = s.checkout.PlaceOnlineOrder(ctx, s.order(), "bitcoin", "https://haat.example")
		wantError(t, err, haat.EINVALID, `Unknown payment method "bitcoin"`)
		cashOnly := &checkout.Service{Orders: db, Facts: db}
		_, err = cashOnly.PlaceOnlineOrder(ctx, empty, "", "https://haat.example")
		wantError(t, err, haat.EINVALID, "Your cart is empty")
		_, err = cashOnly.PlaceOnlineOrder(ctx, s.order(), "", "https://haat.example")
		wantError(t, err, haat.EUNAVAILABLE, "Online payment is not available")
		if list := s.orders(t); len(list) != 0 {
			t.Fatalf("refused orders were stored: %+v", list)
		}

		// The first method offered when none is named; the shopper comes back to the site given.
		redirect, err := s.checkout.PlaceOnlineOrder(ctx, s.order(), "", "https://haat.example/")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(redirect, "https://haat.example/api/payment/sandbox/") {
			t.Fatalf("redirect = %s", redirect)
		}
		list := s.orders(t)
		if len(list) != 1 || list[0].PaymentType != haat.PaymentOnline || list[0].Status != haat.StatusAwaitingPayment || list[0].IsPaid {
			t.Fatalf("orders = %+v", list)
		}
		if len(s.cart(t)) != 1 {
			t.Fatal("an unpaid online order emptied the cart")
		}
		pending, err := db.PendingPayments(ctx, list[0].CreatedAt.Add(1e12), list[0].CreatedAt)
		if err != nil || len(pending) != 1 || pending[0].OrderID != list[0].ID || pending[0].Reference != path.Base(redirect) ||
			pending[0].Amount != 60180 || pending[0].Currency != "USD" {
			t.Fatalf("pending attempts = %+v, %v", pending, err)
		}
	})
}

func TestPayAgain(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := newShop(t, db)
		redirect, err := s.checkout.PlaceOnlineOrder(ctx, s.order(), "sandbox", "https://haat.example")
		if err != nil {
			t.Fatal(err)
		}
		id := s.orders(t)[0].ID
		if err := s.checkout.Payments.Confirm(ctx, haat.PaymentResult{Provider: haat.SandboxProvider, Reference: path.Base(redirect),
			State: haat.PaymentCancelled}); err != nil {
			t.Fatal(err)
		}

		other := newShopper(t, db, "eve@example.com")
		_, err = s.checkout.PayAgain(ctx, other.ID, id, "", "https://haat.example", nil)
		wantError(t, err, haat.ENOTFOUND, "Order not found")
		_, err = s.checkout.PayAgain(ctx, s.shopper.ID, "unknown", "bitcoin", "https://haat.example", nil)
		wantError(t, err, haat.EINVALID, `Unknown payment method "bitcoin"`)

		again, err := s.checkout.PayAgain(ctx, s.shopper.ID, id, "", "https://haat.example", nil)
		if err != nil {
			t.Fatal(err)
		}
		if again == redirect || !strings.HasPrefix(again, "https://haat.example/api/payment/sandbox/") {
			t.Fatalf("second payment page = %s (first %s)", again, redirect)
		}
		if err := s.checkout.Payments.Confirm(ctx, haat.PaymentResult{Provider: haat.SandboxProvider, Reference: path.Base(again),
			State: haat.PaymentPaid, Amount: 60180, Currency: "USD"}); err != nil {
			t.Fatal(err)
		}
		if o := s.orders(t)[0]; !o.IsPaid || o.Status != haat.StatusOrderPlaced {
			t.Fatalf("order after paying again = %+v", o)
		}
		_, err = s.checkout.PayAgain(ctx, s.shopper.ID, id, "", "https://haat.example", nil)
		wantError(t, err, haat.ECONFLICT, "This order does not await payment")

		cash, err := s.checkout.PlaceCashOrder(ctx, s.order())
		if err != nil {
			t.Fatal(err)
		}
		_, err = s.checkout.PayAgain(ctx, s.shopper.ID, cash.ID, "", "https://haat.example", nil)
		wantError(t, err, haat.ECONFLICT, "This order does not await payment")
	})
}

// recordingOrders is an order store that records what it is asked to place and places none.
type recordingOrders struct {
	haat.OrderService
	placed []haat.NewOrder
	priced []*haat.Order
}

func (r *recordingOrders) PlaceOrder(_ context.Context, o haat.ValidOrder, order *haat.Order) (*haat.Order, error) {
	r.placed, r.priced = append(r.placed, o.NewOrder()), append(r.priced, order)
	return nil, haat.Errorf(haat.ECONFLICT, "Only 1 left of Jumla Red Rice")
}

// TestStoreGetsThePricedOrder: the store is handed the request the checkout validated, with the
// payment type the checkout set, and the order the checkout priced from the store's own prices,
// address and rules; the store's own refusal is passed on as it is.
func TestStoreGetsThePricedOrder(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		shop := newShop(t, db)
		orders := &recordingOrders{}
		s := &checkout.Service{Orders: orders, Facts: db}
		_, err := s.PlaceCashOrder(ctx, shop.order())
		wantError(t, err, haat.ECONFLICT, "Only 1 left of Jumla Red Rice")
		if len(orders.placed) != 1 {
			t.Fatalf("placed %d orders", len(orders.placed))
		}
		got, priced := orders.placed[0], orders.priced[0]
		if got.PaymentType != haat.PaymentCOD || got.UserID != shop.shopper.ID || len(got.Lines) != 1 || got.Lines[0].Quantity != 2 {
			t.Fatalf("the store got %+v", got)
		}
		if priced.Address.ID != shop.address || priced.Status != haat.StatusOrderPlaced || priced.Amount != 60180 ||
			len(priced.Items) != 1 || priced.Items[0].Product.OfferPrice != 29500 || priced.Bill.Subtotal != 59000 {
			t.Fatalf("the store was asked to write %+v", priced)
		}

		// Refused by the rules before the store is asked: another shopper's address, an unknown product.
		other := newShopper(t, db, "eve@example.com")
		o := shop.order()
		o.UserID = other.ID
		_, err = s.PlaceCashOrder(ctx, o)
		wantError(t, err, haat.ENOTFOUND, "Address not found")
		o = shop.order()
		o.Lines = []haat.OrderLine{{ProductID: "nope", Quantity: 1}}
		_, err = s.PlaceCashOrder(ctx, o)
		wantError(t, err, haat.ENOTFOUND, "Product not found")
		if len(orders.placed) != 1 {
			t.Fatalf("refused orders reached the store: %d", len(orders.placed))
		}
	})
}
