import { useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogueKeys } from '../products';
import { get, post, postOnce, unwrap } from '../../lib/api';
import type { OrderCancelRequest, UserOrderResponse, OrderPayRequest, PaymentPageResponse, UserOrdersResponse } from '../../lib/contract';
import { useToastQuery } from '../../lib/useToastQuery';
import { t } from '../../i18n';

const api = {
  myOrders: () => get<UserOrdersResponse>('/api/order/user'),
  /** payOrder starts a new payment of an unpaid online order and answers the payment page. */
  payOrder: (id: string, method?: string) => postOnce<OrderPayRequest, PaymentPageResponse>('/api/order/pay', { id, method }),
  /** cancelOrder cancels one of the shopper's orders the seller has not begun on. */
  cancelOrder: (id: string) => post<OrderCancelRequest, UserOrderResponse>('/api/order/cancel', { id }),
};

/** orderKeys are the query keys of the shopper's orders. */
export const orderKeys = {
  all: ['orders'] as const,
  mine: (userId: string | undefined) => [...orderKeys.all, 'mine', userId] as const,
};

/** useMyOrders loads the signed-in shopper's orders, newest first; a failure shows as a toast. */
export function useMyOrders(userId: string | undefined) {
  return useToastQuery(orderKeys.mine(userId), api.myOrders, (r) => r.orders, t.toast.ordersFailed, !!userId);
}

/** usePayOrder starts a new payment of an unpaid online order and answers the provider's page. A refusal (the order changed, or its time to pay ended) loads the orders again, so Pay Now shows only where it can work. */
export function usePayOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, method }: { id: string; method: string }) => unwrap(api.payOrder(id, method), t.toast.generic),
    onError: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/** useCancelOrder cancels one of the shopper's orders; their orders and the catalogue (whose stock it gave back) are loaded again. */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.cancelOrder(id), t.toast.cancelFailed),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: orderKeys.all }), queryClient.invalidateQueries({ queryKey: catalogueKeys.all })]),
  });
}
