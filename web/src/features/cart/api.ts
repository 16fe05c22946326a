import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '../../lib/contract';
import { cartCount } from '../../lib/cart';
import { cartKeys, cartStore } from './store';
import { useHydrated } from '../../lib/useHydrated';

const noItems: Cart = {};

export { cartKeys };

/** useCartStore is the cart of this page, to change it. */
export function useCartStore() {
  return cartStore(useQueryClient());
}

/**
 * useCart is the cart as this tab shows it, and how many items it holds. A page rendered ahead was
 * drawn before any cart was read: while it is taken over, the cart is empty and not counted
 * (counted false, so that no number is shown for it); this browser's cart shows right after.
 */
export function useCart() {
  const store = useCartStore();
  const { data } = useQuery({ queryKey: cartKeys.items(), queryFn: () => store.current(), initialData: () => store.current() });
  const counted = useHydrated();
  const cart: Cart = counted ? data : noItems;
  return { cart, count: cartCount(cart), counted };
}
