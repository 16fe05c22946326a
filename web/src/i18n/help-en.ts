// The English texts of the help centre (/contact), loaded with the page (loadHelpTexts): the pages
// every shopper opens first never download them.

import { AROUND_THE_CLOCK, type Policy, type TaxRule } from '../lib/contract';
import type { DeliveryTerms } from '../lib/delivery';
import { deliveryFee, listOf, taxRate, vatRate } from './en';

/** helpEn is the English catalogue of the help centre: the shape of every language's (HelpMessages). */
export const helpEn = {
  // The help centre: what it says about fees, delivery, support and payment follows what the store does.
  help: {
    title: 'Help Centre',
    intro: 'Help with orders, deliveries, returns and payments.',
    topics: 'Help topics',
    tabs: { contact: 'Contact Us', faqs: 'FAQs', returns: 'Returns & Refunds', payment: 'Payment Methods' },
    callUs: 'Call us',
    /** hours are the store's support hours as set, or around the clock. */
    hours: (hours: string) => (hours === AROUND_THE_CLOCK ? 'Around the clock, every day' : hours),
    writeUs: 'Write to us',
    writeHours: (hours: string): string => (hours === AROUND_THE_CLOCK ? 'Any time, 24/7: we answer around the clock.' : 'We answer within our support hours.'),
    visitUs: 'Visit us',
    grievance: 'Grievance officer',
    grievanceNote: 'For a complaint about an order, a refund or the store.',
    /** area is the contact card's note on where the store delivers: its districts, when it names them. */
    area: (districts: string[] | null) => (districts ? `Delivering to ${listOf(districts)}.` : 'Delivering across the Kathmandu Valley.'),
    feeQ: 'How much does delivery cost?',
    /** feeA is written from the store's delivery rules (null: none), so it never contradicts the cart. */
    feeA: (terms: DeliveryTerms | null, taxRule: TaxRule) =>
      !terms || !terms.fee
        ? `Nothing: delivery is free on every order, so the cart shows the shipping fee as Free and ${taxRule === 'vat' ? `adds nothing: prices already include ${vatRate} VAT` : `adds only the ${taxRate} tax`}.${terms?.minimum ? ` The smallest order we take is ${terms.minimum}.` : ''}`
        : `${deliveryFee(terms)} The cart shows the fee, and what is missing for free delivery, before you order.${terms.minimum ? ` The smallest order we take is ${terms.minimum}.` : ''}`,
    speedQ: 'How fast will my order arrive?',
    /** speedA is written from the store's promise (null: it makes none). */
    speedA: (promise: string | null) => (promise ? `${promise}. Follow yours under My Orders.` : 'Follow yours under My Orders: it shows where your order is.'),
    areaQ: 'Where do you deliver?',
    /** areaA names the districts of the store's delivery area, when it has one. */
    areaA: (districts: string[] | null) =>
      districts ? `To ${listOf(districts)}. Orders to an address elsewhere cannot be placed.` : 'Across the Kathmandu Valley: Kathmandu, Lalitpur and Bhaktapur.',
    missingQ: 'An item is missing from my order. What do I do?',
    missingA: (hours: number) => `Tell us within ${hours} hours of delivery and we will send it or refund it.`,
    supportQ: 'When is support available?',
    /** supportA is written from the store's support hours and contact. */
    supportA: (hours: string, email: string) =>
      hours === AROUND_THE_CLOCK
        ? `Around the clock${email ? `: write to ${email} any time` : ''}.`
        : `${hours || 'Within our support hours'}${email ? `; write to ${email} any time and we answer then` : ''}.`,
    payQ: 'How can I pay?',
    payA: (methods: string[]) =>
      methods.length === 0
        ? 'In cash on delivery: pay the rider when your groceries arrive. Online payment is not offered at the moment.'
        : `In cash on delivery, or online with ${listOf(methods)}: choose Online Payment in the cart.`,
    /** returns is the returns and refunds policy, written from the store's. */
    returns: (p: Policy) => [
      p.returnDays ? `Returns are accepted within ${p.returnDays} ${p.returnDays === 1 ? 'day' : 'days'} of delivery for items that are unopened or faulty.` : 'Items cannot be returned unless they arrive damaged or defective.',
      p.perishablesReturnable
        ? 'Perishables such as vegetables, fruit, dairy and bakery items can be returned as other items can.'
        : "Perishables such as vegetables, fruit, dairy and bakery items can't be returned unless they arrive damaged or defective.",
      `Report missing or damaged items within ${p.missingHours} hours of delivery, with a photo if you can.`,
      `Refunds reach you within ${p.refundDays} ${p.refundDays === 1 ? 'day' : 'days'}: online payments go back to the account you paid from, cash payments are refunded in cash.`,
    ],
    payIntro: (online: boolean) =>
      online ? 'This store takes these payments. For an online payment, choose Online Payment in the cart, then the way to pay.' : 'This store takes cash on delivery.',
    cod: 'Pay the rider in cash when your groceries arrive.',
    methods: {
      stripe: "Debit and credit cards, paid on Stripe's secure checkout page.",
      esewa: 'Pay from your eSewa account; you confirm the payment on eSewa.',
      khalti: 'Pay from your Khalti account; you confirm the payment on Khalti.',
      fonepay: "Scan a QR code with your bank's app or a Fonepay wallet; the order total is filled in for you.",
      sandbox: 'A test page for trying out the store: no money moves, and the order reads Paid (test).',
    } as Record<string, string>,
    otherMethod: 'Pay online at checkout.',
    noOnline: 'Online payment is not offered at the moment.',
  },
};
