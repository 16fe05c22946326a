import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { problems, products } from './helpers';

// With the service worker, as a shopper's phone runs the store (the other tests leave it out:
// playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

// The landing page and /home come rendered ahead: a phone shows them before any script has run,
// in the language this browser chose, and the page's code then takes them over where they stand,
// with nothing logged and nothing redrawn.

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });

  test('the landing page and the front page are there before any script runs', async ({ page, context }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'The weekly haat, open every day at your door' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start Shopping' })).toHaveAttribute('href', '/home');

    await page.goto('/home');
    await expect(page).toHaveTitle('Home · Haat');
    await expect(page.getByRole('heading', { level: 1, name: 'Fresh groceries, delivered to your door' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Categories' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Shop Now' })).toHaveAttribute('href', '/products');
    // The build cannot know what this browser's cart holds: the badge shows no number until the code reads it.
    await expect(page.getByRole('button', { name: 'Cart', exact: true })).toBeVisible();

    // A browser that chose Nepali gets the pages in Nepali.
    await context.addCookies([{ name: 'haat_lang', value: 'ne', url: baseURL }]);
    await page.goto('/home');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ne');
    await expect(page.getByRole('heading', { level: 1, name: 'ताजा किराना, तपाईंको ढोकासम्म' })).toBeVisible();
    await expect(page).toHaveTitle('गृहपृष्ठ · हाट');
  });

  test('the pages with products come with their first products', async ({ page, context }) => {
    await page.goto('/products');
    await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
    await expect(page.locator('main article').first()).toBeVisible();
    expect(await page.locator('main article').count()).toBeGreaterThan(8);
    await page.goto('/products/dairy');
    await expect(page.getByRole('heading', { level: 1, name: 'Dairy' })).toBeVisible();
    await expect(page.locator('main article').first()).toContainText('Dairy');
    // Until the page's code has taken the page over, Add does nothing: it says so.
    await expect(page.locator('main article').first().getByRole('button', { name: /^Add / })).toBeDisabled();
    await page.goto('/home');
    await expect(page.locator('section[aria-labelledby="best"] article')).toHaveCount(10);
    await context.addCookies([{ name: 'haat_lang', value: 'ne', url: baseURL }]);
    await page.goto('/products/dairy');
    await expect(page.locator('main article').first()).toContainText('दुग्धजन्य');
  });
});

/** cardTexts are the texts of the product cards of the page's list, as shown. */
const cardTexts = (page: Page, list: string) => page.locator(`${list} article`).evaluateAll((cards) => cards.map((c) => (c as HTMLElement).innerText));

for (const lang of ['en', 'ne']) {
  test(`the first products drawn by the server are the ones the page's code shows (${lang})`, async ({ browser, context }) => {
    await context.addCookies([{ name: 'haat_lang', value: lang, url: baseURL }]);
    for (const [path, list] of [['/products', 'main'], ['/products/grains', 'main'], ['/home', 'section[aria-labelledby="best"]']]) {
      const bare = await browser.newContext({ javaScriptEnabled: false });
      await bare.addCookies([{ name: 'haat_lang', value: lang, url: baseURL }]);
      const before = await bare.newPage();
      await before.goto(path);
      const drawn = await cardTexts(before, `${list} [data-ahead-cards]`);
      await bare.close();
      expect(drawn.length, path).toBeGreaterThan(0);

      const page = await context.newPage();
      await page.addInitScript((l) => localStorage.setItem('haat.language', l), lang);
      const seen = problems(page);
      const asked: string[] = [];
      page.on('request', (r) => {
        if (/\/api\/(product\/search|config)/.test(r.url())) asked.push(r.url());
      });
      await page.goto(path);
      // The page's own cards replace the server's, with the same texts.
      await expect(page.locator(`${list} [data-ahead-cards]`)).toHaveCount(0);
      expect(await cardTexts(page, list), path).toEqual(drawn);
      await page.waitForLoadState('networkidle');
      // The page took the answers it came with: it asked for neither the products nor the configuration.
      expect(asked, path).toEqual([]);
      expect(seen, path).toEqual([]);
      await page.close();
    }
  });
}

test("a product's page comes with its product, as the page's code shows it", async ({ browser, page, request }) => {
  const rice = (await products(request)).find((p) => p.name === 'Basmati Rice' && p.inStock)!;
  const path = `/products/${rice.category.toLowerCase()}/${rice._id}`;
  // What a shopper reads first: the way there, the gallery, the name, the prices and the description.
  const top = (p: Page) =>
    p.locator('main').evaluate((main) =>
      ['nav li', 'h1', '[role="group"] button', 'h1 ~ div p.text-slate-500', 'h1 ~ div p.text-2xl', 'ul.list-disc li'].flatMap((q) =>
        [...main.querySelectorAll(q)].map((e) => (e as HTMLElement).innerText || e.getAttribute('aria-label')),
      ),
    );
  const bare = await browser.newContext({ javaScriptEnabled: false });
  const before = await bare.newPage();
  await before.goto(path);
  await expect(before.getByRole('heading', { level: 1 })).toContainText('Basmati Rice');
  const drawn = await top(before);
  await expect(before.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  // A link to it shared in a chat shows the product.
  await expect(before).toHaveTitle(/^Basmati Rice.* · Haat$/);
  await bare.close();
  expect(drawn.length).toBeGreaterThan(6);

  const seen = problems(page);
  const asked: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/(product\/(get|search)|config)/.test(r.url())) asked.push(r.url());
  });
  await page.goto(path);
  await expect(page.locator('main [data-ahead-cards]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  expect(await top(page)).toEqual(drawn);
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual([]);
  expect(seen).toEqual([]);
});

test('the page rendered ahead is taken over without a mismatch, and shows what only this browser knows', async ({ page }) => {
  const seen = problems(page);
  // A guest who put two things in the cart on an earlier visit.
  await page.addInitScript(() => localStorage.setItem('haat.guestCart', JSON.stringify({ someProduct: 2 })));
  for (const path of ['/', '/home']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  await expect(page.getByRole('button', { name: 'Cart, 2 items' })).toBeVisible();
  await expect(page.getByText(`Copyright ${new Date().getFullYear()} © Haat. All rights reserved.`)).toBeVisible();
  // Best sellers arrive from the API after the page was taken over.
  await expect(page.getByRole('heading', { name: 'Best Sellers' })).toBeVisible();
  await expect(page.locator('section[aria-labelledby="best"] article').first()).toBeVisible();
  // The page works: a link goes where it says, without loading a new document.
  await page.getByRole('link', { name: 'Shop Now' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
  expect(seen).toEqual([]);
});

test('a browser that chose Nepali is sent the Nepali page and keeps it', async ({ page, context }) => {
  const seen = problems(page);
  await page.goto('/home');
  await page.getByRole('button', { name: 'नेपाली' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ne');
  // The choice is kept for the server too: the next visit comes rendered in Nepali.
  expect((await context.cookies()).find((c) => c.name === 'haat_lang')?.value).toBe('ne');
  const html = await (await page.request.get('/home')).text();
  expect(html).toContain('data-prerendered="ne"');
  await page.reload();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { level: 1, name: 'ताजा किराना, तपाईंको ढोकासम्म' })).toBeVisible();
  expect(seen).toEqual([]);
});
