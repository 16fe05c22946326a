import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PAGES, type PageName } from './contract';
import { paths, routes } from './paths';

/** matches tells whether a path matches a page's pattern as the server and the router do: any case, ":name" one segment. */
const matches = (pattern: string, path: string) => {
  const want = pattern.split('/');
  const got = (path.split('?')[0] ?? '').split('/');
  return want.length === got.length && want.every((w, i) => (w.startsWith(':') ? got[i] !== '' : w.toLowerCase() === got[i]?.toLowerCase()));
};

describe('pages', () => {
  it('routes every page of the server’s list, and only those', () => {
    const routed = new Map<string, string>();
    for (const [name, pattern] of Object.entries(routes)) {
      if (typeof pattern === 'string') routed.set(name, name === 'seller' ? PAGES.seller : pattern);
    }
    for (const [name, pattern] of Object.entries(routes.sellerPages)) routed.set(name, `${PAGES.seller}/${pattern}`);
    expect(Object.fromEntries(routed)).toEqual(PAGES);
    expect(routes.seller).toBe('/seller/*');
  });

  it('builds every link to a page of the list', () => {
    const built: [PageName, string][] = [
      ['landing', paths.landing],
      ['home', paths.home],
      ['products', paths.products],
      ['category', paths.category('Fruits')],
      ['product', paths.product({ _id: '01ABC', category: 'Fruits' })],
      ['cart', paths.cart],
      ['addAddress', paths.addAddress],
      ['myOrders', paths.myOrders],
      ['myOrderInvoice', paths.myOrderInvoice('01ABC')],
      ['account', paths.account],
      ['contact', paths.help('delivery')],
      ['loader', paths.loader],
      ['payQR', paths.payQR('fonepay', '01ABCDEFGHJKMNPQRSTV')],
      ['seller', paths.seller.root],
      ['sellerDashboard', paths.seller.dashboard],
      ['sellerProductList', paths.seller.productListWith({ stock: 'low' })],
      ['sellerProductList', paths.seller.archived],
      ['sellerEditProduct', paths.seller.editProduct('01ABC')],
      ['sellerOrders', paths.seller.orders],
      ['sellerPack', paths.seller.pack],
      ['sellerOrderSlip', paths.seller.orderSlip(10482)],
      ['sellerOrderInvoice', paths.seller.orderInvoice(10482)],
      ['sellerSlots', paths.seller.slots],
      ['sellerCash', paths.seller.cash],
      ['sellerSettings', paths.seller.settings],
      ['sellerImport', paths.seller.import],
      ['sellerLaunch', paths.seller.launch],
      ['sellerStaff', paths.seller.staff],
      ['sellerClaims', paths.seller.claims],
      ['sellerCoupons', paths.seller.coupons],
      ['rider', paths.rider],
    ];
    for (const [name, path] of built) expect(matches(PAGES[name], path), `${name}: ${path}`).toBe(true);
    expect(new Set(built.map(([name]) => name))).toEqual(new Set(Object.keys(PAGES)));
  });

  // The routers take every route from the list: a route written with a path of its own would be a
  // page the server answers 404 for.
  it.each(['src/app/App.tsx', 'src/features/seller/SellerArea.tsx'])('%s routes no path of its own', (file) => {
    const source = readFileSync(file, 'utf8');
    const own = [...source.matchAll(/<Route\b[^>]*\bpath=(\{[^}]*\}|"[^"]*"|'[^']*')/g)].map((m) => m[1] ?? '').filter((p) => p !== '"*"' && !p.startsWith('{routes'));
    expect(own).toEqual([]);
  });
});
