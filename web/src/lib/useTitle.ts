import { useEffect } from 'react';
import { t } from '../i18n';
import { storeName, useStoreSettings } from './store';

/** pageTitle is the title of a page as the tab shows it: "Cart · Haat"; an empty page gives the store's own title. */
const pageTitle = (page: string, name: string) => (page ? `${page} · ${name}` : `${name} · ${t.tagline}`);

// renderedTitle is the title the page rendered at build time asked for, as no effect runs there.
let renderedTitle = '';

/** rendered notes the title of the page being rendered at build time (no document there). */
function rendered(title: string) {
  renderedTitle = title;
}

/** takeRenderedTitle is the title the page rendered at build time asked for (prerender.tsx writes it into the page), and forgets it. */
export function takeRenderedTitle(): string {
  const title = renderedTitle;
  renderedTitle = '';
  return title;
}

/** useTitle names the page in the browser's tab and history: "Cart · Haat"; an empty page gives the store's own title. */
export function useTitle(page: string) {
  const name = storeName(useStoreSettings());
  if (typeof document === 'undefined') rendered(pageTitle(page, name));
  useEffect(() => {
    document.title = pageTitle(page, name);
  }, [page, name]);
}

/** Title sets the page title where a hook cannot be called: in a branch of a component's output. */
export function Title({ page }: { page: string }) {
  useTitle(page);
  return null;
}
