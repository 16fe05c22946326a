// Invoice: an order's printable tax invoice, as the shopper and as the seller see it.
import { lazy } from 'react';

/** MyInvoice is the page of the tax invoice of one of the shopper's orders. */
export const MyInvoice = lazy(() => import('./MyInvoice'));
/** SellerInvoice is the seller area's page of an order's tax invoice. */
export const SellerInvoice = lazy(() => import('./SellerInvoice'));
