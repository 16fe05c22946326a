// The string catalogue: every text the storefront shows, one file per language. A language is an
// object of type Messages (en.ts is the English one); texts that carry values (counts, amounts,
// names) are functions, so each language words and orders them its own way.
//
// The chosen language is the browser's (kept in localStorage) until a signed-in account says
// otherwise. English is built in; another language's catalogue is loaded when it is chosen, so
// shoppers who read English download none of it.
import { useSyncExternalStore } from 'react';
import { LANGUAGES, type Language } from '../lib/contract';
import { en } from './en';
import type { sellerEn } from './seller-en';
import type { ordersEn } from './orders-en';
import type { accountEn } from './account-en';
import type { helpEn } from './help-en';

export type { Accented } from './types';
export type { Language } from '../lib/contract';

/**
 * StoreMessages is the shape of a language's catalogue of every page, SellerMessages of its seller
 * area's texts (seller-en.ts), which only the seller area loads, and OrderMessages of the texts of
 * an order's afterlife (orders-en.ts: substitutes sent), which My Orders, the invoices and the
 * seller area load: a second language is one more file of each.
 */
export type StoreMessages = typeof en;
export type SellerMessages = typeof sellerEn;
export type OrderMessages = typeof ordersEn;
/** AccountMessages is the shape of a language's texts of the shopper's account page (account-en.ts), which only that page loads. */
export type AccountMessages = typeof accountEn;
/** HelpMessages is the shape of a language's texts of the help centre (help-en.ts), which only that page loads. */
export type HelpMessages = typeof helpEn;
/** Messages is every text of a language: the seller area's and the orders' are there once loadSellerTexts or loadOrderTexts has loaded them. */
export type Messages = StoreMessages & SellerMessages & OrderMessages & AccountMessages & HelpMessages;

/**
 * t is the catalogue of the language shown: read it while rendering, never keep a text of it. Its
 * seller and productImport texts are there once the seller area has loaded them (loadSellerTexts),
 * and its substitute texts once a page of orders has (loadOrderTexts), so only those read them.
 */
export let t = en as Messages;
let current: Language = 'en';

const loaders: Record<Language, () => Promise<StoreMessages>> = {
  en: () => Promise.resolve(en),
  ne: () => import('./ne').then((m) => m.ne),
};
/** parts are the catalogues loaded only by the pages that read them, each in every language. */
const parts = {
  seller: { en: () => import('./seller-en').then((m) => m.sellerEn), ne: () => import('./seller-ne').then((m) => m.sellerNe) },
  orders: { en: () => import('./orders-en').then((m) => m.ordersEn), ne: () => import('./orders-ne').then((m) => m.ordersNe) },
  account: { en: () => import('./account-en').then((m) => m.accountEn), ne: () => import('./account-ne').then((m) => m.accountNe) },
  help: { en: () => import('./help-en').then((m) => m.helpEn), ne: () => import('./help-ne').then((m) => m.helpNe) },
} satisfies Record<string, Record<Language, () => Promise<Partial<Messages>>>>;
type Part = keyof typeof parts;
/** asked are the parts asked for: a change of language loads them in the new one too. */
const asked = new Set<Part>();

/** loadPart loads a part of the catalogue in the language shown (and in any chosen later). */
async function loadPart(part: Part): Promise<void> {
  asked.add(part);
  const lang = current;
  const texts = await parts[part][lang]();
  if (lang === current) t = { ...t, ...texts };
}

/**
 * loadSellerTexts loads the seller area's texts in the language shown (and in any chosen later),
 * before the area is shown; the orders' too, as the area shows orders' packing and bills.
 */
export const loadSellerTexts = (): Promise<void> => Promise.all([loadPart('seller'), loadPart('orders')]).then(() => undefined);

/** loadAccountTexts loads the account page's texts in the language shown (and in any chosen later), before the page is shown. */
export const loadAccountTexts = (): Promise<void> => loadPart('account');

/** loadHelpTexts loads the help centre's texts in the language shown (and in any chosen later), before the page is shown. */
export const loadHelpTexts = (): Promise<void> => loadPart('help');

/** loadOrderTexts loads the texts of orders' substitutes in the language shown (and in any chosen later), before a page of orders is shown. */
export const loadOrderTexts = (): Promise<void> => loadPart('orders');

/** hasOrderTexts says whether the orders' texts are loaded: a bill shown elsewhere keeps the server's labels. */
export const hasOrderTexts = (): boolean => 'substitute' in t;

/** storageKey keeps the language chosen in this browser. */
const storageKey = 'haat.language';
/** languageCookie tells the server the language chosen, so the pages it sends rendered ahead are in it. */
const languageCookie = 'haat_lang';
const listeners = new Set<() => void>();

/** isLanguage says whether s names a language the store speaks. */
export const isLanguage = (s: unknown): s is Language => typeof s === 'string' && (LANGUAGES as readonly string[]).includes(s);

/** language is the language shown now. */
export const language = (): Language => current;

/** storedLanguage is the language this browser chose last, English when none. */
export function storedLanguage(): Language {
  try {
    const s = localStorage.getItem(storageKey);
    return isLanguage(s) ? s : 'en';
  } catch {
    return 'en';
  }
}

/**
 * setLanguage loads the catalogue of lang, shows it (the page's lang attribute follows), and keeps
 * the choice in this browser. Components that called useLanguage render again in it.
 */
export async function setLanguage(lang: Language): Promise<void> {
  const [messages, ...more] = await Promise.all([loaders[lang](), ...[...asked].map((part) => parts[part][lang]())]);
  t = Object.assign({}, messages, ...more) as Messages;
  current = lang;
  // Rendered ahead at build time (prerender.tsx), there is no page to mark and nothing to keep.
  if (typeof document !== 'undefined') {
    document.documentElement.lang = lang;
    // The server sends the pages rendered ahead in this language (api/static.go reads the cookie).
    document.cookie = `${languageCookie}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax`;
    try {
      localStorage.setItem(storageKey, lang);
    } catch {
      // A browser that keeps nothing still shows the language for this visit.
    }
  }
  listeners.forEach((l) => l());
}

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/** useLanguage is the language shown; the component renders again when it changes. */
export const useLanguage = (): Language => useSyncExternalStore(subscribe, language, language);
