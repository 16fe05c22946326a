// Orders: the shopper's orders (paying again, cancelling, ordering again) and the parts of an
// order the seller's order list and packing slip show as well.
import { lazy } from 'react';
import { loadOrderTexts } from '../../i18n';

export { orderKeys } from './keys';
export { OrderCard, paymentTypeLabel, StatusBadge } from './OrderCard';
export { billRows } from './OrderBill';
export { RefundPanel, SellerPayment } from './PaymentStatus';

/** MyOrders is the page of the shopper's orders, shown once the texts of orders' substitutes are loaded. */
export const MyOrders = lazy(() => Promise.all([import('./MyOrders'), loadOrderTexts()]).then(([page]) => page));
