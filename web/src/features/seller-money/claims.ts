// The claims desk: shoppers' claims about delivered orders, and the owner's decisions.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post, unwrap } from '../../lib/api';
import type { ClaimDecision, ClaimResponse, ClaimsResponse, SlotListResponse } from '../../lib/contract';
import { t } from '../../i18n';
import { sellerKeys } from '../seller-session';

/** claimKeys are the query keys of the claims desk. */
export const claimKeys = {
  desk: () => [...sellerKeys.all, 'claims'] as const,
  slots: () => [...sellerKeys.all, 'claims', 'slots'] as const,
};

/** useOpenSlots are the delivery slots open now, for a replacement (none while the store offers no slots). */
export function useOpenSlots() {
  const query = useQuery({
    queryKey: claimKeys.slots(),
    queryFn: () => unwrap(get<SlotListResponse>('/api/slot/list'), t.toast.generic).then((r) => r.slots.filter((s) => s.state === 'open')),
  });
  return query.data ?? [];
}

/** useClaimsDesk loads the store's claims: open ones oldest first with the days left, then the latest decided; again every minute while shown. */
export function useClaimsDesk() {
  return useQuery({
    queryKey: claimKeys.desk(),
    queryFn: () => unwrap(get<ClaimsResponse>('/api/seller/claims'), t.toast.generic).then((r) => r.claims),
    refetchInterval: 60_000,
  });
}

/** useResolveClaim decides a claim; the desk and the orders (a refund) load again. */
export function useResolveClaim() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (d: ClaimDecision) => unwrap(post<ClaimDecision, ClaimResponse>('/api/seller/claim/resolve', d), t.toast.generic),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: claimKeys.desk() });
      void client.invalidateQueries({ queryKey: sellerKeys.orders() });
    },
  });
}
