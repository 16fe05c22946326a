package notify_test

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"haat"
	"haat/mail"
	"haat/mail/mailtest"
	"haat/notify"
	"haat/sqlstore"
	"haat/sqlstore/sqlstoretest"
)

var ctx = context.Background()

// base is the store's public address its mails link to.
const base = "https://patan.example"

// clock is a store's clock that a test moves on.
type clock struct{ ms atomic.Int64 }

func newClock(db ...*sqlstore.DB) *clock {
	c := &clock{}
	c.ms.Store(time.Now().UnixMilli())
	for _, d := range db {
		d.Now = c.now
	}
	return c
}

func (c *clock) now() time.Time           { return time.UnixMilli(c.ms.Load()) }
func (c *clock) advance(by time.Duration) { c.ms.Add(by.Milliseconds()) }

// shop is a store with a product, its name set, and a shopper with an address.
type shop struct {
	db      *sqlstore.DB
	rice    *haat.Product
	user    *haat.User
	address string
}

// newShop sets up a store named Patan Fresh that mails its shoppers, and a shopper reading it in
// lang.
func newShop(t *testing.T, db *sqlstore.DB, email string, lang haat.Language) *shop {
	t.Helper()
	db.QueueMails(true)
	if _, err := db.UpdateStoreSettings(ctx, func(s *haat.StoreSettings) error {
		s.Store.Name = "Patan Fresh"
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	rice := &haat.Product{Name: "Jumla Red Rice", NameNe: "जुम्ली रातो चामल", Category: "Grains", Price: 32000, OfferPrice: 29500, StockOn: true,
		Image: []string{"/media/catalogue/jumla-rice.webp"}, Description: []string{"Hill-grown"}}
	if err := db.CreateProduct(ctx, rice); err != nil {
		t.Fatal(err)
	}
	s := &shop{db: db, rice: rice}
	s.user, s.address = s.shopper(t, email, lang)
	return s
}

// shopper registers a shopper reading the store in lang, with an address.
func (s *shop) shopper(t *testing.T, email string, lang haat.Language) (*haat.User, string) {
	t.Helper()
	u, err := s.db.Register(ctx, "Sita Gurung", email, "correct horse")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.db.SetLanguage(ctx, u.ID, lang); err != nil {
		t.Fatal(err)
	}
	a := &haat.Address{UserID: u.ID, FirstName: "Sita", LastName: "Gurung", Email: email, Street: "Lakeside 4",
		City: "Pokhara", State: "Gandaki", Zipcode: "33700", Country: "Nepal", Phone: "9811111111"}
	if err := s.db.CreateAddress(ctx, a); err != nil {
		t.Fatal(err)
	}
	return u, a.ID
}

// order places a cash order of two bags of rice for the shopper.
func (s *shop) order(t *testing.T, db *sqlstore.DB) *haat.Order {
	t.Helper()
	o, err := sqlstoretest.PlaceOrder(db, haat.NewOrder{UserID: s.user.ID, AddressID: s.address, PaymentType: haat.PaymentCOD,
		Currency: haat.NPR, Lines: []haat.OrderLine{{ProductID: s.rice.ID, Quantity: 2}}})
	if err != nil {
		t.Fatalf("place order: %v", err)
	}
	return o
}

// sender sends through the test's SMTP server, with STARTTLS and the server's password.
func sender(srv *mailtest.Server) mail.Sender {
	return &mail.SMTP{URL: srv.URL, From: "Patan Fresh <orders@patan.example>", TLS: srv.ClientTLS, Timeout: 10 * time.Second}
}

func TestOrderPlacedMailInNepali(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		srv := mailtest.Start(t)
		s := newShop(t, db, "sita@example.com", haat.Nepali)
		o := s.order(t, db)
		if err := notify.SendMails(ctx, db, sender(srv), base); err != nil {
			t.Fatal(err)
		}
		mails := srv.Mails()
		if len(mails) != 1 {
			t.Fatalf("%d mails: %+v", len(mails), mails)
		}
		m := mails[0]
		number := haat.LocalDigits(fmt.Sprintf("#%d", o.Number), haat.Nepali)
		total := o.Currency.Format(o.Bill.Total, haat.Nepali)
		if m.To != "sita@example.com" || m.From != "orders@patan.example" || !m.TLS {
			t.Errorf("envelope %s → %s, TLS %v", m.From, m.To, m.TLS)
		}
		if want := "Patan Fresh: तपाईंको अर्डर " + number + " राखियो"; m.Subject != want {
			t.Errorf("subject %q, want %q", m.Subject, want)
		}
		for _, part := range []string{m.Text, m.HTML} {
			// Order news is a mail the shopper chose: it says where to turn it off.
			for _, want := range []string{"नमस्ते Sita Gurung", "जुम्ली रातो चामल × २", "जम्मा", total, "Patan Fresh", "कुन सन्देशहरू पाउने छान्नुहोस्", base + "/account"} {
				if !strings.Contains(part, want) {
					t.Errorf("mail lacks %q:\n%s", want, part)
				}
			}
		}
		// The total is the bill's, as placed: रु ६०१.८० for two bags at 295 with 2% tax.
		if o.Bill.Total != 60180 || total != "रु ६०१.८०" {
			t.Errorf("total %d, %q", o.Bill.Total, total)
		}
		// Sent once: a second round sends nothing.
		if err := notify.SendMails(ctx, db, sender(srv), base); err != nil || len(srv.Mails()) != 1 {
			t.Fatalf("second round: %d mails, %v", len(srv.Mails()), err)
		}
	})
}

func TestOrderMailsInEnglish(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		srv := mailtest.Start(t)
		s := newShop(t, db, "sita@example.com", haat.English)
		o := s.order(t, db)
		for _, st := range []haat.OrderStatus{haat.StatusPacked, haat.StatusOutForDelivery, haat.StatusDelivered} {
			if _, err := db.SetOrderStatus(ctx, o.ID, st); err != nil {
				t.Fatal(err)
			}
		}
		if err := notify.SendMails(ctx, db, sender(srv), base); err != nil {
			t.Fatal(err)
		}
		var subjects []string
		for _, m := range srv.Mails() {
			subjects = append(subjects, m.Subject)
		}
		n := o.Number
		want := []string{
			fmt.Sprintf("Patan Fresh: Your order #%d is placed", n),
			fmt.Sprintf("Patan Fresh: Your order #%d is out for delivery", n),
			fmt.Sprintf("Patan Fresh: Your order #%d is delivered", n),
		}
		if strings.Join(subjects, "\n") != strings.Join(want, "\n") {
			t.Fatalf("subjects:\n%s\nwant:\n%s", strings.Join(subjects, "\n"), strings.Join(want, "\n"))
		}
		if text := srv.Mails()[0].Text; !strings.Contains(text, "Jumla Red Rice × 2: Rs. 590") || !strings.Contains(text, "Total: Rs. 601.80") {
			t.Errorf("text:\n%s", text)
		}
	})
}

// TestOrderMailShowsTheDiscount: an order placed with a coupon is mailed with its discount as one
// line named with the code, and the total after it.
func TestOrderMailShowsTheDiscount(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		srv := mailtest.Start(t)
		s := newShop(t, db, "sita@example.com", haat.English)
		if _, err := db.SaveCoupon(ctx, haat.Coupon{Code: "DASHAIN10", Kind: haat.CouponPercent, Value: 1000, Active: true}); err != nil {
			t.Fatal(err)
		}
		if _, err := sqlstoretest.PlaceOrder(db, haat.NewOrder{UserID: s.user.ID, AddressID: s.address, PaymentType: haat.PaymentCOD,
			Currency: haat.NPR, Coupon: "dashain10", Lines: []haat.OrderLine{{ProductID: s.rice.ID, Quantity: 2}}}); err != nil {
			t.Fatal(err)
		}
		if err := notify.SendMails(ctx, db, sender(srv), base); err != nil {
			t.Fatal(err)
		}
		// 590 less 59, and 2% tax on 531.
		text := srv.Mails()[0].Text
		if !strings.Contains(text, "Discount (DASHAIN10): -Rs. 59") || strings.Count(text, "DASHAIN10") != 1 || !strings.Contains(text, "Total: Rs. 541.62") {
			t.Errorf("text:\n%s", text)
		}
	})
}

// TestOrderMailShowsStoreCredit: an order that store credit paid part of is mailed with what the
// credit paid and what is left to pay, after its total.
func TestOrderMailShowsStoreCredit(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		srv := mailtest.Start(t)
		s := newShop(t, db, "sita@example.com", haat.English)
		first := s.order(t, db)
		for _, st := range []haat.OrderStatus{haat.StatusPacked, haat.StatusOutForDelivery, haat.StatusDelivered} {
			if _, err := db.SetOrderStatus(ctx, first.ID, st); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := db.GiveGoodwill(ctx, haat.Goodwill{OrderID: first.ID, Amount: 10000, Note: "Late"}); err != nil {
			t.Fatal(err)
		}
		second, err := sqlstoretest.PlaceOrder(db, haat.NewOrder{UserID: s.user.ID, AddressID: s.address, PaymentType: haat.PaymentCOD,
			Currency: haat.NPR, UseCredit: true, Lines: []haat.OrderLine{{ProductID: s.rice.ID, Quantity: 2}}})
		if err != nil || second.CreditUsed != 10000 {
			t.Fatalf("%+v, %v", second, err)
		}
		if err := notify.SendMails(ctx, db, sender(srv), base); err != nil {
			t.Fatal(err)
		}
		var text string
		for _, m := range srv.Mails() {
			if strings.Contains(m.Subject, fmt.Sprintf("#%d is placed", second.Number)) {
				text = m.Text
			}
		}
		// 601.80, of which 100 paid with credit.
		total, paid, left := strings.Index(text, "Total: Rs. 601.80"), strings.Index(text, "Paid with store credit: -Rs. 100"), strings.Index(text, "To pay: Rs. 501.80")
		if total < 0 || paid < total || left < paid {
			t.Errorf("text:\n%s", text)
		}
	})
}

// TestMailOff: a shopper who turned order news off gets no mail; nor does anyone when the store
// has no mail server to send through (production without HAAT_SMTP_URL).
func TestMailOff(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		srv := mailtest.Start(t)
		s := newShop(t, db, "sita@example.com", haat.English)
		off := false
		if n, err := db.SetNotifications(ctx, s.user.ID, haat.NotificationChoice{Orders: &off}); err != nil || n.Orders || !n.BackInStock {
			t.Fatalf("notifications %+v, %v", n, err)
		}
		s.order(t, db)
		s.user, s.address = s.shopper(t, "ram@example.com", haat.English)
		db.QueueMails(false)
		s.order(t, db)
		if err := notify.SendMails(ctx, db, sender(srv), base); err != nil || len(srv.Mails()) != 0 {
			t.Fatalf("%d mails, %v", len(srv.Mails()), err)
		}
	})
}

// TestMailQueueSurvivesRestart: a mail queued by a server that stops before sending it is sent by
// the server started after it.
func TestMailQueueSurvivesRestart(t *testing.T) {
	sqlstoretest.EachDialect(t, func(t *testing.T, dialect string) {
		srv := mailtest.Start(t)
		dsn, dir := sqlstoretest.NewDatabase(t, dialect)
		db, err := sqlstore.Open(ctx, dsn, dir)
		if err != nil {
			t.Fatal(err)
		}
		db.BcryptCost = 4
		s := newShop(t, db, "sita@example.com", haat.English)
		o := s.order(t, db)
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
		if len(srv.Mails()) != 0 {
			t.Fatal("sent before the restart")
		}
		again, err := sqlstore.Open(ctx, dsn, dir)
		if err != nil {
			t.Fatal(err)
		}
		defer again.Close()
		if err := notify.SendMails(ctx, again, sender(srv), base); err != nil {
			t.Fatal(err)
		}
		mails := srv.Mails()
		if len(mails) != 1 || !strings.Contains(mails[0].Subject, fmt.Sprintf("#%d is placed", o.Number)) {
			t.Fatalf("mails after the restart: %+v", mails)
		}
	})
}

// TestMailSentOnceByTwoServers: two servers sending from one database at once send each mail
// once.
func TestMailSentOnceByTwoServers(t *testing.T) {
	sqlstoretest.EachDialect(t, func(t *testing.T, dialect string) {
		srv := mailtest.Start(t)
		dbs := sqlstoretest.OpenShared(t, dialect, 2)
		s := newShop(t, dbs[0], "sita@example.com", haat.English)
		dbs[1].QueueMails(true)
		const orders = 60
		numbers := map[int64]bool{}
		for i := range orders {
			if i%10 == 0 { // a shopper places at most so many orders an hour
				s.user, s.address = s.shopper(t, fmt.Sprintf("shopper%d@example.com", i), haat.English)
			}
			numbers[s.order(t, dbs[i%2]).Number] = true
		}
		var wg sync.WaitGroup
		errs := make([]error, 4)
		for i := range errs {
			wg.Go(func() { errs[i] = notify.SendMails(ctx, dbs[i%2], sender(srv), base) })
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		got := map[int64]int{}
		for _, m := range srv.Mails() {
			var n int64
			if _, err := fmt.Sscanf(m.Subject, "Patan Fresh: Your order #%d is placed", &n); err != nil {
				t.Fatalf("subject %q: %v", m.Subject, err)
			}
			got[n]++
		}
		for n := range numbers {
			if got[n] != 1 {
				t.Errorf("order #%d mailed %d times", n, got[n])
			}
		}
		if len(got) != orders {
			t.Errorf("%d orders mailed, want %d", len(got), orders)
		}
	})
}

// TestMailServerFailing: a mail server that refuses, or is not there, fails no order; the mail is
// tried again after its wait, and sent once the server takes it.
func TestMailServerFailing(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		c := newClock(db)
		srv := mailtest.Start(t)
		s := newShop(t, db, "sita@example.com", haat.English)
		srv.Fail(true)
		o := s.order(t, db)
		if err := notify.SendMails(ctx, db, sender(srv), base); err == nil || !strings.Contains(err.Error(), "Try again later") {
			t.Fatalf("send to a refusing server: %v", err)
		}
		// A server that is not there at all: the order is placed all the same.
		gone := &mail.SMTP{URL: &url.URL{Scheme: "smtp", Host: "127.0.0.1:1"}, From: "orders@patan.example", Timeout: 2 * time.Second}
		placed, err := db.UserOrder(ctx, s.user.ID, o.ID)
		if err != nil || placed.Status != haat.StatusOrderPlaced {
			t.Fatalf("order %+v, %v", placed, err)
		}
		srv.Fail(false)
		// Not due again yet: nothing is tried.
		if err := notify.SendMails(ctx, db, gone, base); err != nil || len(srv.Mails()) != 0 {
			t.Fatalf("tried before its time: %d mails, %v", len(srv.Mails()), err)
		}
		c.advance(notify.RetryAfter(1))
		if err := notify.SendMails(ctx, db, gone, base); err == nil {
			t.Fatal("no error from a server that is not there")
		}
		if err := notify.SendMails(ctx, db, sender(srv), base); err != nil || len(srv.Mails()) != 0 {
			t.Fatalf("tried before its second wait: %d mails, %v", len(srv.Mails()), err)
		}
		c.advance(notify.RetryAfter(2))
		if err := notify.SendMails(ctx, db, sender(srv), base); err != nil {
			t.Fatal(err)
		}
		if mails := srv.Mails(); len(mails) != 1 || !strings.Contains(mails[0].Subject, "is placed") {
			t.Fatalf("mails %+v", mails)
		}
	})
}

// TestOnlineOrderMails: an online order is mailed as placed when its payment arrives, not before;
// cancelled by the seller, then its money refunded, it is mailed each time. A store without a
// name sends mails that name none.
func TestOnlineOrderMails(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		c := newClock(db)
		srv := mailtest.Start(t)
		db.QueueMails(true)
		send := func() []string {
			t.Helper()
			if err := notify.SendMails(ctx, db, sender(srv), base); err != nil {
				t.Fatal(err)
			}
			var subjects []string
			for _, m := range srv.Mails() {
				subjects = append(subjects, m.Subject)
			}
			return subjects
		}
		_, o := sqlstoretest.OnlineOrder(t, db, "sita@example.com")
		a, _, err := db.StartPayment(ctx, o.ID, "test", "usd")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.SetPaymentReference(ctx, a.ID, "ref-1"); err != nil {
			t.Fatal(err)
		}
		if got := send(); len(got) != 0 {
			t.Fatalf("mailed before payment: %v", got)
		}
		if _, err := db.ConfirmPayment(ctx, haat.PaymentResult{Provider: "test", Reference: "ref-1", State: haat.PaymentPaid,
			Amount: o.Bill.Total, Currency: "USD"}); err != nil {
			t.Fatal(err)
		}
		if _, err := db.SetOrderStatus(ctx, o.ID, haat.StatusCancelled); err != nil {
			t.Fatal(err)
		}
		if _, err := db.MarkOrderRefunded(ctx, o.ID); err != nil {
			t.Fatal(err)
		}
		n := o.Number
		want := []string{
			fmt.Sprintf("Your order #%d is placed", n),
			fmt.Sprintf("Your order #%d is cancelled", n),
			fmt.Sprintf("Your money for order #%d is refunded", n),
		}
		if got := send(); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Fatalf("subjects:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		if text := srv.Mails()[2].Text; !strings.Contains(text, "Total: $601.80") || strings.Contains(text, "Thank you,\n") {
			t.Errorf("refund mail:\n%s", text)
		}
		// Housekeeping removes the messages sent, 30 days on.
		if swept, err := db.Sweep(ctx); err != nil || swept.Messages != 0 {
			t.Fatalf("swept %+v, %v", swept, err)
		}
		c.advance(31 * 24 * time.Hour)
		if swept, err := db.Sweep(ctx); err != nil || swept.Messages != 3 {
			t.Fatalf("swept %+v, %v", swept, err)
		}
	})
}

// TestNewsletterConfirmationMail: a newsletter signup's confirmation mail reaches the mail server
// in the language of the signup, with its confirmation link, its unsubscribe link and the
// List-Unsubscribe header.
func TestNewsletterConfirmationMail(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		srv := mailtest.Start(t)
		newShop(t, db, "sita@example.com", haat.English)
		if err := db.Subscribe(ctx, "ram@example.com", haat.Nepali); err != nil {
			t.Fatal(err)
		}
		if err := notify.SendMails(ctx, db, sender(srv), base); err != nil {
			t.Fatal(err)
		}
		mails := srv.Mails()
		if len(mails) != 1 {
			t.Fatalf("%d mails: %+v", len(mails), mails)
		}
		m := mails[0]
		if m.To != "ram@example.com" || m.Subject != "Patan Fresh: कृपया न्यूजलेटरको सदस्यता पक्का गर्नुहोस्" {
			t.Fatalf("%s: %q", m.To, m.Subject)
		}
		confirm := base + "/api/newsletter/confirm?token="
		unsubscribe := base + "/api/newsletter/unsubscribe?token="
		for _, part := range []string{m.Text, m.HTML} {
			for _, want := range []string{confirm, unsubscribe, "मेरो ठेगाना पक्का गर्नुहोस्", "सदस्यता हटाउनुहोस्"} {
				if !strings.Contains(part, want) {
					t.Errorf("mail lacks %q:\n%s", want, part)
				}
			}
		}
		if !strings.HasPrefix(m.ListUnsubscribe, "<"+unsubscribe) || !strings.HasSuffix(m.ListUnsubscribe, ">") {
			t.Errorf("List-Unsubscribe %q", m.ListUnsubscribe)
		}
		// The link's token confirms the address.
		at := strings.Index(m.Text, confirm)
		token, _, _ := strings.Cut(m.Text[at+len(confirm):], "\n")
		if err := db.ConfirmSubscription(ctx, strings.TrimSpace(token)); err != nil {
			t.Fatalf("confirm with the mail's token %q: %v", token, err)
		}
		subs, err := db.Subscribers(ctx)
		if err != nil || len(subs) != 1 || subs[0].Email != "ram@example.com" {
			t.Fatalf("subscribers %+v, %v", subs, err)
		}
	})
}

// TestSubstituteMail: the mail that asks a shopper to accept or refuse a substitute gives them the
// minutes they have, in their language's digits.
func TestSubstituteMail(t *testing.T) {
	o := &haat.Order{Number: 10482, Currency: haat.USD}
	for lang, want := range map[haat.Language]string{
		haat.English: "within 10 minutes; if you do not answer, it stays in your order",
		haat.Nepali:  "१० मिनेटभित्र ‘मेरा अर्डरहरू’ मा",
	} {
		m, err := notify.Render(haat.Message{Kind: haat.MessageSubstitute, Language: lang, Name: "Sita", Order: o}, "https://shop.example")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(m.Text, want) {
			t.Errorf("%s: %q lacks %q", lang, m.Text, want)
		}
	}
}
