import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { catalogueKeys } from '../products';
import { get, post, postOnce, unwrap } from '../../lib/api';
import type { ClaimResponse, ClaimsResponse, OrderCancelRequest, OrderPayRequest, OrderSubstituteRequest, PaymentPageResponse, UserOrder, UserOrderResponse, UserOrdersResponse } from '../../lib/contract';
import { useErrorToast, useToastQuery } from '../../lib/useToastQuery';
import { t } from '../../i18n';
import { orderKeys } from './keys';

const api = {
  /** myOrders answers a page of the shopper's orders, newest first (limit of them), older than the order before when it is given. */
  myOrders: (limit: number, before?: string) =>
    get<UserOrdersResponse>(`/api/order/user?${new URLSearchParams(before ? { limit: String(limit), before } : { limit: String(limit) }).toString()}`),
  /** payOrder starts a new payment of an unpaid online order and answers the payment page. */
  payOrder: (id: string, method?: string) => postOnce<OrderPayRequest, PaymentPageResponse>('/api/order/pay', { id, method }),
  /** cancelOrder cancels one of the shopper's orders the seller has not begun on. */
  cancelOrder: (id: string) => post<OrderCancelRequest, UserOrderResponse>('/api/order/cancel', { id }),
  /** answerSubstitute keeps or refuses the substitute offered for the item of product of one of the shopper's orders. */
  answerSubstitute: (answer: OrderSubstituteRequest) => post<OrderSubstituteRequest, UserOrderResponse>('/api/order/substitute', answer),
  claims: () => get<ClaimsResponse>('/api/order/claims'),
  /** claim sends a claim of a delivered order as a form: id, lines (JSON), note and photos. */
  claim: (form: FormData) => post<FormData, ClaimResponse>('/api/order/claim', form),
};

/** useMyClaims loads the shopper's claims and what of their delivered orders they may still claim. */
export function useMyClaims(userId: string | undefined) {
  return useToastQuery(orderKeys.claims(userId), api.claims, (r) => r, t.toast.ordersFailed, !!userId);
}

/** useClaim sends a claim; the claims load again, and with them what may still be claimed. */
export function useClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => unwrap(api.claim(form), t.toast.generic),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...orderKeys.all, 'claims'] }),
  });
}

/** MY_ORDERS_PAGE is how many of the shopper's orders My Orders loads at a time. */
export const MY_ORDERS_PAGE = 20;

/** MyOrdersPages are the pages of the shopper's orders loaded so far, as the query cache holds them. */
export type MyOrdersPages = InfiniteData<UserOrdersResponse, string>;

/**
 * useMyOrders loads the signed-in shopper's orders, newest first, a page at a time: fetchNextPage
 * loads the next, older page while hasNextPage. Loaded again (after a change), every page loaded is
 * loaded again from the newest, so none is left out. A failure shows as a toast.
 */
export function useMyOrders(userId: string | undefined) {
  const query = useInfiniteQuery({
    queryKey: orderKeys.mine(userId),
    queryFn: ({ pageParam }) => unwrap(api.myOrders(MY_ORDERS_PAGE, pageParam || undefined), t.toast.ordersFailed),
    initialPageParam: '',
    getNextPageParam: (last: UserOrdersResponse) => (last.hasMore ? last.orders[last.orders.length - 1]?._id : undefined),
    enabled: !!userId,
  });
  useErrorToast(query.error, t.toast.ordersFailed);
  return query;
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

/**
 * useAnswerSubstitute keeps or refuses a substitute offered in one of the shopper's orders; the
 * order the server answers takes its place among their orders. An answer it turns down (answered
 * already, or the time to answer ended) loads the orders again, so the offer shows as it stands.
 */
export function useAnswerSubstitute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: OrderSubstituteRequest) => unwrap(api.answerSubstitute(answer), t.substitute.answerFailed),
    onSuccess: ({ order }) =>
      queryClient.setQueriesData<MyOrdersPages>({ queryKey: orderKeys.lists() }, (data) =>
        data && { ...data, pages: data.pages.map((p) => ({ ...p, orders: p.orders.map((o: UserOrder) => (o._id === order._id ? order : o)) })) },
      ),
    onError: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
