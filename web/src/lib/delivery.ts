// The store's delivery rules as the storefront tells them (the help centre, the landing page's
// note), in minor units. What delivery costs an order is the server's: the cart shows its quote.

import { DISTRICTS, type DeliveryRules, type Language } from './contract';
import { toMinor } from './money';

/** Rules are delivery rules with amounts in minor units; null: the store has none (delivery is free). */
export type Rules = { districts: readonly string[]; fee: number; freeFrom: number; minimumOrder: number } | null;

/** rulesOf turns the API's delivery rules (amounts in major units) into Rules. */
export const rulesOf = (d: DeliveryRules | null | undefined): Rules =>
  d ? { districts: d.districts, fee: toMinor(d.fee), freeFrom: toMinor(d.freeFrom), minimumOrder: toMinor(d.minimumOrder) } : null;

/** DeliveryTerms are the store's delivery rules as sentences name them: amounts written in the store currency, absent when 0. */
export interface DeliveryTerms {
  fee?: string;
  freeFrom?: string;
  minimum?: string;
}

/** deliveryTerms writes the rules' amounts (with write, which takes minor units) for the texts that tell them; null without rules. */
export function deliveryTerms(rules: Rules, write: (minor: number) => string): DeliveryTerms | null {
  if (!rules) return null;
  const text = (minor: number) => (minor > 0 ? write(minor) : undefined);
  return { fee: text(rules.fee), freeFrom: text(rules.freeFrom), minimum: text(rules.minimumOrder) };
}

/** districtNames writes districts (by their English names, as the rules hold them) in the language: Nepali in Devanagari. */
export const districtNames = (districts: readonly string[], lang: Language): string[] =>
  districts.map((d) => (lang === 'ne' ? (DISTRICTS.find((k) => k.name === d)?.nepali ?? d) : d));
