import { describe, expect, it } from 'vitest';
import { TAX_EXAMPLES } from './contract';
import { taxOf } from './money';

describe('taxOf', () => {
  it('charges the tax the server charges on each of its examples', () => {
    for (const [subtotal, tax] of TAX_EXAMPLES) expect([subtotal, taxOf(subtotal)]).toEqual([subtotal, tax]);
  });
});
