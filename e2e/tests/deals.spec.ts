import { expect, test } from '@playwright/test';
import { seller } from '../playwright.config';
import { settled, startOwnStore, type OwnStore } from './helpers';

// Deals: the owner schedules a sale price that is on now in the product's form (times on the
// store's clock, Asia/Kathmandu); a shopper who follows Explore deals on the home page finds it
// first on /products?sort=savings, and its page shows the sale. In a store of the test's own, so
// that no other test's products save more.

let store: OwnStore | undefined;

test.beforeAll(async () => {
  store = await startOwnStore('deals', {});
});

test.afterAll(() => store?.stop());

test.use({ baseURL: '' });

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** storeClock writes a moment as the sale's fields take it: a date and time in Kathmandu. */
function storeClock(at: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kathmandu', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

test('the owner schedules a sale that is on now; Explore deals shows it first, and its page shows the sale', async ({ browser }) => {
  const base = store!.base;
  const owner = await browser.newContext({ baseURL: base });
  // The product is added as any other; its sale is set in the form, signed in by the same cookie.
  expect((await owner.request.post('/api/seller/login', { data: seller })).ok()).toBeTruthy();
  const added = await owner.request.post('/api/product/add', {
    multipart: { name: 'Ilam Festival Tea', description: 'Whole leaf', category: 'Drinks', price: '999', offerPrice: '990', images: { name: 'tea.png', mimeType: 'image/png', buffer: png } },
  });
  expect(added.ok(), await added.text()).toBeTruthy();
  const tea = (await added.json()).product as { _id: string };

  const page = await owner.newPage();
  await page.goto(`/seller/product-list/${tea._id}/edit`);
  await expect(page.getByRole('heading', { name: 'Edit Ilam Festival Tea' })).toBeVisible();
  await page.getByLabel('Sale price').fill('99');
  await page.getByLabel('Sale starts').fill(storeClock(new Date(Date.now() - 60 * 60 * 1000)));
  await page.getByLabel('Sale ends').fill(storeClock(new Date(Date.now() + 3 * 24 * 60 * 60 * 1000)));
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Product Updated')).toBeVisible();
  await expect(page.getByRole('row', { name: /Ilam Festival Tea/ }).getByText('Sale on')).toBeVisible();
  await owner.close();

  const shopper = await browser.newContext({ baseURL: base });
  const shop = await shopper.newPage();
  await shop.goto('/home');
  await shop.getByRole('link', { name: 'Explore deals' }).click();
  await expect(shop).toHaveURL(/\/products\?sort=savings$/);
  await expect(shop.getByLabel('Sort by')).toHaveValue('savings');
  const first = shop.getByRole('main').getByRole('article').first();
  await expect(first.getByRole('link', { name: 'Ilam Festival Tea' })).toBeVisible();
  await expect(first.getByText('$99', { exact: true })).toBeVisible();
  await expect(first.getByText('Sale', { exact: true })).toBeVisible();

  await shop.setViewportSize({ width: 360, height: 740 });
  await shop.screenshot({ path: test.info().outputPath('deals-list-360.png') });
  await first.getByRole('link', { name: 'Ilam Festival Tea' }).click();
  await expect(shop.getByText('Price: $99', { exact: true })).toBeVisible();
  await expect(shop.getByText(/^Sale price until /)).toBeVisible();
  for (const width of [360, 1280]) {
    await shop.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    await settled(shop);
    await shop.screenshot({ path: test.info().outputPath(`deal-product-${width}.png`), fullPage: true });
  }
  await shopper.close();
});
