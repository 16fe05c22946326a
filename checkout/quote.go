package checkout

import (
	"context"
	"slices"

	"haat"
)

// Checkout turns a shopper's order request into a placed order and, for an online order,
// a payment started with its provider. Each call is one step of the shopper's: it checks the
// request once, then coordinates the order, the payment attempt and the provider.
type Checkout interface {
	// PlaceCashOrder places an order paid in cash at the door (its payment type is set here) and
	// empties the shopper's cart. An order asked with a request key used before for the same
	// request (NewOrder.Key) places nothing and answers the order placed then; PlaceOnlineOrder
	// answers the provider's page answered then.
	PlaceCashOrder(ctx context.Context, o haat.NewOrder) (*haat.Order, error)
	// PlaceOnlineOrder places an order that awaits payment (its payment type is set here), starts
	// its payment with the named method, the first one offered when empty, and returns the
	// provider's page to send the shopper to. site is the store's address the shopper comes back
	// to. An invalid order is refused before an unknown method, and an unknown method leaves no
	// order behind.
	PlaceOnlineOrder(ctx context.Context, o haat.NewOrder, method, site string) (redirect string, err error)
	// Quote prices the cart q for userID (empty: a guest) as an order of it would be priced now
	// (QuoteOf).
	Quote(ctx context.Context, userID string, q QuoteRequest) (*Quote, error)
	// PayAgain starts a new payment of one of the shopper's orders that Order.CheckPay allows to
	// be paid, with the named method, and returns the provider's page to send the shopper to.
	// Under a request key used before for the same call, it answers the page answered then.
	PayAgain(ctx context.Context, userID, orderID, method, site string, key *haat.RequestKey) (redirect string, err error)
}

// FactsQuery names what an order is checked and priced against: the shopper's (empty for a
// guest), the products of its lines (and of the substitutes they name) and the code it asks for.
type FactsQuery struct {
	UserID     string
	ProductIDs []string
	Coupon     string
}

// FactsService reads an order's facts (haat.OrderFacts) in one read, as the store holds them at
// one moment.
type FactsService interface {
	OrderFacts(ctx context.Context, q FactsQuery) (haat.OrderFacts, error)
}

// QuoteRequest is a cart to price: its lines and, if chosen, the shopper's address and a slot.
type QuoteRequest struct {
	Lines     []haat.OrderLine
	AddressID string
	SlotID    string
	// Currency is the store's currency, which the minimum order is named in.
	Currency haat.Currency
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
	Amount haat.Money `json:"amount"`
	// Reason is why the line cannot be bought (archived, out of stock, only N left...), written in
	// the language asked for; empty when it can.
	Reason string `json:"reason,omitempty"`
	// Refusal is that reason as the rules gave it.
	Refusal error `json:"-"`
}

// Quote is what a cart would cost as an order now, worked out by the rules and the bill an order
// is placed with (PriceOrder, BillOf): the lines that can be bought make the bill.
type Quote struct {
	Lines       []QuoteLine       `json:"lines"`
	TaxRule     haat.TaxRule      `json:"taxRule"`
	Subtotal    haat.Money        `json:"subtotal"`
	DeliveryFee haat.Money        `json:"deliveryFee"`
	Tax         haat.Money        `json:"tax"`
	Adjustments []haat.Adjustment `json:"adjustments"`
	// Discount is what the coupon takes off (Bill.Discount).
	Discount haat.Money `json:"discount"`
	Total    haat.Money `json:"total"`
	// Coupon is the coupon asked for, when the cart may use it; CouponProblem is why it may not,
	// written in the language asked for (the order would be refused with it), and CouponRefusal
	// that reason as the rules gave it. The figures leave out a coupon that may not be used.
	Coupon        *haat.OrderCoupon `json:"coupon,omitempty"`
	CouponProblem string            `json:"couponProblem,omitempty"`
	CouponRefusal error             `json:"-"`
	// MissingForFree is how much more the subtotal needs for free delivery; 0 when free already or never.
	MissingForFree haat.Money `json:"missingForFree"`
	// Credit is the shopper's balance of store credit (0 for a guest); CreditUsed is what of Total
	// it would pay, asked with UseCredit (as PriceOrder would take it), and ToPay the rest: what
	// would be asked online or at the door.
	Credit     haat.Money `json:"credit"`
	CreditUsed haat.Money `json:"creditUsed"`
	ToPay      haat.Money `json:"toPay"`
	// Problem is why an order of the cart would be refused as a whole (the address, the minimum
	// order, the delivery area, the slot), written in the language asked for; empty when none.
	Problem string `json:"problem,omitempty"`
	// Refusal is that problem as the rules gave it.
	Refusal error `json:"-"`
}

// Validate checks the quote's lines as an order's are checked (ValidateLines), before anything is
// loaded for them, and writes its code as the store keeps codes.
func (q *QuoteRequest) Validate() error {
	q.Coupon = haat.NormalizeCode(q.Coupon)
	return haat.ValidateLines(q.Lines)
}

// QuoteOf prices a cart for userID (empty: a guest) as PriceOrder would place it: each line that
// can be bought at the store's price, each other with why it cannot, and the bill of the lines
// that can, with the first of the order's own rules it would fail (the address, which is checked
// only when one is named, the minimum order, the delivery area, the slot, which is checked only
// when one is named, and store credit asked for with none to use). q is valid
// (QuoteRequest.Validate).
func QuoteOf(userID string, q QuoteRequest, f haat.OrderFacts) (*Quote, error) {
	var items []haat.OrderItem
	quote := &Quote{Lines: make([]QuoteLine, len(q.Lines))}
	at := make([]int, 0, len(q.Lines))
	for i, l := range q.Lines {
		quote.Lines[i] = QuoteLine{Product: l.ProductID, Quantity: l.Quantity}
		item, err := f.Item(l)
		if haat.ErrorCode(err) == haat.EINTERNAL {
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
		oc, discounted, err := f.WithCoupon(q.Coupon, items, bill, q.Currency)
		if haat.ErrorCode(err) == haat.EINTERNAL {
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
	var offered haat.Money
	if q.UseCredit {
		offered = f.Credit
	}
	balance, err := haat.BalanceOf(bill.Total, offered, false, nil)
	if err != nil {
		return nil, err
	}
	quote.CreditUsed, quote.ToPay = balance.CreditUsed, balance.ToPay
	var address *haat.Address
	if q.AddressID != "" {
		i := slices.IndexFunc(f.Addresses, func(a haat.Address) bool { return a.ID == q.AddressID && a.UserID == userID })
		if i < 0 {
			quote.Refusal = haat.Errorf(haat.ENOTFOUND, "Address not found")
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
		_, quote.Refusal = haat.ChooseSlot(f.Slots, q.SlotID)
	}
	if q.UseCredit && f.Credit <= 0 && quote.Refusal == nil {
		quote.Refusal = haat.ErrNoCredit
	}
	return quote, nil
}
