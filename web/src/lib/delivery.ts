// The store's delivery rules as the cart applies them: the server's rule (haat.DeliveryRules),
// in minor units, so that the cart's fee and total are the amount the order will have
// (delivery.test.ts checks them against the server's examples).

import { DISTRICTS, type Address, type DeliveryRules, type Language } from './contract';
import { toMinor } from './money';

/** Rules are delivery rules with amounts in minor units; null: the store has none (delivery is free). */
export type Rules = { districts: readonly string[]; fee: number; freeFrom: number; minimumOrder: number } | null;

/** rulesOf turns the API's delivery rules (amounts in major units) into Rules. */
export const rulesOf = (d: DeliveryRules | null | undefined): Rules =>
  d ? { districts: d.districts, fee: toMinor(d.fee), freeFrom: toMinor(d.freeFrom), minimumOrder: toMinor(d.minimumOrder) } : null;

/** deliveryFeeOf is what delivery costs a subtotal: the fee, unless the subtotal reaches the free threshold; nothing without rules. */
export const deliveryFeeOf = (rules: Rules, subtotal: number): number =>
  !rules || (rules.freeFrom > 0 && subtotal >= rules.freeFrom) ? 0 : rules.fee;

/** missingForFree is how much more the subtotal needs for free delivery; 0 when free, costing nothing or never free. */
export const missingForFree = (rules: Rules, subtotal: number): number =>
  !rules || rules.freeFrom === 0 || deliveryFeeOf(rules, subtotal) === 0 ? 0 : rules.freeFrom - subtotal;

/** shortOfMinimum is how much the subtotal lacks of the minimum order; 0 when it reaches it or there is none. */
export const shortOfMinimum = (rules: Rules, subtotal: number): number => (rules && subtotal < rules.minimumOrder ? rules.minimumOrder - subtotal : 0);

/**
 * deliversTo says whether the store delivers to an address, as the server decides it: its
 * district is one of the area's, or (an address without one) its city or state names one, in any case.
 */
export function deliversTo(rules: Rules, address: Pick<Address, 'city' | 'state'> & { district?: string }): boolean {
  if (!rules) return true;
  const places = (address.district ? [address.district] : [address.city, address.state]).map((p) => p.trim().toLowerCase());
  return rules.districts.some((d) => places.includes(d.toLowerCase()));
}

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
