// The seller's session: asked on every page (the storefront hides what a signed-in seller must not
// see), so it is apart from api.ts, which only the seller area and the rider's screen use.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../lib/api';
import type { Seller, SellerSessionResponse } from '../../lib/contract';
import { useAsRenderedAhead } from '../../lib/useHydrated';

/** sellerKeys are the query keys of the seller area: the seller's session, every product (archived ones too) and the orders they handle. */
export const sellerKeys = {
  all: ['seller'] as const,
  session: () => [...sellerKeys.all, 'session'] as const,
  products: () => [...sellerKeys.all, 'products'] as const,
  orders: () => [...sellerKeys.all, 'orders'] as const,
  dashboard: () => [...sellerKeys.all, 'dashboard'] as const,
  /** checklist is the launch checklist: what the shop still needs before it opens. */
  checklist: () => [...sellerKeys.all, 'checklist'] as const,
  /** orderList is a list of orders the filters (as the API takes them) select. */
  orderList: (filters: Record<string, string>) => [...sellerKeys.orders(), 'list', filters] as const,
  /** pickList is what the orders waiting to be packed want, of a day (YYYY-MM-DD) or of all ('' ). */
  pickList: (day: string) => [...sellerKeys.orders(), 'picklist', day] as const,
  /** slip is the order with that number, for its packing slip. */
  slip: (number: number) => [...sellerKeys.orders(), 'slip', number] as const,
};

/** sellerSessionQuery asks once per visit which seller is signed in: the seller, or null; any failure counts as none. */
export const sellerSessionQuery = queryOptions({
  queryKey: sellerKeys.session(),
  queryFn: async (): Promise<Seller | null> => {
    const r = await get<SellerSessionResponse>('/api/seller/session');
    return r.success ? r.seller : null;
  },
  staleTime: Infinity,
  retry: false,
});

/** useSellerSession is whether a seller is signed in, the seller, and whether the check has answered. */
export function useSellerSession() {
  const query = useAsRenderedAhead(useQuery(sellerSessionQuery));
  return { isSeller: !!query.data, seller: query.data ?? null, checked: !query.isPending };
}
