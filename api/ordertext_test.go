package api_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"haat"
	"haat/notify"
	"haat/sms"
)

// smsStandIn is a Sparrow SMS stand-in, or an Aakash SMS one: it answers the provider's documented
// bodies and keeps what it queued; refuse makes it answer Sparrow's refusal.
type smsStandIn struct {
	mu     sync.Mutex
	queued []url.Values
	refuse bool
	aakash bool
}

func (p *smsStandIn) start(t *testing.T) string {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw, _ := io.ReadAll(r.Body)
		form, _ := url.ParseQuery(string(raw))
		p.mu.Lock()
		defer p.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		if p.refuse {
			w.WriteHeader(403)
			io.WriteString(w, `{"response_code":1013,"response":"Insufficient Credits"}`)
			return
		}
		p.queued = append(p.queued, form)
		if p.aakash {
			io.WriteString(w, `{"error": false, "message": "1 messages has been queued for delivery.", "data": {"valid": [{"id": 1,
				"mobile": "`+form.Get("to")+`", "credit": 1, "network": "ncell", "status": "queued"}], "invalid": []}}`)
			return
		}
		io.WriteString(w, `{"count": 1, "response_code": 200, "response": "1 mesages has been queued for delivery"}`)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

func (p *smsStandIn) texts() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []string
	for _, f := range p.queued {
		out = append(out, f.Get("to")+": "+f.Get("text"))
	}
	return out
}

func TestOrderTexts(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		stand := &smsStandIn{}
		sender := &sms.Sparrow{Token: "tok", From: "Haat", URL: stand.start(t)}
		send := func() error { return notify.SendTexts(ctx, s.db, sender) }

		// The texts name the store as its seller calls it.
		want(t, s.seller().post("/api/seller/settings", map[string]any{"store": map[string]any{"name": "Patan Fresh"}}), 200)
		phone := s.phoneShopper("9812345678")
		email := s.shopper("")
		var ids []string
		for _, c := range []*client{phone, email} {
			r := c.post("/api/order/cod", order(s.rice.ID, 1, c.addAddress()))
			want(t, r, 200)
			orders := c.orders()
			ids = append(ids, orders[0].(map[string]any)["_id"].(string))
		}
		number := int64(phone.orders()[0].(map[string]any)["number"].(float64))

		// A provider that refuses fails no order: the seller moves it on, the text waits.
		stand.refuse = true
		if err := send(); err == nil || !strings.Contains(err.Error(), "Insufficient Credits") {
			t.Fatalf("send with a refusing provider: %v", err)
		}
		seller := s.seller()
		for _, st := range []haat.OrderStatus{haat.StatusPacked, haat.StatusOutForDelivery} {
			for _, id := range ids {
				want(t, seller.post("/api/order/status", map[string]string{"id": id, "status": string(st)}), 200)
			}
		}
		stand.refuse = false
		if err := send(); err != nil {
			t.Fatal(err)
		}
		for _, id := range ids {
			want(t, seller.post("/api/order/status", map[string]string{"id": id, "status": string(haat.StatusDelivered)}), 200)
		}
		if err := send(); err != nil {
			t.Fatal(err)
		}
		if err := send(); err != nil { // nothing is sent twice
			t.Fatal(err)
		}
		wantTexts := []string{
			fmt.Sprintf("9812345678: Patan Fresh: your order #%d is placed. We will text you when it is on its way.", number),
			fmt.Sprintf("9812345678: Patan Fresh: your order #%d is out for delivery.", number),
			fmt.Sprintf("9812345678: Patan Fresh: your order #%d is delivered. Thank you for shopping with us!", number),
		}
		if got := stand.texts(); strings.Join(got, "\n") != strings.Join(wantTexts, "\n") {
			t.Fatalf("texts:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(wantTexts, "\n"))
		}
	})
}

func TestOrderTextGivenUp(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		stand := &smsStandIn{refuse: true}
		sender := &sms.Sparrow{Token: "tok", From: "Haat", URL: stand.start(t)}
		phone := s.phoneShopper("9812345678")
		want(t, phone.post("/api/order/cod", order(s.rice.ID, 1, phone.addAddress())), 200)
		for range haat.MaxOrderTextTries {
			if err := notify.SendTexts(ctx, s.db, sender); err == nil {
				t.Fatal("no error from a refusing provider")
			}
		}
		stand.refuse = false
		if err := notify.SendTexts(ctx, s.db, sender); err != nil {
			t.Fatal(err)
		}
		if got := stand.texts(); len(got) != 0 {
			t.Fatalf("sent after %d tries: %v", haat.MaxOrderTextTries, got)
		}
	})
}

// TestOrderTextsOnlinePayment: an online order is texted as placed when its payment arrives, not
// when it starts; one whose payment fails is never texted.
func TestOrderTextsOnlinePayment(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		stand := &smsStandIn{aakash: true}
		sender := &sms.Aakash{Token: "tok", URL: stand.start(t)}
		send := func() {
			t.Helper()
			if err := notify.SendTexts(ctx, s.db, sender); err != nil {
				t.Fatal(err)
			}
		}

		c := s.phoneShopper("9812345678")
		addr := c.addAddress()
		paid := c.checkout(addr, "sandbox")
		send()
		if got := stand.texts(); len(got) != 0 {
			t.Fatalf("texted before payment: %v", got)
		}
		failed := c.checkout(addr, "sandbox")
		if st, _ := c.answer(failed, "cancel"); st != 303 {
			t.Fatalf("cancel: %d", st)
		}
		if st, _ := c.answer(paid, "pay"); st != 303 {
			t.Fatalf("pay: %d", st)
		}
		send()
		var number float64
		for _, o := range c.orders() {
			if o := o.(map[string]any); o["isPaid"] == true {
				number = o["number"].(float64)
			}
		}
		// A store without a name sends texts that name none.
		want := []string{fmt.Sprintf("9812345678: Your order #%d is placed. We will text you when it is on its way.", int64(number))}
		if got := stand.texts(); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Fatalf("texts %v, want %v", got, want)
		}
	}, withSandbox)
}

// TestClaimTexts: a shopper who signs in by phone is texted that their claim was received, at
// once, and that it was decided, once each, in the language of their account.
func TestClaimTexts(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		stand := &smsStandIn{}
		sender := &sms.Sparrow{Token: "tok", From: "Haat", URL: stand.start(t)}
		phone := s.phoneShopper("9812345678")
		want(t, phone.post("/api/order/cod", order(s.rice.ID, 2, phone.addAddress())), 200)
		o := phone.orders()[0].(map[string]any)
		id, number := o["_id"].(string), int64(o["number"].(float64))
		seller := s.seller()
		s.walk(seller, id, haat.StatusPacked, haat.StatusOutForDelivery, haat.StatusDelivered)
		if err := notify.SendTexts(ctx, s.db, sender); err != nil {
			t.Fatal(err)
		}
		before := len(stand.texts())
		r := phone.claim(id, []map[string]any{{"product": s.rice.ID, "quantity": 1, "reason": "missing"}}, "")
		want(t, r, 200)
		want(t, seller.post("/api/seller/claim/resolve", map[string]any{"id": r.body["claim"].(map[string]any)["_id"], "resolution": "reject", "reason": "It was there"}), 200)
		for range 2 {
			if err := notify.SendTexts(ctx, s.db, sender); err != nil {
				t.Fatal(err)
			}
		}
		got := stand.texts()[before:]
		want := []string{
			fmt.Sprintf("9812345678: We have your claim about order #%d and will decide it within 15 days. My Orders shows where it stands.", number),
			fmt.Sprintf("9812345678: We have decided your claim about order #%d. My Orders shows what we decided and why.", number),
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Fatalf("texts:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	})
}
