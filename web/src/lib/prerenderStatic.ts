// react-dom/static's prerender, on Preact (vite-plugins.ts points react-dom/static here): the
// whole page's markup once everything it waits for (its lazy pages) has loaded.
import { renderToStringAsync } from 'preact-render-to-string';
import type { ReactNode } from 'react';
import type { VNode } from 'preact';

export async function prerender(node: ReactNode, options?: { onError?: (error: unknown) => void }): Promise<{ prelude: string }> {
  try {
    return { prelude: await renderToStringAsync(node as VNode) };
  } catch (error) {
    options?.onError?.(error);
    return { prelude: '' };
  }
}
