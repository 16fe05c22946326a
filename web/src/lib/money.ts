// Money is computed in minor units (paisa or cents) with the server's rule, so the cart's total
// is always the amount the order will have.

import type { Currency, Language } from './contract';
import { toDevanagariDigits } from '../i18n/digits';

/**
 * toMinor turns a decimal amount into whole minor units, rounding half away from zero as written in
 * decimals: 1.005 is 1.01 even though the float 1.005 is a hair below it.
 */
export function toMinor(amount: number): number {
  const cents = Number((Math.abs(amount) * 100).toPrecision(12));
  return Math.sign(amount) * Math.round(cents);
}

/** symbols are what is written before an amount, per currency and language (the server's Currency.Symbol). */
const symbols: Record<Currency, Record<Language, string>> = {
  USD: { en: '$', ne: '$' },
  NPR: { en: 'Rs. ', ne: 'रु ' },
};

/** currencySymbol is the currency's symbol in the language, as a label names it: "Rs.", "रु", "$". */
export const currencySymbol = (currency: Currency, lang: Language): string => symbols[currency][lang].trim();

/** localDigits writes the ASCII digits of s in the language's own digits (Devanagari for Nepali). */
export const localDigits = (s: string, lang: Language): string => (lang === 'ne' ? toDevanagariDigits(s) : s);

/** groupLakhs puts commas into a run of digits the South Asian way: "123456" → "1,23,456". */
function groupLakhs(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  return head.replace(/\B(?=(\d{2})+$)/g, ',') + ',' + digits.slice(-3);
}

/**
 * formatMinor writes an amount in minor units as people read it, exactly as the server's
 * Currency.Format does (both are held to testdata/money-format.json): the symbol, the number with
 * no decimals when whole and two when not, rupees grouped in lakhs ("Rs. 1,23,456.50"), Nepali in
 * Devanagari digits ("रु १,२३,४५६.५०"), a minus first when negative.
 */
export function formatMinor(minor: number, currency: Currency, lang: Language, { fixed = false } = {}): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.round(minor));
  let whole = String(Math.floor(abs / 100));
  if (currency === 'NPR') whole = groupLakhs(whole);
  const frac = abs % 100;
  const number = frac === 0 && !fixed ? whole : `${whole}.${String(frac).padStart(2, '0')}`;
  return sign + (symbols[currency]?.[lang] ?? symbols[currency]?.en ?? '') + localDigits(number, lang);
}

/**
 * formatMoney writes an amount in major units (as the API sends it) as formatMinor does; fixed
 * asks for two decimals always (the server's FormatFixed), as a saving is shown.
 */
export const formatMoney = (amount: number, currency: Currency, lang: Language, options?: { fixed?: boolean }): string =>
  formatMinor(toMinor(amount), currency, lang, options);
