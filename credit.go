package haat

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
)

// Store credit is money the store owes a shopper, kept as a ledger of entries that are never
// changed or deleted: granted for a refund, a claim, the owner's goodwill or weighed goods that
// cost less than their credit paid, spent on orders, and returned by orders cancelled. It is never
// bought with money. An order may use it as a way of paying (Order.CreditUsed): its bill, and the
// tax in it, stay as they are.

// CreditReason says why an entry of a shopper's ledger of store credit was made.
type CreditReason string

// Reasons of the ledger's entries: every one but CreditSpent grants credit.
const (
	// CreditRefund is money of an order given back as credit.
	CreditRefund CreditReason = "refund"
	// CreditClaim is a claim about an order decided for the shopper.
	CreditClaim CreditReason = "claim"
	// CreditGoodwill is credit the owner gave the shopper of an order.
	CreditGoodwill CreditReason = "goodwill"
	// CreditWeight is the credit an order used beyond what it cost once its goods were weighed and
	// packed (or a substitute was refused): it goes back.
	CreditWeight CreditReason = "weight"
	// CreditSpent is credit an order used to pay for itself.
	CreditSpent CreditReason = "spent"
	// CreditReturned is the credit a cancelled order had used, given back.
	CreditReturned CreditReason = "returned"
)

// creditReasons are the reasons an entry may name.
var creditReasons = []CreditReason{CreditRefund, CreditClaim, CreditGoodwill, CreditWeight, CreditSpent, CreditReturned}

// Grants reports whether an entry of the reason adds to the balance: all but CreditSpent.
func (r CreditReason) Grants() bool { return r != CreditSpent }

// CreditEntry is one entry of a shopper's ledger: Amount added (positive) or taken (negative),
// why, and for which order.
type CreditEntry struct {
	ID     string       `json:"_id"`
	Amount Money        `json:"amount"`
	Reason CreditReason `json:"reason"`
	// OrderID is the order the entry is of, and OrderNumber its number, once it has one.
	OrderID     string `json:"orderId"`
	OrderNumber int64  `json:"orderNumber,omitempty"`
	// Note is what the store said of it (the owner's words for goodwill); empty for none.
	Note string    `json:"note,omitempty"`
	At   time.Time `json:"at"`
}

// Credit is a shopper's store credit: the balance they may spend, and the newest entries of their
// ledger, newest first (at most MaxCreditEntries).
type Credit struct {
	Balance Money         `json:"balance"`
	Entries []CreditEntry `json:"entries"`
}

// MaxCreditEntries is how many of the newest entries of a ledger a shopper is shown.
const MaxCreditEntries = 100

// MaxCreditNote is the longest note of an entry, in characters.
const MaxCreditNote = 200

// CreditChange is an entry to write to a shopper's ledger.
type CreditChange struct {
	UserID  string
	Amount  Money
	Reason  CreditReason
	OrderID string
	Note    string
}

// ErrCreditEntry refuses an entry that breaks the ledger's rules (see CreditChange.Validate): the
// store's mistake, never the shopper's.
var ErrCreditEntry = errors.New("haat: an entry of store credit breaks the ledger's rules")

// Validate checks an entry before it is written, and tidies its note: a shopper, an order, a
// known reason, an amount that is never 0 (positive for a reason that grants, negative for one
// that spends) and at most MaxCredit either way, and a note of at most MaxCreditNote characters.
// Whether the balance allows a spending is checked in the write that takes it (CheckSpend).
func (c *CreditChange) Validate() error {
	c.Note = strings.Join(strings.Fields(c.Note), " ")
	var problem string
	switch {
	case c.UserID == "":
		problem = "no shopper"
	case c.OrderID == "":
		problem = "no order"
	case !slices.Contains(creditReasons, c.Reason):
		problem = fmt.Sprintf("unknown reason %q", c.Reason)
	case c.Amount == 0:
		problem = "an amount of 0"
	case c.Reason.Grants() != (c.Amount > 0):
		problem = fmt.Sprintf("%s of %s", c.Amount, c.Reason)
	case c.Amount > MaxCredit || c.Amount < -MaxCredit:
		problem = fmt.Sprintf("%s is too much", c.Amount)
	case utf8.RuneCountInString(c.Note) > MaxCreditNote:
		problem = "a note too long"
	default:
		return nil
	}
	return fmt.Errorf("%w: %s", ErrCreditEntry, problem)
}

// MaxCredit is the most store credit one entry may grant or take: as much as the dearest order
// could cost.
const MaxCredit = MaxPrice * MaxQuantity * MaxCartLines

// ErrCreditChanged refuses an order whose store credit was spent meanwhile (by another order
// placed at the same moment): the shopper looks at the cart again.
var ErrCreditChanged = Errorf(ECONFLICT, "Your store credit has changed; please check your order again")

// ErrNoCredit refuses an order asked to use store credit by a shopper who has none left.
var ErrNoCredit = Errorf(ECONFLICT, "You have no store credit to use; please check your order again")

// CheckSpend explains why amount cannot be spent from balance, or returns nil: spending never
// takes the balance below 0.
func CheckSpend(balance, amount Money) error {
	if amount < 0 || amount > balance {
		return ErrCreditChanged
	}
	return nil
}

// CreditToUse is the store credit an order that costs total takes from balance when its shopper
// uses their credit: as much of the total as the balance covers, min(balance, total), and never
// less than nothing.
func CreditToUse(balance, total Money) Money {
	return max(0, min(balance, total))
}

// UseCredit has the order pay amount of its total with store credit (at most the total); ToPay is
// the rest. An order wholly paid so is paid at once: nothing is asked of its shopper, online or at
// the door.
func (o *Order) UseCredit(amount Money) error {
	if err := o.setBalance(amount); err != nil {
		return err
	}
	if o.PaidByCredit() {
		o.IsPaid = true
		o.Status = StatusOrderPlaced
	}
	return nil
}

// PaidByCredit reports whether store credit paid the whole of the order.
func (o *Order) PaidByCredit() bool { return o.CreditUsed > 0 && o.ToPay == 0 }

// Goodwill is store credit the owner gives the shopper of an order: how much, and why.
type Goodwill struct {
	OrderID string
	Amount  Money
	// Note is why, which the shopper's ledger shows.
	Note string
}

// Validate checks the owner's goodwill before the order is looked at and tidies its note: an
// order, an amount above 0 and a reason of at most MaxCreditNote characters.
func (g *Goodwill) Validate() error {
	g.Note = strings.Join(strings.Fields(g.Note), " ")
	switch {
	case strings.TrimSpace(g.OrderID) == "":
		return Errorf(EINVALID, "Order id is required")
	case g.Amount <= 0:
		return Errorf(EINVALID, "Enter an amount of store credit above 0")
	case g.Note == "":
		return Errorf(EINVALID, "Say why the shopper is given store credit")
	case utf8.RuneCountInString(g.Note) > MaxCreditNote:
		return Errorf(EINVALID, "The note must be at most %d characters", MaxCreditNote)
	}
	return nil
}

// CheckGoodwill explains why the owner cannot give amount of goodwill credit for the order, to
// which given was given before, or returns nil: the goodwill of an order adds up to at most what
// the order costs.
func (o *Order) CheckGoodwill(given, amount Money) error {
	if amount <= 0 {
		return Errorf(EINVALID, "Enter an amount of store credit above 0")
	}
	left := max(0, o.Amount-given)
	if amount > left {
		return Errorf(EINVALID, "The goodwill credit of an order adds up to at most its total: %s more at most", left.String())
	}
	return nil
}

// CreditService keeps the shoppers' ledgers of store credit. Orders spend credit and give it back
// through the order store, in the orders' own writes.
type CreditService interface {
	// Credit returns the shopper's balance and the newest MaxCreditEntries entries of their
	// ledger, newest first.
	Credit(ctx context.Context, userID string) (*Credit, error)
	// CreditBalance returns the shopper's balance.
	CreditBalance(ctx context.Context, userID string) (Money, error)
	// GiveGoodwill grants the shopper of an order the seller handles goodwill credit, as
	// Goodwill.Validate and Order.CheckGoodwill allow, and returns the entry written.
	GiveGoodwill(ctx context.Context, g Goodwill) (*CreditEntry, error)
}
