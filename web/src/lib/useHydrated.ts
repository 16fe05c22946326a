import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * useHydrated is false while the browser takes over a page rendered ahead at build time
 * (prerender.tsx): that render must draw exactly what the build drew, for a guest with nothing in
 * this browser yet. Right after, and on any page drawn in the browser alone, it is true: what only
 * this browser knows (a guest's cart, today's date) shows from then on.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );

/**
 * useAsRenderedAhead is a query's result, except while a page rendered ahead is taken over: then
 * it is still loading, as the build drew it, even when the answer has come in meanwhile (the
 * page's code may load after the API answered). The answer shows right after.
 */
export function useAsRenderedAhead<R extends { data: unknown; isPending: boolean }>(result: R): R {
  return useHydrated() ? result : { ...result, data: undefined, isPending: true, status: 'pending' };
}
