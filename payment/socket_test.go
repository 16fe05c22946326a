package payment_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"haat"
	"haat/payment"
	"haat/payment/fonepaytest"
	"haat/sqlstore"
	"haat/sqlstore/sqlstoretest"
)

// listening gives g notification sockets, at most n open at once, closed when the test ends.
func listening(t *testing.T, g *payment.Gateway, n int) {
	g.Sockets = payment.NewSockets(context.Background(), n)
	t.Cleanup(g.Sockets.Close)
}

// waitFor waits for cond to hold, at most 10 s.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within 10 s", what)
		}
	}
}

// beginFonepay starts paying o with Fonepay and returns the QR's PRN.
func beginFonepay(t *testing.T, g *payment.Gateway, o *haat.Order) string {
	t.Helper()
	redirect, err := g.Begin(ctx, o, "fonepay", "")
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimPrefix(redirect, "https://haat.example/pay/fonepay/")
}

// TestFonepayCheckSocket: only ws:// and wss:// addresses on Fonepay's hosts (its sockets' hosts
// are not its API's), or on the configured API's own host and port, are dialled.
func TestFonepayCheckSocket(t *testing.T) {
	dev, _ := payment.NewFonepay(fonepaytest.Config(payment.FonepayDevURL))
	local, _ := payment.NewFonepay(fonepaytest.Config("http://127.0.0.1:8421/api"))
	for _, tc := range []struct {
		p   *payment.Fonepay
		url string
		ok  bool
	}{
		{dev, "wss://ws.fonepay.com/convergent-webSocket-web/merchantEndPoint/T01/fonepay123/Y", true},
		{dev, "wss://dev-ws.fonepay.com/convergent-webSocket-web/merchantEndPoint/T01/fonepay123/Y", true},
		{dev, "ws://acquirer-websocket.fonepay.com/merchantEndPoint/T01/fonepay123/Y", true},
		{dev, "WSS://WS.Fonepay.COM/x", true},
		{dev, "ws://uat-new-merchant-api.fonepay.com/x", true},
		{dev, "https://ws.fonepay.com/x", false},
		{dev, "wss://evil.example/x", false},
		{dev, "wss://ws.fonepay.com.evil.example/x", false},
		{dev, "wss://evilfonepay.com/x", false},
		{dev, "wss://ws.fonepay.com@evil.example/x", false},
		{dev, "wss://user@ws.fonepay.com/x", false},
		{dev, "wss://127.0.0.1:8421/x", false},
		{dev, "", false},
		{dev, "ws://%zz/x", false},
		{local, "ws://127.0.0.1:8421/convergent-webSocket-web/merchantEndPoint/T01/fonepay123/Y", true},
		{local, "ws://127.0.0.1:8422/x", false},
		{local, "ws://localhost:8421/x", false},
		{local, "wss://ws.fonepay.com/x", true},
	} {
		if err := tc.p.CheckSocket(tc.url); (err == nil) != tc.ok {
			t.Errorf("%q: %v", tc.url, err)
		}
	}
}

// TestFonepaySocketPays: a QR paid is confirmed through its socket, with one status check and
// without anybody asking from its page; then its socket closes. A newer QR for the same order
// closes the socket of the one it supersedes.
func TestFonepaySocketPays(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		f, p := fonepayAPI(t)
		g, _ := newGateway(db, p)
		listening(t, g, 4)
		u, o := sqlstoretest.OnlineOrderIn(t, db, "a@example.com", haat.NPR)
		prn := beginFonepay(t, g, o)
		waitFor(t, "the socket open", func() bool { return f.Listening(prn) == 1 })
		checks := f.StatusChecks(prn)
		f.Pay(prn)
		waitFor(t, "the order paid", func() bool { _, paid := statusOf(t, db, u); return paid })
		waitFor(t, "the socket closed", func() bool { return f.Listening(prn) == 0 })
		if st, _ := statusOf(t, db, u); st != haat.StatusOrderPlaced || f.StatusChecks(prn) != checks+1 {
			t.Fatalf("paid by its socket: %s, %d status checks", st, f.StatusChecks(prn)-checks)
		}

		v, o2 := sqlstoretest.OnlineOrderIn(t, db, "b@example.com", haat.NPR)
		first := beginFonepay(t, g, o2)
		waitFor(t, "the first socket open", func() bool { return f.Listening(first) == 1 })
		second := beginFonepay(t, g, o2)
		waitFor(t, "the superseded QR's socket closed", func() bool { return f.Listening(first) == 0 })
		waitFor(t, "the new QR's socket open", func() bool { return f.Listening(second) == 1 })
		if f.PushPaid(first) != 0 {
			t.Fatal("the superseded QR's socket still open")
		}
		if _, paid := statusOf(t, db, v); paid {
			t.Fatal("paid by nothing")
		}
	})
}

// TestFonepaySocketBound: past the sockets' bound a QR's socket is not opened (logged), and its
// payment is found by its page; a socket closed frees its place.
func TestFonepaySocketBound(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		f, p := fonepayAPI(t)
		g, logs := newGateway(db, p)
		listening(t, g, 1)
		u, o := sqlstoretest.OnlineOrderIn(t, db, "a@example.com", haat.NPR)
		first := beginFonepay(t, g, o)
		v, o2 := sqlstoretest.OnlineOrderIn(t, db, "b@example.com", haat.NPR)
		second := beginFonepay(t, g, o2)
		if logs.count("notification socket not opened") != 1 {
			t.Fatal("a socket past the bound, or not logged")
		}
		waitFor(t, "the first socket open", func() bool { return f.Listening(first) == 1 })
		if f.Listening(second) != 0 {
			t.Fatal("a socket past the bound")
		}
		// The second is found by its page.
		f.Pay(second)
		if qp, err := g.QRPayment(ctx, v.ID, "fonepay", second); err != nil || qp.State != haat.PaymentPaid {
			t.Fatalf("the page's asking: %+v, %v", qp, err)
		}
		// The first, paid, closes its socket, and the next QR gets its place.
		f.Pay(first)
		waitFor(t, "the first order paid", func() bool { _, paid := statusOf(t, db, u); return paid })
		// The order is paid before its socket gives its place back: a QR begun in between would
		// find no place (and be left to the status checks, as the bound means).
		waitFor(t, "the first socket's place given back", func() bool { return payment.OpenSockets(g.Sockets) == 0 })
		w, o3 := sqlstoretest.OnlineOrderIn(t, db, "c@example.com", haat.NPR)
		third := beginFonepay(t, g, o3)
		waitFor(t, "the third socket open", func() bool { return f.Listening(third) == 1 })
		f.Pay(third)
		waitFor(t, "the third order paid", func() bool { _, paid := statusOf(t, db, w); return paid })
	})
}

// TestFonepaySocketRedial: a socket that drops is dialled again, and its notice still pays; one that
// drops again and again is given up after three redials (logged), and its payment is found by its
// page.
func TestFonepaySocketRedial(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		f, p := fonepayAPI(t)
		g, logs := newGateway(db, p)
		listening(t, g, 4)
		payment.SetBackoff(g.Sockets, 10*time.Millisecond)
		u, o := sqlstoretest.OnlineOrderIn(t, db, "a@example.com", haat.NPR)
		prn := beginFonepay(t, g, o)
		waitFor(t, "the socket open", func() bool { return f.Listening(prn) == 1 })
		if f.Drop(prn) != 1 {
			t.Fatal("no socket dropped")
		}
		waitFor(t, "the socket dialled again", func() bool { return f.Listening(prn) == 1 })
		f.Pay(prn)
		waitFor(t, "the order paid", func() bool { _, paid := statusOf(t, db, u); return paid })

		v, o2 := sqlstoretest.OnlineOrderIn(t, db, "b@example.com", haat.NPR)
		prn = beginFonepay(t, g, o2)
		for i := range 3 {
			waitFor(t, "the socket open", func() bool { return f.Listening(prn) == 1 })
			if f.Drop(prn) != 1 {
				t.Fatalf("drop %d: no socket", i)
			}
		}
		waitFor(t, "the socket open", func() bool { return f.Listening(prn) == 1 })
		f.Drop(prn)
		waitFor(t, "the socket given up", func() bool { return logs.count("notification socket given up") == 1 })
		if f.Listening(prn) != 0 || logs.count("notification socket lost") != 4 || strings.Contains(logs.String(), "merchantEndPoint") {
			t.Fatalf("given up: %d sockets, logs:\n%s", f.Listening(prn), logs.String())
		}
		f.Pay(prn)
		if qp, err := g.QRPayment(ctx, v.ID, "fonepay", prn); err != nil || qp.State != haat.PaymentPaid {
			t.Fatalf("the page's asking: %+v, %v", qp, err)
		}
	})
}

// TestFonepaySocketForeign: a QR answer that names a socket on a host that is not Fonepay's is
// refused (logged) and never dialled.
func TestFonepaySocketForeign(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		var dialled atomic.Int32
		foreign := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { dialled.Add(1) }))
		t.Cleanup(foreign.Close)
		f, p := fonepayAPI(t)
		f.SocketHost = strings.TrimPrefix(foreign.URL, "http://")
		g, logs := newGateway(db, p)
		listening(t, g, 4)
		_, o := sqlstoretest.OnlineOrderIn(t, db, "a@example.com", haat.NPR)
		beginFonepay(t, g, o)
		if logs.count("notification socket refused") != 1 || dialled.Load() != 0 {
			t.Fatalf("a foreign socket: %d dials, logs:\n%s", dialled.Load(), logs.String())
		}
	})
}

// TestFonepaySocketsClose: the sockets close when the server's lifetime ends, and none opens after.
func TestFonepaySocketsClose(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		f, p := fonepayAPI(t)
		g, logs := newGateway(db, p)
		life, stop := context.WithCancel(context.Background())
		g.Sockets = payment.NewSockets(life, 4)
		t.Cleanup(g.Sockets.Close)
		_, o := sqlstoretest.OnlineOrderIn(t, db, "a@example.com", haat.NPR)
		prn := beginFonepay(t, g, o)
		waitFor(t, "the socket open", func() bool { return f.Listening(prn) == 1 })
		stop()
		waitFor(t, "the socket closed", func() bool { return f.Listening(prn) == 0 })
		g.Sockets.Close() // returns once the listener has ended
		_, o2 := sqlstoretest.OnlineOrderIn(t, db, "b@example.com", haat.NPR)
		beginFonepay(t, g, o2)
		if logs.count("notification socket not opened") != 1 {
			t.Fatalf("a socket after the server stopped; logs:\n%s", logs.String())
		}
	})
}
