import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from './api';
import type { PaymentMethod } from './contract';
import { t } from '../i18n';

/** configKeys are the query keys of the store's settings. */
export const configKeys = {
  all: ['config'] as const,
};

/** storeConfigQuery reads the store's currency and payment methods once per visit. */
export const storeConfigQuery = queryOptions({
  queryKey: configKeys.all,
  queryFn: () => unwrap(api.config(), t.toast.generic),
  staleTime: Infinity,
});

const noMethods: PaymentMethod[] = [];

/** defaultTimeZone is the store's time zone until /api/config answers: the server's default, Nepal's. */
const defaultTimeZone = 'Asia/Kathmandu';

/** useStoreConfig is the currency symbol prices are shown with, the online payment methods the store offers and its time zone. */
export function useStoreConfig() {
  const { data } = useQuery(storeConfigQuery);
  return {
    config: data,
    currency: data?.currencySymbol ?? '$',
    paymentMethods: data?.paymentMethods ?? noMethods,
    timeZone: data?.timeZone ?? defaultTimeZone,
  };
}
