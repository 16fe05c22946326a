package haat

import (
	"fmt"
	"slices"
	"time"
)

// Substitute is what a shopper wants if an item of their order is not there when it is packed:
// SubstituteBest, SubstituteNone, or the id of a product they name.
type Substitute string

// The substitutes a shopper may choose without naming a product.
const (
	// SubstituteBest is a similar item at no higher price, chosen by the packer.
	SubstituteBest Substitute = "best"
	// SubstituteNone leaves the item out; what it cost is not charged, or is given back.
	SubstituteNone Substitute = "none"
)

// Named is the id of the product the shopper named as the substitute, or "" for none named.
func (s Substitute) Named() string {
	if s == "" || s == SubstituteBest || s == SubstituteNone {
		return ""
	}
	return string(s)
}

// MaxSubstitute is the longest substitute an order may name: a product's id.
const MaxSubstitute = 64

// validateSubstitute checks the substitute an order line asks for: none given, best, none, or a
// product other than the line's own.
func (l OrderLine) validateSubstitute() error {
	switch {
	case len(l.Substitute) > MaxSubstitute:
		return Errorf(EINVALID, "A substitute names a product by its id")
	case l.Substitute.Named() != "" && l.Substitute.Named() == l.ProductID:
		return Errorf(EINVALID, "A product cannot be its own substitute")
	}
	return nil
}

// validStoreSubstitute checks the substitute a store gives the items whose shopper chose none:
// best or none; empty is best.
func validStoreSubstitute(s *Substitute) error {
	switch *s {
	case "":
		*s = SubstituteBest
	case SubstituteBest, SubstituteNone:
	default:
		return Errorf(EINVALID, "The store's substitute is %q or %q", SubstituteBest, SubstituteNone)
	}
	return nil
}

// SubstituteAnswerMinutes is how many minutes a shopper has to accept or refuse a substitute they
// did not name (SubstituteAnswerTime); unanswered, it stays in the order.
const SubstituteAnswerMinutes = 10

// SubstituteAnswerTime is SubstituteAnswerMinutes as a duration.
const SubstituteAnswerTime = SubstituteAnswerMinutes * time.Minute

// SubstituteAnswer is where a substitute sent stands with the shopper.
type SubstituteAnswer string

// The answers to a substitute.
const (
	// AnswerNamed: the shopper named the substitute when ordering; it is sent without asking.
	AnswerNamed SubstituteAnswer = "named"
	// AnswerAwaited: the shopper is asked to accept or refuse it until Sent.AnswerBy.
	AnswerAwaited SubstituteAnswer = "awaited"
	// AnswerAccepted: the shopper accepted it, or let the time to answer pass.
	AnswerAccepted SubstituteAnswer = "accepted"
	// AnswerRefused: the shopper refused it; it is taken out of the order and not charged.
	AnswerRefused SubstituteAnswer = "refused"
)

// Sent is a substitute packed for the units of an item that were not there: the product as it was
// sold then, how many of it or what it weighed, what it is charged while it is kept (Amount), and
// the shopper's answer.
type Sent struct {
	Product  OrderProduct     `json:"product"`
	Quantity int              `json:"quantity"`
	Grams    int              `json:"grams,omitempty"`
	Amount   Money            `json:"amount"`
	Answer   SubstituteAnswer `json:"answer" ts:"'named' | 'awaited' | 'accepted' | 'refused'"`
	// AnswerBy is when the time to answer an offered substitute ends.
	AnswerBy *time.Time `json:"answerBy,omitempty"`
}

// same reports whether s and t sent the same: product, units and weight.
func (s Sent) same(t Sent) bool {
	return s.Product.ID == t.Product.ID && s.Quantity == t.Quantity && s.Grams == t.Grams
}

// Kept reports whether the substitute goes to the shopper: it was not refused.
func (s Sent) Kept() bool { return s.Answer != AnswerRefused }

// Units is how many of its product's counted units the substitute takes from the stock: its count,
// or for goods sold by weight the steps its weight begins.
func (s Sent) Units() int {
	if s.Product.SoldBy == SoldByWeight && s.Product.Step > 0 {
		return (s.Grams + s.Product.Step - 1) / s.Product.Step
	}
	return s.Quantity
}

// adjustment is what the substitute adds to the bill of the order's item it: its Amount, on the
// item's line.
func (s Sent) adjustment(it OrderItem) Adjustment {
	what := fmt.Sprintf("%s × %d", s.Product.Name, s.Quantity)
	if s.Product.SoldBy == SoldByWeight {
		what = s.Product.Name + " " + FormatGrams(s.Grams)
	}
	return Adjustment{Kind: AdjustSubstitute, Label: what + " instead of " + it.Product.Name, Amount: s.Amount, Product: it.Product.ID}
}

// substitution is the substitute sub sent for what was not there of the order's item it, packed as
// p, which was worth missing, by the rules of Order.Pack: the item must be short (a weighed one
// not there at all) and the shopper must not have asked to leave it out; the substitute must be on
// sale on the shelf and not in the order already, sold by the unit with a count or by weight with
// a weight. A product the shopper named costs its price, but an online order never more than
// missing; another costs at most missing, and is offered to the shopper until now plus
// SubstituteAnswerTime.
func (o *Order) substitution(it OrderItem, missing Money, p Packed, sub PackSubstitute, shelf Shelf, now time.Time) (Sent, error) {
	name := it.Product.Name
	switch {
	case it.Product.SoldBy == SoldByWeight && p.Grams > 0:
		return Sent{}, Errorf(EINVALID, "%s was weighed: a substitute replaces goods that were not there at all", name)
	case it.Product.SoldBy != SoldByWeight && p.Quantity == it.Quantity:
		return Sent{}, Errorf(EINVALID, "All of %s was packed: a substitute replaces units that were not there", name)
	case it.Substitute == SubstituteNone:
		return Sent{}, Errorf(EINVALID, "The shopper asked to leave %s out if it is not there", name)
	case sub.Product == it.Product.ID:
		return Sent{}, Errorf(EINVALID, "A product cannot be its own substitute")
	case slices.ContainsFunc(o.Items, func(other OrderItem) bool { return other.Product.ID == sub.Product }):
		return Sent{}, Errorf(EINVALID, "The substitute for %s is in the order already: choose another", name)
	}
	product, ok := shelf[sub.Product]
	if !ok {
		return Sent{}, Errorf(ENOTFOUND, "The substitute for %s is not a product of the store", name)
	}
	if err := product.CheckOnSale(); err != nil {
		return Sent{}, err
	}
	sent := Sent{Product: product.Ordered(), Answer: AnswerNamed}
	cost, err := sent.cost(it, p, sub)
	if err != nil {
		return Sent{}, err
	}
	sent.Amount = cost
	if it.Substitute.Named() != product.ID {
		by := now.Add(SubstituteAnswerTime)
		sent.Answer, sent.AnswerBy = AnswerAwaited, &by
	}
	if sent.Answer == AnswerAwaited || o.PaymentType == PaymentOnline {
		sent.Amount = min(cost, missing)
	}
	return sent, nil
}

// cost sets how much of the substitute was sent, by sub, for the order's item it packed as p, and
// answers what that costs at the substitute's price.
func (s *Sent) cost(it OrderItem, p Packed, sub PackSubstitute) (Money, error) {
	name := s.Product.Name
	if s.Product.SoldBy == SoldByWeight {
		if sub.Quantity != nil || sub.Grams == nil {
			return 0, Errorf(EINVALID, "%s is sold by weight: give what it weighed", name)
		}
		if s.Grams = *sub.Grams; s.Grams < 1 || s.Grams > MaxPackedGrams {
			return 0, Errorf(EINVALID, "A weight is 1 to %d grams", MaxPackedGrams)
		}
		s.Quantity = 1
		return WeightPrice(s.Product.OfferPrice, s.Grams)
	}
	if sub.Grams != nil {
		return 0, Errorf(EINVALID, "%s is sold by the unit: give how many were packed", name)
	}
	s.Quantity = 1
	if it.Product.SoldBy != SoldByWeight {
		s.Quantity = it.Quantity - p.Quantity
	}
	if sub.Quantity != nil {
		s.Quantity = *sub.Quantity
	}
	if err := ValidateQuantity(s.Quantity); err != nil {
		return 0, err
	}
	return s.Product.OfferPrice.Times(s.Quantity)
}

// Offers are the substitutes of the order offered to its shopper whose answer is awaited.
func (o *Order) Offers() []*Sent {
	var offers []*Sent
	for _, it := range o.Items {
		if it.Packed != nil && it.Packed.Substitute != nil && it.Packed.Substitute.Answer == AnswerAwaited {
			offers = append(offers, it.Packed.Substitute)
		}
	}
	return offers
}

// SettleOffers accepts, as of now, the substitutes whose time to answer has ended unanswered: a
// substitute the shopper let pass stays in the order. The store calls it on every order it reads.
func (o *Order) SettleOffers(now time.Time) {
	for _, s := range o.Offers() {
		if !now.Before(*s.AnswerBy) {
			s.Answer = AnswerAccepted
		}
	}
}

// CheckOffersAnswered explains why what changes the order's money or sends it out must wait, or
// returns nil: its shopper has yet to accept or refuse a substitute offered (a cancelled order
// waits for nothing).
func (o *Order) CheckOffersAnswered() error {
	if o.Status != StatusCancelled && len(o.Offers()) > 0 {
		return Errorf(ECONFLICT, "Wait for the shopper to accept or refuse the substitute: they have %d minutes", SubstituteAnswerMinutes)
	}
	return nil
}

// AnswerSubstitute records the shopper's answer to the substitute offered for the order's item of
// product, as of now, and settles the bill again: a refused substitute is taken out and not
// charged, and what a paid online order paid for it is owed back. It explains why the answer
// cannot be taken: no such offer, answered already, or its time ended.
func (o *Order) AnswerSubstitute(product string, accept bool, now time.Time) error {
	i := slices.IndexFunc(o.Items, func(it OrderItem) bool {
		return it.Product.ID == product && it.Packed != nil && it.Packed.Substitute != nil
	})
	if i < 0 || o.Status == StatusCancelled {
		return Errorf(ENOTFOUND, "No substitute was offered for this item")
	}
	packed := *o.Items[i].Packed
	s := *packed.Substitute
	packed.Substitute = &s
	o.Items[i].Packed = &packed
	switch {
	case s.AnswerBy != nil && !now.Before(*s.AnswerBy):
		return Errorf(ECONFLICT, "The time to answer has passed: the substitute stays in your order")
	case s.Answer != AnswerAwaited:
		return Errorf(ECONFLICT, "You have answered already")
	}
	if accept {
		s.Answer = AnswerAccepted
		return nil
	}
	s.Answer = AnswerRefused
	adjustments := slices.DeleteFunc(slices.Clone(o.Bill.Adjustments), func(a Adjustment) bool {
		return a.Kind == AdjustSubstitute && a.Product == product
	})
	bill, err := o.settled(adjustments)
	if err != nil {
		return err
	}
	// What was paid online beyond what is left to pay now goes back; credit beyond the new total
	// goes back to the ledger (SetBill).
	return o.settle(bill)
}

// settle gives the order its settled bill (SetBill): a paid online order owes its shopper back
// what it paid beyond what is left to pay of that bill (Order.PaidLess).
func (o *Order) settle(bill Bill) error {
	was, err := o.Balance()
	if err != nil {
		return err
	}
	if err := o.SetBill(bill); err != nil {
		return err
	}
	now, err := o.Balance()
	if err != nil {
		return err
	}
	less, err := o.PaidLess(was, now)
	if err != nil || less == 0 {
		return err
	}
	return o.oweBack(less)
}

// oweBack adds amount to what the order owes its shopper back: to the refund due, or as one.
func (o *Order) oweBack(amount Money) error {
	if i := slices.IndexFunc(o.Refunds, func(r Refund) bool { return r.State == RefundDue }); i >= 0 {
		sum, err := o.Refunds[i].Amount.Add(amount)
		o.Refunds[i].Amount = sum
		return err
	}
	o.Refunds = append(o.Refunds, Refund{Amount: amount, State: RefundDue})
	return nil
}

// Record is the item as a record of the order names it, in English: what was ordered ("Jumla Red
// Rice x 2", "Local Tomatoes 750 g"), what was packed when it differs ("packed 1", "packed 820
// g"), and the substitute sent instead, with the shopper's answer when it was refused.
func (it OrderItem) Record() string {
	text := it.Product.Name + amountRecord(it.Product, it.Quantity, Grams(it.Quantity, it.Product.Step))
	if p := it.Packed; p != nil {
		if it.Product.SoldBy == SoldByWeight && p.Grams != Grams(it.Quantity, it.Product.Step) {
			text += " (packed " + FormatGrams(p.Grams) + ")"
		} else if it.Product.SoldBy != SoldByWeight && p.Quantity != it.Quantity {
			text += fmt.Sprintf(" (packed %d)", p.Quantity)
		}
		if s := p.Substitute; s != nil {
			text += ", sent instead: " + s.Product.Name + amountRecord(s.Product, s.Quantity, s.Grams)
			if !s.Kept() {
				text += " (refused)"
			}
		}
	}
	return text
}

// amountRecord is how much of a product a record names: " x 2", or for goods sold by weight " 750 g".
func amountRecord(p OrderProduct, quantity, grams int) string {
	if p.SoldBy == SoldByWeight {
		return " " + FormatGrams(grams)
	}
	return fmt.Sprintf(" x %d", quantity)
}
