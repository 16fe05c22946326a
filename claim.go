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

// A claim is a shopper's complaint about a delivered order, from My Orders: lines missing,
// damaged, wrong or of poor quality, reported within the store's Policy.MissingHours of delivery,
// or a return asked within Policy.ReturnDays. The E-Commerce Act 2081 (§33) asks an online
// complaint system that records each complaint, acknowledges it at once and decides it within
// ClaimDecideDays with written reasons: each claim gets a reference and the day it will be decided
// by, and the owner resolves it at the claims desk with a refund, store credit or a written
// rejection.

// ClaimReason says what is wrong with a line claimed.
type ClaimReason string

// Reasons of a claimed line.
const (
	ClaimMissing ClaimReason = "missing"
	ClaimDamaged ClaimReason = "damaged"
	ClaimWrong   ClaimReason = "wrong"
	ClaimQuality ClaimReason = "quality"
	// ClaimReturn asks to return a line that is not faulty, within the policy's ReturnDays.
	ClaimReturn ClaimReason = "return"
)

// ClaimReasons are the reasons a line may be claimed for, in the order the form offers them.
var ClaimReasons = []ClaimReason{ClaimMissing, ClaimDamaged, ClaimWrong, ClaimQuality, ClaimReturn}

// Limits of a claim.
const (
	// ClaimDecideDays is how many days the store has to decide a claim (E-Commerce Act 2081, §33).
	ClaimDecideDays = 15
	// MaxClaimPhotos is the most photos a claim may carry.
	MaxClaimPhotos = 3
	// MaxClaimNote caps the shopper's note and the store's written decision, in characters.
	MaxClaimNote = 1000
)

// Perishable reports whether goods of the category spoil within days: fresh produce, dairy and
// bakery, which are taken back only when faulty unless the store's policy says otherwise.
func (c Category) Perishable() bool {
	return c == "Vegetables" || c == "Fruits" || c == "Dairy" || c == "Bakery"
}

// ClaimLine is a line of an order claimed: its product, how many, and what is wrong.
type ClaimLine struct {
	Product  string      `json:"product"`
	Quantity int         `json:"quantity"`
	Reason   ClaimReason `json:"reason"`
	// Name is the product's name as the order has it.
	Name string `json:"name,omitempty"`
}

// NewClaim is a claim as the shopper sends it (POST /api/order/claim).
type NewClaim struct {
	OrderID string      `json:"id"`
	UserID  string      `json:"-"`
	Lines   []ClaimLine `json:"lines"`
	Note    string      `json:"note"`
	// Photos are the addresses of the photos sent with it, once stored.
	Photos []string `json:"-"`
}

// Validate checks what the form brings, before the order is looked at.
func (c *NewClaim) Validate(photos int) error {
	c.Note = strings.TrimSpace(c.Note)
	switch {
	case c.OrderID == "":
		return Errorf(EINVALID, "Order id is required")
	case len(c.Lines) == 0:
		return Errorf(EINVALID, "Choose the items that were not right")
	case len(c.Lines) > MaxCartLines:
		return Errorf(EINVALID, "An order has at most %d lines", MaxCartLines)
	case utf8.RuneCountInString(c.Note) > MaxClaimNote:
		return Errorf(EINVALID, "The note may be at most %d characters", MaxClaimNote)
	case photos > MaxClaimPhotos:
		return Errorf(EINVALID, "Send at most %d photos", MaxClaimPhotos)
	}
	seen := make(map[string]bool, len(c.Lines))
	for _, l := range c.Lines {
		switch {
		case l.Quantity < 1 || l.Quantity > MaxQuantity:
			return Errorf(EINVALID, "Claim at least one of an item, and at most %d", MaxQuantity)
		case !slices.Contains(ClaimReasons, l.Reason):
			return Errorf(EINVALID, "Say what was wrong: missing, damaged, wrong item, poor quality, or a return")
		case seen[l.Product]:
			return Errorf(EINVALID, "Name each line once")
		}
		seen[l.Product] = true
	}
	return nil
}

// faultsOpen reports whether lines not right may still be reported at now, of an order delivered
// at delivered; returnsOpen whether lines may still be returned.
func faultsOpen(p Policy, delivered, now time.Time) bool {
	return !now.After(delivered.Add(time.Duration(p.MissingHours) * time.Hour))
}

func returnsOpen(p Policy, delivered, now time.Time) bool {
	return p.ReturnDays > 0 && !now.After(delivered.Add(time.Duration(p.ReturnDays)*24*time.Hour))
}

// returnable reports whether the goods of the product may be returned when not faulty.
func returnable(p Policy, product OrderProduct) bool {
	return !product.Category.Perishable() || p.PerishablesReturnable
}

// unitsDelivered is how many of the item were delivered: those packed, once packed.
func unitsDelivered(it OrderItem) int {
	if it.Packed != nil {
		return it.Packed.Quantity
	}
	return it.Quantity
}

// CheckClaim explains why the shopper cannot make this claim of the order now, or returns nil and
// names the claim's lines: only a delivered order, within the policy's hours (faults) or days
// (returns) of its delivery, perishables returned only when faulty unless the policy takes them,
// and no more units than were delivered and not claimed before (claimed: units of each product
// in the order's claims that were not rejected).
func (o *Order) CheckClaim(c *NewClaim, p Policy, claimed map[string]int, now time.Time) error {
	delivered, ok := o.DeliveredAt()
	if o.Status != StatusDelivered || !ok {
		return Errorf(ECONFLICT, "Only a delivered order can be claimed")
	}
	for i, l := range c.Lines {
		j := slices.IndexFunc(o.Items, func(it OrderItem) bool { return it.Product.ID == l.Product })
		if j < 0 {
			return Errorf(EINVALID, "This order has no such line")
		}
		it := o.Items[j]
		c.Lines[i].Name = it.Product.Name
		if l.Reason == ClaimReturn {
			switch {
			case p.ReturnDays == 0:
				return Errorf(ECONFLICT, "This store does not take returns; report an item that was not right instead")
			case !returnsOpen(p, delivered, now):
				return Errorf(ECONFLICT, "Returns are taken within %d days of delivery", p.ReturnDays)
			case !returnable(p, it.Product):
				return Errorf(ECONFLICT, "%s is fresh food: it is taken back only when it was not right", it.Product.Name)
			}
		} else if !faultsOpen(p, delivered, now) {
			return Errorf(ECONFLICT, "Items that were not right are reported within %d hours of delivery", p.MissingHours)
		}
		if left := unitsDelivered(it) - claimed[l.Product]; l.Quantity > left {
			if left <= 0 {
				return Errorf(ECONFLICT, "%s has been claimed already", it.Product.Name)
			}
			return Errorf(EINVALID, "%s: at most %d can be claimed", it.Product.Name, left)
		}
	}
	return nil
}

// ClaimableLine is a line of a delivered order its shopper may still claim: how many units, and
// for which reasons now.
type ClaimableLine struct {
	Product  string        `json:"product"`
	Name     string        `json:"name"`
	Quantity int           `json:"quantity"`
	Reasons  []ClaimReason `json:"reasons"`
}

// Claimable are the lines of the order its shopper may still claim at now, as CheckClaim would
// take them; none once the policy's windows have passed.
func (o *Order) Claimable(p Policy, claimed map[string]int, now time.Time) []ClaimableLine {
	delivered, ok := o.DeliveredAt()
	if o.Status != StatusDelivered || !ok {
		return nil
	}
	faults, returns := faultsOpen(p, delivered, now), returnsOpen(p, delivered, now)
	var out []ClaimableLine
	for _, it := range o.Items {
		left := unitsDelivered(it) - claimed[it.Product.ID]
		var reasons []ClaimReason
		if faults {
			reasons = append(reasons, ClaimMissing, ClaimDamaged, ClaimWrong, ClaimQuality)
		}
		if returns && returnable(p, it.Product) {
			reasons = append(reasons, ClaimReturn)
		}
		if left > 0 && len(reasons) > 0 {
			out = append(out, ClaimableLine{Product: it.Product.ID, Name: it.Product.Name, Quantity: left, Reasons: reasons})
		}
	}
	return out
}

// ClaimState is where a claim stands.
type ClaimState string

// States of a claim.
const (
	ClaimOpen     ClaimState = "open"
	ClaimResolved ClaimState = "resolved"
)

// ClaimResolution is how the store decided a claim.
type ClaimResolution string

// Resolutions of a claim.
const (
	ResolveRefund ClaimResolution = "refund" // money back the way the order was paid
	ResolveCredit ClaimResolution = "credit" // store credit
	ResolveResend ClaimResolution = "resend" // a replacement sent, a new order at no charge
	ResolveReject ClaimResolution = "reject" // refused, with a written reason
)

// OrderClaim is a claim as the store keeps it.
type OrderClaim struct {
	ID string `json:"_id"`
	// Reference names the claim to people: "C-2083/84-12", numbered within the fiscal year.
	Reference   string      `json:"reference"`
	OrderID     string      `json:"order"`
	OrderNumber int64       `json:"orderNumber"`
	UserID      string      `json:"-"`
	Lines       []ClaimLine `json:"lines"`
	Note        string      `json:"note"`
	Photos      []string    `json:"photos"`
	State       ClaimState  `json:"state"`
	CreatedAt   time.Time   `json:"createdAt"`
	// DecideBy is the day the store decides it by: ClaimDecideDays after it was made.
	DecideBy time.Time `json:"decideBy"`
	// Resolution, Decision (the written reason), ResolvedAt and RefundID are the store's decision.
	Resolution ClaimResolution `json:"resolution,omitempty"`
	Decision   string          `json:"decision,omitempty"`
	ResolvedAt *time.Time      `json:"resolvedAt,omitempty"`
	// Refund is the refund it was resolved with, when it was (its amount and way).
	Refund *Refund `json:"refund,omitempty"`
	// Replacement is the number of the order sent in replacement, when one was.
	Replacement int64 `json:"replacement,omitempty"`
	// Shopper and Phone name who claimed it, for the claims desk.
	Shopper string `json:"shopper,omitempty"`
	Phone   string `json:"phone,omitempty"`
	// DaysLeft is, for an open claim at the desk, the days left to decide it (negative: overdue).
	DaysLeft *int `json:"daysLeft,omitempty"`
}

// ClaimReference names a claim on paper.
func ClaimReference(fy bikramsambat.FiscalYear, number int64) string {
	return fmt.Sprintf("C-%s-%d", fy, number)
}

// DaysLeftAt is how many whole days are left to decide the claim at now, rounded up; negative once
// overdue.
func (c OrderClaim) DaysLeftAt(now time.Time) int {
	left := c.DecideBy.Sub(now)
	if left < 0 {
		return -int((-left + 24*time.Hour - 1) / (24 * time.Hour))
	}
	return int((left + 24*time.Hour - 1) / (24 * time.Hour))
}

// ClaimDecision is the owner's decision of a claim (POST /api/seller/claim/resolve): a refund or
// store credit of its lines (or of those chosen), a replacement of them sent at no charge, or a
// rejection with the reason, which the shopper is told.
type ClaimDecision struct {
	ClaimID    string          `json:"id"`
	Resolution ClaimResolution `json:"resolution"`
	// Lines are the lines given back or sent again, when not all the claim's.
	Lines  []RefundLine `json:"lines,omitempty"`
	Reason string       `json:"reason"`
	// Slot is the delivery slot of a replacement, while the store offers slots.
	Slot string `json:"slot,omitempty"`
}

// Validate checks the decision before the claim is looked at.
func (d *ClaimDecision) Validate() error {
	d.Reason = strings.TrimSpace(d.Reason)
	switch {
	case d.ClaimID == "":
		return Errorf(EINVALID, "Claim id is required")
	case d.Resolution != ResolveRefund && d.Resolution != ResolveCredit && d.Resolution != ResolveResend && d.Resolution != ResolveReject:
		return Errorf(EINVALID, "Resolve a claim with a refund, store credit, a replacement, or a rejection")
	case d.Resolution == ResolveReject && d.Reason == "":
		return Errorf(EINVALID, "Write why the claim is rejected: the shopper is told")
	case utf8.RuneCountInString(d.Reason) > MaxRefundReason:
		return Errorf(EINVALID, "The reason must be at most %d characters", MaxRefundReason)
	}
	return nil
}

// lines are the lines the decision gives back or sends again: those chosen, no more than claimed,
// or all the claim's.
func (d ClaimDecision) lines(c *OrderClaim) ([]RefundLine, error) {
	lines := d.Lines
	if len(lines) == 0 {
		for _, l := range c.Lines {
			lines = append(lines, RefundLine{Product: l.Product, Quantity: l.Quantity})
		}
	}
	for _, l := range lines {
		i := slices.IndexFunc(c.Lines, func(cl ClaimLine) bool { return cl.Product == l.Product })
		if i < 0 || l.Quantity < 1 || l.Quantity > c.Lines[i].Quantity {
			return nil, Errorf(EINVALID, "Refund only what the claim is of")
		}
	}
	return lines, nil
}

// Refund is the refund of part of the order the decision gives: the claim's lines (or those
// chosen, no more than claimed), its way, and the claim's reference as its reason with the
// owner's words.
func (d ClaimDecision) Refund(c *OrderClaim) (PartRefund, error) {
	way := RefundToPayment
	if d.Resolution == ResolveCredit {
		way = RefundToCredit
	}
	lines, err := d.lines(c)
	if err != nil {
		return PartRefund{}, err
	}
	reason := c.Reference
	if d.Reason != "" {
		reason += ": " + d.Reason
	}
	if utf8.RuneCountInString(reason) > MaxRefundReason {
		reason = string([]rune(reason)[:MaxRefundReason])
	}
	return PartRefund{OrderID: c.OrderID, Lines: lines, Reason: reason, Way: way}, nil
}

// Replacement is the order that sends again, at no charge, what the decision names of the claim
// of order o, placed at now, and what follows from it: the same goods as they were sold, to the
// same address, at a price of nothing, paid, in the slot the decision names while the store offers
// slots (today's and tomorrow's, none when it offers none). It replaces o; placed and paid, its
// shopper is told of it as of an order placed (Order.Placed).
func (d ClaimDecision) Replacement(c *OrderClaim, o *Order, slots []Slot, now time.Time) (*Order, Consequences, error) {
	r, err := d.replacement(c, o)
	if err != nil {
		return nil, Consequences{}, err
	}
	if r.Slot, err = orderSlot(slots, d.Slot); err != nil {
		return nil, Consequences{}, err
	}
	r.Place(now)
	return r, r.Placed(), nil
}

// replacement is the order of a Replacement, before its slot and its placing.
func (d ClaimDecision) replacement(c *OrderClaim, o *Order) (*Order, error) {
	lines, err := d.lines(c)
	if err != nil {
		return nil, err
	}
	r := &Order{UserID: o.UserID, Address: o.Address, Currency: o.Currency, PaymentType: PaymentCOD, Status: StatusOrderPlaced,
		IsPaid: true, Replaces: o.ID, SpeedPromise: o.SpeedPromise}
	for _, l := range lines {
		i := slices.IndexFunc(o.Items, func(it OrderItem) bool { return it.Product.ID == l.Product })
		if i < 0 {
			return nil, Errorf(EINVALID, "This order has no such line")
		}
		product := o.Items[i].Product
		product.OfferPrice = 0
		r.Items = append(r.Items, OrderItem{Product: product, Quantity: l.Quantity, Substitute: SubstituteNone})
	}
	var fee Money
	bill, err := BillOf(BillLines(r.Items), BillRules{TaxRule: o.Bill.TaxRule, Fee: &fee}, BillChoices{})
	if err != nil {
		return nil, err
	}
	if err := r.SetBill(bill); err != nil {
		return nil, err
	}
	return r, nil
}

// CheckResolve explains why the claim cannot be decided now, or returns nil.
func (c *OrderClaim) CheckResolve() error {
	if c.State != ClaimOpen {
		return Errorf(ECONFLICT, "This claim has been decided already")
	}
	return nil
}

// ClaimService records claims and their decisions.
type ClaimService interface {
	// CheckClaim explains why the user cannot make the claim of their own order now, or returns nil.
	CheckClaim(ctx context.Context, c NewClaim) error
	// OpenClaim records the user's claim of their own order, as CheckClaim allows it, with its
	// reference and the day it will be decided by, acknowledged to the shopper.
	OpenClaim(ctx context.Context, c NewClaim) (*OrderClaim, error)
	// UserClaims lists the user's claims, newest first, and what of their delivered orders they may
	// still claim (Order.Claimable), by order.
	UserClaims(ctx context.Context, userID string) ([]OrderClaim, map[string][]ClaimableLine, error)
	// SellerClaims lists the store's claims: open ones oldest first, then the latest decided.
	SellerClaims(ctx context.Context) ([]OrderClaim, error)
	// ResolveClaim decides an open claim: a refund or store credit through the refunds of part
	// (with its credit note), or a rejection; the shopper is told.
	ResolveClaim(ctx context.Context, d ClaimDecision) (*OrderClaim, error)
}
