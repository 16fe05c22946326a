// The English texts of what happens to an order after it is placed that only the pages of orders
// show (substitutes sent for what was not there), loaded with My Orders, the invoices and the
// seller area (loadOrderTexts): the pages every shopper opens first never download them.

import { BS_MONTH_NAMES, type BSDate, type OrderStep } from '../lib/contract';
import { dateFormat, vatRate } from './en';

/** adDay shows a day (YYYY-MM-DD) as "17 Jul 2025". */
const adDay = (day: string) => dateFormat({ day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** clock shows the time of a moment in the browser's time zone: "10:42". */
const clock = (iso: string) => {
  const d = new Date(iso);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
};

/** ordersEn is the English catalogue of orders' substitutes: the shape of every language's (OrderMessages). */
export const ordersEn = {
  substitute: {
    /** offerLabel names the card of a substitute offered for an item, for screen readers. */
    offerLabel: (ordered: string) => `Substitute for ${ordered}`,
    /** offer tells the shopper what was sent instead of an item that was not there, and what it costs. */
    offer: (ordered: string, what: string, amount: string) => `${ordered} was not there. We packed ${what} (${amount}) instead.`,
    /** answerBy says until when the shopper may keep or refuse a substitute, in the browser's time. */
    answerBy: (iso: string) => `Answer by ${clock(iso)}`,
    stays: 'If you do not answer, it stays in your order.',
    keep: 'Keep it',
    refuse: 'Refuse it',
    /** sent says what was sent instead of an item and what it costs, once kept. */
    sent: (what: string, amount: string) => `Sent instead: ${what} — ${amount}`,
    /** refused says a substitute sent was refused, and so not charged. */
    refused: (what: string) => `${what} sent instead: refused — not charged`,
    /** insteadOf names the bill's adjustment of a substitute: "Parsley × 2 instead of Coriander". */
    insteadOf: (what: string, ordered: string) => `${what} instead of ${ordered}`,
    /** instead says, under an invoice's line, what was delivered in place of what was not there. */
    instead: (what: string) => `${what} instead`,
    answerFailed: 'Failed to send your answer',
  },
  /** orderStep names each step of an order's history. */
  orderStep: {
    'Order Placed': 'Order placed',
    Paid: 'Paid',
    Packed: 'Packed',
    Assigned: 'Given to a rider',
    'Out for Delivery': 'Out for delivery',
    Delivered: 'Delivered',
    'Not Delivered': 'Could not be delivered',
    Cancelled: 'Cancelled',
    Refunded: 'Refunded',
  } satisfies Record<OrderStep, string>,
  /** timeline is the shopper's view of where their order stands, with its rider once it is out. */
  timeline: {
    title: 'Order timeline',
    rider: (name: string) => `${name} is bringing your order.`,
    call: (name: string) => `Call ${name}`,
    code: 'Tell the rider this code at the door:',
    codeLabel: 'Handover code',
    notes: { soldOut: 'sold out meanwhile', unpaid: 'not paid in time', noAnswer: 'no answer', refused: 'refused', wrongAddress: 'wrong address', storeCredit: 'with store credit', replacement: 'a replacement, at no charge', atTheDoor: 'by QR at the door' } as Record<string, string>,
  },
  // The page of a payment by QR code (Fonepay): the code, the amount, and where the payment stands.
  payQR: {
    title: (provider: string) => `Pay with ${provider}`,
    amount: 'Amount to pay',
    scan: "Scan this QR code with your bank's app or any Fonepay wallet, and pay.",
    exact: 'The amount is filled in for you: it is what is left to pay of the order, exactly.',
    qrAlt: (amount: string) => `QR code to pay ${amount}`,
    waiting: 'Waiting for your payment. This page moves on by itself once the payment is confirmed; keep it open.',
    paid: 'Payment received',
    ended: 'This payment is no longer open. See your order in My Orders to pay it again.',
    superseded: 'You started a newer payment of this order. Pay that one, or see your orders.',
    otherWay: 'Pay another way',
    loadFailed: 'Could not load this payment',
  },
  /** claim is a shopper's claim about a delivered order, from My Orders, and the claims desk's names of its reasons. */
  claim: {
    report: 'Report a problem',
    title: (n: string) => `What was not right with order ${n}?`,
    intro: 'Choose the items and what was wrong with each. A photo helps us decide.',
    howMany: (name: string, left: number) => `${name}: how many (up to ${left})`,
    reason: (name: string) => `What was wrong with ${name}`,
    reasons: { missing: 'Missing', damaged: 'Damaged', wrong: 'Wrong item', quality: 'Poor quality', return: 'Return it' } as Record<string, string>,
    note: 'Anything to add (optional)',
    photos: (n: number) => `Photos (up to ${n})`,
    send: 'Send',
    cancel: 'Cancel',
    yours: 'Your claims',
    /** replacement marks an order sent at no charge in place of what a claim was about. */
    replacement: 'Replacement, no charge',
    open: (day: string) => `We will decide by ${day}`,
    resolutions: { refund: 'Refunded', credit: 'Given as store credit', resend: 'A replacement is on its way', reject: 'Not accepted' } as Record<string, string>,
  },
  invoice: {
    /** creditNote and the rest are a credit note's, which gives part of an invoice back. */
    creditNote: 'Credit Note',
    creditNoteNo: 'Credit note No.',
    againstInvoice: 'Against invoice',
    reason: 'Reason:',
    givenBack: 'Total given back',
    creditNotes: 'Credit notes',
    creditNoteLink: (code: string, day: string) => `${code} · ${day}`,
    noCreditNote: (code: string) => `This invoice has no credit note ${code}.`,
    title: 'Tax Invoice',
    /** delivered says what was delivered of a line when packing found other than was ordered; the adjustments below settle it. */
    delivered: (amount: string) => `delivered ${amount}`,
    pan: 'PAN/VAT No.',
    number: 'Invoice No.',
    fiscalYear: 'Fiscal year',
    dateBs: 'Date (BS)',
    dateAd: 'Date (AD)',
    orderNo: 'Order No.',
    buyer: 'Buyer',
    phone: 'Phone:',
    sn: 'S.N.',
    item: 'Item',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    amount: 'Amount',
    subtotal: 'Subtotal',
    deliveryFee: 'Delivery fee',
    /** taxable, vat and exempt split an invoice's total under Nepal VAT. */
    taxable: 'Taxable amount (excl. VAT)',
    vat: `VAT (${vatRate})`,
    exempt: 'VAT-exempt amount',
    /** exemptItem marks a line exempt from VAT. */
    exemptItem: 'VAT-exempt',
    total: 'Total',
    print: 'Print',
    backToOrders: 'Back to orders',
    backToMyOrders: 'Back to My Orders',
    /** bsDate writes a Bikram Sambat date: "2082 Shrawan 1". */
    bsDate: (d: BSDate) => `${d.year} ${BS_MONTH_NAMES[d.month - 1]} ${d.day}`,
    /** adDate writes a day (YYYY-MM-DD) of the Gregorian calendar: "17 Jul 2025". */
    adDate: adDay,
    /** code writes an invoice's number with its fiscal year as the server gives it: "2082/83-17". */
    code: (code: string) => code,
    fiscal: (fy: string) => fy,
  },
  /** payment names where an order's payment stands, and its refunds: My Orders, paying by QR code and the seller's orders show them. */
  payment: {
    paid: 'Paid',
    paidTest: 'Paid (test)',
    pending: 'Pending',
    refundDue: 'Refund due',
    refundPending: 'Refund pending',
    cancelledRefundPending: 'Cancelled · refund pending',
    refunded: 'Refunded',
    testHint: 'Paid on the test payment page: no money arrived. Do not ship it.',
    refundTo: (amount: string, provider: string, reference: string) => `${amount} · ${provider} · ${reference}`,
    /** refundThrough gives the refunds due back through the payment provider's API: "Refund through Stripe". */
    refundThrough: (provider: string) => `Refund through ${provider}`,
    markRefunded: 'Mark Refunded',
    providers: { stripe: 'Card (Stripe)', esewa: 'eSewa', khalti: 'Khalti', fonepay: 'Fonepay', sandbox: 'Test payment' } as Record<string, string>,
  },
};
