// A product's sale as the storefront and the seller's form show it. The server prices every
// product at the moment it answers (offerPrice is what a shopper pays then, sale.on says whether
// the sale is on): these only write its times as the store's clock reads them.
import type { Product } from './contract';

/** saleFieldValue writes a moment (an RFC 3339 time) as a datetime-local field holds it, "2026-10-20T06:00", on the clock of timeZone (the store's). */
export function saleFieldValue(iso: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** everydayOfferPrice is the offer price the seller set, which the product sells at outside its sale. */
export const everydayOfferPrice = (p: Pick<Product, 'offerPrice' | 'regularOfferPrice'>) => p.regularOfferPrice ?? p.offerPrice;

/** saleOn tells whether the product was on sale when the server answered. */
export const saleOn = (p: Pick<Product, 'sale'>) => p.sale?.on === true;
