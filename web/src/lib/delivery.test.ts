import { describe, expect, it } from 'vitest';
import { BILL_EXAMPLES, KATHMANDU_VALLEY } from './contract';
import { cartTotals } from './cart';
import { deliversTo, deliveryFeeOf, missingForFree, rulesOf, shortOfMinimum, type Rules } from './delivery';
import { toMinor } from './money';
import type { Product } from './contract';

const rules: Rules = { districts: KATHMANDU_VALLEY, fee: 7500, freeFrom: 100000, minimumOrder: 50000 };

describe('delivery rules', () => {
  it('charge the fee the server charges, and tell what is missing for free delivery', () => {
    expect([deliveryFeeOf(rules, 99999), missingForFree(rules, 99999)]).toEqual([7500, 1]);
    expect([deliveryFeeOf(rules, 100000), missingForFree(rules, 100000)]).toEqual([0, 0]);
  });

  it('make the cart total the order amount the server works out', () => {
    for (const { name, lines, rules: r, choices, want } of BILL_EXAMPLES.filter((ex) => ex.choices.adjustments.length === 0)) {
      const cart = lines.map((l, i) => ({ product: { _id: `p${i}`, offerPrice: l.unitPrice, vatExempt: l.vatExempt } as Product, quantity: l.quantity }));
      const totals = cartTotals(cart, rulesOf(r.delivery), r.taxRule);
      expect([name, totals.fee, totals.total, choices.adjustments]).toEqual([name, toMinor(want.deliveryFee), toMinor(want.total), []]);
    }
  });

  it('without rules charge nothing and leave the total subtotal + tax', () => {
    expect(deliveryFeeOf(null, 100)).toBe(0);
    expect(missingForFree(null, 100)).toBe(0);
    const product = { _id: 'p', offerPrice: 590 } as Product;
    expect(cartTotals([{ product, quantity: 1 }]).total).toBe(60180);
  });

  it('refuse a subtotal below the minimum order', () => {
    expect(shortOfMinimum(rules, 49999)).toBe(1);
    expect(shortOfMinimum(rules, 50000)).toBe(0);
    expect(shortOfMinimum(null, 1)).toBe(0);
  });

  it('deliver to the districts of the area, by district or else by city or state', () => {
    expect(deliversTo(rules, { city: 'Patan', state: ' lalitpur ' })).toBe(true);
    expect(deliversTo(rules, { city: 'Pokhara', state: 'Gandaki' })).toBe(false);
    expect(deliversTo(rules, { city: 'Kathmandu', state: 'Bagmati', district: 'Kaski' })).toBe(false);
    expect(deliversTo(rules, { city: 'Tokha', state: 'Bagmati', district: 'Kathmandu' })).toBe(true);
    expect(deliversTo(null, { city: 'Pokhara', state: 'Gandaki' })).toBe(true);
  });
});
