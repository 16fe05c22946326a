package sqlstore_test

import (
	"reflect"
	"testing"

	"haat"
	"haat/sqlstore"
	"haat/sqlstore/sqlstoretest"
)

// TestBillBackfill: migration 0031 gives the orders and invoices that were there the figures they
// showed, as haat.BillOf works them out (the same rounding): a VAT order with exempt and taxable
// goods and a fee, and a flat one, each delivered with its invoice.
func TestBillBackfill(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		u, address := shopperIn(t, db, "backfill@example.com", "Kathmandu", "Bagmati")
		butter := onSale(t, db, "Butter", 11300, false)
		rice := onSale(t, db, "Rice", 50000, true)
		setRules(t, db, haat.TaxNepalVAT)
		vat := deliver(t, db, u, address, haat.OrderLine{ProductID: butter, Quantity: 2}, haat.OrderLine{ProductID: rice, Quantity: 1})
		setRules(t, db, haat.TaxFlat)
		flat := deliver(t, db, u, address, haat.OrderLine{ProductID: butter, Quantity: 3}, haat.OrderLine{ProductID: rice, Quantity: 1})
		before := map[string]*haat.Invoice{}
		for _, o := range []*haat.Order{vat, flat} {
			inv, _, err := db.SellerInvoice(ctx, o.Number)
			if err != nil {
				t.Fatal(err)
			}
			before[o.ID] = inv
		}
		if vat.Bill.Tax != 3463 || vat.Bill.Exempt != 50000 || flat.Bill.Tax != haat.Tax(83900) {
			t.Fatalf("placed: %+v, %+v", vat.Bill, flat.Bill)
		}

		// As the orders and invoices were before the migration: no figures but the amount and fee.
		for _, q := range []string{
			`UPDATE orders SET subtotal = 0, tax = 0, taxable = 0, exempt = 0`,
			`UPDATE order_items SET amount = 0`,
			`UPDATE invoices SET tax_rule = 'flat', subtotal = 0, delivery_fee = 0, tax = 0, taxable_ex_vat = 0, exempt = 0, total = 0`,
		} {
			if _, err := db.SQL().ExecContext(ctx, q); err != nil {
				t.Fatal(err)
			}
		}
		if err := db.Backfill(ctx, 31); err != nil {
			t.Fatal(err)
		}
		for _, was := range []*haat.Order{vat, flat} {
			o, err := db.UserOrder(ctx, u.ID, was.ID)
			if err != nil {
				t.Fatal(err)
			}
			want, err := haat.BillOf(haat.BillLines(o.Items), haat.BillRules{TaxRule: o.TaxRule, Delivery: &haat.DeliveryRules{Fee: o.DeliveryFee}}, haat.BillChoices{})
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(o.Bill, want) || !reflect.DeepEqual(o.Bill, was.Bill) || o.Amount != was.Amount || o.Tax != was.Tax {
				t.Errorf("%s order filled as %+v, Go works out %+v, placed as %+v", o.TaxRule, o.Bill, want, was.Bill)
			}
			inv, _, err := db.SellerInvoice(ctx, o.Number)
			if err != nil {
				t.Fatal(err)
			}
			totals, _ := haat.InvoiceTotalsOf(want)
			if !reflect.DeepEqual(inv.Totals, totals) || !reflect.DeepEqual(inv.Totals, before[o.ID].Totals) {
				t.Errorf("%s invoice filled as %+v, Go works out %+v, issued as %+v", o.TaxRule, inv.Totals, totals, before[o.ID].Totals)
			}
		}
	})
}

// onSale adds a product on sale at price.
func onSale(t *testing.T, db *sqlstore.DB, name string, price haat.Money, exempt bool) string {
	t.Helper()
	p := &haat.Product{Name: name, Category: "Grains", Price: price, OfferPrice: price, StockOn: true, VATExempt: exempt,
		Image: []string{"/media/catalogue/jumla-rice.webp"}, Description: []string{"Good"}}
	if err := db.CreateProduct(ctx, p); err != nil {
		t.Fatal(err)
	}
	return p.ID
}

// setRules sets the tax rule, delivery in the valley at Rs. 75 below Rs. 1,000, and the invoice details.
func setRules(t *testing.T, db *sqlstore.DB, rule haat.TaxRule) {
	t.Helper()
	if _, err := db.UpdateStoreSettings(ctx, func(s *haat.StoreSettings) error {
		s.TaxRule = rule
		s.Delivery = &haat.DeliveryRules{Districts: haat.KathmanduValley, Fee: 7500, FreeFrom: 100000}
		s.Invoice = &haat.InvoiceDetails{LegalName: "Haat Traders", Address: "Kupondole", PAN: "601234567"}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
}

// deliver places a cash order of the lines and takes it to Delivered, which issues its invoice.
func deliver(t *testing.T, db *sqlstore.DB, u *haat.User, address string, lines ...haat.OrderLine) *haat.Order {
	t.Helper()
	o, err := sqlstoretest.PlaceOrder(db, haat.NewOrder{UserID: u.ID, AddressID: address, PaymentType: haat.PaymentCOD, Currency: haat.NPR, Lines: lines})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []haat.OrderStatus{haat.StatusPacked, haat.StatusOutForDelivery, haat.StatusDelivered} {
		if _, err := db.SetOrderStatus(ctx, o.ID, s); err != nil {
			t.Fatal(err)
		}
	}
	placed, err := db.UserOrder(ctx, u.ID, o.ID)
	if err != nil {
		t.Fatal(err)
	}
	return placed
}
