// Package cash is the riders' cash: a rider's sheet of a day (the cash taken at the door, the
// orders paid by QR code there, the money handed in and what is left to settle) and the handovers
// the owner records (Service, which the store answers).
package cash

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"haat"
)

// Rider is the rider a cash sheet is of, named as the store knows them, or as they were named
// when they last collected or handed in money (a rider who left).
type Rider struct {
	ID   string `json:"_id"`
	Name string `json:"name"`
}

// Order is an order whose money a rider took at the door: its number and amount.
type Order struct {
	Order  string     `json:"order"`
	Number int64      `json:"number"`
	Amount haat.Money `json:"amount"`
}

// Handover is money a rider handed in to the store, as the owner recorded it: never changed
// afterwards; a mistake is corrected by another handover (a negative one gives money back).
type Handover struct {
	ID     string     `json:"_id"`
	Amount haat.Money `json:"amount"`
	Note   string     `json:"note"`
	At     time.Time  `json:"at"`
	// By is the name of who recorded it.
	By string `json:"by"`
}

// MaxHandoverNote is the longest note of a handover.
const MaxHandoverNote = 200

// NewHandover is a handover the owner records for a rider.
type NewHandover struct {
	RiderID string
	Amount  haat.Money
	Note    string
}

// Validate checks a handover and trims its note: a rider, an amount other than zero, and a note
// for a negative amount (money given back to the rider, or a correction: say why).
func (h *NewHandover) Validate() error {
	h.Note = strings.Join(strings.Fields(h.Note), " ")
	switch {
	case strings.TrimSpace(h.RiderID) == "":
		return haat.Errorf(haat.EINVALID, "Choose the rider who hands in the money")
	case h.Amount == 0:
		return haat.Errorf(haat.EINVALID, "Enter the amount handed in")
	case h.Amount < 0 && h.Note == "":
		return haat.Errorf(haat.EINVALID, "Say why in a note: a negative amount corrects an earlier handover")
	case h.Amount > haat.MaxPrice || h.Amount < -haat.MaxPrice:
		return haat.Errorf(haat.EINVALID, "A handover is at most %s", haat.WholeNumber(haat.MaxPrice/100))
	case utf8.RuneCountInString(h.Note) > MaxHandoverNote:
		return haat.Errorf(haat.EINVALID, "The note must be at most %d characters", MaxHandoverNote)
	}
	return nil
}

// Sheet is a rider's money on one day of the store (StoreZone): the cash they took at the
// door for each order they delivered, the orders paid by QR code at the door, what they handed in,
// and what is still to settle.
type Sheet struct {
	Rider Rider `json:"rider"`
	// Collected are the cash orders the rider delivered that day, and CollectedTotal their sum.
	Collected      []Order    `json:"collected"`
	CollectedTotal haat.Money `json:"collectedTotal"`
	// QR are the orders paid at the door by QR code, whose money went to the store's account, not
	// the rider's pocket: listed, not part of the difference.
	QR      []Order    `json:"qr"`
	QRTotal haat.Money `json:"qrTotal"`
	// HandedIn are the handovers recorded that day, and HandedInTotal their sum.
	HandedIn      []Handover `json:"handedIn"`
	HandedInTotal haat.Money `json:"handedInTotal"`
	// Carried is the difference left from the days before: cash collected then and not handed in
	// (negative: handed in more than collected).
	Carried haat.Money `json:"carried"`
	// Difference is what the rider still owes the store at the end of the day: Carried, plus
	// CollectedTotal, less HandedInTotal. Zero is settled.
	Difference haat.Money `json:"difference"`
}

// Sum works out the sheet's totals and difference from its lists and Carried, with checked
// arithmetic: a sum too large is an error, never a wrapped amount.
func (s *Sheet) Sum() error {
	var err error
	if s.CollectedTotal, err = sumCash(s.Collected); err != nil {
		return err
	}
	if s.QRTotal, err = sumCash(s.QR); err != nil {
		return err
	}
	s.HandedInTotal = 0
	for _, h := range s.HandedIn {
		if s.HandedInTotal, err = s.HandedInTotal.Add(h.Amount); err != nil {
			return err
		}
	}
	owed, err := s.Carried.Add(s.CollectedTotal)
	if err != nil {
		return err
	}
	s.Difference, err = owed.Sub(s.HandedInTotal)
	return err
}

// sumCash adds up the amounts of the orders.
func sumCash(orders []Order) (haat.Money, error) {
	var total haat.Money
	for _, o := range orders {
		var err error
		if total, err = total.Add(o.Amount); err != nil {
			return 0, err
		}
	}
	return total, nil
}

// Balance is what a rider owes the store after collecting collected and handing in handedIn:
// the difference a day's sheet carries from the days before it.
func Balance(collected, handedIn haat.Money) (haat.Money, error) { return collected.Sub(handedIn) }

// Shows reports whether the sheet belongs on its day's page: the rider is one of the store's
// riders, or had money on that day, or still owes or is owed from before.
func (s *Sheet) Shows(current bool) bool {
	return current || len(s.Collected) > 0 || len(s.QR) > 0 || len(s.HandedIn) > 0 || s.Carried != 0
}

// ParseDay reads the day of a cash sheet, YYYY-MM-DD in the store's time zone; empty is today
// (at now). It answers the day's start and the next day's.
func ParseDay(s string, now time.Time) (from, to time.Time, err error) {
	from = haat.StartOfDay(now)
	if s = strings.TrimSpace(s); s != "" {
		if from, err = time.ParseInLocation(time.DateOnly, haat.ASCIIDigits(s), haat.StoreZone); err != nil {
			return from, to, haat.Errorf(haat.EINVALID, "A date is written YYYY-MM-DD")
		}
	}
	return from, from.AddDate(0, 0, 1), nil
}

// Service keeps the riders' cash: what they collected at the door and handed in.
type Service interface {
	// CashSheets are every rider's sheet of the store's day that starts at from (see
	// Sheet.Shows), by name.
	CashSheets(ctx context.Context, from time.Time) ([]Sheet, error)
	// HandIn records a handover (validated) by a rider of the store, by who acts in ctx, now.
	HandIn(ctx context.Context, h NewHandover) (*Handover, error)
}
