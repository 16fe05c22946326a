// Seller: the two places the store's staff work in, each loaded with its texts when it is first
// shown. The seller area under /seller: its sign-in page, its frame (the header and the menu by
// role), the owner's dashboard, and the routes to the pages of the seller features
// (seller-products, seller-settings, seller-orders, seller-money, seller-staff). The rider's screen
// (/rider): their deliveries of the day. The seller's session, which every page asks, is
// seller-session's.
import { lazy } from 'react';
import { loadSellerTexts } from '../../i18n';

/** SellerArea is the seller area, its sign-in page while no seller is signed in. */
export const SellerArea = lazy(() => Promise.all([import('./SellerArea'), loadSellerTexts()]).then(([area]) => area));

/** RiderArea is a rider's screen of their deliveries of the day (/rider), with the seller area's texts. */
export const RiderArea = lazy(() => Promise.all([import('./RiderPage'), loadSellerTexts()]).then(([page]) => page));
