// Money is computed in minor units (paisa or cents) with the server's rule, so the cart's total
// is always the amount the order will have.

import { TAX_DENOMINATOR, TAX_NUMERATOR } from './contract';

/** toMinor turns a decimal price from the API into whole minor units. */
export const toMinor = (amount: number): number => Math.round(amount * 100);

/**
 * taxOf is TAX_NUMERATOR/TAX_DENOMINATOR of a subtotal in minor units, rounded half up to the minor
 * unit, exactly as the server rounds it (money.test.ts checks it against the server's examples).
 */
export const taxOf = (subtotalMinor: number): number =>
  Math.floor((2 * subtotalMinor * TAX_NUMERATOR + TAX_DENOMINATOR) / (2 * TAX_DENOMINATOR));

/** formatAmount shows whole amounts without decimals and anything else with two ("295", "601.80"). */
export function formatAmount(amount: number): string {
  const minor = toMinor(amount);
  return minor % 100 === 0 ? String(minor / 100) : (minor / 100).toFixed(2);
}

/** formatMinorUnits shows an amount in minor units with two decimals. */
export const formatMinorUnits = (minor: number): string => (minor / 100).toFixed(2);
