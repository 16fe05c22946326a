// The store's identity, promises, policy and legal details, as the seller sets them: every page
// that names the store or makes a promise reads them here.
import { useQuery } from '@tanstack/react-query';
import { storeSettingsQuery } from './config';
import { MAX_CLAIMS, type SettingsResponse, type StoreSettings } from './contract';
import { language, t } from '../i18n';

/** settingsBlockID is the id of the page's JSON block of the settings the server filled it with (api/ahead.go). */
export const settingsBlockID = 'haat-settings';

/** noSettings are the settings of a store that set none, until its own are known. */
export const noSettings: StoreSettings = {
  delivery: null,
  invoice: null,
  taxRule: 'flat',
  deliverySlots: false,
  substitute: 'best',
  store: { name: '', nameNe: '', logo: '', tagline: '', phone: '', email: '', address: '', hours: '', promise: '', claims: [], social: { facebook: '', instagram: '', tiktok: '', youtube: '' } },
  policy: { returnDays: 7, missingHours: 24, refundDays: 5, perishablesReturnable: false },
  legal: { registrationNo: '', docscpListing: '', grievanceOfficer: { name: '', phone: '', email: '' } },
};

/** marker is how a page built ahead holds a setting's text: its key between two private-use characters, which the server fills. */
const marker = (key: string) => `\ue000${key}\ue001`;

/**
 * markerSettings are the settings a page is built ahead with: every text a marker, every list as
 * long as it may be, and every element that shows only for some settings drawn, marked with
 * data-ahead (see ahead), for the server to fill or drop (api/ahead.go).
 */
export function markerSettings(): StoreSettings {
  const text = <T extends object>(prefix: string, o: T): T =>
    Object.fromEntries(Object.entries(o).map(([k, v]) => [k, typeof v === 'string' ? marker(`${prefix}.${k}`) : v])) as T;
  const store = text('store', noSettings.store);
  return {
    ...noSettings,
    invoice: text('invoice', { legalName: '', address: '', pan: '' }),
    store: {
      ...store,
      nameNe: '', // the name is filled in the page's language
      social: text('store.social', noSettings.store.social),
      claims: Array.from({ length: MAX_CLAIMS }, (_, i) => text(`store.claims.${i}`, { title: '', text: '' })),
    },
    legal: { ...text('legal', noSettings.legal), grievanceOfficer: text('legal.grievanceOfficer', noSettings.legal.grievanceOfficer) },
  };
}

let building = false;

/** buildAhead says that pages are being built ahead with markerSettings (prerender.tsx). */
export function buildAhead() {
  building = true;
}

/** buildingAhead tells whether pages are being built ahead. */
export const buildingAhead = () => building;

/**
 * ahead is the attribute of an element that shows only for some settings, or null when it does
 * not show: cond says when, as the server reads it ("has:store.promise,not:deliverySlots": the
 * promise is set and the slots are not), and show is the same said here. In a page built ahead the
 * element always shows, and the server drops it when cond does not hold (api/ahead.go).
 */
export function ahead(cond: string, show: boolean): { 'data-ahead': string } | null {
  return building || show ? { 'data-ahead': cond } : null;
}

/** pageSettings are the settings the server filled the page with (its JSON block), undefined without one. */
export function pageSettings(): SettingsResponse | undefined {
  const block = typeof document === 'undefined' ? null : document.getElementById(settingsBlockID);
  if (!block?.textContent) return undefined;
  try {
    return { success: true, settings: JSON.parse(block.textContent) as StoreSettings };
  } catch {
    return undefined;
  }
}

/** storeName is the store's name in the language shown: its Nepali name in Nepali, when it has one. */
export const storeName = (s: StoreSettings) => (language() === 'ne' && s.store.nameNe ? s.store.nameNe : s.store.name);

/**
 * useStoreSettings is the store's settings, as the page was filled with them and then as the
 * server answers; a store's that set none until known.
 */
export function useStoreSettings(): StoreSettings {
  const { data } = useQuery(storeSettingsQuery);
  return withDefaults(data?.settings);
}

/** withDefaults are the settings s with any part it leaves out (an older server's answer) as a store that set none has it. */
export function withDefaults(s: Partial<StoreSettings> | undefined): StoreSettings {
  if (!s) return noSettings;
  return { ...noSettings, ...s, store: { ...noSettings.store, ...s.store }, policy: s.policy ?? noSettings.policy, legal: s.legal ?? noSettings.legal };
}

/** speedPromise is how fast the store says it delivers: from its delivery slots when it offers them, else the seller's own words; null when it makes no promise. */
export const speedPromise = (s: StoreSettings): string | null => (s.deliverySlots ? t.promise.slots : s.store.promise || null);
