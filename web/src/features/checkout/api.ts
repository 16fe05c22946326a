import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type AddressInput } from '../../lib/api';
import type { PaymentType } from '../../lib/contract';
import { useToastQuery } from '../../lib/useToastQuery';
import { t } from '../../i18n';
import toast from 'react-hot-toast';

/** checkoutKeys are the query keys of checking out: the shopper's delivery addresses. */
export const checkoutKeys = {
  all: ['checkout'] as const,
  /** addresses of one user; without a user, every user's. */
  addresses: (userId?: string) => [...checkoutKeys.all, 'addresses', ...(userId ? [userId] : [])] as const,
  /** slots are today's and tomorrow's delivery slots, with their places left. */
  slots: () => [...checkoutKeys.all, 'slots'] as const,
};

/** useSlots loads the delivery slots the cart offers, again every minute as cut-offs pass; none while the store offers none. */
export function useSlots() {
  return useQuery({ queryKey: checkoutKeys.slots(), queryFn: () => unwrap(api.slots(), t.slots.loadFailed).then((r) => r.slots), refetchInterval: 60_000 });
}

/** useAddresses loads the signed-in shopper's addresses; a failure shows as a toast. */
export function useAddresses(userId: string | undefined) {
  return useToastQuery(checkoutKeys.addresses(userId), api.addresses, (r) => r.addresses, t.toast.addressesFailed, !!userId);
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

/** NewOrder is what the cart sends: the payment type, the lines, the address, online the provider, and the delivery slot when the store offers slots. */
export type NewOrder = { payment: PaymentType; items: { product: string; quantity: number }[]; address: string; method?: string; slot?: string };

/** usePlaceOrder places an order: a cash order at once, an online one through the provider's page (url). */
export function usePlaceOrder() {
  return useMutation({
    mutationFn: (o: NewOrder) => unwrap(api.placeOrder(o.payment, o.items, o.address, o.method, o.slot), t.toast.orderFailed),
  });
}
