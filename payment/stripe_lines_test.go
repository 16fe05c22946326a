package payment_test

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"haat"
	"haat/billexamples"
	"haat/payment"
	"haat/sqlstore"
	"haat/sqlstore/sqlstoretest"
)

// stripeRecorder stands between the provider and stripe-mock and keeps the forms of the Checkout
// Sessions and coupons created, so that a test can add up what Stripe would charge.
type stripeRecorder struct {
	mu       sync.Mutex
	sessions []url.Values
	coupons  map[string]url.Values // by the id stripe-mock answered
}

func newStripeRecorder(t *testing.T, mock string) (*stripeRecorder, string) {
	rec := &stripeRecorder{coupons: map[string]url.Values{}}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		req, _ := http.NewRequestWithContext(r.Context(), r.Method, mock+r.URL.RequestURI(), bytes.NewReader(body))
		req.Header = r.Header.Clone()
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		defer res.Body.Close()
		answer, _ := io.ReadAll(res.Body)
		if res.StatusCode == http.StatusOK && r.Method == http.MethodPost {
			form, _ := url.ParseQuery(string(body))
			rec.mu.Lock()
			switch r.URL.Path {
			case "/v1/checkout/sessions":
				rec.sessions = append(rec.sessions, form)
			case "/v1/coupons":
				rec.coupons[jsonID(answer)] = form
			}
			rec.mu.Unlock()
		}
		w.Header().Set("Content-Type", res.Header.Get("Content-Type"))
		w.WriteHeader(res.StatusCode)
		w.Write(answer)
	}))
	t.Cleanup(srv.Close)
	return rec, srv.URL
}

// jsonID reads the "id" of a JSON object without decoding the rest.
func jsonID(b []byte) string {
	_, rest, ok := bytes.Cut(b, []byte(`"id":`))
	if !ok {
		return ""
	}
	rest = bytes.TrimSpace(rest)
	end := bytes.IndexByte(rest[1:], '"')
	return string(rest[1 : end+1])
}

// charged adds up what the last session asks Stripe to charge: each line's unit amount times its
// quantity, less its coupon's amount off.
func (rec *stripeRecorder) charged(t *testing.T) (haat.Money, []string) {
	t.Helper()
	rec.mu.Lock()
	defer rec.mu.Unlock()
	if len(rec.sessions) == 0 {
		t.Fatal("no session was created")
	}
	s := rec.sessions[len(rec.sessions)-1]
	var total haat.Money
	var names []string
	for i := 0; ; i++ {
		prefix := "line_items[" + strconv.Itoa(i) + "]"
		unit := s.Get(prefix + "[price_data][unit_amount]")
		if unit == "" {
			break
		}
		u, _ := strconv.ParseInt(unit, 10, 64)
		q, _ := strconv.ParseInt(s.Get(prefix+"[quantity]"), 10, 64)
		if u < 0 || q <= 0 {
			t.Fatalf("line %d: %d × %d", i, u, q)
		}
		total += haat.Money(u * q)
		names = append(names, s.Get(prefix+"[price_data][product_data][name]"))
	}
	if id := s.Get("discounts[0][coupon]"); id != "" {
		coupon, ok := rec.coupons[id]
		if !ok {
			t.Fatalf("the session uses coupon %s, which was not created", id)
		}
		off, _ := strconv.ParseInt(coupon.Get("amount_off"), 10, 64)
		total -= haat.Money(off)
		names = append(names, "coupon "+coupon.Get("name"))
	}
	return total, names
}

// TestStripeLinesAddUp: for every bill of the table of cases (flat tax and VAT, fees, exempt
// lines, adjustments), the Checkout Session's lines, less its coupon, charge exactly the order's
// amount, and the tax is a line of its own only under the flat rule, named with its rate.
func TestStripeLinesAddUp(t *testing.T) {
	rec, api := newStripeRecorder(t, stripeMock(t))
	p := newStripe(t, api)
	for i, ex := range billexamples.All {
		t.Run(ex.Name, func(t *testing.T) {
			o := &haat.Order{ID: "o" + strconv.Itoa(i)}
			for j, l := range ex.Lines {
				o.Items = append(o.Items, haat.OrderItem{Quantity: l.Quantity,
					Product: haat.OrderProduct{ID: "p" + strconv.Itoa(j), Name: "Product " + strconv.Itoa(j), OfferPrice: l.UnitPrice, VATExempt: l.VATExempt, Step: l.Step}})
				if l.Step > 0 {
					o.Items[j].Product.SoldBy = haat.SoldByWeight
				}
			}
			bill := ex.Want
			// A charge too, beside the table's discounts: it is a line of its own.
			bill.Adjustments = append(append([]haat.Adjustment{}, bill.Adjustments...), haat.Adjustment{Kind: "weight", Label: "Weighed more", Amount: 150})
			bill.Total += 150
			if bill.TaxRule == haat.TaxFlat {
				bill.Taxable += 150
				bill.Total += haat.Tax(bill.Taxable) - bill.Tax
				bill.Tax = haat.Tax(bill.Taxable)
			}
			o.SetBill(bill)
			a := &haat.PaymentAttempt{ID: "att" + strconv.Itoa(i), OrderID: o.ID, Amount: o.Amount, Currency: "USD"}
			if _, _, err := p.Begin(ctx, payment.Checkout{Attempt: a, Order: o, ReturnURL: "https://haat.example/r", CancelURL: "https://haat.example/c"}); err != nil {
				t.Fatal(err)
			}
			total, names := rec.charged(t)
			if total != o.Amount {
				t.Fatalf("the session charges %d, the order's amount is %d: %v", total, o.Amount, names)
			}
			// A coupon's shares of the lines are taken off as one, named once.
			for _, n := range names {
				if labels, ok := strings.CutPrefix(n, "coupon "); ok {
					if parts := strings.Split(labels, ", "); len(slices.Compact(parts)) != len(parts) {
						t.Errorf("the coupon names a discount twice: %q", labels)
					}
				}
			}
			hasTax := strings.Contains(strings.Join(names, "|"), "Tax (2%)")
			if hasTax != (bill.TaxRule == haat.TaxFlat && bill.Tax > 0) {
				t.Errorf("tax line under %s: %v", bill.TaxRule, names)
			}
		})
	}
}

// TestStripeChargesWhatIsLeftToPay: an order that store credit paid part of is charged what is
// left to pay: its bill's lines as they are, the credit taken off with its discounts.
func TestStripeChargesWhatIsLeftToPay(t *testing.T) {
	rec, api := newStripeRecorder(t, stripeMock(t))
	p := newStripe(t, api)
	for i, ex := range billexamples.All {
		t.Run(ex.Name, func(t *testing.T) {
			o := &haat.Order{ID: "credit" + strconv.Itoa(i), PaymentType: haat.PaymentOnline, Status: haat.StatusAwaitingPayment}
			for j, l := range ex.Lines {
				o.Items = append(o.Items, haat.OrderItem{Quantity: l.Quantity,
					Product: haat.OrderProduct{ID: "p" + strconv.Itoa(j), Name: "Product " + strconv.Itoa(j), OfferPrice: l.UnitPrice, VATExempt: l.VATExempt, Step: l.Step}})
				if l.Step > 0 {
					o.Items[j].Product.SoldBy = haat.SoldByWeight
				}
			}
			o.SetBill(ex.Want)
			o.UseCredit(o.Amount / 3)
			if o.ToPay == 0 {
				t.Skip("nothing left to pay")
			}
			a := &haat.PaymentAttempt{ID: "credit-att" + strconv.Itoa(i), OrderID: o.ID, Amount: o.ToPay, Currency: "USD"}
			if _, _, err := p.Begin(ctx, payment.Checkout{Attempt: a, Order: o, ReturnURL: "https://haat.example/r", CancelURL: "https://haat.example/c"}); err != nil {
				t.Fatal(err)
			}
			if total, names := rec.charged(t); total != o.ToPay || !strings.Contains(strings.Join(names, "|"), "Store credit") {
				t.Fatalf("the session charges %d with %v, the order leaves %d to pay", total, names, o.ToPay)
			}
		})
	}
	// An attempt for more or less than what is left to pay is not started.
	o := &haat.Order{ID: "credit-wrong"}
	o.SetBill(billexamples.All[0].Want)
	o.UseCredit(100)
	a := &haat.PaymentAttempt{ID: "credit-wrong", OrderID: o.ID, Amount: o.Amount, Currency: "USD"}
	if _, _, err := p.Begin(ctx, payment.Checkout{Attempt: a, Order: o}); err == nil {
		t.Fatal("an attempt for the whole amount of an order credit paid part of was started")
	}
}

// TestStripeOrderLinesAddUp: the session of an order placed in the store charges its amount.
func TestStripeOrderLinesAddUp(t *testing.T) {
	rec, api := newStripeRecorder(t, stripeMock(t))
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s, _ := newGateway(db, newStripe(t, api))
		_, o := sqlstoretest.OnlineOrder(t, db, "lines@example.com")
		if _, err := s.Begin(ctx, o, "stripe", ""); err != nil {
			t.Fatal(err)
		}
		if total, names := rec.charged(t); total != o.Amount || total != o.Bill.Total {
			t.Fatalf("the session charges %d for an order of %d: %v", total, o.Amount, names)
		}
	})
}
