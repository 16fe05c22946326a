import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { get, post, postOnce, unwrap } from '../../lib/api';
import type {
  Address,
  AddressAddRequest,
  AddressAddResponse,
  AddressIDRequest,
  AddressListResponse,
  AddressUpdateRequest,
  AddressUpdateResponse,
  MessageResponse,
  OrderItemRequest,
  OrderQRResponse,
  OrderRequest,
  PaymentPageResponse,
  PaymentType,
  SlotListResponse,
} from '../../lib/contract';
import { useErrorToast } from '../../lib/useToastQuery';
import { signal } from '../../lib/signal';
import { t } from '../../i18n';
import toast from '../../lib/toast';

/** AddressInput is an address as the shopper fills it in, before the store gives it its id. */
export type AddressInput = AddressAddRequest['address'];

/** PlaceOrderResponse is the answer to an order: a cash order's message, or an online order's payment page (url). */
export type PlaceOrderResponse = MessageResponse & Partial<PaymentPageResponse>;

export const api = {
  addresses: () => get<AddressListResponse>('/api/address/get'),
  addAddress: (address: AddressInput) => post<AddressAddRequest, AddressAddResponse>('/api/address/add', { address }),
  updateAddress: (id: string, address: AddressInput) => post<AddressUpdateRequest, AddressUpdateResponse>('/api/address/update', { id, address }),
  deleteAddress: (id: string) => post<AddressIDRequest, MessageResponse>('/api/address/delete', { id }),
  setDefaultAddress: (id: string) => post<AddressIDRequest, MessageResponse>('/api/address/default', { id }),
  /**
   * placeOrder names a delivery slot only when the store offers slots (slot undefined otherwise),
   * asks to use store credit only when the shopper chose it, and gives a coupon's code only when one
   * is applied, so the spec's body stays as it was.
   */
  placeOrder: (payment: PaymentType, items: OrderItemRequest[], address: string, method?: string, slot?: string, useCredit?: boolean, coupon?: string) => {
    const extra = { ...(slot ? { slot } : {}), ...(useCredit ? { useCredit } : {}), ...(coupon ? { coupon } : {}) };
    return payment === 'COD'
      ? postOnce<OrderRequest, PlaceOrderResponse>('/api/order/cod', { items, address, ...extra })
      : postOnce<OrderRequest, PlaceOrderResponse>('/api/order/stripe', { items, address, method, ...extra });
  },
  /** slots are today's and tomorrow's delivery slots; none while the seller offers none. */
  slots: () => get<SlotListResponse>('/api/slot/list'),
  /** qrPayment is where one of the shopper's payments by QR code stands, with its code while it is pending. */
  qrPayment: (provider: string, reference: string) =>
    get<OrderQRResponse>(`/api/order/qr?${new URLSearchParams({ provider, reference }).toString()}`),
};

/** orderPlaced tells that an order was placed: the shopper's orders load again (app/wiring.ts). */
export const orderPlaced = signal<[client: QueryClient]>();

/** checkoutKeys are the query keys of checking out: the shopper's delivery addresses. */
export const checkoutKeys = {
  all: ['checkout'] as const,
  /** addresses of one user; without a user, every user's. */
  addresses: (userId?: string) => [...checkoutKeys.all, 'addresses', ...(userId ? [userId] : [])] as const,
  /** slots are today's and tomorrow's delivery slots, with their places left. */
  slots: () => [...checkoutKeys.all, 'slots'] as const,
  /** qrPayment is one payment by QR code, by its provider and reference. */
  qrPayment: (provider: string, reference: string) => [...checkoutKeys.all, 'qr', provider, reference] as const,
};

/** QR_POLL is how often the page of a payment by QR code asks where it stands (each question may ask the provider). */
export const QR_POLL = 5000;

/** useQRPayment loads a payment by QR code, and again every QR_POLL while it is pending. */
export function useQRPayment(provider: string, reference: string) {
  return useQuery({
    queryKey: checkoutKeys.qrPayment(provider, reference),
    queryFn: () => unwrap(api.qrPayment(provider, reference), t.payQR.loadFailed).then((r) => r.payment),
    refetchInterval: (q) => (q.state.data?.state === 'pending' ? QR_POLL : false),
    refetchIntervalInBackground: true,
  });
}

/** useSlots loads the delivery slots the cart offers, again every minute as cut-offs pass; none while the store offers none. */
export function useSlots() {
  return useQuery({ queryKey: checkoutKeys.slots(), queryFn: () => unwrap(api.slots(), t.slots.loadFailed).then((r) => r.slots), refetchInterval: 60_000 });
}

/** AddressBook is the shopper's saved addresses, oldest first, and the _id of their default (the one the cart preselects), if they have any. */
export type AddressBook = { addresses: Address[]; defaultId?: string };

/**
 * useAddresses loads the signed-in shopper's addresses and which is their default, and loads them
 * again whenever the tab comes back into view (another tab may have edited or deleted one); a
 * failure shows as a toast.
 */
export function useAddresses(userId: string | undefined) {
  const query = useQuery({
    queryKey: checkoutKeys.addresses(userId),
    queryFn: () => unwrap(api.addresses(), t.toast.addressesFailed).then((r): AddressBook => ({ addresses: r.addresses, defaultId: r.defaultId })),
    enabled: !!userId,
    refetchOnWindowFocus: 'always',
  });
  useErrorToast(query.error, t.toast.addressesFailed);
  return query;
}

/**
 * useAddressChange changes a saved address through call and says so; the address list loads again
 * whether it worked or not (an address deleted in another tab answers "Address not found", and
 * leaves the list).
 */
function useAddressChange<V>(call: (v: V) => Promise<{ message?: string }>, done: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (r) => {
      toast.success(r.message || done);
    },
    onError: (e) => toast.error(e.message),
    onSettled: () => client.invalidateQueries({ queryKey: checkoutKeys.addresses() }),
  });
}

/** useUpdateAddress saves the shopper's changes to one of their addresses. */
export function useUpdateAddress() {
  return useAddressChange((v: { id: string; address: AddressInput }) => unwrap(api.updateAddress(v.id, v.address), t.toast.addressUpdateFailed), t.toast.addressUpdated);
}

/** useDeleteAddress deletes one of the shopper's addresses; orders placed with it keep it. */
export function useDeleteAddress() {
  return useAddressChange((id: string) => unwrap(api.deleteAddress(id), t.toast.addressDeleteFailed), t.toast.addressDeleted);
}

/** useSetDefaultAddress makes one of the shopper's addresses their default. */
export function useSetDefaultAddress() {
  return useAddressChange((id: string) => unwrap(api.setDefaultAddress(id), t.toast.defaultFailed), t.toast.defaultSaved);
}

/** useAddAddress saves a delivery address and says so; the address list loads again before it is done. */
export function useAddAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (address: AddressInput) => unwrap(api.addAddress(address), t.toast.addressFailed),
    onSuccess: (r) => {
      toast.success(r.message || t.toast.addressAdded);
      return client.invalidateQueries({ queryKey: checkoutKeys.addresses() });
    },
    onError: (e) => toast.error(e.message),
  });
}

/** NewOrder is what the cart sends: the payment type, the lines, the address, online the provider, the delivery slot when the store offers slots, whether store credit pays its part, and the coupon's code applied. */
export type NewOrder = { payment: PaymentType; items: OrderItemRequest[]; address: string; method?: string; slot?: string; useCredit?: boolean; coupon?: string };

/** usePlaceOrder places an order, a cash order at once, an online one through the provider's page (url), and tells of it. */
export function usePlaceOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (o: NewOrder) => unwrap(api.placeOrder(o.payment, o.items, o.address, o.method, o.slot, o.useCredit, o.coupon), t.toast.orderFailed),
    onSuccess: () => orderPlaced.tell(client),
  });
}
