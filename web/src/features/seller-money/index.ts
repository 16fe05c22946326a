// Seller money: the riders' cash sheets and the handovers the owner records, the store's coupons,
// and the claims desk, where the owner decides shoppers' claims about delivered orders (a refund,
// a replacement or a refusal).
import { lazy } from 'react';

/** CashSheets is each day's cash of the riders, order by order, and the handovers. */
export const CashSheets = lazy(() => import('./CashSheets'));

/** Coupons is the owner's page of discount codes, their rules and uses. */
export const Coupons = lazy(() => import('./Coupons'));

/** Claims is the claims desk. */
export const Claims = lazy(() => import('./Claims'));
