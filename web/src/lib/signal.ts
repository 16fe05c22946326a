/**
 * Signal is news one feature gives (a shopper signed in, an order was placed) that others follow.
 * The features that follow are connected in app/ (app/wiring.ts), so the feature that gives the
 * news never imports them.
 */
export interface Signal<A extends unknown[]> {
  /** follow has listener told the news from now on; it answers the function that stops it. */
  follow(listener: (...args: A) => void): () => void;
  /** tell gives the news to every listener, in the order they came. */
  tell(...args: A): void;
}

/** signal is a new Signal nobody follows yet. */
export function signal<A extends unknown[]>(): Signal<A> {
  const listeners = new Set<(...args: A) => void>();
  return {
    follow(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    tell(...args) {
      for (const l of listeners) l(...args);
    },
  };
}
