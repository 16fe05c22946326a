// Money is computed in minor units (paisa or cents) with the server's rule, so the cart's total
// is always the amount the order will have.

export const TAX_PERCENT = 2;

/** toMinor turns a decimal price from the API into whole minor units. */
export const toMinor = (amount: number): number => Math.round(amount * 100);

/** taxOf is 2% of a subtotal in minor units, rounded half up, exactly as the server rounds it. */
export const taxOf = (subtotalMinor: number): number => Math.floor((subtotalMinor * TAX_PERCENT + 50) / 100);

/** formatAmount shows whole amounts without decimals and anything else with two ("295", "601.80"). */
export function formatAmount(amount: number): string {
  const minor = toMinor(amount);
  return minor % 100 === 0 ? String(minor / 100) : (minor / 100).toFixed(2);
}

/** formatMinorUnits shows an amount in minor units with two decimals. */
export const formatMinorUnits = (minor: number): string => (minor / 100).toFixed(2);
