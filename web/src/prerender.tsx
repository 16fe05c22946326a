// The build renders the pages a visit most often starts on to HTML ahead of time (npm run build,
// scripts/prerender.mjs), in each language, so that a phone shows them before any script has run;
// main.tsx then takes the page over where it stands (hydrateRoot).
import { prerender } from 'react-dom/static';
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StaticRouter } from './app/router';
import App from './app/App';
import { AppProvider } from './app/context';
import { paths } from './app/paths';
import { setLanguage, type Language } from './i18n';
import { takeRenderedTitle } from './lib/useTitle';
import { configKeys } from './lib/config';
import { buildAhead, markerSettings } from './lib/store';

/** prerenderedPages are the pages rendered ahead: the landing page and the shop's front page. */
export const prerenderedPages = [paths.landing, paths.home];

/**
 * render is the markup of the page at url in lang, as a guest's first visit shows it before any
 * answer of the API but with the store's settings as markers, and the page's title in that language.
 */
export async function render(url: string, lang: Language): Promise<{ markup: string; title: string }> {
  await setLanguage(lang);
  // The store's settings are markers, which the server fills with the current ones (api/ahead.go).
  buildAhead();
  const client = new QueryClient();
  client.setQueryData(configKeys.settings, { success: true, settings: markerSettings() });
  const page = (
    <QueryClientProvider client={client}>
      <StaticRouter location={url}>
        <AppProvider>
          <App />
        </AppProvider>
      </StaticRouter>
    </QueryClientProvider>
  );
  // The first render waits for the page's code to load; once loaded, the page renders at once, all
  // of it in place (a render that streams would move a part holding pictures behind a script).
  const errors: unknown[] = [];
  await prerender(page, { onError: (error) => void errors.push(error) });
  if (errors.length) throw new Error(`${url} (${lang}) failed to render`, { cause: errors[0] });
  takeRenderedTitle();
  const html = renderToString(page);
  if (html.includes('<template')) throw new Error(`${url} (${lang}) still waits for something once its code is loaded`);
  const title = takeRenderedTitle();
  if (!title) throw new Error(`${url} (${lang}) names no title (useTitle)`);
  return { markup: html, title };
}

export { LANGUAGES } from './lib/contract';
