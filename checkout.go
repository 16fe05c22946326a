package haat

import (
	"cmp"
	"slices"
)

// OrderFacts are what the store holds that an order request is checked and priced against: the
// checkout loads them through the store's services, and PriceOrder states the rules once.
type OrderFacts struct {
	// Addresses are the shopper's own addresses.
	Addresses []Address
	// Products are the products of the request's lines that exist (archived ones included), by id.
	Products map[string]Product
	// Settings are the store's settings: its tax rule and delivery rules.
	Settings *StoreSettings
	// Slots are today's and tomorrow's delivery slots; none while the store offers none.
	Slots []Slot
	// Credit is the shopper's balance of store credit; 0 for a guest.
	Credit Money
	// Coupon is what the code asked for is checked against; nil when none is asked for.
	Coupon *CouponFacts
}

// errProductNotFound answers a line whose product the store does not have.
var errProductNotFound = Errorf(ENOTFOUND, "Product not found")

// Item is the line as an order holds it, at the store's own price, if its product can be bought:
// it exists, is on sale and has the units asked for (as far as the facts were read; the store
// takes counted units with a conditional update).
func (f OrderFacts) Item(l OrderLine) (OrderItem, error) {
	p, ok := f.Products[l.ProductID]
	if !ok {
		return OrderItem{}, errProductNotFound
	}
	if err := p.CheckOnSale(); err != nil {
		return OrderItem{}, err
	}
	if err := p.CheckStock(l.Quantity); err != nil {
		return OrderItem{}, err
	}
	return OrderItem{Quantity: l.Quantity, Product: p.Ordered()}, nil
}

// substitute is what the line's item is to be substituted by if it is not there at packing: the
// shopper's choice, or the store's default; a product named must be on sale.
func (f OrderFacts) substitute(l OrderLine, item OrderItem) (Substitute, error) {
	if l.Substitute == "" {
		return cmp.Or(f.Settings.Substitute, SubstituteBest), nil
	}
	if named := l.Substitute.Named(); named != "" {
		if p, ok := f.Products[named]; !ok || p.CheckOnSale() != nil {
			return "", Errorf(EINVALID, "The substitute chosen for %s is not sold", item.Product.Name)
		}
	}
	return l.Substitute, nil
}

// Bill is the bill of these items under the store's rules (see BillOf).
func (f OrderFacts) Bill(items []OrderItem) (Bill, error) {
	return f.billWith(items, nil)
}

func (f OrderFacts) billWith(items []OrderItem, adjustments []Adjustment) (Bill, error) {
	return BillOf(BillLines(items), BillRules{TaxRule: f.Settings.TaxRule, Delivery: f.Settings.Delivery}, BillChoices{Adjustments: adjustments})
}

// WithCoupon is the coupon of the code asked for (CouponFor) that the items' order keeps, and
// their bill with its discount, or why the code cannot be used; no coupon and bill as it is when
// no code is asked for.
func (f OrderFacts) WithCoupon(code string, items []OrderItem, bill Bill, currency Currency) (*OrderCoupon, Bill, error) {
	if code == "" {
		return nil, bill, nil
	}
	if f.Coupon == nil || f.Coupon.Code != code {
		return nil, bill, ErrCouponUnknown
	}
	oc, err := CouponFor(*f.Coupon, items, currency)
	if err != nil {
		return nil, bill, err
	}
	off, err := oc.Adjustments(BillLines(items), nil, bill.DeliveryFee)
	if err != nil {
		return nil, bill, err
	}
	discounted, err := f.billWith(items, off)
	if err != nil {
		return nil, bill, err
	}
	return oc, discounted, nil
}

// PriceOrder makes the order o asks for under the store's rules, or explains why it cannot be
// placed, in this order: the address must be the shopper's, every product must exist, be on sale
// and have the units (Item), the subtotal must reach the minimum order, the address must be in the
// delivery area, and, while the store offers slots, the slot chosen must be open, and a coupon's
// code asked for must be one the order may use (CouponFor). The order is priced at the store's own
// prices (BillOf), less the coupon's discount; a cash order is placed, an online one awaits payment.
// Asked to use store credit, it pays with the shopper's credit as much of its total as the credit
// covers (Order.UseCredit), and one paid wholly so is placed paid; a shopper with no credit left
// is refused (ErrNoCredit). The store gives it its id,
// number and time as it writes it, and takes the credit from the shopper's ledger in that write.
func PriceOrder(o NewOrder, f OrderFacts) (*Order, error) {
	order := &Order{UserID: o.UserID, PaymentType: o.PaymentType, Currency: o.Currency, Status: StatusOrderPlaced,
		SpeedPromise: f.Settings.Store.Promise}
	if o.PaymentType == PaymentOnline {
		order.Status = StatusAwaitingPayment
	}
	i := slices.IndexFunc(f.Addresses, func(a Address) bool { return a.ID == o.AddressID && a.UserID == o.UserID })
	if i < 0 {
		return nil, Errorf(ENOTFOUND, "Address not found")
	}
	order.Address = f.Addresses[i]
	for _, l := range o.Lines {
		item, err := f.Item(l)
		if err != nil {
			return nil, err
		}
		if item.Substitute, err = f.substitute(l, item); err != nil {
			return nil, err
		}
		order.Items = append(order.Items, item)
	}
	bill, err := f.Bill(order.Items)
	if err != nil {
		return nil, err
	}
	rules := f.Settings.Delivery
	if err := rules.CheckMinimum(bill.Subtotal, o.Currency); err != nil {
		return nil, err
	}
	if err := rules.CheckArea(order.Address); err != nil {
		return nil, err
	}
	if order.Slot, err = orderSlot(f.Slots, o.SlotID); err != nil {
		return nil, err
	}
	if order.Coupon, bill, err = f.WithCoupon(o.Coupon, order.Items, bill, o.Currency); err != nil {
		return nil, err
	}
	if err := order.SetBill(bill); err != nil {
		return nil, err
	}
	if o.UseCredit {
		if f.Credit <= 0 {
			return nil, ErrNoCredit
		}
		if err := order.UseCredit(f.Credit); err != nil {
			return nil, err
		}
	}
	return order, nil
}
