// Seller: the seller area (products, orders, delivery slots, settings, the launch checklist). Only
// the seller's session loads with every page: the storefront hides what a signed-in seller must
// not see; the rest loads with the area.
import { lazy } from 'react';
import { loadSellerTexts } from '../../i18n';

export { useSellerSession } from './session';

/** SellerArea is the seller area, its sign-in page while no seller is signed in. */
export const SellerArea = lazy(() => Promise.all([import('./SellerArea'), loadSellerTexts()]).then(([area]) => area));

/** RiderArea is a rider's screen of their deliveries of the day (/rider), with the seller area's texts. */
export const RiderArea = lazy(() => Promise.all([import('./RiderPage'), loadSellerTexts()]).then(([page]) => page));
