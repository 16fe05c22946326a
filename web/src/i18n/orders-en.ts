// The English texts of what happens to an order after it is placed that only the pages of orders
// show (substitutes sent for what was not there), loaded with My Orders, the invoices and the
// seller area (loadOrderTexts): the pages every shopper opens first never download them.

import type { OrderStep } from '../lib/contract';

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
    notes: { soldOut: 'sold out meanwhile', unpaid: 'not paid in time', noAnswer: 'no answer', refused: 'refused', wrongAddress: 'wrong address' } as Record<string, string>,
  },
};
