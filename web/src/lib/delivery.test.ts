import { describe, expect, it } from 'vitest';
import { rulesOf, deliveryTerms } from './delivery';

describe('delivery rules', () => {
  it('are read in minor units and written for the texts that tell them', () => {
    const rules = rulesOf({ districts: ['Kathmandu'], fee: 75, freeFrom: 1000, minimumOrder: 0 });
    expect(rules).toEqual({ districts: ['Kathmandu'], fee: 7500, freeFrom: 100000, minimumOrder: 0 });
    expect(deliveryTerms(rules, (m) => String(m / 100))).toEqual({ fee: '75', freeFrom: '1000', minimum: undefined });
    expect(rulesOf(null)).toBeNull();
  });
});
