// The seller's orders: the list and its steps (packing, riders, refunds, goodwill credit), the pick
// list and the packing slip.
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { get, post, unwrap } from '../../lib/api';
import type {
  AssignRequest,
  GoodwillRequest,
  GoodwillResponse,
  OrderChangeRequest,
  OrderChangeResponse,
  OrderPackRequest,
  OrderStatus,
  PackLine,
  PartRefund,
  PickListResponse,
  RefundPartResponse,
  SellerOrder,
  SellerOrdersResponse,
} from '../../lib/contract';
import { t } from '../../i18n';
import { sellerKeys } from '../seller-session';

/** sellerOrderKeys are the query keys of the seller's orders, each below sellerKeys.orders(). */
const sellerOrderKeys = {
  /** list is a list of orders the filters (as the API takes them) select. */
  list: (filters: Record<string, string>) => [...sellerKeys.orders(), 'list', filters] as const,
  /** pickList is what the orders waiting to be packed want, of a day (YYYY-MM-DD) or of all ('' ). */
  pickList: (day: string) => [...sellerKeys.orders(), 'picklist', day] as const,
  /** slip is the order with that number, for its packing slip. */
  slip: (number: number) => [...sellerKeys.orders(), 'slip', number] as const,
};

const api = {
  /** sellerOrders answers a page of the orders the filters select (status, paid, q, from, to), newest first; before (an order id) pages further back. */
  sellerOrders: (filters: Record<string, string> = {}, before?: string) => {
    const query = new URLSearchParams(before ? { ...filters, before } : filters).toString();
    return get<SellerOrdersResponse>(`/api/order/seller${query ? `?${query}` : ''}`);
  },
  /** findSellerOrder answers the order with the number typed ("10482" or "#10482"), or none. */
  findSellerOrder: (number: string) => get<SellerOrdersResponse>(`/api/order/seller?number=${encodeURIComponent(number.trim())}`),
  setOrderStatus: (id: string, status: OrderStatus) => post<OrderChangeRequest, OrderChangeResponse>('/api/order/status', { id, status }),
  markOrderPaid: (id: string) => post<OrderChangeRequest, OrderChangeResponse>('/api/order/paid', { id }),
  pickList: (day: string) => get<PickListResponse>(`/api/seller/picklist${day ? `?slot=${day}` : ''}`),
  packOrder: (id: string, lines: PackLine[]) => post<OrderPackRequest, OrderChangeResponse>('/api/order/pack', { id, lines }),
  /** refundOrder gives the order's refunds due back through the payment provider. */
  refundOrder: (id: string) => post<OrderChangeRequest, OrderChangeResponse>('/api/order/refund', { id }),
  /** markOrderRefunded records that the order's refunds due were given back by hand. */
  markOrderRefunded: (id: string) => post<OrderChangeRequest, OrderChangeResponse>('/api/order/refunded', { id }),
};

/** sellerOrdersCSV is the address of the file of every order the filters select (GET /api/order/seller.csv). */
export const sellerOrdersCSV = (filters: Record<string, string> = {}) => {
  const query = new URLSearchParams(filters).toString();
  return `/api/order/seller.csv${query ? `?${query}` : ''}`;
};

/** OrderPage is a page of the seller's orders, newest first. */
export type OrderPage = { orders: SellerOrder[]; hasMore: boolean };

/** useSellerOrders loads the orders the filters select a page at a time, and again every 30 seconds while shown. */
export function useSellerOrders(filters: Record<string, string>) {
  return useInfiniteQuery({
    queryKey: sellerOrderKeys.list(filters),
    queryFn: ({ pageParam }) => unwrap(api.sellerOrders(filters, pageParam || undefined), t.toast.generic),
    initialPageParam: '',
    getNextPageParam: (last: OrderPage) => (last.hasMore ? last.orders[last.orders.length - 1]?._id : undefined),
    // New orders come in while the page is open.
    refetchInterval: 30_000,
    // The list just shown stays while the next filters load.
    placeholderData: keepPreviousData,
  });
}

/** usePickList loads what the orders waiting to be packed want, of a day (YYYY-MM-DD) or of all (''), again as orders are packed. */
export function usePickList(day: string) {
  return useQuery({
    queryKey: sellerOrderKeys.pickList(day),
    queryFn: () => unwrap(api.pickList(day), t.toast.generic),
    refetchInterval: 30_000,
  });
}

/** useOrderSlip loads the order with that number, for its packing slip; null when there is none. */
export function useOrderSlip(number: number) {
  return useQuery({
    queryKey: sellerOrderKeys.slip(number),
    queryFn: async () => (await unwrap(api.findSellerOrder(String(number)), t.toast.generic)).orders[0] ?? null,
    enabled: Number.isInteger(number) && number > 0,
  });
}

/** useGiveCredit gives the shopper of an order goodwill store credit (the owner): an amount, and why. */
export function useGiveCredit() {
  return useMutation({
    mutationFn: (g: GoodwillRequest) => unwrap(post<GoodwillRequest, GoodwillResponse>('/api/seller/credit', g), t.toast.generic),
  });
}

/** OrderAction is a step a seller takes on an order. */
export type OrderAction =
  | { kind: 'status'; status: OrderStatus }
  | { kind: 'pack'; lines: PackLine[] }
  | { kind: 'assign'; rider: string }
  | { kind: 'refundPart'; refund: Omit<PartRefund, 'id'> }
  | { kind: 'paid' | 'refund' | 'refunded' };

const orderCall = (id: string, a: OrderAction) => {
  switch (a.kind) {
    case 'status':
      return api.setOrderStatus(id, a.status);
    case 'pack':
      return api.packOrder(id, a.lines);
    case 'assign':
      return post<AssignRequest, OrderChangeResponse>('/api/order/assign', { id, rider: a.rider });
    case 'refundPart':
      return post<PartRefund, RefundPartResponse>('/api/seller/order/refund', { id, ...a.refund });
    case 'paid':
      return api.markOrderPaid(id);
    case 'refund':
      return api.refundOrder(id);
    case 'refunded':
      return api.markOrderRefunded(id);
  }
};

/** useOrderAction takes a step on an order; the changed order replaces its old copy in every list and slip that holds it. */
export function useOrderAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (a: OrderAction) => unwrap(orderCall(id, a), t.toast.generic),
    onSuccess: ({ order }) => {
      client.setQueriesData<InfiniteData<OrderPage>>({ queryKey: [...sellerKeys.orders(), 'list'] }, (data) =>
        data && { ...data, pages: data.pages.map((p) => ({ ...p, orders: p.orders.map((o) => (o._id === order._id ? order : o)) })) },
      );
      client.setQueryData(sellerOrderKeys.slip(order.number), order);
      void client.invalidateQueries({ queryKey: sellerKeys.dashboard() });
      void client.invalidateQueries({ queryKey: [...sellerKeys.orders(), 'picklist'] });
    },
  });
}
