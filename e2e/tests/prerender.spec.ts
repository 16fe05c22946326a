import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';

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
});

/** problems collects what the page logs as an error or a warning, and its uncaught errors. */
function problems(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') seen.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => seen.push(`uncaught: ${e.message}`));
  return seen;
}

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
