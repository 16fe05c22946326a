import { describe, expect, it } from 'vitest';
import { DELIVERY_EXAMPLE_RULES, DELIVERY_EXAMPLES, KATHMANDU_VALLEY } from './contract';
import { cartTotals } from './cart';
import { deliversTo, deliveryFeeOf, missingForFree, shortOfMinimum, type Rules } from './delivery';
import type { Product } from './contract';

const rules: Rules = { districts: KATHMANDU_VALLEY, ...DELIVERY_EXAMPLE_RULES };

describe('delivery rules', () => {
  it('charge the fee the server charges, and tell what is missing for free delivery', () => {
    for (const [subtotal, fee, missing] of DELIVERY_EXAMPLES) {
      expect([subtotal, deliveryFeeOf(rules, subtotal), missingForFree(rules, subtotal)]).toEqual([subtotal, fee, missing]);
    }
  });

  it('make the cart total the order amount the server works out', () => {
    for (const [subtotal, , , amount] of DELIVERY_EXAMPLES) {
      // One line of one unit priced at the subtotal.
      const product = { _id: 'p', offerPrice: subtotal / 100 } as Product;
      expect([subtotal, cartTotals([{ product, quantity: 1 }], rules).total]).toEqual([subtotal, amount]);
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
