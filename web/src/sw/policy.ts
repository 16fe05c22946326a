// What the service worker (sw.ts) does with each request, decided here so that it can be tested
// without a worker. Only reads are ever kept: the storefront's own files, its pages, and the
// catalogue that every visitor is shown alike. Nothing of a shopper's or a seller's is.

/**
 * offlineHeader marks an answer the service worker gave from what it kept, because the network
 * failed: the page then knows it is offline, whatever the browser says (lib/api.ts).
 */
export const offlineHeader = 'X-Haat-Offline';

/** Strategy is how the service worker answers a request. */
export type Strategy =
  /** a page of the storefront: from the network, else the copy kept of it, else the app's shell */
  | 'page'
  /** a file of the build, named by its content's hash: from the copy kept, else the network */
  | 'asset'
  /** a read of the catalogue, or one of its pictures: from the network, else the copy kept */
  | 'read'
  /** anything else: left to the browser, and never kept */
  | 'pass';

/**
 * catalogueReads are the API's reads that answer every visitor alike and that the catalogue's pages
 * are drawn from: the store's settings, the product search and look-up, the delivery slots.
 */
const catalogueReads = ['/api/config', '/api/settings', '/api/product/list', '/api/product/search', '/api/product/get', '/api/slot/list'];

/** privatePages are the pages whose copy is never kept: the seller's area, where nothing is for offline use. */
const privatePages = /^\/seller(\/|$)/;

/**
 * strategy is how a request is answered: method, its address, and whether it is a navigation (a
 * page loaded). Only GETs of this origin are ever kept.
 */
export function strategy(method: string, url: URL, origin: string, navigation: boolean): Strategy {
  if (method !== 'GET' || url.origin !== origin) return 'pass';
  const path = url.pathname;
  if (navigation) return privatePages.test(path) ? 'pass' : 'page';
  if (path.startsWith('/assets/')) return 'asset';
  if (catalogueReads.includes(path)) return 'read';
  if (path.startsWith('/media/catalogue/') || path.startsWith('/media/uploads/')) return 'read';
  return 'pass';
}

/**
 * keepable says whether an answer may be kept: a whole, successful answer from this origin that
 * does not say it is the visitor's own (Cache-Control: private).
 */
export function keepable(res: Response): boolean {
  return res.status === 200 && res.type === 'basic' && !/\bprivate\b/i.test(res.headers.get('Cache-Control') ?? '');
}

/** shellFiles are the build's files that the app's shell (index.html) loads: its scripts, styles and icon. */
export function shellFiles(html: string): string[] {
  const files = new Set<string>();
  for (const m of html.matchAll(/<(?:script|link)\b[^>]*?\s(?:src|href)="(\/[^"]+)"/g)) {
    const file = m[1]!;
    if (file.startsWith('/assets/')) files.add(file);
  }
  return [...files];
}
