// The riders' cash: each day's sheets and the handovers the owner records.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from '../../lib/toast';
import { get, post, unwrap } from '../../lib/api';
import type { CashResponse, HandoverRequest, HandoverResponse } from '../../lib/contract';
import { t } from '../../i18n';
import { sellerKeys } from '../seller-session';

/** cashKeys are the query keys of the cash sheets: all of them, and one day's (YYYY-MM-DD, '' for today). */
export const cashKeys = {
  all: () => [...sellerKeys.all, 'cash'] as const,
  day: (date: string) => [...cashKeys.all(), date] as const,
};

const api = {
  /** cash answers the riders' sheets of a store day (YYYY-MM-DD), or today's for ''. */
  cash: (date: string) => get<CashResponse>(`/api/seller/cash${date ? `?date=${encodeURIComponent(date)}` : ''}`),
  handOver: (h: HandoverRequest) => post<HandoverRequest, HandoverResponse>('/api/seller/cash/handover', h),
};

/** useCashSheets loads the riders' cash sheets of a day ('' for today). */
export function useCashSheets(date: string) {
  return useQuery({ queryKey: cashKeys.day(date), queryFn: () => unwrap(api.cash(date), t.toast.generic) });
}

/** useHandOver records cash a rider hands in, says so, and loads the sheets again; a refusal is toasted with why. */
export function useHandOver() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (h: HandoverRequest) => unwrap(api.handOver(h), t.toast.generic),
    onSuccess: (r) => {
      toast.success(r.message);
      return client.invalidateQueries({ queryKey: cashKeys.all() });
    },
    onError: (e) => toast.error(e.message),
  });
}
