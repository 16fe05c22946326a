import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from '../../lib/toast';
import { get, post, unwrap } from '../../lib/api';
import type { MessageResponse, ProductNotifyRequest, UserAlertsResponse } from '../../lib/contract';
import { t } from '../../i18n';
import { useUser } from '../account';

const api = {
  /** alerts are the shopper's products asked about, those back on sale first. */
  alerts: () => get<UserAlertsResponse>('/api/user/alerts'),
  /** notify asks to be told when a product is back, or (notify false) no longer, which dismisses its notice. */
  notify: (id: string, notify: boolean) => post<ProductNotifyRequest, MessageResponse>('/api/product/notify', { id, notify }),
};

/** alertKeys are the query keys of the shopper's stock alerts. */
export const alertKeys = {
  all: ['alerts'] as const,
  mine: (userId: string | undefined) => [...alertKeys.all, 'mine', userId] as const,
};

/** useAlerts is the signed-in shopper's stock alerts (none for a guest), those back on sale first. */
export function useAlerts() {
  const { user } = useUser();
  const query = useQuery({
    queryKey: alertKeys.mine(user?._id),
    queryFn: () => unwrap(api.alerts(), t.toast.generic).then((r) => r.alerts),
    enabled: !!user,
    // A product may come back while the shopper browses.
    refetchInterval: 5 * 60_000,
  });
  const alerts = query.data ?? [];
  return { alerts, back: alerts.filter((a) => a.back) };
}

/** useNotify asks to be told when a product is back, or no longer (which also dismisses its notice). */
export function useNotify() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, notify }: { id: string; notify: boolean }) => unwrap(api.notify(id, notify), t.toast.generic),
    onSuccess: (r, { notify }) => toast.success(r.message || (notify ? t.alerts.watching : t.alerts.stopped), { id: 'alert' }),
    onError: (err) => toast.error(err.message, { id: 'alert' }),
    onSettled: () => client.invalidateQueries({ queryKey: alertKeys.all }),
  });
}
