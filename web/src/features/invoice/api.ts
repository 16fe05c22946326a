import { useQuery } from '@tanstack/react-query';
import { get, unwrap } from '../../lib/api';
import type { InvoiceResponse } from '../../lib/contract';
import { t } from '../../i18n';

const api = {
  /** sellerInvoice is the tax invoice of the delivered order with that number. */
  sellerInvoice: (number: number) => get<InvoiceResponse>(`/api/seller/order/invoice?number=${number}`),
  /** orderInvoice is the tax invoice of one of the shopper's own delivered orders. */
  orderInvoice: (id: string) => get<InvoiceResponse>(`/api/order/invoice?id=${encodeURIComponent(id)}`),
};

/** invoiceKeys are the query keys of tax invoices, the seller's by order number and the shopper's by order id. */
export const invoiceKeys = {
  all: ['invoice'] as const,
  seller: (number: number) => [...invoiceKeys.all, 'seller', number] as const,
  mine: (id: string) => [...invoiceKeys.all, 'mine', id] as const,
};

/** useSellerInvoice loads the tax invoice of the order with that number; an order without one fails with the server's reason. */
export function useSellerInvoice(number: number) {
  return useQuery({
    queryKey: invoiceKeys.seller(number),
    queryFn: () => unwrap(api.sellerInvoice(number), t.toast.generic),
    enabled: Number.isInteger(number) && number > 0,
    retry: false,
  });
}

/** useMyInvoice loads the tax invoice of one of the signed-in shopper's orders. */
export function useMyInvoice(id: string, signedIn: boolean) {
  return useQuery({
    queryKey: invoiceKeys.mine(id),
    queryFn: () => unwrap(api.orderInvoice(id), t.toast.generic),
    enabled: signedIn && id !== '',
    retry: false,
  });
}
