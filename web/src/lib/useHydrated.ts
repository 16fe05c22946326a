import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

const never = () => () => {};

/** settled is false from the moment the page's code takes over a page rendered ahead (takeOver) until that is done. */
let settled = true;

/** takeOver says the page's code is about to take over the page rendered ahead (main.tsx): useHydrated is false until it has. */
export function takeOver() {
  settled = false;
}

/**
 * useHydrated is false while the browser takes over a page rendered ahead at build time
 * (prerender.tsx): that render must draw exactly what the build drew, for a guest with nothing in
 * this browser yet. Right after, and on any page drawn in the browser alone, it is true: what only
 * this browser knows (a guest's cart, today's date) shows from then on.
 *
 * The render that shows it is a transition, drawn in slices like the taking over itself: React
 * would draw a store's change (useSyncExternalStore) in one piece, holding a phone's main thread
 * for as long as the whole page takes to draw.
 */
export function useHydrated(): boolean {
  // While taking over, React reads the server's value (false), and after it the same as long as
  // the page is not settled: no change for React to draw at once.
  const now = useSyncExternalStore(
    never,
    () => settled,
    () => false,
  );
  const [after, setAfter] = useState(false);
  useEffect(() => {
    if (!now) startTransition(() => setAfter(true));
  }, [now]);
  useEffect(() => {
    if (after) settled = true;
  }, [after]);
  return now || after;
}

/**
 * useAsRenderedAhead is a query's result, except while a page rendered ahead is taken over: then
 * it is still loading, as the build drew it, even when the answer has come in meanwhile (the
 * page's code may load after the API answered). The answer shows right after.
 */
export function useAsRenderedAhead<R extends { data: unknown; isPending: boolean }>(result: R): R {
  return useHydrated() ? result : { ...result, data: undefined, isPending: true, status: 'pending' };
}
