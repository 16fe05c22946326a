package api_test

import (
	"sync"
	"testing"
	"time"

	"haat"
)

// counted adds a product whose stock is counted, with units left.
func (s *store) counted(name string, units int) haat.Product {
	s.t.Helper()
	return s.addProduct(haat.Product{Name: name, Category: "Fruits", Price: 45000, OfferPrice: 42000, StockOn: true,
		Stock: &units, Image: []string{"/media/catalogue/apple.webp"}, Description: []string{"Crisp"}})
}

// stockOf returns the product's listed stock count and whether it is listed in stock.
func (s *store) stockOf(id string) (float64, bool) {
	s.t.Helper()
	for _, p := range s.products() {
		if p["_id"] == id {
			n, counted := p["stock"].(float64)
			if !counted {
				s.t.Fatalf("product %s lists no stock count: %v", id, p)
			}
			return n, p["inStock"] == true
		}
	}
	s.t.Fatalf("product %s not listed", id)
	return 0, false
}

func TestStockIsNeverOversold(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		apple := s.counted("Mustang Apple", 10)
		const buyers = 50
		shoppers := make([]*client, buyers)
		addresses := make([]string, buyers)
		for i := range shoppers {
			shoppers[i] = s.shopper("")
			addresses[i] = shoppers[i].addAddress()
		}
		answers := make([]response, buyers)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range shoppers {
			wg.Go(func() {
				<-start
				answers[i] = shoppers[i].post("/api/order/cod", order(apple.ID, 1, addresses[i]))
			})
		}
		close(start)
		wg.Wait()
		placed, refused := 0, 0
		for _, r := range answers {
			switch {
			case r.status == 200 && r.message() == "Order Placed Successfully":
				placed++
			case r.status == 400 && r.message() == "Mustang Apple is out of stock":
				refused++
			default:
				t.Errorf("answer %d: %s", r.status, r.raw)
			}
		}
		if placed != 10 || refused != 40 {
			t.Fatalf("%d orders placed and %d refused, want 10 and 40", placed, refused)
		}
		if n, inStock := s.stockOf(apple.ID); n != 0 || inStock {
			t.Fatalf("after selling out: stock %v, inStock %v", n, inStock)
		}
		if got := len(s.sellerOrders()); got != 10 {
			t.Fatalf("seller sees %d orders, want 10", got)
		}
	})
}

func TestStockCounts(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		apple := s.counted("Mustang Apple", 10)
		c := s.shopper("")
		addr := c.addAddress()

		// Asking for more than is left is refused, naming what is left, and changes nothing.
		want(t, c.post("/api/order/cod", order(apple.ID, 11, addr)), 409, "Only 10 left of Mustang Apple")
		if n, _ := s.stockOf(apple.ID); n != 10 || len(c.orders()) != 0 {
			t.Fatalf("a refused order changed the stock (%v) or was stored", n)
		}
		// A cash order takes its units; a whole order is refused if one line has too few.
		want(t, c.post("/api/order/cod", order(apple.ID, 4, addr)), 200, "Order Placed Successfully")
		if n, inStock := s.stockOf(apple.ID); n != 6 || !inStock {
			t.Fatalf("after 4 sold: stock %v, inStock %v", n, inStock)
		}
		two := map[string]any{"address": addr, "items": []map[string]any{
			{"product": s.rice.ID, "quantity": 1}, {"product": apple.ID, "quantity": 7}}}
		want(t, c.post("/api/order/cod", two), 409, "Only 6 left of Mustang Apple")
		if n, _ := s.stockOf(apple.ID); n != 6 || len(c.orders()) != 1 {
			t.Fatalf("a refused order of two lines changed the stock (%v) or was stored", n)
		}
		// Products whose stock is not counted carry no count.
		for _, p := range s.products() {
			if _, has := p["stock"]; has && p["_id"] == s.rice.ID {
				t.Fatalf("uncounted product lists a stock: %v", p)
			}
		}

		// The seller's switch works on top of the count.
		seller := s.seller()
		want(t, seller.post("/api/product/stock", map[string]any{"id": apple.ID, "inStock": false}), 200, "Stock Updated")
		if n, inStock := s.stockOf(apple.ID); n != 6 || inStock {
			t.Fatalf("switched off: stock %v, inStock %v", n, inStock)
		}
		want(t, c.post("/api/order/cod", order(apple.ID, 1, addr)), 400, "Mustang Apple is out of stock")
		want(t, seller.post("/api/product/stock", map[string]any{"id": apple.ID, "inStock": true}), 200, "Stock Updated")

		// A cancelled order gives its units back, once.
		id := s.sellerOrders()[0].(map[string]any)["_id"].(string)
		want(t, seller.post("/api/order/status", map[string]string{"id": id, "status": "Cancelled"}), 200)
		if n, inStock := s.stockOf(apple.ID); n != 10 || !inStock {
			t.Fatalf("after cancelling: stock %v, inStock %v", n, inStock)
		}
		want(t, seller.post("/api/order/status", map[string]string{"id": id, "status": "Cancelled"}), 409)
		if n, _ := s.stockOf(apple.ID); n != 10 {
			t.Fatalf("cancelling twice: stock %v", n)
		}
	})
}

func TestStockOfOnlineOrders(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		apple := s.counted("Mustang Apple", 5)
		c := s.shopper("")
		addr := c.addAddress()
		pay := func(quantity int) string {
			t.Helper()
			r := c.post("/api/order/stripe", order(apple.ID, quantity, addr))
			want(t, r, 200)
			return r.body["url"].(string)
		}

		// Units are held while the payment runs and come back when it is cancelled.
		page := pay(3)
		if n, _ := s.stockOf(apple.ID); n != 2 {
			t.Fatalf("while paying: stock %v, want 2 held back", n)
		}
		want(t, c.post("/api/order/stripe", order(apple.ID, 3, addr)), 409, "Only 2 left of Mustang Apple")
		if st, _ := c.answer(page, "cancel"); st != 303 {
			t.Fatalf("cancel: %d", st)
		}
		if n, _ := s.stockOf(apple.ID); n != 5 {
			t.Fatalf("after a cancelled payment: stock %v, want 5", n)
		}

		// Paying again takes them again; paid, they stay taken.
		orderID := c.orders()[0].(map[string]any)["_id"].(string)
		r := c.post("/api/order/pay", map[string]string{"id": orderID})
		want(t, r, 200)
		if n, _ := s.stockOf(apple.ID); n != 2 {
			t.Fatalf("paying again: stock %v, want 2", n)
		}
		if st, _ := c.answer(r.body["url"].(string), "pay"); st != 303 {
			t.Fatalf("pay: %d", st)
		}
		if n, _ := s.stockOf(apple.ID); n != 2 {
			t.Fatalf("paid: stock %v, want 2", n)
		}

		// An unpaid order whose time to pay ends is cancelled and gives its units back.
		pay(2)
		if n, _ := s.stockOf(apple.ID); n != 0 {
			t.Fatalf("second order paying: stock %v, want 0", n)
		}
		s.api.Payments.Now = s.clock.now
		s.clock.advance(time.Hour)
		if err := s.api.Payments.Reconcile(ctx, time.Minute); err != nil {
			t.Fatal(err)
		}
		if o := c.orders()[0].(map[string]any); o["status"] != "Cancelled" {
			t.Fatalf("expired order = %v", o)
		}
		if n, inStock := s.stockOf(apple.ID); n != 2 || !inStock {
			t.Fatalf("after expiry: stock %v, inStock %v, want 2", n, inStock)
		}
	}, withSandbox)
}

func TestAddProductWithStock(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		seller := s.seller()
		photo := upload{"tea.png", pngFile(t)}
		for stock, message := range map[string]string{
			"-1":      "Stock must be a whole number from 0 to 1000000",
			"1000001": "Stock must be a whole number from 0 to 1000000",
			"2.5":     "Stock must be a whole number from 0 to 1000000",
			"many":    "Stock must be a whole number from 0 to 1000000",
		} {
			want(t, seller.addProduct(productForm(map[string]string{"stock": stock}), photo), 400, message)
		}
		if s.storedFiles() != 0 || len(s.products()) != 2 {
			t.Fatal("a refused stock count stored a photo or a product")
		}
		r := seller.addProduct(productForm(map[string]string{"stock": " 12 "}), photo)
		want(t, r, 200, "Product Added")
		id := r.body["product"].(map[string]any)["_id"].(string)
		if n, inStock := s.stockOf(id); n != 12 || !inStock {
			t.Fatalf("added with 12: stock %v, inStock %v", n, inStock)
		}
		r = seller.addProduct(productForm(map[string]string{"stock": "0", "name": "Sold Out Tea"}), photo)
		want(t, r, 200, "Product Added")
		id = r.body["product"].(map[string]any)["_id"].(string)
		if n, inStock := s.stockOf(id); n != 0 || inStock {
			t.Fatalf("added with 0: stock %v, inStock %v", n, inStock)
		}
		// productData JSON, as older clients send it, takes the count as a number too.
		data := `{"name":"Ilam Tea","description":["Leaf"],"category":"Drinks","price":5,"offerPrice":4,"stock":7}`
		r = seller.addProduct(map[string]string{"productData": data}, photo)
		want(t, r, 200, "Product Added")
		id = r.body["product"].(map[string]any)["_id"].(string)
		if n, _ := s.stockOf(id); n != 7 {
			t.Fatalf("productData with 7: stock %v", n)
		}
	})
}
