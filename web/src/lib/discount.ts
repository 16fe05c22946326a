import type { Adjustment } from './contract';

/**
 * A coupon's discount lands on a bill as one adjustment of each line it applies to (or of the
 * delivery fee), all labelled with its code; a bill shows them as one discount, the bill's own
 * discount figure, and every other adjustment one by one.
 */

/** couponCode is the code of the coupon whose discount the adjustments hold, if any. */
export const couponCode = (adjustments: Adjustment[]): string | undefined => adjustments.find((a) => a.kind === 'coupon')?.label;

/** shownAdjustments are the adjustments shown one by one: all but the coupon's. */
export const shownAdjustments = (adjustments: Adjustment[]): Adjustment[] => adjustments.filter((a) => a.kind !== 'coupon');
