import { describe, expect, it } from 'vitest';
import { everydayOfferPrice, saleFieldValue, saleOn } from './sale';

describe('saleFieldValue', () => {
  it('writes a moment on the store clock of Kathmandu, 5:45 ahead of UTC', () => {
    expect(saleFieldValue('2026-10-20T00:15:00Z', 'Asia/Kathmandu')).toBe('2026-10-20T06:00');
    expect(saleFieldValue('2026-10-19T18:15:00Z', 'Asia/Kathmandu')).toBe('2026-10-20T00:00');
    expect(saleFieldValue('2026-10-20T06:00:00+05:45', 'Asia/Kathmandu')).toBe('2026-10-20T06:00');
  });
  it('follows the time zone it is given', () => {
    expect(saleFieldValue('2026-10-20T00:15:00Z', 'UTC')).toBe('2026-10-20T00:15');
  });
});

describe('the sale of a product', () => {
  it('keeps the everyday offer price apart from what a shopper pays now', () => {
    expect(everydayOfferPrice({ offerPrice: 400, regularOfferPrice: 540 })).toBe(540);
    expect(everydayOfferPrice({ offerPrice: 540 })).toBe(540);
    expect(saleOn({ sale: { price: 400, start: '', end: '', on: true } })).toBe(true);
    expect(saleOn({})).toBe(false);
  });
});
