// Goods sold by weight: their prices are per kilogram and a cart's quantity counts steps of
// product.step grams (3 at a step of 250 g is 750 g). What a line costs is the server's (the
// quote's or the order's bill); these only say how much is bought and what a price is for.
import { useSyncExternalStore } from 'react';
import { hasOrderTexts, language, t } from '../i18n';
import { localDigits } from './money';
import type { Adjustment, OrderItem, Sent, SoldBy } from './contract';
import { nameIn } from './catalogue';

/** Sold is what says how a product, or an order's product, is sold. */
export interface Sold {
  soldBy?: SoldBy;
  step?: number;
}

/** byWeight says whether the product is sold by weight. */
export const byWeight = (p: Sold): p is Sold & { step: number } => p.soldBy === 'weight' && (p.step ?? 0) > 0;

/** amountText writes how much of the product quantity is: its weight ("750 g") for goods sold by weight, else the count, in the language's digits. */
export const amountText = (p: Sold, quantity: number, count = (n: number) => localDigits(String(n), language())): string =>
  byWeight(p) ? t.product.grams(quantity * p.step) : count(quantity);

/** priceText is a price as the product is sold at it: "Rs. 180/kg" for goods sold by weight, else the price. */
export const priceText = (p: Sold, price: string): string => (byWeight(p) ? t.product.perKg(price) : price);

/**
 * weighed are the ids of the products sold by weight this browser has shown, kept across visits: a
 * cart's count takes each of them as one item, whatever its weight, though the cart holds only ids
 * and steps.
 */
const weighedKey = 'haat.weighed';
let weighed: Set<string> | undefined;
/** weighedVersion counts the changes of weighed, for the counts that follow it (useWeighedVersion). */
let weighedVersion = 0;
const weighedListeners = new Set<() => void>();

function weighedIds(): Set<string> {
  if (!weighed) {
    try {
      weighed = new Set(JSON.parse(localStorage.getItem(weighedKey) ?? '[]') as string[]);
    } catch {
      weighed = new Set();
    }
  }
  return weighed;
}

/** rememberWeighed notes how a product the shop shows is sold, for the cart's count. */
export function rememberWeighed(p: Sold & { _id: string }) {
  const ids = weighedIds();
  if (byWeight(p) === ids.has(p._id)) return;
  if (byWeight(p)) ids.add(p._id);
  else ids.delete(p._id);
  weighedVersion++;
  // Told after the render that noted it: the cart's count changes with it.
  queueMicrotask(() => weighedListeners.forEach((l) => l()));
  try {
    localStorage.setItem(weighedKey, JSON.stringify([...ids]));
  } catch {
    // A browser that keeps nothing counts by this visit's products.
  }
}

/** isWeighed says whether a product the shop has shown is sold by weight. */
export const isWeighed = (id: string): boolean => weighedIds().has(id);

/** packedDiffers is what was packed of an order's item, written as its amount ordered is, when it differs from what was ordered; '' otherwise. */
export function packedDiffers(it: Pick<OrderItem, 'product' | 'quantity' | 'packed'>): string {
  if (!it.packed) return '';
  const packed = packedText(it.product, it.packed);
  return packed === amountText(it.product, it.quantity) ? '' : packed;
}

/** packedText writes what was packed of an item: the scale's weight of goods sold by weight, else the count. */
const packedText = (p: Sold, packed: NonNullable<OrderItem['packed']>) => (byWeight(p) ? t.product.grams(packed.grams ?? 0) : amountText(p, packed.quantity));

const subscribeWeighed = (l: () => void) => {
  weighedListeners.add(l);
  return () => weighedListeners.delete(l);
};
const currentWeighed = () => weighedVersion;

/** useWeighedVersion changes when the shop learns that a product is sold by weight: a cart's count made before counts it again. */
export const useWeighedVersion = () => useSyncExternalStore(subscribeWeighed, currentWeighed, currentWeighed);

/** sentText writes what was sent instead of an item in the language shown: "Parsley × 2", or its weight for goods sold by weight ("Spinach 500 g"). */
export function sentText(s: Pick<Sent, 'product' | 'quantity' | 'grams'>): string {
  const name = nameIn(s.product, language());
  return byWeight(s.product) ? `${name} ${t.product.grams(s.grams ?? 0)}` : `${name} × ${localDigits(String(s.quantity), language())}`;
}

/**
 * adjustmentLabel names an adjustment of a bill in the language shown: what packing found of an
 * item (its weight, or how many were there) and what was sent instead of it, from the order's
 * items; the server's label otherwise, and for a substitute where the orders' texts are not loaded.
 */
export function adjustmentLabel(a: Adjustment, items: OrderItem[]): string {
  const it = items.find((i) => i.product._id === a.product);
  if (!it?.packed) return a.label;
  const name = nameIn(it.product, language());
  if (a.kind === 'substitute') return it.packed.substitute && hasOrderTexts() ? t.substitute.insteadOf(sentText(it.packed.substitute), name) : a.label;
  if (a.kind !== 'weight' && a.kind !== 'short') return a.label;
  return t.orders.packedOf(name, packedText(it.product, it.packed), amountText(it.product, it.quantity));
}
