import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { products } from './helpers';
import { seller } from '../playwright.config';

/**
 * shown waits until a page has drawn what it shows: loaded, with no placeholder or spinner left and
 * two frames drawn since (quicker than waiting for half a second without network).
 */
async function shown(page: Page) {
  await page.waitForFunction(
    () => document.readyState === 'complete' && document.querySelector('#root main, #root h1') !== null && document.querySelector('.animate-pulse, .animate-spin') === null,
  );
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

// Every main page, checked by axe for WCAG A and AA problems at phone and desktop widths. The tests
// of this file share the workers: each scans many pages, and none needs another's.
test.describe.configure({ mode: 'parallel' });

for (const width of [360, 1280]) {
  test(`pages have no accessibility violations at ${width} px`, async ({ page, request }) => {
    // Eight pages, each loaded and scanned by axe: more than one page's share of the default limit.
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 900 });
    const rice = (await products(request)).find((p) => p.name === 'Jumla Red Rice')!;
    const found: string[] = [];
    for (const path of ['/', '/home', '/products', '/products/grains', `/products/grains/${rice._id}`, '/cart', '/contact', '/my-orders']) {
      await page.goto(path);
      await shown(page);
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
      found.push(...results.violations.map((v) => `${path}: ${v.id} (${v.nodes.length}) ${v.nodes[0]?.target}`));
    }
    expect(found).toEqual([]);
  });

  test(`help centre tabs have no accessibility violations at ${width} px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const found: string[] = [];
    for (const tab of ['faqs', 'returns', 'payment']) {
      await page.goto(`/contact?tab=${tab}`);
      await shown(page);
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
      found.push(...results.violations.map((v) => `${tab}: ${v.id} (${v.nodes.length}) ${v.nodes[0]?.target}`));
    }
    expect(found).toEqual([]);
  });
}

// The seller's screens, at the widths a seller works at: desktop and tablet.
for (const width of [768, 1280]) {
  test(`seller pages have no accessibility violations at ${width} px`, async ({ page }) => {
    // Eight screens, each scanned by axe: more than one page's share of the default limit.
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 900 });
    const found: string[] = [];
    const check = async (name: string) => {
      await shown(page);
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
      found.push(...results.violations.map((v) => `${name}: ${v.id} (${v.nodes.length}) ${v.nodes[0]?.target}`));
    };
    await page.goto('/seller');
    await expect(page.getByRole('heading', { name: 'Seller Login' })).toBeVisible();
    await check('seller login');
    await page.getByLabel('Email').fill(seller.email);
    await page.getByLabel('Password').fill(seller.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('heading', { name: 'Add New Product' })).toBeVisible();
    await check('/seller');
    for (const [link, heading] of [['Dashboard', 'Dashboard'], ['Product List', 'All Products'], ['Orders', 'Orders List'], ['Delivery slots', 'Delivery slots']]) {
      await page.getByRole('link', { name: link }).click();
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      await check(link);
      if (link === 'Product List') {
        await page.getByRole('link', { name: 'Edit Broccoli' }).click();
        await expect(page.getByRole('heading', { name: 'Edit Broccoli' })).toBeVisible();
        await check('edit product');
        await page.getByRole('link', { name: 'Cancel' }).click();
        // Other tests on this worker's store may have archived products before this one.
        const archived = page.getByRole('link', { name: /^Archived \(\d+\)$/ });
        await archived.click();
        await expect(archived).toHaveAttribute('aria-current', 'page');
        await check('archived products');
      }
    }
    expect(found).toEqual([]);
  });
}
