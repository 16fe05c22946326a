import { expect, test } from '@playwright/test';
import { products, settled } from './helpers';

// Nothing on a shopper's first screen may move once shown: the cumulative layout shift of a first
// load stays at most 0.02 (Lighthouse counts 0.1 as poor). A phone-sized window on a slow connection
// (150 ms, 1.6 Mbit/s), so that the page's code and the catalogue arrive late, as they do on 3G.

interface Shift {
  value: number;
  sources: string[];
}

declare global {
  interface Window {
    shifts: Shift[];
  }
}

test('the first load of the shop pages does not shift on a slow phone', async ({ page, request }) => {
  const product = (await products(request)).find((p) => p.inStock);
  if (!product) throw new Error('the demo catalogue has no product in stock');
  const pages = ['/', '/home', '/products', `/products/${product.category.toLowerCase()}/${product._id}`, '/cart'];

  await page.setViewportSize({ width: 360, height: 780 });
  await page.addInitScript(() => {
    window.shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node }[] })[]) {
        if (!e.hadRecentInput) window.shifts.push({ value: e.value, sources: e.sources.map((s) => (s.node instanceof Element ? s.node.outerHTML.slice(0, 100) : '')) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 90_000 });

  for (const path of pages) {
    await page.goto(path);
    await settled(page);
    const shifts = await page.evaluate(() => window.shifts);
    const total = shifts.reduce((n, s) => n + s.value, 0);
    expect(total, `${path} shifted by ${total.toFixed(3)}: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(0.02);
  }
});
