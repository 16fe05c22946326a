import { useEffect } from 'react';
import { t } from '../i18n';

/** useTitle names the page in the browser's tab and history: "Cart · Haat"; an empty page gives the store's own title. */
export function useTitle(page: string) {
  useEffect(() => {
    document.title = page ? `${page} · ${t.brand}` : `${t.brand} · ${t.tagline}`;
  }, [page]);
}

/** Title sets the page title where a hook cannot be called: in a branch of a component's output. */
export function Title({ page }: { page: string }) {
  useTitle(page);
  return null;
}
