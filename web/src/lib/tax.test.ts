import { describe, expect, it } from 'vitest';
import { BILL_EXAMPLES } from './contract';
import { toMinor } from './money';
import { billOf, defaultVATExempt, vatOf } from './tax';

describe('Nepal VAT', () => {
  it('works out every example the server worked out', () => {
    for (const { name, lines, choices, want } of BILL_EXAMPLES.filter((ex) => ex.choices.adjustments.length === 0)) {
      const charges = lines.map((l) => ({ amount: toMinor(l.unitPrice) * l.quantity, vatExempt: l.vatExempt }));
      const bill = billOf(charges, toMinor(want.deliveryFee), want.taxRule);
      expect([name, bill.subtotal, bill.tax, bill.total, choices.adjustments]).toEqual([name, toMinor(want.subtotal), toMinor(want.tax), toMinor(want.total), []]);
    }
  });

  it('finds 13/113 of a price rounded half up', () => {
    expect(vatOf(11300)).toBe(1300);
    expect(vatOf(57)).toBe(7);
    expect(vatOf(56)).toBe(6);
  });

  it('adds nothing on top and splits taxable from exempt', () => {
    expect(billOf([{ amount: 22600 }, { amount: 35000, vatExempt: true }], 7500, 'vat')).toEqual({
      subtotal: 57600,
      fee: 7500,
      tax: 3463,
      total: 65100,
      taxable: 30100,
      exempt: 35000,
    });
  });

  it('keeps the flat rule: 2% of the subtotal on top, exemption ignored', () => {
    expect(billOf([{ amount: 59000, vatExempt: true }], 0, 'flat')).toEqual({ subtotal: 59000, fee: 0, tax: 1180, total: 60180, taxable: 0, exempt: 0 });
  });

  it('exempts new vegetables, fruit and grains by default', () => {
    expect(['Vegetables', 'Fruits', 'Grains', 'Dairy', 'Bakery'].map(defaultVATExempt)).toEqual([true, true, true, false, false]);
  });
});
