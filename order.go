package haat

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"
)

// PaymentType is how an order is paid: cash at the door or online.
type PaymentType string

// Payment types of an order.
const (
	PaymentCOD    PaymentType = "COD"
	PaymentOnline PaymentType = "Online"
)

// OrderStatus is where an order stands.
type OrderStatus string

// Order statuses. An online order is created Awaiting Payment and becomes Order Placed (and paid)
// only when its provider has confirmed the payment, or Payment Failed. A placed order moves forward
// one step at a time, Order Placed → Packed → Out for Delivery → Delivered, and can be cancelled at
// any step before delivery.
const (
	StatusAwaitingPayment OrderStatus = "Awaiting Payment"
	StatusPaymentFailed   OrderStatus = "Payment Failed"
	StatusOrderPlaced     OrderStatus = "Order Placed"
	StatusPacked          OrderStatus = "Packed"
	StatusOutForDelivery  OrderStatus = "Out for Delivery"
	StatusDelivered       OrderStatus = "Delivered"
	StatusCancelled       OrderStatus = "Cancelled"
)

// nextStatus is the forward step from each status that has one.
var nextStatus = map[OrderStatus]OrderStatus{
	StatusOrderPlaced:    StatusPacked,
	StatusPacked:         StatusOutForDelivery,
	StatusOutForDelivery: StatusDelivered,
}

// knownStatus reports whether a seller may name status as the target of a change: one of the
// statuses of the orders a seller handles.
func knownStatus(status OrderStatus) bool { return slices.Contains(SellerStatuses, status) }

// OrderLine is one line of an order request: a product and a quantity.
type OrderLine struct {
	ProductID string
	Quantity  int
	// Substitute is what the shopper wants if the product is not there at packing; empty: the
	// store's default (StoreSettings.Substitute).
	Substitute Substitute
}

// NewOrder is what a shopper asks for; prices and amount are decided by the store.
type NewOrder struct {
	UserID      string
	AddressID   string
	PaymentType PaymentType
	Lines       []OrderLine
	// Currency is the store's currency as the order is placed, kept with the order; an empty one is
	// the default, USD.
	Currency Currency
	// SlotID is the delivery slot chosen (Slot.ID): required while the seller offers slots,
	// ignored otherwise.
	SlotID string
	// Key is the request key the order was asked with, if any (see RequestKey): the store keeps it
	// with the order, and places nothing for a key used before.
	Key *RequestKey
	// PerHour is the most orders the shopper may place in an hour, this one included (the store's
	// HAAT_ORDERS_PER_HOUR); 0 sets no limit.
	PerHour int
	// UseCredit pays as much of the order as the shopper's store credit covers with it.
	UseCredit bool
	// Coupon is the discount code the shopper gives (NormalizeCode); empty for none.
	Coupon string
}

// MaxUnpaidOrders is how many online orders awaiting payment a shopper may hold at once: each
// holds its units and its delivery slot's place until it is paid or its time to pay ends.
const MaxUnpaidOrders = 3

// DefaultOrdersPerHour is how many orders a shopper may place in an hour unless the store says
// otherwise.
const DefaultOrdersPerHour = 30

// OrderCounts are the shopper's orders that CheckLimits counts, as the store holds them when an
// order is placed.
type OrderCounts struct {
	// LastHour counts the orders placed in the hour before now, cash and online, and FirstInHour
	// is when the oldest of them was placed.
	LastHour    int
	FirstInHour time.Time
	// Unpaid counts the online orders that still await payment, or whose payment failed.
	Unpaid int
}

// CheckLimits explains why the shopper, whose orders are counted in c, may not place the order
// now, or returns nil: at most PerHour orders an hour (refused with the time until the oldest of
// the hour leaves it), and at most MaxUnpaidOrders online orders unpaid at once.
func (o NewOrder) CheckLimits(c OrderCounts, now time.Time) error {
	if o.PerHour > 0 && c.LastHour >= o.PerHour {
		wait := max(time.Second, c.FirstInHour.Add(time.Hour).Sub(now))
		return TooManyFor(wait, "You have placed %d orders in the last hour. Please try again in %d minute.",
			"You have placed %d orders in the last hour. Please try again in %d minutes.", c.LastHour)
	}
	if o.PaymentType == PaymentOnline && c.Unpaid >= MaxUnpaidOrders {
		return ErrUnpaidOrders
	}
	return nil
}

// ErrUnpaidOrders refuses an online order to a shopper who holds MaxUnpaidOrders unpaid already.
var ErrUnpaidOrders = Errorf(ECONFLICT, "Pay or cancel an unpaid order first")

// OrderProduct is the product of an order item as shown in order lists; OfferPrice is the unit price paid.
type OrderProduct struct {
	ID         string   `json:"_id"`
	Name       string   `json:"name"`
	Category   Category `json:"category"`
	OfferPrice Money    `json:"offerPrice"`
	Image      []string `json:"image"`
	// NameNe is the product's Nepali name when the order was placed, if it had one.
	NameNe string `json:"nameNe,omitempty"`
	// VATExempt says the product was exempt from VAT when the order was placed.
	VATExempt bool `json:"vatExempt,omitempty"`
	// SoldBy and Step say, for goods sold by weight, that OfferPrice was per kilogram and each of
	// the item's Quantity weighed Step grams, as the product was sold when the order was placed.
	SoldBy SoldBy `json:"soldBy,omitempty"`
	Step   int    `json:"step,omitempty"`
	// Size is the pack size the product was of its family when the order was placed ("5 kg").
	Size string `json:"size,omitempty"`
	// Counted says the product counted its units when the order was priced; not kept with the
	// order.
	Counted bool `json:"-"`
}

// OrderItem is a line of a placed order.
type OrderItem struct {
	Product  OrderProduct `json:"product"`
	Quantity int          `json:"quantity"`
	// Packed is what was packed of the item, once the order was packed with its weights and counts
	// (POST /api/order/pack); absent before, and for an order moved to Packed without them.
	Packed *Packed `json:"packed,omitempty"`
	// Substitute is what the shopper wants if the product is not there at packing: "best" (a
	// similar item at no higher price), "none" (leave it out) or a product's id.
	Substitute Substitute `json:"substitute,omitempty" ts:"string"`
}

// Order is a placed order with its items and address populated.
type Order struct {
	ID string `json:"_id"`
	// Number is the order's short number for people, shown as "#10482": sequential per store.
	Number  int64       `json:"number"`
	UserID  string      `json:"-"`
	Items   []OrderItem `json:"items"`
	Address Address     `json:"address"`
	Amount  Money       `json:"amount"`
	// Currency is the currency the order was placed and priced in: a later change of the store's
	// currency does not relabel it.
	Currency Currency `json:"currency"`
	// DeliveryFee is the part of Amount charged for delivery, as the store's rules were when the
	// order was placed.
	DeliveryFee Money `json:"deliveryFee"`
	// TaxRule is the tax rule the order was charged under, and Tax its tax: added to Amount under
	// the flat rule, contained in it under VAT (see Bill).
	TaxRule TaxRule `json:"taxRule"`
	Tax     Money   `json:"tax"`
	// Bill is every figure of the order as it was charged (see BillOf); Amount, DeliveryFee, Tax and
	// TaxRule repeat its total, fee, tax and rule.
	Bill Bill `json:"bill"`
	// CreditUsed is the part of Amount paid with the shopper's store credit, taken from their ledger
	// as the order was placed (UseCredit): a way of paying, not a discount, so the bill is as it
	// was. ToPay is the rest, what is asked of the shopper online or at the door.
	CreditUsed  Money       `json:"creditUsed"`
	ToPay       Money       `json:"toPay"`
	PaymentType PaymentType `json:"paymentType"`
	Status      OrderStatus `json:"status"`
	IsPaid      bool        `json:"isPaid"`
	// TestPayment says the order was paid through the test payment page: no money arrived.
	TestPayment bool `json:"testPayment"`
	// Refund is "due" while money of the order is owed back to the shopper, "refunded" once all
	// of it went back, empty when nothing was ever owed.
	Refund RefundStatus `json:"refund,omitempty"`
	// Slot is the delivery slot chosen, when the store offered slots.
	Slot *OrderSlot `json:"slot,omitempty"`
	// PromisedBy is when the order was promised to arrive, fixed as it was placed (Order.Promise):
	// its slot's end, or the store's speed promise from its placing; absent when neither named a time.
	PromisedBy *time.Time `json:"promisedBy,omitempty"`
	// SpeedPromise is the store's speed promise as the order was priced (StoreDetails.Promise),
	// from which PromisedBy is fixed as it is placed.
	SpeedPromise string    `json:"-"`
	CreatedAt    time.Time `json:"createdAt"`
	UpdatedAt    time.Time `json:"updatedAt"`
	// Refunds are the payments of the order owed back or given back; the seller sees them.
	Refunds []Refund `json:"-"`
	// Rider is the rider the order is given to, if any (POST /api/order/assign).
	Rider *OrderRider `json:"rider,omitempty"`
	// HandoverCode is the code the shopper tells the rider at the door, while the order is out for
	// delivery; HandoverTries counts the wrong codes given for it. Only the shopper sees the code.
	HandoverCode  string `json:"-"`
	HandoverTries int    `json:"-"`
	// Proof is how its delivery was proved, once a rider delivered it.
	Proof *Proof `json:"proof,omitempty"`
	// StepNote explains the step a change of the order takes (why a delivery failed): its history
	// keeps it with the step.
	StepNote string `json:"-"`
	// Events are the order's history, oldest first: each step, when, and (for the seller) by whom.
	Events []OrderEvent `json:"events"`
	// Replaces is the id of the order this one replaces at no charge, after a claim.
	Replaces string `json:"replaces,omitempty"`
	// Coupon is the coupon the order was placed with, if any: its discount is on the bill.
	Coupon *OrderCoupon `json:"coupon,omitempty"`
}

// RefundState sums up refunds: due while any is due, refunded when all went back, "" for none.
func RefundState(refunds []Refund) RefundStatus {
	var state RefundStatus
	for _, r := range refunds {
		if r.State == RefundDue {
			return RefundDue
		}
		state = RefundRefunded
	}
	return state
}

// DueRefund is the amount of the payment owed back due among refunds, if one is: what packing
// or a cancelling owes back of the order's payment, not a refund of part.
func DueRefund(refunds []Refund) (Money, bool) {
	if i := slices.IndexFunc(refunds, func(r Refund) bool { return r.State == RefundDue && r.ID == "" }); i >= 0 {
		return refunds[i].Amount, true
	}
	return 0, false
}

// CheckMarkRefunded explains why the seller cannot record that the order's money went back, or
// returns nil.
func (o *Order) CheckMarkRefunded() error {
	if RefundState(o.Refunds) != RefundDue {
		return Errorf(ECONFLICT, "No refund is due for this order")
	}
	return o.CheckOffersAnswered()
}

// ParseOrderNumber reads an order number as a person types it: "10482" or "#10482".
func ParseOrderNumber(s string) (int64, error) {
	s = ASCIIDigits(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(s), "#")))
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 || !digits(s) {
		return 0, Errorf(EINVALID, "An order number is a number like #10482")
	}
	return n, nil
}

// NextStatuses lists the statuses a seller may move the order to now, the forward step first.
func (o *Order) NextStatuses() []OrderStatus {
	next, ok := nextStatus[o.Status]
	if !ok {
		return []OrderStatus{}
	}
	return []OrderStatus{next, StatusCancelled}
}

// CheckStatusChange explains why the order cannot move to status, or returns nil when it can.
func (o *Order) CheckStatusChange(status OrderStatus) error {
	if !knownStatus(status) {
		return Errorf(EINVALID, "Unknown order status %q", status)
	}
	if status == o.Status {
		return Errorf(ECONFLICT, "The order is already %s", o.Status)
	}
	next, open := nextStatus[o.Status]
	switch {
	case o.Status == StatusDelivered || o.Status == StatusCancelled:
		return Errorf(ECONFLICT, "The order is %s and can no longer change", o.Status)
	case !open:
		return Errorf(ECONFLICT, "An order that is %s cannot be handled yet", o.Status)
	case status != next && status != StatusCancelled:
		return Errorf(ECONFLICT, "An order that is %s can go to %s or %s, not %s", o.Status, next, StatusCancelled, status)
	case status == StatusOutForDelivery:
		return o.CheckOffersAnswered()
	}
	return nil
}

// CheckStatusSet explains why a seller cannot move the order to status by naming it, or returns
// nil: CheckStatusChange allows it, and an order with goods sold by weight is packed with their
// weights (Order.Pack), not by a change of status.
func (o *Order) CheckStatusSet(status OrderStatus) error {
	if err := o.CheckStatusChange(status); err != nil {
		return err
	}
	if status == StatusPacked && o.NeedsWeighing() {
		return Errorf(ECONFLICT, "Weigh the goods sold by weight: pack this order with their weights")
	}
	return nil
}

// NeedsWeighing reports whether the order holds goods sold by weight: it is packed with their
// weights (Order.Pack), not moved to Packed by a change of status.
func (o *Order) NeedsWeighing() bool {
	return slices.ContainsFunc(o.Items, func(it OrderItem) bool { return it.Product.SoldBy == SoldByWeight })
}

// CheckPay explains why the shopper cannot pay the order online (again), or returns nil: only an
// unpaid online order that awaits its payment, or whose payment failed, can be paid.
func (o *Order) CheckPay() error {
	if o.PaymentType != PaymentOnline || o.IsPaid || (o.Status != StatusAwaitingPayment && o.Status != StatusPaymentFailed) {
		return Errorf(ECONFLICT, "This order does not await payment")
	}
	return nil
}

// orderSlot is the slot of slots named id, as an order keeps it, when the store offers slots
// (ChooseSlot); nil when it offers none.
func orderSlot(slots []Slot, id string) (*OrderSlot, error) {
	if len(slots) == 0 {
		return nil, nil
	}
	slot, err := ChooseSlot(slots, id)
	if err != nil {
		return nil, err
	}
	day, _, _ := ParseSlotID(slot.ID)
	return &OrderSlot{ID: slot.ID, Day: day, Start: slot.Start, End: slot.End}, nil
}

// CheckPayBy explains why the shopper cannot pay the order online (again) at now, or returns nil:
// CheckPay allows it, and the time to pay, window from when the order was placed (however often it
// was paid again meanwhile), has not ended. Past it the order is cancelled.
func (o *Order) CheckPayBy(now time.Time, window time.Duration) error {
	if err := o.CheckPay(); err != nil {
		return err
	}
	if !now.Before(o.CreatedAt.Add(window)) {
		return Errorf(ECONFLICT, "The time to pay this order has passed; please order again")
	}
	return nil
}

// Reorder is the request that places the order again as it was asked: its lines, address,
// payment type and delivery slot, in its currency.
func (o *Order) Reorder() NewOrder {
	n := NewOrder{UserID: o.UserID, AddressID: o.Address.ID, PaymentType: o.PaymentType, Currency: o.Currency}
	if o.Coupon != nil {
		n.Coupon = o.Coupon.Code
	}
	for _, it := range o.Items {
		n.Lines = append(n.Lines, OrderLine{ProductID: it.Product.ID, Quantity: it.Quantity})
	}
	if o.Slot != nil {
		n.SlotID = o.Slot.ID
	}
	return n
}

// CheckRepriced explains why the order cannot be paid at what it costs, now that placing it again
// prices it as again, or returns nil: an order is never paid at old prices, so a product whose
// price changed, or a changed delivery fee or tax, refuses it.
func (o *Order) CheckRepriced(again *Order) error {
	now := make(map[string]Money, len(again.Items))
	for _, it := range again.Items {
		now[it.Product.ID] = it.Product.OfferPrice
	}
	for _, it := range o.Items {
		if price, ok := now[it.Product.ID]; ok && price != it.Product.OfferPrice {
			return Errorf(ECONFLICT, "The price of %s has changed since this order was placed; please order again", it.Product.Name)
		}
	}
	if again.Amount != o.Amount {
		return Errorf(ECONFLICT, "The delivery fee or tax has changed since this order was placed; please order again")
	}
	return nil
}

// OrderAgain is the refusal to pay an order that placing it now refuses with err: it says what
// changed since the order was placed and asks the shopper to order again. Other errors pass.
func OrderAgain(err error) error {
	var e *Error
	if !errors.As(err, &e) || (e.Code != EINVALID && e.Code != ECONFLICT && e.Code != ENOTFOUND) {
		return err
	}
	switch e {
	case ErrSlotFull:
		return Errorf(ECONFLICT, "The delivery slot is full; please order again with another slot")
	case errSlotGone, errNoSlot:
		return ErrSlotGone
	}
	return Errorf(ECONFLICT, "%s; please order again", ErrorText{e})
}

// ErrSlotGone refuses to pay an order whose delivery slot is no longer offered.
var ErrSlotGone = Errorf(ECONFLICT, "The delivery slot is no longer available; please order again")

// ErrorText is an error's message as an argument of another message, written in the reader's
// language (locale.Error) as the message is.
type ErrorText struct{ Err *Error }

// String is the message in English, as the error has it.
func (t ErrorText) String() string { return t.Err.Message }

// CheckCancel explains why the shopper cannot cancel the order, or returns nil: an order can be
// cancelled by its shopper until the seller has begun to pack it, and an online order while it
// is unpaid. A paid order cancelled owes the shopper their money back.
func (o *Order) CheckCancel() error {
	if o.CheckPay() == nil {
		return nil
	}
	if o.Status != StatusOrderPlaced {
		return Errorf(ECONFLICT, "An order that is %s can no longer be cancelled", o.Status)
	}
	return nil
}

// CheckMarkPaid explains why the seller cannot record the payment of the order, or returns nil.
// Cash is paid at the door, so a cash order is marked paid once it is delivered; online orders
// are paid through their provider.
func (o *Order) CheckMarkPaid() error {
	switch {
	case o.IsPaid:
		return Errorf(ECONFLICT, "The order is already paid")
	case o.PaymentType != PaymentCOD:
		return Errorf(ECONFLICT, "Online orders are marked paid by their payment provider")
	case o.Status != StatusDelivered:
		return Errorf(ECONFLICT, "A cash order is marked paid once it is delivered")
	}
	return nil
}

// ValidOrder is an order request that NewOrder.Validate accepted. Only Validate makes one, so
// whoever takes a ValidOrder (the store's PlaceOrder) knows its shape is checked and need not
// check it again.
type ValidOrder struct {
	order NewOrder
}

// NewOrder returns the order request that was validated.
func (v ValidOrder) NewOrder() NewOrder { return v.order }

// Validate checks the shape of an order request before the store checks products and address:
// an address, a known payment type, and 1 to MaxCartLines lines of distinct products, each with a
// quantity ValidateQuantity accepts.
func (o NewOrder) Validate() (ValidOrder, error) {
	if o.Key != nil {
		if err := o.Key.Validate(); err != nil {
			return ValidOrder{}, err
		}
	}
	if o.AddressID == "" {
		return ValidOrder{}, Errorf(EINVALID, "Please Select An Address")
	}
	if o.Currency == "" {
		o.Currency = USD
	} else if _, err := ParseCurrency(string(o.Currency)); err != nil {
		return ValidOrder{}, err
	}
	if o.PaymentType != PaymentCOD && o.PaymentType != PaymentOnline {
		return ValidOrder{}, Errorf(EINVALID, "Invalid payment method selected")
	}
	if len(o.Lines) == 0 {
		return ValidOrder{}, Errorf(EINVALID, "Your cart is empty")
	}
	if err := ValidateLines(o.Lines); err != nil {
		return ValidOrder{}, err
	}
	if o.Coupon = NormalizeCode(o.Coupon); o.Coupon != "" && !ValidCode(o.Coupon) {
		return ValidOrder{}, ErrCouponUnknown
	}
	return ValidOrder{order: o}, nil
}

// ValidateLines checks the lines of an order or a cart: at most MaxCartLines lines of distinct
// products, each with a quantity ValidateQuantity accepts.
func ValidateLines(lines []OrderLine) error {
	if len(lines) > MaxCartLines {
		return Errorf(EINVALID, "Too many items in one order")
	}
	seen := make(map[string]bool, len(lines))
	for _, l := range lines {
		if l.ProductID == "" {
			return Errorf(EINVALID, "Every item needs a product")
		}
		if seen[l.ProductID] {
			return Errorf(EINVALID, "A product appears twice in the order")
		}
		seen[l.ProductID] = true
		if err := ValidateQuantity(l.Quantity); err != nil {
			return err
		}
		if err := l.validateSubstitute(); err != nil {
			return err
		}
	}
	return nil
}

// OrderService places and lists orders.
type OrderService interface {
	// PlaceOrder stores the order that PriceOrder made of the request o, in one write that counts
	// the shopper's limits (NewOrder.CheckLimits) and takes the slot's place and the counted units
	// with conditional updates, and returns it numbered. A cash order also empties the user's
	// cart. An order asked with a request key the user sent before places nothing: the answer is
	// a *KeyUsedError with the first use (EUNPROCESSABLE for another request), as
	// RequestKeyService.UseKey answers.
	PlaceOrder(ctx context.Context, o ValidOrder, order *Order) (*Order, error)
	// UserOrders returns a user's orders, newest first.
	UserOrders(ctx context.Context, userID string) ([]Order, error)
	// UserOrderPage returns up to limit (0: every one) of a user's orders placed before their order with the id
	// before (from the newest when empty), newest first, and whether older ones remain. An id that
	// is not one of the user's orders answers none.
	UserOrderPage(ctx context.Context, userID, before string, limit int) (orders []Order, more bool, err error)
	// UserOrder returns one order of a user, or ENOTFOUND (also for another user's order).
	UserOrder(ctx context.Context, userID, orderID string) (*Order, error)
	// SellerOrders returns up to limit of the orders the seller handles that the filter selects,
	// newest first, and whether older ones remain.
	SellerOrders(ctx context.Context, f SellerOrderFilter, limit int) (orders []Order, more bool, err error)
	// EachSellerOrder calls fn with every order the seller handles that the filter selects, newest
	// first, reading them a batch at a time, until fn returns an error.
	EachSellerOrder(ctx context.Context, f SellerOrderFilter, fn func(Order) error) error
	// SellerOrderByNumber returns the order the seller handles with that number, or ENOTFOUND.
	SellerOrderByNumber(ctx context.Context, number int64) (*Order, error)
	// SetOrderStatus moves an order the seller sees to status, if CheckStatusSet allows it.
	SetOrderStatus(ctx context.Context, id string, status OrderStatus) (*Order, error)
	// PackOrder moves an order the seller sees to Packed as Order.Pack settles it: what was packed
	// of each item, the settled bill and, for a paid online order packed for less than it paid,
	// the difference due back to the shopper.
	PackOrder(ctx context.Context, p PackOrder) (*Order, error)
	// AnswerSubstitute records a user's answer to the substitute offered for the item of product
	// in their own order (Order.AnswerSubstitute) and settles its bill, or answers ENOTFOUND (also
	// for another user's order).
	AnswerSubstitute(ctx context.Context, userID, orderID, product string, accept bool) (*Order, error)
	// CancelOrder cancels a user's own order, if CheckCancel allows it, or answers ENOTFOUND
	// (also for another user's order).
	CancelOrder(ctx context.Context, userID, orderID string) (*Order, error)
	// MarkOrderPaid records the payment of a cash order, if CheckMarkPaid allows it.
	MarkOrderPaid(ctx context.Context, id string) (*Order, error)
	// MarkOrderRefunded records that every refund due of the order was given back by hand, if
	// CheckMarkRefunded allows it.
	MarkOrderRefunded(ctx context.Context, id string) (*Order, error)
}

// CountsStock reports whether any of the order's products counted its units when the order was
// priced: only such an order has units to take from a count as it is placed.
func (o *Order) CountsStock() bool {
	for _, it := range o.Items {
		if it.Product.Counted {
			return true
		}
	}
	return false
}
