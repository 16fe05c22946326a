import { expect, test, type Page } from '@playwright/test';
import { products } from './helpers';

// A phone on a slow network: 400 ms round trips and 400 kbit/s each way (Chromium's network
// emulation), an empty cache, 360 px wide. The first product of the shop's list, of a category, of
// a product's page and of the front page's Best Sellers shows within 2.5 s of navigation, and its
// photo within 3.5 s: the server draws the first products into the page's HTML and asks for the
// first photo ahead of the scripts (api/cards.go), so neither waits for the page's code. Its Add
// button, which does nothing until React has taken the page over, works within 6 s.
const slow = { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 };

/**
 * firstProduct opens path on the slow network and returns when, in ms after navigation, the first
 * product's name and its photo showed, and when the first Add button in addIn could be used.
 */
async function firstProduct(page: Page, path: string, product: string, addIn: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', slow);
  await page.goto(path, { waitUntil: 'commit' });
  const at = (check: string) =>
    page
      .waitForFunction(
        ([selector, what]) => {
          const el = document.querySelector(selector);
          if (what === 'add') {
            const add = [...(el?.querySelectorAll('button') ?? [])].find((b) => b.textContent?.trim().startsWith('Add'));
            return add && !add.disabled ? performance.now() : 0;
          }
          const img = el?.querySelector('img:not([alt=""])') as HTMLImageElement | null;
          const shown = what === 'name' ? !!el?.textContent?.trim() : !!img && img.complete && img.naturalWidth > 0;
          return shown ? performance.now() : 0;
        },
        [check === 'add' ? addIn : product, check],
        { timeout: 30_000, polling: 50 },
      )
      .then((h) => h.jsonValue() as Promise<number>);
  const [name, photo, add] = await Promise.all([at('name'), at('photo'), at('add')]);
  return { name: Math.round(name), photo: Math.round(photo), add: Math.round(add) };
}

test('the first products show at once on a slow phone', async ({ browser, request }) => {
  const product = (await products(request)).find((p) => p.inStock)!;
  const category = `/products/${product.category.toLowerCase()}`;
  const pages = [
    ['/products', 'main article', 'main article'],
    [category, 'main article', 'main article'],
    [`${category}/${product._id}`, 'main:has(h1) h1 ~ *, main [data-ahead-cards]:has(h1)', 'main'],
    ['/home', 'section[aria-labelledby="best"] article', 'section[aria-labelledby="best"] article'],
  ];
  const times: string[] = [];
  for (const [path, card, addIn] of pages) {
    const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const page = await context.newPage();
    const t = await firstProduct(page, path, card, addIn);
    times.push(`${path}: name ${t.name} ms, photo ${t.photo} ms, Add works ${t.add} ms`);
    expect.soft(t.name, `${path}: the first product's name`).toBeLessThanOrEqual(2500);
    expect.soft(t.photo, `${path}: the first product's photo`).toBeLessThanOrEqual(3500);
    expect.soft(t.add, `${path}: the first product's Add button`).toBeLessThanOrEqual(6000);
    await context.close();
  }
  console.log(times.join('\n'));
});
