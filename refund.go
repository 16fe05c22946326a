package haat

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"haat/bikramsambat"
)

// A refund of part of an order gives back chosen lines, or an amount, of an order the shopper
// paid: goods missing or damaged, goodwill for a late delivery. It is an adjustment of the order's
// bill (AdjustRefund), worked out by BillOf like every other: the order's bill stays as it was
// issued, and the refund keeps its adjustments and amount; the order's figures after its refunds
// are BillOf with them added. An order with a tax invoice gets a credit note for each refund,
// which names the invoice and keeps the VAT given back as it was issued.

// AdjustRefund is an adjustment of a bill by a refund of part of the order.
const AdjustRefund AdjustmentKind = "refund"

// RefundWay is how money given back reaches the shopper.
type RefundWay string

// Ways of a refund.
const (
	// RefundToPayment gives the money back the way the order was paid: through the payment
	// provider's API where it has one (Stripe), else by hand (cash, eSewa), then marked made.
	RefundToPayment RefundWay = "payment"
	// RefundToCredit gives it as store credit, made at once.
	RefundToCredit RefundWay = "credit"
)

// A refund due is to be made within the store's Policy.RefundDays (at most MaxRefundDays, as the
// E-Commerce Directive 2082 asks), and is flagged when RefundNearDays or fewer are left.
const (
	RefundNearDays = 2
	// MaxRefundReason caps a refund's reason, in characters.
	MaxRefundReason = 300
)

// RefundLine is a line of an order given back: its product, how many of it (of the units
// delivered) and, as worked out, what they were paid.
type RefundLine struct {
	Product  string `json:"product"`
	Quantity int    `json:"quantity"`
	// Name is the product's name as the order has it; Amount what the units given back were paid.
	Name   string `json:"name,omitempty"`
	Amount Money  `json:"amount,omitempty"`
}

// PartRefund is what the owner asks to give back of an order (POST /api/seller/order/refund):
// chosen lines, or an amount of none of them, why, and which way.
type PartRefund struct {
	OrderID string       `json:"id"`
	Lines   []RefundLine `json:"lines,omitempty"`
	// Amount is an amount given back of the goods as a whole (goodwill), besides the lines.
	Amount Money     `json:"amount,omitempty"`
	Reason string    `json:"reason"`
	Way    RefundWay `json:"way"`
}

// Validate checks what the form brings, before the order is looked at.
func (r *PartRefund) Validate() error {
	r.Reason = strings.TrimSpace(r.Reason)
	switch {
	case r.OrderID == "":
		return Errorf(EINVALID, "Order id is required")
	case r.Way != RefundToPayment && r.Way != RefundToCredit:
		return Errorf(EINVALID, "Choose how the refund is given: back the way it was paid, or as store credit")
	case r.Reason == "":
		return Errorf(EINVALID, "Write why the refund is given")
	case utf8.RuneCountInString(r.Reason) > MaxRefundReason:
		return Errorf(EINVALID, "The reason must be at most %d characters", MaxRefundReason)
	case r.Amount < 0:
		return Errorf(EINVALID, "A refund's amount cannot be negative")
	case len(r.Lines) == 0 && r.Amount == 0:
		return Errorf(EINVALID, "Choose the lines to refund, or an amount")
	case len(r.Lines) > MaxCartLines:
		return Errorf(EINVALID, "An order has at most %d lines", MaxCartLines)
	}
	seen := make(map[string]bool, len(r.Lines))
	for _, l := range r.Lines {
		if l.Quantity < 1 || l.Quantity > MaxQuantity {
			return Errorf(EINVALID, "Refund at least one of a line, and at most %d", MaxQuantity)
		}
		if seen[l.Product] {
			return Errorf(EINVALID, "Name each line once")
		}
		seen[l.Product] = true
	}
	return nil
}

// CheckRefundPart explains why part of the order cannot be given back now, or returns nil: only
// money the shopper paid is given back, and a cancelled order's whole payment is due back already.
func (o *Order) CheckRefundPart() error {
	switch {
	case o.Status == StatusCancelled:
		return Errorf(ECONFLICT, "A cancelled order's payment is given back whole")
	case !o.IsPaid:
		return Errorf(ECONFLICT, "Only an order that has been paid can be refunded")
	}
	return o.CheckOffersAnswered()
}

// RefundedAdjustments are the adjustments of the order's refunds of part, in the order made.
func (o *Order) RefundedAdjustments() []Adjustment {
	var out []Adjustment
	for _, r := range o.Refunds {
		out = append(out, r.Adjustments...)
	}
	return out
}

// billWith works out the order's bill again with its adjustments and these after them, keeping
// the rule and fee it was charged with.
func (o *Order) billWith(extra []Adjustment) (Bill, error) {
	fee := o.Bill.DeliveryFee
	adjustments := append(slices.Clone(o.Bill.Adjustments), extra...)
	return BillOf(BillLines(o.Items), BillRules{TaxRule: o.Bill.TaxRule, Fee: &fee}, BillChoices{Adjustments: adjustments})
}

// lineValue is what the order's line i was paid after the adjustments of that line (packing's,
// refunds'), and of how many units: those packed, once packed.
func (o *Order) lineValue(i int, adjustments []Adjustment) (value Money, units int, err error) {
	it := o.Items[i]
	if value, err = (BillLines(o.Items[i : i+1])[0]).Amount(); err != nil {
		return 0, 0, err
	}
	for _, a := range adjustments {
		if a.Product == it.Product.ID {
			if value, err = value.Add(a.Amount); err != nil {
				return 0, 0, err
			}
		}
	}
	units = it.Quantity
	if it.Packed != nil {
		units = it.Packed.Quantity
	}
	return value, units, nil
}

// refundedUnits is how many units of the product the order's refunds gave back.
func (o *Order) refundedUnits(product string) int {
	n := 0
	for _, r := range o.Refunds {
		for _, l := range r.Lines {
			if l.Product == product {
				n += l.Quantity
			}
		}
	}
	return n
}

// RefundPart works out a refund of part of the order: each line's units given back at what they
// were paid (the last units left of a line take what is left of its value, so that nothing is lost
// to rounding), and the amount, as adjustments of its bill. It answers the refund, due days from now,
// and the order's bill before and after it, whose difference a credit note gives back. Units
// beyond those delivered and not yet given back, or more than the goods are worth, are refused.
func (o *Order) RefundPart(r PartRefund, days int, now time.Time) (Refund, Bill, Bill, error) {
	if err := o.CheckRefundPart(); err != nil {
		return Refund{}, Bill{}, Bill{}, err
	}
	earlier := o.RefundedAdjustments()
	before, err := o.billWith(earlier)
	if err != nil {
		return Refund{}, Bill{}, Bill{}, err
	}
	adjustments := append(slices.Clone(o.Bill.Adjustments), earlier...)
	refund := Refund{Way: r.Way, Reason: r.Reason, State: RefundDue, Currency: string(o.Currency), CreatedAt: &now,
		DueBy: new(now.Add(time.Duration(max(1, min(days, MaxRefundDays))) * 24 * time.Hour))}
	for _, l := range r.Lines {
		i := slices.IndexFunc(o.Items, func(it OrderItem) bool { return it.Product.ID == l.Product })
		if i < 0 {
			return Refund{}, Bill{}, Bill{}, Errorf(EINVALID, "This order has no such line")
		}
		value, units, err := o.lineValue(i, adjustments)
		if err != nil {
			return Refund{}, Bill{}, Bill{}, err
		}
		name := o.Items[i].Product.Name
		left := units - o.refundedUnits(l.Product)
		if l.Quantity > left {
			return Refund{}, Bill{}, Bill{}, Errorf(EINVALID, "%s: only %d can be refunded", name, max(left, 0))
		}
		// value is what the units not yet given back are worth: the line's value less its refunds.
		amount := value
		if l.Quantity < left && value > 0 {
			amount = value.Part(int64(l.Quantity), int64(left))
		}
		if amount <= 0 {
			return Refund{}, Bill{}, Bill{}, Errorf(EINVALID, "Nothing of %s is left to refund", name)
		}
		a := Adjustment{Kind: AdjustRefund, Label: name, Amount: -amount, Product: l.Product}
		refund.Adjustments = append(refund.Adjustments, a)
		adjustments = append(adjustments, a)
		refund.Lines = append(refund.Lines, RefundLine{Product: l.Product, Quantity: l.Quantity, Name: name, Amount: amount})
	}
	if r.Amount > 0 {
		refund.Adjustments = append(refund.Adjustments, Adjustment{Kind: AdjustRefund, Label: "Refund", Amount: -r.Amount})
	}
	after, err := o.billWith(append(earlier, refund.Adjustments...))
	if err == ErrBillBelowZero {
		return Refund{}, Bill{}, Bill{}, Errorf(EINVALID, "That is more than is left of the order to refund: at most %s", Amount(o.Currency, before.Total-before.DeliveryFee))
	}
	if err != nil {
		return Refund{}, Bill{}, Bill{}, err
	}
	if refund.Amount, err = before.Total.Sub(after.Total); err != nil {
		return Refund{}, Bill{}, Bill{}, err
	}
	// Money goes back the way it was paid only as far as money paid: what store credit paid of
	// the order goes back as credit.
	balance, err := o.Balance()
	if err != nil {
		return Refund{}, Bill{}, Bill{}, err
	}
	if left := balance.BackToPayment; r.Way == RefundToPayment && refund.Amount > left {
		return Refund{}, Bill{}, Bill{}, Errorf(EINVALID, "At most %s can go back the way it was paid; give the rest as store credit", Amount(o.Currency, max(left, 0)))
	}
	return refund, before, after, nil
}

// Refundable are the order's lines with the units of each that may still be given back (those
// delivered, less those refunded), leaving out lines with none left; empty when the order cannot
// be refunded in part.
func (o *Order) Refundable() []RefundLine {
	out := []RefundLine{}
	if o.CheckRefundPart() != nil {
		return out
	}
	for _, it := range o.Items {
		units := it.Quantity
		if it.Packed != nil {
			units = it.Packed.Quantity
		}
		if left := units - o.refundedUnits(it.Product.ID); left > 0 {
			out = append(out, RefundLine{Product: it.Product.ID, Quantity: left, Name: it.Product.Name})
		}
	}
	return out
}

// RefundService agrees refunds of part of orders.
type RefundService interface {
	// RefundPart records a refund of part of an order the seller handles, as Order.RefundPart
	// works it out, with its credit note when the order has a tax invoice; one as store credit is
	// made at once. It answers the order as the seller sees it then, and the refund.
	RefundPart(ctx context.Context, r PartRefund) (*Order, *Refund, error)
}

// FlagAt says how near a refund due is to its deadline at now: "late" past it, "near" with
// RefundNearDays or fewer days left, "" otherwise or once made.
func (r Refund) FlagAt(now time.Time) string {
	if r.State != RefundDue || r.DueBy == nil {
		return ""
	}
	switch left := r.DueBy.Sub(now); {
	case left < 0:
		return "late"
	case left <= RefundNearDays*24*time.Hour:
		return "near"
	}
	return ""
}

// CreditNote is the note that gives back part of a tax invoice: numbered within the Nepali
// fiscal year of its date in a series of its own, naming the invoice, the lines and the VAT given
// back, with the seller's details as they were; kept as issued.
type CreditNote struct {
	OrderID  string `json:"orderId"`
	RefundID string `json:"refundId"`
	// FiscalYear, Number and Code are as an invoice's; Code is "CN-2082/83-4".
	FiscalYear string `json:"fiscalYear"`
	Number     int64  `json:"number"`
	Code       string `json:"code"`
	// Invoice is the code of the invoice the note gives part of back.
	Invoice  string            `json:"invoice"`
	IssuedAt time.Time         `json:"issuedAt"`
	DateBS   bikramsambat.Date `json:"dateBs"`
	DateAD   string            `json:"dateAd"`
	Seller   InvoiceDetails    `json:"seller"`
	Lines    []RefundLine      `json:"lines"`
	Reason   string            `json:"reason"`
	// Totals are what is given back: the taxable value without VAT, the VAT and the exempt value
	// under VAT, the tax under the flat rule, and the total.
	Totals InvoiceTotals `json:"totals"`
}

// CreditNoteCode names a credit note on paper.
func CreditNoteCode(fy bikramsambat.FiscalYear, number int64) string {
	return fmt.Sprintf("CN-%s-%d", fy, number)
}

// NewCreditNote is the credit note of a refund with its number, issued at an instant.
func NewCreditNote(r Refund, orderID, invoice string, fy bikramsambat.FiscalYear, number int64, issuedAt time.Time, seller InvoiceDetails, totals InvoiceTotals) (CreditNote, error) {
	bs, err := BSOf(issuedAt)
	if err != nil {
		return CreditNote{}, err
	}
	lines := r.Lines
	if lines == nil {
		lines = []RefundLine{}
	}
	return CreditNote{OrderID: orderID, RefundID: r.ID, FiscalYear: fy.String(), Number: number, Code: CreditNoteCode(fy, number),
		Invoice: invoice, IssuedAt: issuedAt, DateBS: bs, DateAD: issuedAt.In(bikramsambat.NepalTime).Format("2006-01-02"),
		Seller: seller, Lines: lines, Reason: r.Reason, Totals: totals}, nil
}

// CreditTotals are the figures a credit note gives back: those of the bill before the refund less
// those after it.
func CreditTotals(before, after Bill) (InvoiceTotals, error) {
	b, err := InvoiceTotalsOf(before)
	if err != nil {
		return InvoiceTotals{}, err
	}
	a, err := InvoiceTotalsOf(after)
	if err != nil {
		return InvoiceTotals{}, err
	}
	out := InvoiceTotals{TaxRule: b.TaxRule, Subtotal: 0, DeliveryFee: 0, Adjustments: []Adjustment{}}
	for _, f := range []struct {
		to           *Money
		before, less Money
	}{{&out.Tax, b.Tax, a.Tax}, {&out.TaxableExVAT, b.TaxableExVAT, a.TaxableExVAT}, {&out.Exempt, b.Exempt, a.Exempt}, {&out.Total, b.Total, a.Total}} {
		if *f.to, err = f.before.Sub(f.less); err != nil {
			return InvoiceTotals{}, err
		}
	}
	return out, nil
}
