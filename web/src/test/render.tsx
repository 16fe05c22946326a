import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from '../lib/router';
import { Toaster } from 'react-hot-toast';
import { vi } from 'vitest';
import { AppProvider } from '../app/context';
import App from '../app/App';
import type { Bill, CartQuoteRequest, Product, Quote } from '../lib/contract';
import { paths } from '../lib/paths';
import { demoSettings } from './demo';

export const rice: Product = {
  _id: 'rice',
  name: 'Jumla Red Rice',
  category: 'Grains',
  price: 320,
  offerPrice: 295,
  image: ['/media/catalogue/jumla-rice.webp'],
  description: ['Hill-grown red rice from Jumla'],
  weight: '1 kg',
  inStock: true,
  stockOn: true,
  createdAt: '2026-11-22T10:00:00Z',
};

/** bill is an order's bill as the server sends it: the figures given (major units), the others 0 or empty. */
export const bill = (b: Partial<Bill>): Bill => ({ taxRule: 'flat', lines: [], subtotal: 0, deliveryFee: 0, adjustments: [], discount: 0, taxable: 0, exempt: 0, tax: 0, total: 0, ...b });

export type Handler = (body: unknown, query: URLSearchParams) => { status?: number; json: unknown };

/**
 * catalogue answers the storefront's product calls from products, newest first, as the server
 * does: pages of a search (products in stock, by category and by a name containing q, ignoring
 * case; the cursor is where the page before ended) and look-ups by id (in the order asked, out of
 * stock too).
 */
export function catalogue(products: Product[]): Record<string, Handler> {
  return {
    'GET /api/product/search': (_, query) => {
      const q = (query.get('q') ?? '').toLowerCase();
      const category = (query.get('category') ?? '').toLowerCase();
      const limit = Number(query.get('limit') ?? 24);
      const start = Number(query.get('cursor') ?? 0);
      const found = products.filter(
        (p) =>
          p.inStock &&
          (category === '' || p.category.toLowerCase() === category) &&
          [p.name, p.nameNe ?? ''].some((n) => n.toLowerCase().includes(q)),
      );
      const page = found.slice(start, start + limit);
      const next = start + limit < found.length ? { nextCursor: String(start + limit) } : {};
      return { json: { success: true, products: page, ...next } };
    },
    'GET /api/product/get': (_, query) => ({
      json: { success: true, products: query.getAll('id').flatMap((id) => products.filter((p) => p._id === id)) },
    }),
  };
}

/**
 * quote is a stand-in for the server's quote of a cart in a store with no delivery rules under the
 * flat rule: figures given in major units, the rest 0. A test of other figures serves its own.
 */
export const quote = (q: Partial<Quote>): Quote => ({
  lines: [],
  taxRule: 'flat',
  subtotal: 0,
  deliveryFee: 0,
  tax: 0,
  adjustments: [],
  discount: 0,
  total: 0,
  missingForFree: 0,
  credit: 0,
  creditUsed: 0,
  toPay: q.total ?? 0,
  ...q,
});

/**
 * quoting answers POST /api/cart/quote as a store without delivery rules under the flat rule
 * would, for products found by lookup (GET /api/product/get): the stand-in server of tests that
 * do not look at the figures, with the spec's 2% worked out in whole cents.
 */
function quoting(lookup: Handler): Handler {
  return (body) => {
    const { items } = body as CartQuoteRequest;
    const answer = lookup(undefined, new URLSearchParams(items.map((i) => ['id', i.product]))).json as { products: Product[] };
    const cents = (n: number) => Math.round(n * 100);
    const lines = items.map((i) => {
      const p = answer.products.find((x) => x._id === i.product);
      const q = Number(i.quantity);
      if (!p?.inStock) return { product: i.product, quantity: q, amount: 0, reason: `${p?.name ?? 'Product'} is out of stock` };
      return { product: i.product, quantity: q, amount: (cents(p.offerPrice) * q) / 100 };
    });
    const subtotal = lines.reduce((sum, l) => sum + cents(l.amount), 0);
    const tax = Math.floor((4 * subtotal + 100) / 200);
    return { json: { success: true, quote: quote({ lines, subtotal: subtotal / 100, tax: tax / 100, total: (subtotal + tax) / 100 }) } };
  };
}

/**
 * serveApi stubs fetch with answers per "METHOD /path" (the query string apart, given to the
 * handler); unknown calls answer 404. The products are those of catalogue([rice]) unless handlers
 * answer them. Returns the calls made, each keyed by method and path with its query string.
 */
export function serveApi(handlers: Record<string, Handler>) {
  const calls: { key: string; body: unknown }[] = [];
  const defaults: Record<string, Handler> = {
    ...catalogue([rice]),
    'GET /api/config': () => ({ json: { success: true, currency: 'USD', currencySymbol: '$' } }),
    'GET /api/settings': () => ({ json: { success: true, settings: demoSettings } }),
    'GET /api/user/session': () => ({ json: { success: true, user: null } }),
    'GET /api/seller/session': () => ({ json: { seller: null, success: true } }),
  };
  defaults['POST /api/cart/quote'] = quoting(handlers['GET /api/product/get'] ?? defaults['GET /api/product/get']!);
  vi.stubGlobal('fetch', (path: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${path}`;
    const [route = '', query = ''] = key.split('?');
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    calls.push({ key, body });
    const h = handlers[key] ?? handlers[route] ?? defaults[key] ?? defaults[route];
    const answer = h ? h(body, new URLSearchParams(query)) : { status: 404, json: { success: false, message: 'Not Found' } };
    return Promise.resolve(new Response(JSON.stringify(answer.json), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } }));
  });
  return calls;
}

/** renderApp renders ui inside the app's providers at route. */
export function renderApp(ui: ReactElement, route = '/', path = '*') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>
        <AppProvider>
          <Toaster />
          <Routes>
            <Route path={path} element={ui} />
          </Routes>
        </AppProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** renderStore renders the whole storefront, with its routes, at route. */
export function renderStore(route: string = paths.home) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>
        <AppProvider>
          <App />
          <Location />
        </AppProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function Location() {
  const { pathname, search } = useLocation();
  return (
    <>
      <output data-testid="location">{pathname}</output>
      <output data-testid="query">{search || null}</output>
    </>
  );
}
