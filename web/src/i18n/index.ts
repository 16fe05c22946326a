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

export type { Accented } from './types';
export type { Language } from '../lib/contract';

/** Messages is the shape of a language's catalogue: a second language is one more file of this type. */
export type Messages = typeof en;

/** t is the catalogue of the language shown: read it while rendering, never keep a text of it. */
export let t: Messages = en;
let current: Language = 'en';

const loaders: Record<Language, () => Promise<Messages>> = {
  en: () => Promise.resolve(en),
  ne: () => import('./ne').then((m) => m.ne),
};

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
  const messages = await loaders[lang]();
  t = messages;
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
