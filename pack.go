package haat

import (
	"fmt"
	"slices"
	"time"
)

// Adjustment kinds: a discount given, and what packing settles of the bill of an order.
const (
	// AdjustCoupon is a coupon's discount: its share of one line's goods, or of the delivery fee
	// (OrderCoupon.Adjustments).
	AdjustCoupon AdjustmentKind = "coupon"
	// AdjustWeight is the difference between what goods sold by weight were estimated to cost and
	// what their weight on the scale costs, within the order's limits (Settle).
	AdjustWeight AdjustmentKind = "weight"
	// AdjustShort takes off the price of units ordered that were not there to pack.
	AdjustShort AdjustmentKind = "short"
	// AdjustSubstitute charges what was sent instead of units that were not there (Sent).
	AdjustSubstitute AdjustmentKind = "substitute"
)

// OverWeightPercent is how much more than its estimate a weighed line of a cash order may cost: a
// shopper never pays more than that for goods the packer weighed over, the store bears the rest.
const OverWeightPercent = 10

// PackLine is what the packer packed of an item of an order: for goods sold by the unit how many
// (Quantity; fewer than ordered when short, 0 when none were there), for goods sold by weight what
// they weighed on the scale (Grams; 0 when none were there), and what was sent instead of what was
// not there, if anything (Substitute).
type PackLine struct {
	Product    string          `json:"product"`
	Quantity   *int            `json:"quantity,omitempty"`
	Grams      *int            `json:"grams,omitempty"`
	Substitute *PackSubstitute `json:"substitute,omitempty"`
}

// PackSubstitute is what the packer sent instead of the units of an item that were not there: a
// product, and how many of it (goods sold by the unit; by default as many as were missing, or 1)
// or what it weighed (goods sold by weight).
type PackSubstitute struct {
	Product  string `json:"product"`
	Quantity *int   `json:"quantity,omitempty"`
	Grams    *int   `json:"grams,omitempty"`
}

// Packed is what was packed of an order's item: the units, or for goods sold by weight the grams,
// and the substitute sent for what was not there, if any.
type Packed struct {
	Quantity   int   `json:"quantity"`
	Grams      int   `json:"grams,omitempty"`
	Substitute *Sent `json:"substitute,omitempty"`
}

// same reports whether p packs what q packs: the same units or weight, and the same substitute.
func (p Packed) same(q Packed) bool {
	if p.Quantity != q.Quantity || p.Grams != q.Grams || (p.Substitute == nil) != (q.Substitute == nil) {
		return false
	}
	return p.Substitute == nil || p.Substitute.same(*q.Substitute)
}

// MaxPackedGrams is the most a packed line sold by weight may weigh: the most a line may order.
const MaxPackedGrams = MaxQuantity * MaxStep

// PackOrder is the packing of an order a seller asks for: the order and what was packed of its
// items. Items not named are packed as ordered; goods sold by weight must be weighed.
type PackOrder struct {
	OrderID string
	Lines   []PackLine
}

// Substitutes lists the products the lines name as substitutes, for the store to look up.
func (p PackOrder) Substitutes() []string {
	var ids []string
	for _, l := range p.Lines {
		if l.Substitute != nil {
			ids = append(ids, l.Substitute.Product)
		}
	}
	return ids
}

// Shelf holds the products a packing names as substitutes, by id, as the store sells them now.
type Shelf map[string]Product

// Pack settles the order as packed by lines: each item gets what was packed of it, and the bill
// is worked out again (BillOf) with the order's fee and tax rule and one adjustment for each item
// packed otherwise than ordered, added to the adjustments it had. It explains why the order
// cannot be packed so, or returns the packed items (in the order's order) and the settled bill:
//
//   - the order must be one that may move to Packed now;
//   - each line names an item of the order, at most once; goods sold by the unit take a quantity
//     from 0 to what was ordered, goods sold by weight a weight from 0 to MaxPackedGrams, and every
//     item sold by weight must be weighed;
//   - a short item costs its units packed: its adjustment takes off the rest;
//   - a weighed item costs what its weight costs, but a cash order pays at most OverWeightPercent
//     over the line's estimate, and an online order never more than the estimate it paid (what was
//     packed below it is owed back);
//   - what was not there may be substituted (substitution), unless the shopper asked to leave it
//     out: by the product from the shelf they named, at its own price, or by another, at most at
//     the price of what it replaces, which the shopper is offered to accept or refuse until
//     SubstituteAnswerTime after now.
func (o *Order) Pack(lines []PackLine, shelf Shelf, now time.Time) ([]Packed, Bill, error) {
	if err := o.CheckStatusChange(StatusPacked); err != nil {
		return nil, Bill{}, err
	}
	packed, changes, err := o.packing(lines, shelf, now)
	if err != nil {
		return nil, Bill{}, err
	}
	bill, err := o.settled(append(slices.Clip(o.Bill.Adjustments), changes...))
	if err != nil {
		return nil, Bill{}, err
	}
	return packed, bill, nil
}

// settled is the order's bill worked out again (BillOf) with these adjustments, its own fee and
// its tax rule; the discount of its coupon, if it has one, is worked out again on what the lines
// cost after the other adjustments (what was packed), in place of the one it had.
func (o *Order) settled(adjustments []Adjustment) (Bill, error) {
	fee := o.Bill.DeliveryFee
	lines := BillLines(o.Items)
	if o.Coupon != nil {
		kept := withoutCoupon(adjustments)
		off, err := o.Coupon.Adjustments(lines, kept, fee)
		if err != nil {
			return Bill{}, err
		}
		adjustments = append(kept, off...)
	}
	return BillOf(lines, BillRules{TaxRule: o.Bill.TaxRule, Fee: &fee}, BillChoices{Adjustments: adjustments})
}

// packing is what lines pack of each item of the order, and the adjustments of the items packed
// otherwise than ordered, by the rules of Pack; the order's status is Pack's to check.
func (o *Order) packing(lines []PackLine, shelf Shelf, now time.Time) ([]Packed, []Adjustment, error) {
	given := make(map[string]PackLine, len(lines))
	for _, l := range lines {
		if _, twice := given[l.Product]; twice {
			return nil, nil, Errorf(EINVALID, "A product appears twice in the packing")
		}
		given[l.Product] = l
	}
	packed := make([]Packed, len(o.Items))
	var adjustments []Adjustment
	for i, it := range o.Items {
		l, named := given[it.Product.ID]
		delete(given, it.Product.ID)
		a, p, err := o.packItem(i, it, l, named)
		if err != nil {
			return nil, nil, err
		}
		if a.Amount != 0 {
			adjustments = append(adjustments, a)
		}
		if named && l.Substitute != nil {
			sent, err := o.substitution(it, -a.Amount, p, *l.Substitute, shelf, now)
			if err != nil {
				return nil, nil, err
			}
			p.Substitute = &sent
			adjustments = append(adjustments, sent.adjustment(it))
		}
		packed[i] = p
	}
	if len(given) > 0 {
		return nil, nil, Errorf(EINVALID, "The packing names a product that is not in the order")
	}
	return packed, adjustments, nil
}

// packItem is what was packed of the order's i-th item it as the line l says (named: the packing
// names it), and the adjustment of its price that follows (Amount 0 for none).
func (o *Order) packItem(i int, it OrderItem, l PackLine, named bool) (Adjustment, Packed, error) {
	name := it.Product.Name
	estimate := o.Bill.Lines[i]
	if it.Product.SoldBy != SoldByWeight {
		if l.Grams != nil {
			return Adjustment{}, Packed{}, Errorf(EINVALID, "%s is sold by the unit: give how many were packed", name)
		}
		q := it.Quantity
		if named && l.Quantity != nil {
			q = *l.Quantity
		}
		if q < 0 || q > it.Quantity {
			return Adjustment{}, Packed{}, Errorf(EINVALID, "Pack 0 to %d of %s", it.Quantity, name)
		}
		missing, err := it.Product.OfferPrice.Times(it.Quantity - q)
		if err != nil {
			return Adjustment{}, Packed{}, err
		}
		label := fmt.Sprintf("%s: %d of %d packed", name, q, it.Quantity)
		return Adjustment{Kind: AdjustShort, Label: label, Amount: -missing, Product: it.Product.ID}, Packed{Quantity: q}, nil
	}
	if !named || l.Grams == nil {
		return Adjustment{}, Packed{}, Errorf(EINVALID, "Weigh %s", name)
	}
	if l.Quantity != nil {
		return Adjustment{}, Packed{}, Errorf(EINVALID, "%s is sold by weight: give what it weighed", name)
	}
	grams := *l.Grams
	if grams < 0 || grams > MaxPackedGrams {
		return Adjustment{}, Packed{}, Errorf(EINVALID, "A weight is 0 to %d grams", MaxPackedGrams)
	}
	cost, err := WeightPrice(it.Product.OfferPrice, grams)
	if err != nil {
		return Adjustment{}, Packed{}, err
	}
	most := estimate
	if o.PaymentType == PaymentCOD {
		if most, err = estimate.Add(estimate.Part(OverWeightPercent, 100)); err != nil {
			return Adjustment{}, Packed{}, err
		}
	}
	kind := AdjustWeight
	if grams == 0 {
		kind = AdjustShort
	}
	label := fmt.Sprintf("%s: %s packed of %s", name, FormatGrams(grams), FormatGrams(Grams(it.Quantity, it.Product.Step)))
	packed := Packed{Quantity: it.Quantity, Grams: grams}
	if grams == 0 {
		packed.Quantity = 0
	}
	change, err := min(cost, most).Sub(estimate)
	if err != nil {
		return Adjustment{}, Packed{}, err
	}
	return Adjustment{Kind: kind, Label: label, Amount: change, Product: it.Product.ID}, packed, nil
}

// PackedAs reports whether the order was packed as lines would pack it: a packing sent again.
// Substitutes are known by what was sent, whatever the shopper answered since; shelf holds them as
// for Pack.
func (o *Order) PackedAs(lines []PackLine, shelf Shelf) bool {
	if o.Status != StatusPacked || slices.ContainsFunc(o.Items, func(it OrderItem) bool { return it.Packed == nil }) {
		return false
	}
	packed, _, err := o.packing(lines, shelf, o.UpdatedAt)
	if err != nil {
		return false
	}
	for i := range packed {
		if !packed[i].same(*o.Items[i].Packed) {
			return false
		}
	}
	return true
}

// RefundAfterPacking is what a paid online order's settled bill owes the shopper back: what it
// paid online (paid) beyond what is left to pay of its settled total once its store credit pays
// its part (Order.PaidLess of the two balances); 0 for a cash order or one that owes nothing back.
func RefundAfterPacking(o *Order, settled Bill, paid Money) (Money, error) {
	now, err := BalanceOf(settled.Total, o.CreditUsed, false, nil)
	if err != nil {
		return 0, err
	}
	return o.PaidLess(Balance{ToPay: paid}, now)
}

// PackUp packs the order as Pack settles it: what was packed of each item, the settled bill, the
// status Packed and, for a paid online order packed for less than it paid, what is owed back
// (RefundAfterPacking) as a refund due.
func (o *Order) PackUp(lines []PackLine, shelf Shelf, now time.Time) error {
	packed, bill, err := o.Pack(lines, shelf, now)
	if err != nil {
		return err
	}
	paid := o.ToPay
	for i := range o.Items {
		o.Items[i].Packed = &packed[i]
	}
	owed, err := RefundAfterPacking(o, bill, paid)
	if err != nil {
		return err
	}
	if err := o.SetBill(bill); err != nil {
		return err
	}
	o.Status = StatusPacked
	if owed > 0 {
		o.Refunds = append(o.Refunds, Refund{Amount: owed, State: RefundDue})
	}
	return nil
}
