package haat

import (
	"context"
	"time"
)

// The law asks the store to keep its complaints, refunds and credit notes (the E-Commerce
// Directive 2082: five years) and to show them when asked: the owner exports each as a file for a
// range of days. Nothing of them is ever deleted.

// RecordKind names what an export of records is of.
type RecordKind string

// Kinds of records.
const (
	RecordClaims      RecordKind = "claims"
	RecordRefunds     RecordKind = "refunds"
	RecordCreditNotes RecordKind = "credit-notes"
)

// ParseRecordKind reads the kind of an export.
func ParseRecordKind(s string) (RecordKind, error) {
	switch k := RecordKind(s); k {
	case RecordClaims, RecordRefunds, RecordCreditNotes:
		return k, nil
	}
	return "", Errorf(EINVALID, "Export claims, refunds or credit-notes")
}

// MaxRecordDays is the longest range of days one export of records covers.
const MaxRecordDays = 366

// RefundRecord is a refund as the records list it: with its order's number.
type RefundRecord struct {
	Refund
	OrderID     string
	OrderNumber int64
}

// Records are the records of one kind made in a range of time, oldest first.
type Records struct {
	Claims      []OrderClaim
	Refunds     []RefundRecord
	CreditNotes []CreditNoteRecord
}

// CreditNoteRecord is a credit note as the records list it: with its order's number.
type CreditNoteRecord struct {
	CreditNote
	OrderNumber int64
}

// RecordService finds the records the law asks kept.
type RecordService interface {
	// Records are the records of the kind made in [from, to), oldest first.
	Records(ctx context.Context, kind RecordKind, from, to time.Time) (*Records, error)
}

// RecordDays reads the range of days of an export, YYYY-MM-DD in the store's time zone, both
// included, at most MaxRecordDays: [from, to) as instants.
func RecordDays(fromDay, toDay string) (from, to time.Time, err error) {
	if from, err = ParseDay("from", fromDay, StoreZone); err != nil {
		return
	}
	if to, err = ParseDay("to", toDay, StoreZone); err != nil {
		return
	}
	to = to.AddDate(0, 0, 1)
	switch {
	case !to.After(from):
		err = Errorf(EINVALID, "The range ends before it begins")
	case to.Sub(from) > MaxRecordDays*24*time.Hour:
		err = Errorf(EINVALID, "Export at most %d days at a time", MaxRecordDays)
	}
	return
}
