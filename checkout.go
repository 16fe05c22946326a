package haat

import (
	"cmp"
	"context"
	"slices"
)

// CheckoutService turns a shopper's order request into a placed order and, for an online order,
// a payment started with its provider. Each call is one step of the shopper's: it checks the
// request once, then coordinates the order, the payment attempt and the provider.
type CheckoutService interface {
	// PlaceCashOrder places an order paid in cash at the door (its payment type is set here) and
	// empties the shopper's cart. An order asked with a request key used before for the same
	// request (NewOrder.Key) places nothing and answers the order placed then; PlaceOnlineOrder
	// answers the provider's page answered then.
	PlaceCashOrder(ctx context.Context, o NewOrder) (*Order, error)
	// PlaceOnlineOrder places an order that awaits payment (its payment type is set here), starts
	// its payment with the named method, the first one offered when empty, and returns the
	// provider's page to send the shopper to. site is the store's address the shopper comes back
	// to. An invalid order is refused before an unknown method, and an unknown method leaves no
	// order behind.
	PlaceOnlineOrder(ctx context.Context, o NewOrder, method, site string) (redirect string, err error)
	// Quote prices the cart q for userID (empty: a guest) as an order of it would be priced now
	// (QuoteOf).
	Quote(ctx context.Context, userID string, q QuoteRequest) (*Quote, error)
	// PayAgain starts a new payment of one of the shopper's orders that Order.CheckPay allows to
	// be paid, with the named method, and returns the provider's page to send the shopper to.
	// Under a request key used before for the same call, it answers the page answered then.
	PayAgain(ctx context.Context, userID, orderID, method, site string, key *RequestKey) (redirect string, err error)
}

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

// FactsQuery names what an order is checked and priced against: the shopper's (empty for a
// guest), the products of its lines (and of the substitutes they name) and the code it asks for.
type FactsQuery struct {
	UserID     string
	ProductIDs []string
	Coupon     string
}

// OrderFactsService reads an order's facts (OrderFacts) in one read, as the store holds them at
// one moment.
type OrderFactsService interface {
	OrderFacts(ctx context.Context, q FactsQuery) (OrderFacts, error)
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

// withCoupon is the coupon of the code asked for (CouponFor) that the items' order keeps, and
// their bill with its discount, or why the code cannot be used; no coupon and bill as it is when
// no code is asked for.
func (f OrderFacts) withCoupon(code string, items []OrderItem, bill Bill, currency Currency) (*OrderCoupon, Bill, error) {
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
	if order.Coupon, bill, err = f.withCoupon(o.Coupon, order.Items, bill, o.Currency); err != nil {
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

// QuoteRequest is a cart to price: its lines and, if chosen, the shopper's address and a slot.
type QuoteRequest struct {
	Lines     []OrderLine
	AddressID string
	SlotID    string
	// Currency is the store's currency, which the minimum order is named in.
	Currency Currency
	// UseCredit asks what the order would cost with the shopper's store credit paying its part.
	UseCredit bool
	// Coupon is the discount code asked for (NormalizeCode); empty for none.
	Coupon string
}

// QuoteLine is a line of a quote: what it costs, or why it cannot be bought.
type QuoteLine struct {
	Product  string `json:"product"`
	Quantity int    `json:"quantity"`
	// Amount is what the line costs (unit price × quantity); 0 when it cannot be bought.
	Amount Money `json:"amount"`
	// Reason is why the line cannot be bought (archived, out of stock, only N left...), written in
	// the language asked for; empty when it can.
	Reason string `json:"reason,omitempty"`
	// Refusal is that reason as the rules gave it.
	Refusal error `json:"-"`
}

// Quote is what a cart would cost as an order now, worked out by the rules and the bill an order
// is placed with (PriceOrder, BillOf): the lines that can be bought make the bill.
type Quote struct {
	Lines       []QuoteLine  `json:"lines"`
	TaxRule     TaxRule      `json:"taxRule"`
	Subtotal    Money        `json:"subtotal"`
	DeliveryFee Money        `json:"deliveryFee"`
	Tax         Money        `json:"tax"`
	Adjustments []Adjustment `json:"adjustments"`
	// Discount is what the coupon takes off (Bill.Discount).
	Discount Money `json:"discount"`
	Total    Money `json:"total"`
	// Coupon is the coupon asked for, when the cart may use it; CouponProblem is why it may not,
	// written in the language asked for (the order would be refused with it), and CouponRefusal
	// that reason as the rules gave it. The figures leave out a coupon that may not be used.
	Coupon        *OrderCoupon `json:"coupon,omitempty"`
	CouponProblem string       `json:"couponProblem,omitempty"`
	CouponRefusal error        `json:"-"`
	// MissingForFree is how much more the subtotal needs for free delivery; 0 when free already or never.
	MissingForFree Money `json:"missingForFree"`
	// Credit is the shopper's balance of store credit (0 for a guest); CreditUsed is what of Total
	// it would pay, asked with UseCredit (as PriceOrder would take it), and ToPay the rest: what
	// would be asked online or at the door.
	Credit     Money `json:"credit"`
	CreditUsed Money `json:"creditUsed"`
	ToPay      Money `json:"toPay"`
	// Problem is why an order of the cart would be refused as a whole (the address, the minimum
	// order, the delivery area, the slot), written in the language asked for; empty when none.
	Problem string `json:"problem,omitempty"`
	// Refusal is that problem as the rules gave it.
	Refusal error `json:"-"`
}

// Validate checks the quote's lines as an order's are checked (validateLines), before anything is
// loaded for them, and writes its code as the store keeps codes.
func (q *QuoteRequest) Validate() error {
	q.Coupon = NormalizeCode(q.Coupon)
	return validateLines(q.Lines)
}

// QuoteOf prices a cart for userID (empty: a guest) as PriceOrder would place it: each line that
// can be bought at the store's price, each other with why it cannot, and the bill of the lines
// that can, with the first of the order's own rules it would fail (the address, which is checked
// only when one is named, the minimum order, the delivery area, the slot, which is checked only
// when one is named, and store credit asked for with none to use). q is valid
// (QuoteRequest.Validate).
func QuoteOf(userID string, q QuoteRequest, f OrderFacts) (*Quote, error) {
	var items []OrderItem
	quote := &Quote{Lines: make([]QuoteLine, len(q.Lines))}
	at := make([]int, 0, len(q.Lines))
	for i, l := range q.Lines {
		quote.Lines[i] = QuoteLine{Product: l.ProductID, Quantity: l.Quantity}
		item, err := f.Item(l)
		if ErrorCode(err) == EINTERNAL {
			return nil, err
		} else if err != nil {
			quote.Lines[i].Refusal = err
			continue
		}
		items, at = append(items, item), append(at, i)
	}
	bill, err := f.Bill(items)
	if err != nil {
		return nil, err
	}
	if q.Coupon != "" {
		oc, discounted, err := f.withCoupon(q.Coupon, items, bill, q.Currency)
		if ErrorCode(err) == EINTERNAL {
			return nil, err
		}
		quote.Coupon, quote.CouponRefusal = oc, err
		if err == nil {
			bill = discounted
		}
	}
	for j, i := range at {
		quote.Lines[i].Amount = bill.Lines[j]
	}
	rules := f.Settings.Delivery
	quote.TaxRule, quote.Subtotal, quote.DeliveryFee, quote.Tax, quote.Adjustments, quote.Discount, quote.Total =
		bill.TaxRule, bill.Subtotal, bill.DeliveryFee, bill.Tax, bill.Adjustments, bill.Discount, bill.Total
	quote.MissingForFree = rules.MissingForFree(bill.Subtotal)
	quote.Credit = f.Credit
	var offered Money
	if q.UseCredit {
		offered = f.Credit
	}
	balance, err := BalanceOf(bill.Total, offered, false, nil)
	if err != nil {
		return nil, err
	}
	quote.CreditUsed, quote.ToPay = balance.CreditUsed, balance.ToPay
	var address *Address
	if q.AddressID != "" {
		i := slices.IndexFunc(f.Addresses, func(a Address) bool { return a.ID == q.AddressID && a.UserID == userID })
		if i < 0 {
			quote.Refusal = Errorf(ENOTFOUND, "Address not found")
		} else {
			address = &f.Addresses[i]
		}
	}
	if quote.Refusal == nil {
		quote.Refusal = rules.CheckMinimum(bill.Subtotal, q.Currency)
	}
	if quote.Refusal == nil && address != nil {
		quote.Refusal = rules.CheckArea(*address)
	}
	if q.SlotID != "" && len(f.Slots) > 0 && quote.Refusal == nil {
		_, quote.Refusal = ChooseSlot(f.Slots, q.SlotID)
	}
	if q.UseCredit && f.Credit <= 0 && quote.Refusal == nil {
		quote.Refusal = ErrNoCredit
	}
	return quote, nil
}
