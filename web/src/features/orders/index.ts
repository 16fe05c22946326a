// Orders: the shopper's orders (paying again, cancelling, ordering again) and the parts of an
// order the seller's order list and packing slip show as well.
import { lazy } from 'react';

export { orderKeys } from './api';
export { OrderCard, paymentTypeLabel, StatusBadge } from './OrderCard';
export { billRows } from './OrderBill';
export { RefundPanel, SellerPayment } from './PaymentStatus';

/** MyOrders is the page of the shopper's orders. */
export const MyOrders = lazy(() => import('./MyOrders'));
