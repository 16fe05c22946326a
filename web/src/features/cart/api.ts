import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { post, unwrap } from '../../lib/api';
import { t } from '../../i18n';
import type { Cart, CartQuoteRequest, CartQuoteResponse } from '../../lib/contract';
import { cartCount } from '../../lib/cart';
import { useWeighedVersion } from '../../lib/weight';
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
  // The count takes a product sold by weight as one item, once the shop has seen how it is sold.
  useWeighedVersion();
  const cart: Cart = counted ? data : noItems;
  return { cart, count: cartCount(cart), counted };
}

/** quoteCart asks what the cart would cost as an order now; address and slot only once chosen, store credit only when it is to be used, a coupon's code only when one is applied. */
const quoteCart = (items: QuoteItem[], address?: string, slot?: string, useCredit?: boolean, coupon?: string) =>
  post<CartQuoteRequest, CartQuoteResponse>('/api/cart/quote', {
    items,
    ...(address ? { address } : {}),
    ...(slot ? { slot } : {}),
    ...(useCredit ? { useCredit } : {}),
    ...(coupon ? { coupon } : {}),
  });

/** quoteKeys are the query keys of the cart's quotes: one per cart, address, slot, use of store credit and coupon. */
export const quoteKeys = {
  all: ['quote'] as const,
  of: (items: QuoteItem[], address: string, slot: string, useCredit: boolean, coupon: string) => [...quoteKeys.all, items, address, slot, useCredit, coupon] as const,
};

/** QuoteItem is a cart line as the quote asks for it. */
export type QuoteItem = { product: string; quantity: number };

/**
 * useCartQuote is what the cart would cost as an order now, as the server works it out (POST
 * /api/cart/quote) for its lines and, once chosen, the address, slot, use of store credit and coupon. While a changed cart is
 * asked for, the last quote stays shown (isPlaceholderData says so). No quote for an empty cart.
 */
export function useCartQuote(items: QuoteItem[], address = '', slot = '', useCredit = false, coupon = '') {
  return useQuery({
    queryKey: quoteKeys.of(items, address, slot, useCredit, coupon),
    queryFn: () => unwrap(quoteCart(items, address || undefined, slot || undefined, useCredit, coupon || undefined), t.toast.generic).then((r) => r.quote),
    placeholderData: keepPreviousData,
    enabled: items.length > 0,
  });
}
