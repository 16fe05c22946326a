import { gzipSync } from 'node:zlib';
import { expect, test, type Page, type Request } from '@playwright/test';
import { settled } from './helpers';

// What a shopper's phone downloads to show the landing page and the home page the first time: an
// empty cache, a 360 px wide window, English. Sizes are the bytes on the wire as the browser counts
// them: scripts and styles compressed as the server sends them (brotli, which Chromium takes, else
// gzip). 1 KB is 1000 bytes, as vite's build output counts.
//
// The script budget is where the storefront stands, not where it should end. Lower it as the first
// load shrinks; don't raise it to let a change in. On React 19, whose react-dom was about half of
// every first load (about 51 KB in brotli), it went from 108 to 110 KB once, when the store's name,
// promises, claims and legal details became the seller's settings, read by every page (108.1 KB
// measured then), and to 111 KB when the English texts of the account page, the address book and
// the newsletter joined the catalogue every page loads (110.5 KB measured on /home then). It came
// down to 109 KB when the seller area's strings left that catalogue to load with the area (108.0 KB
// measured on /home, goods sold by weight included), and stayed there when staff, riders and
// Fonepay came (which split TanStack's mutations and react-hot-toast into chunks of their own,
// 110.3 KB) because the account page's, the help centre's and the invoices' strings left the
// catalogue to load with their pages. Sale prices and coupons took /home to 109.2 KB; the payment
// statuses' strings left for the pages of orders, and the sign-in dialog's for the dialog, which
// loads them with it (108.6 KB then). It came down to 107 KB when toasts (react-hot-toast) left the
// first load to come with the first toast a visit shows, as the first products came to be drawn
// into the pages (106.4 KB on /home). On 2026-12-01 the storefront came to run on Preact through
// its React layer (preact/compat, about 8 KB in brotli, in place of react-dom): 103.1 KB on / and
// 106.7 KB on /home before, 52.1 and 55.6 KB after, and the budget came down to 60 KB (issue 32
// asked for 95). On 2026-12-07 it went back to React 19 itself, as the store's brief asks (issue
// 46: no renderer in React's place, nothing reading a renderer's private fields): 103.6 KB on / and
// 107.2 KB on /home, and the budget went to 115 KB, the price of react-dom; the first paint still
// comes from the server's HTML. `npm run report` in web/ shows what each chunk holds.
const KB = 1000;
const budgets = {
  script: 115 * KB, // every script the page loads before another route is visited, compressed
  stylesheet: 12 * KB, // every stylesheet, compressed
  total: 250 * KB, // everything: HTML, scripts, styles, API answers, images, fonts (bodies and headers)
};

interface Loaded {
  url: string;
  type: string;
  body: number;
  headers: number;
}

/** firstLoad opens path in a fresh page and lists every response of its first load. */
async function firstLoad(page: Page, path: string): Promise<Loaded[]> {
  const pending: Promise<Loaded>[] = [];
  const measure = async (r: Request): Promise<Loaded> => {
    const s = await r.sizes();
    return { url: r.url(), type: r.resourceType(), body: s.responseBodySize, headers: s.responseHeadersSize };
  };
  page.on('requestfinished', (r) => pending.push(measure(r)));
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(path);
  await settled(page);
  return Promise.all(pending);
}

const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;
const short = (url: string) => new URL(url).pathname + new URL(url).search;

/** over names the budget, what was measured and the biggest contributors, when a budget is exceeded. */
function over(path: string, name: keyof typeof budgets, rows: Loaded[], size: (l: Loaded) => number): string | undefined {
  const measured = rows.reduce((n, l) => n + size(l), 0);
  if (measured <= budgets[name]) return undefined;
  const biggest = [...rows]
    .sort((a, b) => size(b) - size(a))
    .slice(0, 8)
    .map((l) => `    ${kb(size(l)).padStart(9)}  ${l.type.padEnd(10)} ${short(l.url)}`)
    .join('\n');
  return `${path}: ${name} budget ${kb(budgets[name])} exceeded: measured ${kb(measured)}. Biggest contributors:\n${biggest}`;
}

for (const path of ['/', '/home']) {
  test(`${path} stays within the first-load budgets on a phone`, async ({ page }) => {
    const rows = await firstLoad(page, path);
    const scripts = rows.filter((l) => l.type === 'script');
    // The store's stylesheet comes inside the page (a <style> the build writes into it): counted as
    // a stylesheet at its gzipped size, beside any stylesheet file (the page's own size holds it too).
    const inline = await page.evaluate(() => [...document.querySelectorAll('head > style:not([id])')].map((s) => s.textContent ?? '').join(''));
    const inlineStyle: Loaded = { url: new URL(path, page.url()).href + '#inline-style', type: 'stylesheet', body: inline ? gzipSync(inline, { level: 9 }).length : 0, headers: 0 };
    const styles = [...rows.filter((l) => l.type === 'stylesheet'), inlineStyle];
    expect(inline.length, 'the stylesheet written into the page').toBeGreaterThan(1000);
    const body = (l: Loaded) => l.body;
    const wire = (l: Loaded) => l.body + l.headers;
    const sum = (ls: Loaded[], f: (l: Loaded) => number) => ls.reduce((n, l) => n + f(l), 0);
    console.log(
      `${path}: scripts ${kb(sum(scripts, body))} (${scripts.length} files), stylesheets ${kb(sum(styles, body))}, ` +
        `everything ${kb(sum(rows, wire))} (${rows.length} responses)`,
    );
    const failures = [over(path, 'script', scripts, body), over(path, 'stylesheet', styles, body), over(path, 'total', rows, wire)];
    expect(failures.filter(Boolean).join('\n\n'), 'first-load budgets').toBe('');
  });
}
