// The store's tax rule as the cart applies it: the server's rule (haat.TaxRule.Bill), in minor
// units, so that the cart's tax and total are what the order will have (tax.test.ts checks them
// against the server's examples).

import { VAT_DENOMINATOR, VAT_EXEMPT_CATEGORIES, VAT_NUMERATOR, type TaxRule } from './contract';
import { taxOf } from './money';

/** vatOf is the VAT contained in a VAT-inclusive amount in minor units: 13/113 of it, rounded half up, as the server rounds it. */
export function vatOf(grossMinor: number): number {
  const whole = VAT_DENOMINATOR + VAT_NUMERATOR;
  return Math.floor((2 * grossMinor * VAT_NUMERATOR + whole) / (2 * whole));
}

/** Charge is one line of an order as its tax sees it: what it costs (minor units) and whether it is exempt from VAT. */
export interface Charge {
  amount: number;
  vatExempt?: boolean;
}

/** Bill is what an order costs under a tax rule, in minor units (the server's haat.Bill). */
export interface Bill {
  subtotal: number;
  fee: number;
  /** tax is added to the subtotal under the flat rule and contained in subtotal and fee under VAT. */
  tax: number;
  total: number;
  /** taxable and exempt split subtotal and fee under VAT (0 under the flat rule). */
  taxable: number;
  exempt: number;
}

/** billOf works out an order of these lines with this delivery fee under the rule, as the server does. */
export function billOf(lines: readonly Charge[], fee: number, rule: TaxRule): Bill {
  let subtotal = 0;
  let exempt = 0;
  for (const l of lines) {
    subtotal += l.amount;
    if (l.vatExempt) exempt += l.amount;
  }
  if (rule !== 'vat') {
    const tax = taxOf(subtotal);
    return { subtotal, fee, tax, total: subtotal + tax + fee, taxable: 0, exempt: 0 };
  }
  const taxable = subtotal - exempt + fee;
  return { subtotal, fee, tax: vatOf(taxable), total: subtotal + fee, taxable, exempt };
}

/** defaultVATExempt tells whether a new product of the category is exempt from VAT unless the seller says otherwise. */
export const defaultVATExempt = (category: string): boolean => VAT_EXEMPT_CATEGORIES.includes(category);
