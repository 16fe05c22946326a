package haat

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"time"

	"haat/bikramsambat"
)

// A coupon is a code the owner gives out for a discount: a percentage or an amount off the goods
// it applies to, or free delivery. An order takes one code at most. Its discount is worked out by
// the coupon's rules here and lands on the bill as adjustments of the lines it applies to (BillOf),
// before tax: under VAT the VAT is on the discounted price. Its uses are counted in the order's own
// write, so a limit is never passed however many shoppers race for its last uses, and an order
// cancelled gives its use back.

// CouponKind says what a coupon gives.
type CouponKind string

// Kinds of coupon.
const (
	// CouponPercent takes Value percent off the goods it applies to.
	CouponPercent CouponKind = "percent"
	// CouponAmount takes Value off the goods it applies to, at most what they cost.
	CouponAmount CouponKind = "amount"
	// CouponFreeDelivery takes the delivery fee off.
	CouponFreeDelivery CouponKind = "freeDelivery"
)

// CouponKinds are the kinds a coupon may be of.
var CouponKinds = []CouponKind{CouponPercent, CouponAmount, CouponFreeDelivery}

// Coupon is a discount code and its rules, as the owner made it, with how much it was used.
type Coupon struct {
	ID   string     `json:"_id"`
	Code string     `json:"code"`
	Kind CouponKind `json:"kind"`
	// Value is, for CouponAmount, the amount off; for CouponPercent the percentage off, carried as
	// an amount is (10 is 10%, 12.5 is 12.5%); 0 for CouponFreeDelivery.
	Value Money `json:"value"`
	// MinimumOrder is the least the goods it applies to must cost; 0: any.
	MinimumOrder Money `json:"minimumOrder"`
	// StartsAt and EndsAt bound when it may be used, EndsAt itself excluded; nil: no bound.
	StartsAt *time.Time `json:"startsAt"`
	EndsAt   *time.Time `json:"endsAt"`
	// StartsBS is the day it starts and LastBS the last day it may be used, in Nepal, in Bikram
	// Sambat (WithDates); absent without a bound.
	StartsBS *bikramsambat.Date `json:"startsBs,omitempty"`
	LastBS   *bikramsambat.Date `json:"lastBs,omitempty"`
	// TotalUses is how many orders may use it in all, and UsesPerShopper how many of one
	// shopper's; 0: no limit.
	TotalUses      int  `json:"totalUses"`
	UsesPerShopper int  `json:"usesPerShopper"`
	FirstOrderOnly bool `json:"firstOrderOnly"`
	// Categories and Products limit it to the goods of these categories and these products: a
	// line is the coupon's when either names it. Both empty: every line.
	Categories []Category `json:"categories"`
	Products   []string   `json:"products"`
	Active     bool       `json:"active"`
	// Used is how many orders not cancelled use it, and Given the discount they were given.
	Used      int       `json:"used"`
	Given     Money     `json:"given"`
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// Limits of a coupon's shape.
const (
	MinCouponCode     = 3
	MaxCouponCode     = 20
	MaxCouponProducts = 200
	// percentWhole is Value of a whole coupon: 100%.
	percentWhole = 100_00
)

// NormalizeCode writes a code as the store keeps it: without spaces around it, in capitals, with
// Devanagari digits as ASCII ones, so that "dashain१०" is DASHAIN10.
func NormalizeCode(code string) string {
	return strings.ToUpper(ASCIIDigits(strings.TrimSpace(code)))
}

// ValidCode reports whether code (normalized) is a code a coupon may have: MinCouponCode to
// MaxCouponCode capital letters, digits and dashes.
func ValidCode(code string) bool {
	if len(code) < MinCouponCode || len(code) > MaxCouponCode {
		return false
	}
	for _, r := range code {
		if (r < 'A' || r > 'Z') && (r < '0' || r > '9') && r != '-' {
			return false
		}
	}
	return true
}

// Validate checks the coupon the owner asks for and writes its code and lists as the store keeps
// them: a valid code, a known kind with a value that suits it, amounts within MaxPrice, an end
// after the start, limits of 0 or more, known categories and at most MaxCouponProducts products.
func (c *Coupon) Validate() error {
	c.Code = NormalizeCode(c.Code)
	if !ValidCode(c.Code) {
		return Errorf(EINVALID, "A code is %d to %d letters, digits or dashes", MinCouponCode, MaxCouponCode)
	}
	switch c.Kind {
	case CouponPercent:
		if c.Value <= 0 || c.Value > percentWhole {
			return Errorf(EINVALID, "A percentage off is more than 0 and at most 100")
		}
	case CouponAmount:
		if c.Value <= 0 || c.Value > MaxPrice {
			return Errorf(EINVALID, "An amount off is more than 0 and at most %s", WholeNumber(MaxPrice/100))
		}
	case CouponFreeDelivery:
		c.Value = 0
	default:
		return Errorf(EINVALID, "A coupon gives a percentage off, an amount off or free delivery")
	}
	switch {
	case c.MinimumOrder < 0 || c.MinimumOrder > MaxPrice:
		return Errorf(EINVALID, "The minimum order is 0 to %s", WholeNumber(MaxPrice/100))
	case c.StartsAt != nil && c.EndsAt != nil && !c.EndsAt.After(*c.StartsAt):
		return Errorf(EINVALID, "A coupon ends after it starts")
	case c.TotalUses < 0 || c.UsesPerShopper < 0:
		return Errorf(EINVALID, "Limits of uses are 0 (none) or more")
	case len(c.Products) > MaxCouponProducts:
		return Errorf(EINVALID, "A coupon names at most %d products", MaxCouponProducts)
	}
	if c.Categories == nil {
		c.Categories = []Category{}
	}
	for _, cat := range c.Categories {
		if !slices.Contains(Categories, cat) {
			return Errorf(EINVALID, "Unknown category %s", string(cat))
		}
	}
	if c.Products == nil {
		c.Products = []string{}
	}
	slices.Sort(c.Products)
	c.Products = slices.Compact(c.Products)
	if c.FirstOrderOnly && (c.UsesPerShopper == 0 || c.UsesPerShopper > 1) {
		// A shopper has one first order.
		c.UsesPerShopper = 1
	}
	return nil
}

// WithDates sets the coupon's dates in Bikram Sambat from its bounds, as the owner's list shows them.
func (c *Coupon) WithDates() {
	c.StartsBS, c.LastBS = nil, nil
	if c.StartsAt != nil {
		if d, err := BSOf(*c.StartsAt); err == nil {
			c.StartsBS = &d
		}
	}
	if c.EndsAt != nil {
		if d, err := BSOf(c.EndsAt.Add(-time.Millisecond)); err == nil {
			c.LastBS = &d
		}
	}
}

// covers reports whether the coupon applies to the item's goods.
func (c *Coupon) covers(p OrderProduct) bool {
	if len(c.Categories) == 0 && len(c.Products) == 0 {
		return true
	}
	return slices.Contains(c.Categories, p.Category) || slices.Contains(c.Products, p.ID)
}

// CouponFacts are what the store holds that a code asked for is checked against, for the shopper
// asking (none for a guest): the coupon of the code, if any, and the shopper's use of it.
type CouponFacts struct {
	Code   string
	Coupon *Coupon
	// Shopper says a shopper asks: a guest's quote leaves the shopper's own limits to the order.
	Shopper bool
	// ShopperUses counts the shopper's orders not cancelled that use the coupon, and
	// EarlierOrders the shopper's orders not cancelled, the order being priced left out of both.
	ShopperUses   int
	EarlierOrders int
	// Held says the order being priced holds a use of the coupon already (it is paid again): the
	// limits of uses do not count it twice.
	Held bool
	Now  time.Time
}

// Refusals of a code, each saying why.
var (
	ErrCouponUnknown  = Errorf(EINVALID, "This code is not valid")
	ErrCouponRunOut   = Errorf(ECONFLICT, "This code has run out")
	ErrCouponUsed     = Errorf(ECONFLICT, "You have already used this code")
	ErrCouponFirst    = Errorf(EINVALID, "This code is for a first order only")
	ErrCouponNotItems = Errorf(EINVALID, "This code is not for these items")
)

// couponDate is the day an instant falls on in Nepal, as a refusal names it: "15 Asoj".
func couponDate(t time.Time) Localizer {
	d, err := bikramsambat.Of(t)
	if err != nil || d.Month < 1 || d.Month > 12 {
		return placeName{t.In(bikramsambat.NepalTime).Format("2 Jan 2006"), ""}
	}
	return bsDay{d}
}

// bsDay is a BS date without its year as a message argument: "15 Asoj", "१५ असोज".
type bsDay struct{ d bikramsambat.Date }

func (b bsDay) String() string { return b.Local(English) }
func (b bsDay) Local(lang Language) string {
	return LocalDigits(strconv.Itoa(b.d.Day), lang) + " " + BSMonthName(b.d.Month, lang)
}

// CouponFor checks the code of f against the order of items, whose goods the coupon's minimum
// looks at, and answers what the order keeps of the coupon, or why the code cannot be used, in
// this order: a coupon of the code that is on, started and not ended, with uses left in all and
// for the shopper, a first order if it says so, goods it applies to, and those goods reaching its
// minimum. The limits of uses are checked again, exactly, as the order is written.
func CouponFor(f CouponFacts, items []OrderItem, currency Currency) (*OrderCoupon, error) {
	c := f.Coupon
	if c == nil || !c.Active {
		return nil, ErrCouponUnknown
	}
	if c.StartsAt != nil && f.Now.Before(*c.StartsAt) {
		return nil, Errorf(EINVALID, "This code starts on %s", couponDate(*c.StartsAt))
	}
	if c.EndsAt != nil && !f.Now.Before(*c.EndsAt) {
		return nil, Errorf(EINVALID, "This code ended on %s", couponDate(c.EndsAt.Add(-time.Millisecond)))
	}
	if !f.Held && c.TotalUses > 0 && c.Used >= c.TotalUses {
		return nil, ErrCouponRunOut
	}
	if f.Shopper && !f.Held && c.UsesPerShopper > 0 && f.ShopperUses >= c.UsesPerShopper {
		return nil, ErrCouponUsed
	}
	if f.Shopper && c.FirstOrderOnly && f.EarlierOrders > 0 {
		return nil, ErrCouponFirst
	}
	oc := &OrderCoupon{Code: c.Code, Kind: c.Kind, Value: c.Value, Products: []string{}, couponID: c.ID}
	var goods Money
	for _, it := range items {
		if !c.covers(it.Product) {
			continue
		}
		oc.Products = append(oc.Products, it.Product.ID)
		amount, err := BillLines([]OrderItem{it})[0].Amount()
		if err != nil {
			return nil, err
		}
		if goods, err = goods.Add(amount); err != nil {
			return nil, err
		}
	}
	if len(oc.Products) == 0 {
		return nil, ErrCouponNotItems
	}
	if goods < c.MinimumOrder {
		if currency == "" {
			currency = USD
		}
		return nil, Errorf(EINVALID, "Add %s more to use this code", Amount(currency, c.MinimumOrder-goods))
	}
	return oc, nil
}

// OrderCoupon is the coupon an order was placed with, as the order keeps it: its code, what it
// gives and the order's products it applies to. Packing works its discount out again from it on
// what was packed.
type OrderCoupon struct {
	Code     string     `json:"code"`
	Kind     CouponKind `json:"kind"`
	Value    Money      `json:"value"`
	Products []string   `json:"products"`
	// couponID is the coupon's id, for the store to count the use against.
	couponID string
}

// CouponID is the id of the coupon the order uses, as it was priced (empty once read back).
func (oc *OrderCoupon) CouponID() string { return oc.couponID }

// Adjustments are the coupon's adjustments of a bill of these lines, whose own adjustments so far
// are given (packing's: the coupon applies to what the lines cost after them) and whose delivery
// costs fee. A percentage or an amount off is one discount of the goods it applies to (a percentage
// rounded half up, an amount at most what the goods cost), shared between their lines in proportion
// to what each costs (each share rounded half up, the last line taking the rest), one adjustment a
// line, so that VAT, packing and refunds see each line's part; free delivery is one adjustment of
// the delivery fee. None when there is nothing to take off.
func (oc *OrderCoupon) Adjustments(lines []BillLine, adjusted []Adjustment, fee Money) ([]Adjustment, error) {
	if oc == nil {
		return nil, nil
	}
	if oc.Kind == CouponFreeDelivery {
		if fee <= 0 {
			return nil, nil
		}
		return []Adjustment{{Kind: AdjustCoupon, Label: oc.Code, Amount: -fee, Delivery: true}}, nil
	}
	values := make([]Money, 0, len(lines))
	products := make([]string, 0, len(lines))
	var goods Money
	for _, l := range lines {
		if !slices.Contains(oc.Products, l.Product) {
			continue
		}
		value, err := l.Amount()
		if err != nil {
			return nil, err
		}
		for _, a := range adjusted {
			if a.Product == l.Product && a.Kind != AdjustCoupon {
				if value, err = value.Add(a.Amount); err != nil {
					return nil, err
				}
			}
		}
		if value <= 0 {
			continue
		}
		values, products = append(values, value), append(products, l.Product)
		if goods, err = goods.Add(value); err != nil {
			return nil, err
		}
	}
	if goods <= 0 {
		return nil, nil
	}
	off := min(oc.Value, goods)
	if oc.Kind == CouponPercent {
		off = goods.Part(int64(oc.Value), percentWhole)
	}
	out := make([]Adjustment, 0, len(values))
	left := off
	for i, v := range values {
		share := left
		if i < len(values)-1 {
			share = min(off.Part(int64(v), int64(goods)), left)
		}
		var err error
		if left, err = left.Sub(share); err != nil {
			return nil, err
		}
		if share > 0 {
			out = append(out, Adjustment{Kind: AdjustCoupon, Label: oc.Code, Amount: -share, Product: products[i]})
		}
	}
	return out, nil
}

// DiscountOf is what the coupon adjustments among adjustments take off together (0 or more); a
// sum past what a Money holds, which bounded prices never reach, counts as none.
func DiscountOf(adjustments []Adjustment) Money {
	var off Money
	for _, a := range adjustments {
		if a.Kind == AdjustCoupon {
			var err error
			if off, err = off.Sub(a.Amount); err != nil {
				return 0
			}
		}
	}
	return off
}

// withoutCoupon are the adjustments other than the coupon's.
func withoutCoupon(adjustments []Adjustment) []Adjustment {
	return slices.DeleteFunc(slices.Clone(adjustments), func(a Adjustment) bool { return a.Kind == AdjustCoupon })
}

// CouponService keeps the store's coupons and counts their uses.
type CouponService interface {
	// SaveCoupon creates the coupon c (ID empty) or changes the one of its ID, checked
	// (Coupon.Validate): a code another coupon has is refused. Its uses stay as they were.
	SaveCoupon(ctx context.Context, c Coupon) (*Coupon, error)
	// Coupons lists every coupon with its uses, the newest first.
	Coupons(ctx context.Context) ([]Coupon, error)
	// CouponFacts loads what the code (normalized) is checked against for userID (empty: a guest).
	CouponFacts(ctx context.Context, code, userID string) (CouponFacts, error)
}
