// Cart: the shopper's cart (kept in this browser for a guest, on the server once signed in), the
// control that adds a product to it, and the cart page, where the shopper checks out.
import { lazy } from 'react';

export { useCart, useCartStore } from './api';
export { cartStore } from './store';
export { default as AddToCart } from './QuantityControl';

/** CartPage is the cart and checkout page. */
export const CartPage = lazy(() => import('./Cart'));
