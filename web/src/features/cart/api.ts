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

/** useCart is the cart as this tab shows it, and how many items it holds. */
export function useCart() {
  const store = useCartStore();
  const { data } = useQuery({ queryKey: cartKeys.items(), queryFn: () => store.current(), initialData: () => store.current() });
  // A page rendered ahead was drawn with an empty cart; this browser's cart shows right after.
  const cart: Cart = useHydrated() ? data : noItems;
  return { cart, count: cartCount(cart) };
}
