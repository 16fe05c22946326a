import { describe, expect, it } from 'vitest';
import { defaultVATExempt } from './tax';

describe('Nepal VAT', () => {
  it('exempts new vegetables, fruit and grains by default', () => {
    expect(['Vegetables', 'Fruits', 'Grains', 'Dairy', 'Bakery'].map(defaultVATExempt)).toEqual([true, true, true, false, false]);
  });
});
