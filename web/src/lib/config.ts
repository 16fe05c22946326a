import { queryOptions, useQuery } from '@tanstack/react-query';
import { get, unwrap } from './api';
import type { ConfigResponse, Currency, PaymentMethod, SettingsResponse, TaxRule } from './contract';
import { rulesOf } from './delivery';
import { t, useLanguage } from '../i18n';
import { currencySymbol, formatMinor, formatMoney } from './money';
import { useAsRenderedAhead } from './useHydrated';

/** configKeys are the query keys of the store's settings. */
export const configKeys = {
  all: ['config'] as const,
  /** settings are the settings the seller sets: the delivery rules. */
  settings: ['config', 'settings'] as const,
};

/** storeConfigQuery reads the store's currency and payment methods once per visit. */
export const storeConfigQuery = queryOptions({
  queryKey: configKeys.all,
  queryFn: () => unwrap(get<ConfigResponse>('/api/config'), t.toast.generic),
  staleTime: Infinity,
});

const noMethods: PaymentMethod[] = [];

/** defaultTimeZone is the store's time zone until /api/config answers: the server's default, Nepal's. */
const defaultTimeZone = 'Asia/Kathmandu';

/**
 * useStoreConfig is the store's currency with money, which writes an amount (in major units, as the
 * API sends it) in it and the language shown, and moneyMinor for amounts in minor units; the online
 * payment methods the store offers; and its time zone. An order's amounts are written in the
 * order's own currency: money(o.amount, o.currency).
 */
export function useStoreConfig() {
  const { data } = useAsRenderedAhead(useQuery(storeConfigQuery));
  const lang = useLanguage();
  const currency: Currency = data?.currency ?? 'USD';
  return {
    config: data,
    currency,
    /** symbol is the store currency's symbol in the language shown, for labels: "Rs.", "रु". */
    symbol: currencySymbol(currency, lang),
    money: (amount: number, in_: Currency = currency) => formatMoney(amount, in_, lang),
    moneyMinor: (minor: number, options?: { fixed?: boolean }) => formatMinor(minor, currency, lang, options),
    paymentMethods: data?.paymentMethods ?? noMethods,
    timeZone: data?.timeZone ?? defaultTimeZone,
  };
}

/** storeSettingsQuery reads the store's settings (its delivery rules); the seller's save refreshes them. */
export const storeSettingsQuery = queryOptions({
  queryKey: configKeys.settings,
  queryFn: () => unwrap(get<SettingsResponse>('/api/settings'), t.toast.generic),
  staleTime: 60_000,
});

/**
 * useDeliveryRules is the store's delivery rules (amounts in minor units, null: none) and its tax
 * rule (the spec's flat tax until known), and whether they are known yet.
 */
export function useDeliveryRules() {
  const { data, isPending } = useAsRenderedAhead(useQuery(storeSettingsQuery));
  const taxRule: TaxRule = data?.settings.taxRule ?? 'flat';
  return { rules: rulesOf(data?.settings.delivery), delivery: data?.settings.delivery ?? null, taxRule, loading: isPending };
}
