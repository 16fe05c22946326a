package api_test

import (
	"reflect"
	"testing"

	"haat"
)

// TestPastBillsStay: an order keeps the figures it was placed with and an invoice those it was
// issued with: changing the tax rule, the delivery rules and the invoice details afterwards
// changes neither what My Orders, the seller's list nor the invoice shows.
func TestPastBillsStay(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		seller := s.seller()
		settings := func(change map[string]any) {
			t.Helper()
			want(t, seller.post("/api/seller/settings", change), 200, "Settings saved")
		}
		type past struct {
			shopper              *client
			id                   string
			order, sold, invoice map[string]any
		}
		// snapshot reads an order as its shopper and the seller see it, and its invoice.
		snapshot := func(c *client, id string, number int64) past {
			t.Helper()
			return past{c, id, c.orders()[0].(map[string]any), s.sellerOrder(id), seller.sellerInvoice(number)}
		}
		same := func(p past, when string) {
			t.Helper()
			now := snapshot(p.shopper, p.id, int64(p.order["number"].(float64)))
			for name, pair := range map[string][2]map[string]any{"order": {p.order, now.order}, "seller's order": {p.sold, now.sold},
				"invoice": {p.invoice, now.invoice}} {
				if !reflect.DeepEqual(pair[0], pair[1]) {
					t.Errorf("%s: the %s changed:\n was %v\n now %v", when, name, pair[0], pair[1])
				}
			}
		}

		// deliver has a new shopper in Kathmandu order two bags of rice and the seller deliver them.
		deliver := func() (*client, string, int64) {
			t.Helper()
			c := s.shopper("")
			r := c.post("/api/address/add", map[string]any{"address": addressWith(map[string]string{"city": "Kathmandu", "state": "Bagmati"})})
			want(t, r, 200, "Address Added")
			want(t, c.post("/api/order/cod", order(s.rice.ID, 2, r.body["address"].(map[string]any)["_id"].(string))), 200, "Order Placed Successfully")
			id := c.orders()[0].(map[string]any)["_id"].(string)
			s.walk(seller, id, haat.StatusPacked, haat.StatusOutForDelivery, haat.StatusDelivered)
			return c, id, int64(s.sellerOrder(id)["number"].(float64))
		}

		settings(valleyRules)
		settings(invoiceDetails)
		settings(map[string]any{"taxRule": "flat"})
		c, id, number := deliver()
		flat := snapshot(c, id, number)
		bill := flat.order["bill"].(map[string]any)
		// Two bags of rice at 295 below the free threshold: Rs. 75 delivery, 2% of 590.
		if bill["subtotal"] != 590.0 || bill["deliveryFee"] != 75.0 || bill["tax"] != 11.8 || bill["total"] != 676.8 || flat.order["amount"] != 676.8 {
			t.Fatalf("flat order's bill: %v", flat.order)
		}
		if totals := flat.invoice["totals"].(map[string]any); totals["total"] != 676.8 || totals["tax"] != 11.8 {
			t.Fatalf("flat order's invoice: %v", totals)
		}

		settings(map[string]any{"taxRule": "vat", "delivery": map[string]any{"districts": []string{"Kathmandu", "Lalitpur", "Bhaktapur"}, "fee": 150, "freeFrom": 0, "minimumOrder": 0},
			"invoice": map[string]any{"legalName": "Another Name Pvt. Ltd.", "address": "Lalitpur", "pan": "123456789"}})
		same(flat, "after VAT, a new fee and new invoice details")
		c, id, number = deliver()
		vat := snapshot(c, id, number)
		if bill := vat.order["bill"].(map[string]any); bill["deliveryFee"] != 150.0 || bill["total"] != 740.0 || bill["taxRule"] != "vat" {
			t.Fatalf("VAT order's bill: %v", bill)
		}

		settings(map[string]any{"taxRule": "flat", "delivery": nil, "invoice": map[string]any{"legalName": "Third Name", "address": "Bhaktapur", "pan": "987654321"}})
		same(flat, "after the flat rule again, no delivery rules and other details")
		same(vat, "after the flat rule, no delivery rules and other details")
	})
}
