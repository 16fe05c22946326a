// Seller orders: the seller's list of orders with its filters and each order's steps (packing,
// giving it to a rider, refunds, goodwill credit), the packer's screen with the pick list, and the
// packing slip. The order filters' links (ordersWith) and the store's day (storeDay) serve the
// pages that point into the list.
import { lazy } from 'react';

export { ordersWith, storeDay } from './orderFilters';

/** Orders is the seller's list of orders, its filters kept in the address. */
export const Orders = lazy(() => import('./Orders'));

/** PackingSlip is an order's slip to print and put in the bag; it names its page after the order. */
export const PackingSlip = lazy(() => import('./PackingSlip'));

/** PackPage is the packer's screen: the pick list of a delivery day, then each order to pack. It loads with the seller area. */
export { default as PackPage } from './PackPage';
