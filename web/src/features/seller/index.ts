// Seller: the seller area (products, orders, delivery slots, settings, the launch checklist), loaded
// with its texts when it is first shown. The seller's session, which every page asks, is
// seller-session's.
import { lazy } from 'react';
import { loadSellerTexts } from '../../i18n';

/** SellerArea is the seller area, its sign-in page while no seller is signed in. */
export const SellerArea = lazy(() => Promise.all([import('./SellerArea'), loadSellerTexts()]).then(([area]) => area));
