// Checkout: the shopper's delivery addresses, the delivery slots, the choices made on the cart page,
// the parts of the order summary the cart page shows, placing an order, paying by QR code and coming
// back from paying.
import { lazy } from 'react';
import { loadOrderTexts } from '../../i18n';

export { checkoutKeys, orderPlaced, useAddresses, usePlaceOrder, useSlots, type AddressBook } from './api';
export { isPaymentType, loadCheckoutChoice, saveCheckoutChoice, type CheckoutChoice } from './choice';
export { AddressPicker } from './AddressPicker';
export { CouponField } from './CouponField';
export { CreditChoice, DeliveryNotices, FirstNotice, OrderTotals, PaymentPicker } from './Summary';
export { default as SlotPicker } from './SlotPicker';

/** AddAddress is the page that adds a delivery address, or with ?edit=<id> changes one. */
export const AddAddress = lazy(() => import('./AddAddress'));
/** Loader is the page shown on return from paying online, until the next page loads. */
export const Loader = lazy(() => import('./Loader'));
/** PayQR is the page of a payment by QR code (Fonepay): the code, and where the payment stands. */
export const PayQR = lazy(() => Promise.all([import('./PayQR'), loadOrderTexts()]).then(([page]) => page));
