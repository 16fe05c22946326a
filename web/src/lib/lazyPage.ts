import { lazy, type ComponentType } from 'react';

/** Loadable is a page whose code can be asked for before the page is drawn: undefined once it is there. */
export type Loadable = { load: () => Promise<unknown> | undefined };

/**
 * lazyPage is a page loaded when first shown (React's lazy) whose code a navigation can load
 * before showing it: the router keeps the page shown until then (app/router.tsx), where the
 * page's Suspense would otherwise put a spinner in its place while the code is on its way.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a page takes any props
export function lazyPage<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  let loading: Promise<{ default: T }> | undefined;
  let loaded = false;
  const once = () =>
    (loading ??= load().then((page) => {
      loaded = true;
      return page;
    }));
  return Object.assign(lazy(once), { load: () => (loaded ? undefined : once()) } satisfies Loadable);
}
