import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '../../lib/contract';
import { cartCount } from '../../lib/cart';
import { cartKeys, cartStore } from './store';

export { cartKeys };

/** useCartStore is the cart of this page, to change it. */
export function useCartStore() {
  return cartStore(useQueryClient());
}

/** useCart is the cart as this tab shows it, and how many items it holds. */
export function useCart() {
  const store = useCartStore();
  const { data } = useQuery({ queryKey: cartKeys.items(), queryFn: () => store.current(), initialData: () => store.current() });
  const cart: Cart = data;
  return { cart, count: cartCount(cart) };
}
