package haat

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"haat/bikramsambat"
)

// InvoiceDetails are what a seller puts on the store's tax invoices: the business's registered
// name, its address and its PAN (or VAT) number. A store with details issues a tax invoice for
// every order delivered.
type InvoiceDetails struct {
	// LegalName is the name the business is registered under.
	LegalName string `json:"legalName"`
	// Address is the business's address as the invoice prints it.
	Address string `json:"address"`
	// PAN is the business's Permanent Account Number, which is also its VAT number: 9 digits.
	PAN string `json:"pan"`
}

// Length caps of the invoice details, in characters.
const (
	MaxLegalName      = 120
	MaxInvoiceAddress = 200
	PANDigits         = 9
)

// Validate checks the details a seller sets, trims them and writes the PAN in ASCII digits (one
// typed in Devanagari digits is accepted).
func (d *InvoiceDetails) Validate() error {
	d.LegalName = strings.TrimSpace(d.LegalName)
	d.Address = strings.TrimSpace(d.Address)
	d.PAN = ASCIIDigits(strings.ReplaceAll(strings.TrimSpace(d.PAN), " ", ""))
	switch {
	case d.LegalName == "":
		return Errorf(EINVALID, "Enter the business's registered name for the tax invoice")
	case utf8.RuneCountInString(d.LegalName) > MaxLegalName:
		return Errorf(EINVALID, "The registered name may be at most %d characters", MaxLegalName)
	case d.Address == "":
		return Errorf(EINVALID, "Enter the business's address for the tax invoice")
	case utf8.RuneCountInString(d.Address) > MaxInvoiceAddress:
		return Errorf(EINVALID, "The address may be at most %d characters", MaxInvoiceAddress)
	case len(d.PAN) != PANDigits || !digits(d.PAN):
		return Errorf(EINVALID, "The PAN/VAT number is %d digits, like 123456789", PANDigits)
	}
	return nil
}

// Invoice is the tax invoice of a delivered order: numbered without gaps within the Nepali fiscal
// year of its date, from 1 in each fiscal year, and carrying the seller's details as they were
// when it was issued.
type Invoice struct {
	OrderID string `json:"orderId"`
	// FiscalYear is the fiscal year of the invoice's date, written "2082/83".
	FiscalYear string `json:"fiscalYear"`
	// Number is the invoice's number within its fiscal year, from 1.
	Number int64 `json:"number"`
	// Code is how the invoice is named on paper: fiscal year and number, "2082/83-17".
	Code string `json:"code"`
	// IssuedAt is when the order was delivered and the invoice issued.
	IssuedAt time.Time `json:"issuedAt"`
	// DateBS is the invoice's date in Bikram Sambat, its date in Nepal.
	DateBS bikramsambat.Date `json:"dateBs"`
	// DateAD is the same day in the Gregorian calendar, "2025-07-17".
	DateAD string `json:"dateAd"`
	// Seller is the seller's details as they were when the invoice was issued.
	Seller InvoiceDetails `json:"seller"`
	// Totals are the order's figures as it was charged, under its tax rule.
	Totals InvoiceTotals `json:"totals"`
	// CreditNotes are the notes that gave part of the invoice back since, oldest first.
	CreditNotes []CreditNote `json:"creditNotes"`
}

// InvoiceTotals are an invoiced order's figures, from its bill: under the flat rule the tax is
// added to subtotal, adjustments and fee; under Nepal VAT, prices and fee include the VAT, and the
// total splits into the taxable value without VAT, the VAT and the value of exempt goods.
type InvoiceTotals struct {
	TaxRule     TaxRule `json:"taxRule"`
	Subtotal    Money   `json:"subtotal"`
	DeliveryFee Money   `json:"deliveryFee"`
	// Adjustments are the bill's changes of the goods' price, in the order they apply.
	Adjustments []Adjustment `json:"adjustments"`
	// Discount is what the coupon's adjustments among them take off together (Bill.Discount);
	// absent for none (and in invoices issued before coupons).
	Discount Money `json:"discount,omitempty"`
	Tax      Money `json:"tax"`
	// TaxableExVAT is, under VAT, the value of taxable goods and delivery without the VAT; 0 under
	// the flat rule.
	TaxableExVAT Money `json:"taxableExVat"`
	// Exempt is, under VAT, the value of VAT-exempt goods; 0 under the flat rule.
	Exempt Money `json:"exempt"`
	Total  Money `json:"total"`
}

// InvoiceTotalsOf are the figures of an invoice of an order with this bill.
func InvoiceTotalsOf(b Bill) (InvoiceTotals, error) {
	net, err := b.TaxableExVAT()
	if err != nil {
		return InvoiceTotals{}, err
	}
	adjustments := b.Adjustments
	if adjustments == nil {
		adjustments = []Adjustment{}
	}
	return InvoiceTotals{TaxRule: b.TaxRule, Subtotal: b.Subtotal, DeliveryFee: b.DeliveryFee, Adjustments: adjustments, Discount: DiscountOf(adjustments), Tax: b.Tax,
		TaxableExVAT: net, Exempt: b.Exempt, Total: b.Total}, nil
}

// NewInvoice is the invoice with its number in its fiscal year, issued at an instant, with the
// names and dates that follow from them.
func NewInvoice(orderID string, fy bikramsambat.FiscalYear, number int64, issuedAt time.Time, seller InvoiceDetails) (Invoice, error) {
	bs, err := BSOf(issuedAt)
	if err != nil {
		return Invoice{}, err
	}
	return Invoice{
		OrderID:    orderID,
		FiscalYear: fy.String(),
		Number:     number,
		Code:       fmt.Sprintf("%s-%d", fy, number),
		IssuedAt:   issuedAt,
		DateBS:     bs,
		DateAD:     issuedAt.In(bikramsambat.NepalTime).Format("2006-01-02"),
		Seller:     seller,
	}, nil
}

// InvoiceService finds the tax invoices of delivered orders; an invoice is issued as the order is
// delivered, in the same transaction.
type InvoiceService interface {
	// SellerInvoice returns the invoice of the order with this number, with the order.
	SellerInvoice(ctx context.Context, number int64) (*Invoice, *Order, error)
	// UserInvoice returns the invoice of one of the user's own orders, with the order.
	UserInvoice(ctx context.Context, userID, orderID string) (*Invoice, *Order, error)
}

// ErrNoInvoice explains why a delivered order has no invoice: it was delivered while the store had
// no invoice details.
func ErrNoInvoice(o *Order) error {
	if o.Status != StatusDelivered {
		return Errorf(ENOTFOUND, "A tax invoice is issued when the order is delivered")
	}
	return Errorf(ENOTFOUND, "This order has no tax invoice: it was delivered before the store's invoice details were set")
}
