// Package records is what the owner exports of the records the law asks the store to keep: its
// claims, refunds and credit notes over a range of days (Service, which the store answers).
package records

import (
	"context"
	"time"

	"haat"
)

// The law asks the store to keep its complaints, refunds and credit notes (the E-Commerce
// Directive 2082: five years) and to show them when asked: the owner exports each as a file for a
// range of days. Nothing of them is ever deleted.

// Kind names what an export of records is of.
type Kind string

// Kinds of records.
const (
	Claims      Kind = "claims"
	Refunds     Kind = "refunds"
	CreditNotes Kind = "credit-notes"
)

// ParseKind reads the kind of an export.
func ParseKind(s string) (Kind, error) {
	switch k := Kind(s); k {
	case Claims, Refunds, CreditNotes:
		return k, nil
	}
	return "", haat.Errorf(haat.EINVALID, "Export claims, refunds or credit-notes")
}

// MaxDays is the longest range of days one export of records covers.
const MaxDays = 366

// Refund is a refund as the records list it: with its order's number.
type Refund struct {
	haat.Refund
	OrderID     string
	OrderNumber int64
}

// Records are the records of one kind made in a range of time, oldest first.
type Records struct {
	Claims      []haat.OrderClaim
	Refunds     []Refund
	CreditNotes []CreditNote
}

// CreditNote is a credit note as the records list it: with its order's number.
type CreditNote struct {
	haat.CreditNote
	OrderNumber int64
}

// Service finds the records the law asks kept.
type Service interface {
	// Records are the records of the kind made in [from, to), oldest first.
	Records(ctx context.Context, kind Kind, from, to time.Time) (*Records, error)
}

// Days reads the range of days of an export, YYYY-MM-DD in the store's time zone, both
// included, at most MaxDays: [from, to) as instants.
func Days(fromDay, toDay string) (from, to time.Time, err error) {
	if from, err = haat.ParseDay("from", fromDay, haat.StoreZone); err != nil {
		return
	}
	if to, err = haat.ParseDay("to", toDay, haat.StoreZone); err != nil {
		return
	}
	to = to.AddDate(0, 0, 1)
	switch {
	case !to.After(from):
		err = haat.Errorf(haat.EINVALID, "The range ends before it begins")
	case to.Sub(from) > MaxDays*24*time.Hour:
		err = haat.Errorf(haat.EINVALID, "Export at most %d days at a time", MaxDays)
	}
	return
}
