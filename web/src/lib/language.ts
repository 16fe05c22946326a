// The language a shopper reads the store in, or a seller the seller area: chosen in the browser
// (kept there), and kept with their account once signed in, so it follows them to another browser.
// The shopper's and the seller's accounts keep a language each.
import type { Language } from './contract';
import { language, setLanguage } from '../i18n';

/** KeepLanguage keeps a language chosen with the signed-in account (POST /api/user/language or /api/seller/language). */
export type KeepLanguage = (lang: Language) => Promise<unknown>;

/**
 * followAccount applies the language kept with a signed-in account: the account's choice wins; an
 * account that never chose one takes the language the browser shows now, when it is not the
 * default, and keeps it.
 */
export function followAccount(chosen: Language | undefined, keep: KeepLanguage) {
  if (chosen && chosen !== language()) void setLanguage(chosen);
  else if (!chosen && language() !== 'en') void keep(language());
}

/** chooseLanguage shows the pages in lang and, with keep (for a signed-in account), keeps it with the account. */
export async function chooseLanguage(lang: Language, keep?: KeepLanguage): Promise<void> {
  await setLanguage(lang);
  if (keep) await keep(lang);
}
