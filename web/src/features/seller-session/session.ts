// The seller's session: asked on every page (the storefront hides what a signed-in seller must not
// see), so it is apart from api.ts, which only the seller area and the rider's screen use.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../lib/api';
import type { Seller, SellerSessionResponse } from '../../lib/contract';
import { useAsRenderedAhead } from '../../lib/useHydrated';

/**
 * sellerKeys are the query keys the seller features share, all below ['seller']: the seller's
 * session, every product (archived ones too), the orders they handle, the dashboard and the launch
 * checklist. A feature's own keys start with one of them.
 */
export const sellerKeys = {
  all: ['seller'] as const,
  session: () => [...sellerKeys.all, 'session'] as const,
  products: () => [...sellerKeys.all, 'products'] as const,
  orders: () => [...sellerKeys.all, 'orders'] as const,
  dashboard: () => [...sellerKeys.all, 'dashboard'] as const,
  /** checklist is the launch checklist: what the shop still needs before it opens. */
  checklist: () => [...sellerKeys.all, 'checklist'] as const,
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
