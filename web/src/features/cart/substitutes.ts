// What the shopper wants if an item is not there at packing, per product: kept in this browser, so
// that a product's line offers the shopper's last choice for it; a product without one takes the
// store's default (the server's, when the order says nothing). A choice is 'best', 'none' or a
// product's id.
import { useSyncExternalStore } from 'react';

const key = 'haat.substitutes';
const listeners = new Set<() => void>();
let chosen: Record<string, string> | undefined;

function read(): Record<string, string> {
  if (!chosen) {
    try {
      chosen = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, string>;
    } catch {
      chosen = {};
    }
  }
  return chosen;
}

/** chooseSubstitute keeps what the shopper wants if the product is not there, for this order and the next. */
export function chooseSubstitute(product: string, substitute: string) {
  chosen = { ...read(), [product]: substitute };
  try {
    localStorage.setItem(key, JSON.stringify(chosen));
  } catch {
    // A browser that keeps nothing still sends the choice with this order.
  }
  listeners.forEach((l) => l());
}

/** chosenSubstitute is the shopper's last choice for the product, if any. */
export const chosenSubstitute = (product: string): string | undefined => read()[product];

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** useSubstitutes is every choice kept; components render again when one changes. */
export const useSubstitutes = () => useSyncExternalStore(subscribe, read, read);
