// The seller area's own calls: signing in, and the owner's dashboard.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post, unwrap } from '../../lib/api';
import type { DashboardResponse, LoginRequest, SellerResponse } from '../../lib/contract';
import { t } from '../../i18n';
import { sellerKeys } from '../seller-session';

const api = {
  sellerLogin: (email: string, password: string) =>
    post<LoginRequest, SellerResponse>('/api/seller/login', { email: email.trim(), password }),
  /** dashboard sums up the store for the seller. */
  dashboard: () => get<DashboardResponse>('/api/seller/dashboard'),
};

/** useSellerLogin signs a seller in. */
export function useSellerLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ email, password }: { email: string; password: string }) => unwrap(api.sellerLogin(email, password), t.toast.sellerLoginFailed),
    // A server that answers without the seller (the spec's) knows no roles: its sellers are owners.
    onSuccess: (r) => client.setQueryData(sellerKeys.session(), r.seller ?? { _id: '', email: '', name: '', role: 'owner', reach: ['area', 'orders', 'owner'] }),
  });
}

/** useDashboard sums up the store for the seller, again every minute while shown. */
export function useDashboard() {
  return useQuery({
    queryKey: sellerKeys.dashboard(),
    queryFn: () => unwrap(api.dashboard(), t.toast.generic).then((r) => r.dashboard),
    refetchInterval: 60_000,
  });
}
