package haat

// Balance is where an order's money stands: what its bill comes to, how much of it store credit
// pays, what is left to pay online or at the door, and what went or goes back. BalanceOf is the one
// place that works it out: the order's CreditUsed and ToPay, the cart's quote, the payment asked
// for, the money a rider collects and what may still go back the way it was paid all read it, and
// the store keeps its ToPay with the order (orders.to_pay) for its queries.
type Balance struct {
	// Total is the bill's total.
	Total Money `json:"total"`
	// CreditUsed is what store credit pays of Total: as much as the credit offered covers, never
	// more than Total.
	CreditUsed Money `json:"creditUsed"`
	// ToPay is the rest, Total less CreditUsed: what is asked of the shopper online or at the door.
	ToPay Money `json:"toPay"`
	// PaidInMoney is what the shopper paid of the bill other than with store credit: ToPay once
	// the order is paid, nothing before.
	PaidInMoney Money `json:"paidInMoney"`
	// OwedBack is what is due back to the shopper and not yet given; Refunded what went back.
	OwedBack Money `json:"owedBack"`
	Refunded Money `json:"refunded"`
	// BackToPayment is what may still go back the way the order was paid: PaidInMoney less every
	// refund not given as store credit, due or made.
	BackToPayment Money `json:"backToPayment"`
}

// BalanceOf is the balance of an order whose bill comes to total, whose shopper offers credit of
// store credit to pay it (CreditToUse takes what the total needs), paid or not, with its refunds
// (payments owed back whole and refunds of part). Every figure is summed with Money's checked
// arithmetic.
func BalanceOf(total, credit Money, paid bool, refunds []Refund) (Balance, error) {
	b := Balance{Total: total, CreditUsed: CreditToUse(credit, total)}
	var err error
	if b.ToPay, err = total.Sub(b.CreditUsed); err != nil {
		return Balance{}, err
	}
	if paid {
		b.PaidInMoney = b.ToPay
	}
	b.BackToPayment = b.PaidInMoney
	for _, r := range refunds {
		switch r.State {
		case RefundDue:
			b.OwedBack, err = b.OwedBack.Add(r.Amount)
		case RefundRefunded:
			b.Refunded, err = b.Refunded.Add(r.Amount)
		}
		if err != nil {
			return Balance{}, err
		}
		if r.Way != RefundToCredit {
			if b.BackToPayment, err = b.BackToPayment.Sub(r.Amount); err != nil {
				return Balance{}, err
			}
		}
	}
	return b, nil
}

// Balance is where the order's money stands now (BalanceOf its total, the store credit it used,
// whether it is paid, and its refunds).
func (o *Order) Balance() (Balance, error) {
	return BalanceOf(o.Amount, o.CreditUsed, o.IsPaid, o.Refunds)
}

// setBalance sets the figures the order repeats from its balance, its total offering credit of
// store credit: CreditUsed and ToPay.
func (o *Order) setBalance(credit Money) error {
	b, err := BalanceOf(o.Amount, credit, false, nil)
	if err != nil {
		return err
	}
	o.CreditUsed, o.ToPay = b.CreditUsed, b.ToPay
	return nil
}

// PaidLess is what a paid order's shopper is owed back when its balance goes from was to now: what
// they paid in money beyond what is left to pay now (the credit is spent first, and what it paid
// beyond the new total goes back to the ledger); 0 for an order not paid online, or one whose
// balance did not fall.
func (o *Order) PaidLess(was, now Balance) (Money, error) {
	if o.PaymentType != PaymentOnline || !o.IsPaid || now.ToPay >= was.ToPay {
		return 0, nil
	}
	return was.ToPay.Sub(now.ToPay)
}

// BilledLines are what each of the order's lines is billed: its amount as the bill keeps it, with
// the adjustments that name its product (packing, a substitute, its share of a coupon). The store
// keeps them with the items, and the dashboard adds them up as a product's sales.
func (o *Order) BilledLines() ([]Money, error) {
	billed := make([]Money, len(o.Items))
	for i, it := range o.Items {
		var err error
		if i < len(o.Bill.Lines) {
			billed[i] = o.Bill.Lines[i]
		} else if billed[i], err = BillLines(o.Items[i : i+1])[0].Amount(); err != nil {
			return nil, err
		}
		for _, a := range o.Bill.Adjustments {
			if a.Product == it.Product.ID {
				if billed[i], err = billed[i].Add(a.Amount); err != nil {
					return nil, err
				}
			}
		}
	}
	return billed, nil
}
