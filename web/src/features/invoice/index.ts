// Invoice: an order's printable tax invoice, as the shopper and as the seller see it. Its pages
// load the texts of orders' substitutes with them, for what was sent instead of an item.
import { lazy } from 'react';
import { loadOrderTexts } from '../../i18n';

/** MyInvoice is the page of the tax invoice of one of the shopper's orders. */
export const MyInvoice = lazy(() => Promise.all([import('./MyInvoice'), loadOrderTexts()]).then(([page]) => page));
/** SellerInvoice is the seller area's page of an order's tax invoice. */
export const SellerInvoice = lazy(() => Promise.all([import('./SellerInvoice'), loadOrderTexts()]).then(([page]) => page));
