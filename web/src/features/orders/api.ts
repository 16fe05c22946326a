import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api';
import { useToastQuery } from '../../lib/useToastQuery';
import { t } from '../../i18n';

/** orderKeys are the query keys of the shopper's orders. */
export const orderKeys = {
  all: ['orders'] as const,
  mine: (userId: string | undefined) => [...orderKeys.all, 'mine', userId] as const,
};

/** useMyOrders loads the signed-in shopper's orders, newest first; a failure shows as a toast. */
export function useMyOrders(userId: string | undefined) {
  return useToastQuery(orderKeys.mine(userId), api.myOrders, (r) => r.orders, t.toast.ordersFailed, !!userId);
}

/** usePayOrder starts a new payment of an unpaid online order and answers the provider's page. */
export function usePayOrder() {
  return useMutation({
    mutationFn: ({ id, method }: { id: string; method: string }) => unwrap(api.payOrder(id, method), t.toast.generic),
  });
}
