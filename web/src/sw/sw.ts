// The storefront's service worker, built to /sw.js (vite-plugins.ts, serviceWorker): it lets a
// phone open the store without a connection and browse the pages it last saw, and it keeps no
// write and nothing of a shopper's (policy.ts decides what is kept).
//
// - Pages: from the network first, so that a new release shows at the next load; offline, the copy
//   kept of that page, else the app's shell (index.html), which draws any page from what is kept.
// - The build's files (/assets/, named by their content): kept once fetched, never asked again.
// - The catalogue's reads and pictures: from the network first; offline, the copy last seen.
//
// Each build names its own caches (BUILD, the hash of its index.html): the first load after a
// release installs the new worker, which takes over at once and drops the old build's files.
import { keepable, offlineHeader, shellFiles, strategy } from './policy';

/** BUILD names this build; the build writes it in (vite-plugins.ts). */
declare const BUILD: string;

// The few parts of the service worker's scope used here (the DOM's types have no worker scope).
interface ExtendableEvent extends Event {
  waitUntil(p: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(r: Promise<Response>): void;
}
interface MessageEvent extends ExtendableEvent {
  readonly data: unknown;
}
interface WorkerScope {
  readonly location: Location;
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', fn: (e: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', fn: (e: FetchEvent) => void): void;
  addEventListener(type: 'message', fn: (e: MessageEvent) => void): void;
}
const worker = self as unknown as WorkerScope;

/**
 * The caches: this build's shell and files, this build's pages, and the catalogue last seen, which
 * is kept across builds. Pages and the catalogue keep their newest answers only, the oldest dropped
 * first: a page not kept opens from the shell, which draws every page alike.
 */
const shellCache = `haat-shell-${BUILD}`;
const pagesCache = `haat-pages-${BUILD}`;
const dataCache = 'haat-data';
const limits: Record<string, number> = { [pagesCache]: 40, [dataCache]: 400 };
/** buildCaches are the prefixes of the caches named by their build, dropped when another build takes over. */
const buildCaches = ['haat-shell-', 'haat-pages-'];
/** shell is the app's page with no page drawn in it, which the app draws any page into. */
const shell = '/index.html';

worker.addEventListener('install', (e) => {
  e.waitUntil(
    (async () => {
      const cache = await caches.open(shellCache);
      const res = await fetch(shell, { cache: 'no-cache' });
      if (!res.ok) throw new Error(`${shell}: ${res.status}`);
      const files = shellFiles(await res.clone().text());
      await cache.put(shell, res);
      await cache.addAll(files);
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener('activate', (e) => {
  e.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (buildCaches.some((prefix) => name.startsWith(prefix)) && name !== shellCache && name !== pagesCache) await caches.delete(name);
      }
      await worker.clients.claim();
    })(),
  );
});

/** puts counts the answers kept since the worker started: the caches are trimmed every so often. */
let puts = 0;

/**
 * keep puts an answer in the cache named, when it may be kept, and now and then drops the oldest
 * answers of a cache that keeps only so many. A cache that fails (the phone's storage full) only
 * means the answer is not kept.
 */
async function keep(request: Request | string, res: Response, name: string) {
  if (!keepable(res)) return;
  try {
    const cache = await caches.open(name);
    await cache.put(request, res);
    const limit = limits[name];
    if (limit && ++puts % 10 === 0) {
      const keys = await cache.keys();
      for (const old of keys.slice(0, Math.max(0, keys.length - limit))) await cache.delete(old);
    }
  } catch {
    // Not kept: the next visit online keeps it.
  }
}

/**
 * fromNetwork answers from the network and keeps the answer in the cache named (after answering);
 * offline, the copy kept, else fallback's, marked as kept (offlineHeader).
 */
async function fromNetwork(e: FetchEvent, name: string, fallback?: string): Promise<Response> {
  try {
    const res = await fetch(e.request);
    e.waitUntil(keep(e.request, res.clone(), name));
    return res;
  } catch (err) {
    const copy = (await caches.match(e.request, { ignoreVary: true })) ?? (fallback && (await caches.match(fallback)));
    if (!copy) throw err;
    const headers = new Headers(copy.headers);
    headers.set(offlineHeader, '1');
    return new Response(copy.body, { status: copy.status, statusText: copy.statusText, headers });
  }
}

/** fromCache answers a file of the build from the cache, else from the network, keeping it. */
async function fromCache(e: FetchEvent): Promise<Response> {
  const copy = await caches.match(e.request);
  if (copy) return copy;
  const res = await fetch(e.request);
  e.waitUntil(keep(e.request, res.clone(), shellCache));
  return res;
}

worker.addEventListener('fetch', (e) => {
  const r = e.request;
  switch (strategy(r.method, new URL(r.url), worker.location.origin, r.mode === 'navigate')) {
    case 'page':
      return e.respondWith(fromNetwork(e, pagesCache, shell));
    case 'asset':
      return e.respondWith(fromCache(e));
    case 'read':
      return e.respondWith(fromNetwork(e, dataCache));
  }
});

// The page tells the worker what it loaded before the worker took it over (lib/online.ts): the
// page, its files and its reads of that first visit are kept too, so that it opens offline as well.
// The build's files come from the browser's cache; the page and the reads are asked again.
worker.addEventListener('message', (e) => {
  const m = e.data as { page?: unknown; files?: unknown } | null;
  if (typeof m?.page !== 'string' || !Array.isArray(m.files)) return;
  const origin = worker.location.origin;
  const loaded: [unknown, boolean][] = [[m.page, true], ...m.files.map((f): [unknown, boolean] => [f, false])];
  e.waitUntil(
    Promise.all(
      loaded.map(async ([address, page]) => {
        if (typeof address !== 'string') return;
        const url = new URL(address, origin);
        url.hash = '';
        const kind = strategy('GET', url, origin, page);
        if (kind === 'pass' || (await caches.match(url.href))) return;
        try {
          await keep(url.href, await fetch(url.href), kind === 'read' ? dataCache : kind === 'page' ? pagesCache : shellCache);
        } catch {
          // Offline already: what was not kept is kept at the next visit.
        }
      }),
    ),
  );
});
