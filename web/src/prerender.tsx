// The build renders the pages a visit most often starts on to HTML ahead of time (npm run build,
// scripts/prerender.mjs), in each language, so that a phone shows them before any script has run;
// main.tsx then takes the page over where it stands (hydrateRoot).
import { prerender } from 'react-dom/static';
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StaticRouter } from './lib/router';
import App from './app/App';
import { AppProvider } from './app/context';
import { paths } from './lib/paths';
import { setLanguage, type Language } from './i18n';
import { takeRenderedTitle } from './lib/useTitle';
import { configKeys } from './lib/config';
import { buildAhead, markerSettings } from './lib/store';
import { CATEGORIES } from './lib/contract';
import { aheadCard, aheadDetail, EAGER_CARDS } from './features/catalogue';
import { t } from './i18n';
import { nepaliUnits } from './i18n/weight';

/**
 * prerenderedPages are the pages rendered ahead, by the file each is kept in (prerendered/<language>
 * <file>.html): the landing page, the shop's front page, its list, each category's, and one
 * product's page, which the server sends for every product (api/static.go); it draws the first
 * products of the lists, and the product, into them (api/cards.go). code is the page's own module
 * under src/, which the page preloads (vite-plugins.ts).
 */
export const prerenderedPages: { url: string; file: string; code: string }[] = [
  { url: paths.landing, file: '/index', code: 'features/catalogue/Landing.tsx' },
  { url: paths.home, file: paths.home, code: 'features/catalogue/Home.tsx' },
  { url: paths.products, file: paths.products, code: 'features/catalogue/Products.tsx' },
  ...CATEGORIES.map((c) => ({ url: paths.category(c), file: paths.category(c), code: 'features/catalogue/Category.tsx' })),
  { url: paths.product({ _id: 'ahead', category: CATEGORIES[0] }), file: '/product', code: 'features/catalogue/ProductDetail.tsx' },
];

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

/** marker is how a text of the card book holds its value, which the server fills. */
const marker = (key: string) => `\ue000${key}\ue001`;

/**
 * renderCards is the card book of lang, as JSON: the product card of a page's list and of a
 * section's, drawn with markers, and the texts a card is worded with, for the server to draw the
 * first products of a page with (api/cards.go).
 */
export async function renderCards(lang: Language): Promise<string> {
  await setLanguage(lang);
  buildAhead();
  // React puts a preload of an eager image first; the server writes its own for the first photo.
  const draw = (ui: React.ReactNode) =>
    renderToString(
      <QueryClientProvider client={new QueryClient()}>
        <StaticRouter location={paths.products}>
          <AppProvider>{ui}</AppProvider>
        </StaticRouter>
      </QueryClientProvider>,
    ).replace(/^(<link [^>]*>)+/, '');
  return JSON.stringify({
    list: { html: draw(aheadCard('h2')), eager: EAGER_CARDS },
    section: { html: draw(aheadCard('h3')), eager: 0 },
    detail: draw(aheadDetail()),
    categories: t.categoryName,
    perKg: t.product.perKg(marker('price')),
    save: t.product.save(marker('amount')),
    sizes: t.product.sizes(marker('n') as unknown as number),
    onlyLeft: t.product.onlyLeft(marker('n') as unknown as number),
    showImage: t.product.showImage(marker('n') as unknown as number),
    units: lang === 'ne' ? nepaliUnits : {},
  });
}
