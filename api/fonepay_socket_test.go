package api_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"haat"
	"haat/api"
	"haat/payment"
	"haat/payment/fonepaytest"
)

// withSockets keeps the notification sockets of the store's QRs, as serve does; a test that
// takes it closes them when it ends (listens).
func withSockets(s *api.Server) { s.Payments.Sockets = payment.NewSockets(context.Background(), 8) }

// listens closes the store's sockets when the test ends, before its database closes.
func (s *store) listens(t *testing.T) { t.Cleanup(s.api.Payments.Sockets.Close) }

// waitFor waits for cond to hold, at most 10 s.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within 10 s", what)
		}
	}
}

// paidSteps counts the Paid steps of the order with id, as the seller sees them.
func (s *store) paidSteps(id string) int {
	n := 0
	for _, e := range s.sellerOrder(id)["events"].([]any) {
		if e.(map[string]any)["status"] == "Paid" {
			n++
		}
	}
	return n
}

// fonepayCheckout has a new shopper check out with Fonepay and returns them, the QR page and its PRN.
func (s *store) fonepayCheckout() (*client, string, string) {
	s.t.Helper()
	c := s.shopper("")
	c.setCart(map[string]int{s.rice.ID: 2})
	page := c.checkout(c.addAddress(), "fonepay")
	return c, page, strings.TrimPrefix(page, s.server.URL+"/pay/fonepay/")
}

// TestFonepaySocketCheckout: an order paid at Fonepay is paid in the store as its socket tells,
// with nobody asking from its page: one status check, the socket's, and the socket then closes.
func TestFonepaySocketCheckout(t *testing.T) {
	f := fonepaytest.New()
	eachStore(t, func(t *testing.T, s *store) {
		s.listens(t)
		c, _, prn := s.fonepayCheckout()
		waitFor(t, "the socket open", func() bool { return f.Listening(prn) == 1 })
		checks := f.StatusChecks(prn)
		f.Pay(prn)
		waitFor(t, "the order paid", func() bool { return c.orders()[0].(map[string]any)["isPaid"] == true })
		o := c.orders()[0].(map[string]any)
		if o["status"] != "Order Placed" || f.StatusChecks(prn) != checks+1 || s.paidSteps(o["_id"].(string)) != 1 {
			t.Fatalf("paid by its socket: %v, %d status checks", o, f.StatusChecks(prn)-checks)
		}
		waitFor(t, "the socket closed", func() bool { return f.Listening(prn) == 0 })
		if len(c.cart()) != 0 {
			t.Fatal("a paid order left the cart full")
		}
	}, withCurrency(haat.NPR), withFonepay(t, f), withSockets)
}

// TestFonepaySocketDoor: a cash order paid by the QR at the door is paid in the store as its socket
// tells, with the rider's screen not asking.
func TestFonepaySocketDoor(t *testing.T) {
	f := fonepaytest.New()
	eachStore(t, func(t *testing.T, s *store) {
		s.listens(t)
		packer, rider := s.staff("packer"), s.staff("rider")
		_, id := s.placeCashOrder()
		want(t, packer.post("/api/order/status", map[string]string{"id": id, "status": "Packed"}), 200)
		want(t, packer.post("/api/order/assign", map[string]string{"id": id, "rider": riderOf(t, rider)}), 200)
		want(t, rider.post("/api/rider/start", map[string]string{"id": id}), 200)
		want(t, rider.post("/api/rider/qr", map[string]string{"id": id}), 200)
		// The QR's PRN as the store keeps it: the stand-in is shared with the other databases' runs.
		a, err := s.db.DoorPayment(ctx, riderOf(t, rider), id)
		if err != nil {
			t.Fatal(err)
		}
		prn := a.Reference
		waitFor(t, "the socket open", func() bool { return f.Listening(prn) == 1 })
		checks := f.StatusChecks(prn)
		f.Pay(prn)
		waitFor(t, "the order paid", func() bool { return s.sellerOrder(id)["isPaid"] == true })
		o := s.sellerOrder(id)
		events := o["events"].([]any)
		last := events[len(events)-1].(map[string]any)
		if o["status"] != "Out for Delivery" || last["status"] != "Paid" || last["note"] != "atTheDoor" || s.paidSteps(id) != 1 || f.StatusChecks(prn) != checks+1 {
			t.Fatalf("paid at the door by its socket: %v, %d status checks", o, f.StatusChecks(prn)-checks)
		}
		waitFor(t, "the socket closed", func() bool { return f.Listening(prn) == 0 })
		if d := rider.get("/api/rider/deliveries").body["deliveries"].([]any)[0].(map[string]any); d["collect"] != 0.0 {
			t.Fatalf("after the QR: %v", d)
		}
	}, withCurrency(haat.NPR), withFonepay(t, f), withSockets)
}

// TestFonepaySocketForged: a notice that says paid for a QR Fonepay's status check calls pending
// pays nothing, and the socket stays open for the real payment.
func TestFonepaySocketForged(t *testing.T) {
	f := fonepaytest.New()
	eachStore(t, func(t *testing.T, s *store) {
		s.listens(t)
		c, page, prn := s.fonepayCheckout()
		waitFor(t, "the socket open", func() bool { return f.Listening(prn) == 1 })
		checks := f.StatusChecks(prn)
		if f.PushPaid(prn) != 1 {
			t.Fatal("the forged notice reached no socket")
		}
		waitFor(t, "the status check after the notice", func() bool { return f.StatusChecks(prn) == checks+1 })
		o := c.orders()[0].(map[string]any)
		if o["isPaid"] != false || o["status"] != "Awaiting Payment" || len(s.sellerOrders()) != 0 || f.Listening(prn) != 1 {
			t.Fatalf("after a forged notice: %v, %d sockets", o, f.Listening(prn))
		}
		if p := c.qrPayment(page).body["payment"].(map[string]any); p["state"] != "pending" {
			t.Fatalf("the page after a forged notice: %v", p)
		}
		f.Pay(prn)
		waitFor(t, "the order paid", func() bool { return c.orders()[0].(map[string]any)["isPaid"] == true })
		if n := s.paidSteps(o["_id"].(string)); n != 1 {
			t.Fatalf("%d Paid steps", n)
		}
	}, withCurrency(haat.NPR), withFonepay(t, f), withSockets)
}

// TestFonepaySocketForeign: a QR answer that names a socket on another host than Fonepay's is
// refused, logged, and never dialled; the page still finds the payment.
func TestFonepaySocketForeign(t *testing.T) {
	var dialled atomic.Int32
	foreign := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { dialled.Add(1) }))
	t.Cleanup(foreign.Close)
	f := fonepaytest.New()
	f.SocketHost = strings.TrimPrefix(foreign.URL, "http://")
	eachStore(t, func(t *testing.T, s *store) {
		s.listens(t)
		c, page, prn := s.fonepayCheckout()
		if !strings.Contains(s.logs.String(), "notification socket refused") || dialled.Load() != 0 {
			t.Fatalf("a foreign socket: %d dials, logs:\n%s", dialled.Load(), s.logs.String())
		}
		f.Pay(prn)
		if p := c.qrPayment(page).body["payment"].(map[string]any); p["state"] != "paid" {
			t.Fatalf("the page: %v", p)
		}
		if dialled.Load() != 0 {
			t.Fatalf("the foreign host was dialled %d times", dialled.Load())
		}
	}, withCurrency(haat.NPR), withFonepay(t, f), withSockets)
}

// TestFonepaySocketAndPage: the socket's notice and the page's asking arrive together; the order is
// paid once, with one Paid step, whichever confirms it.
func TestFonepaySocketAndPage(t *testing.T) {
	f := fonepaytest.New()
	eachStore(t, func(t *testing.T, s *store) {
		s.listens(t)
		for range 3 {
			c, page, prn := s.fonepayCheckout()
			waitFor(t, "the socket open", func() bool { return f.Listening(prn) == 1 })
			paid := make(chan bool)
			go func() { paid <- f.Pay(prn) }()
			waitFor(t, "paid as the page asks", func() bool {
				return c.qrPayment(page).body["payment"].(map[string]any)["state"] == "paid"
			})
			<-paid
			waitFor(t, "the socket closed", func() bool { return f.Listening(prn) == 0 })
			o := c.orders()[0].(map[string]any)
			if n := s.paidSteps(o["_id"].(string)); n != 1 || o["status"] != "Order Placed" {
				t.Fatalf("%d Paid steps: %v", n, o)
			}
		}
	}, withCurrency(haat.NPR), withFonepay(t, f), withSockets)
}
