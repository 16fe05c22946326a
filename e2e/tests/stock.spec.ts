import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { seller } from '../playwright.config';
import { cartButton, uniqueEmail } from './helpers';

test.use({ viewport: { width: 360, height: 780 } });

/** addCounted has the seller add a product whose stock is counted, and returns its id and name. */
async function addCounted(request: APIRequestContext, units: number) {
  expect((await request.post('/api/seller/login', { data: seller })).ok()).toBeTruthy();
  const photo = await (await request.get('/media/catalogue/jumla-rice.webp')).body();
  const name = `Mustang Apple ${Date.now()}`;
  const added = await request.post('/api/product/add', {
    multipart: {
      name, description: JSON.stringify(['Crisp apples from Mustang']), category: 'Fruits', price: '4.5', offerPrice: '4.2', stock: String(units),
      images: { name: 'apple.webp', mimeType: 'image/webp', buffer: photo },
    },
  });
  expect(added.ok(), await added.text()).toBeTruthy();
  return { id: (await added.json()).product._id as string, name };
}

async function stockOf(page: Page, id: string) {
  const list = (await (await page.request.get('/api/product/list')).json()).products as { _id: string; stock?: number }[];
  return list.find((p) => p._id === id)?.stock;
}

test('a shopper sees how few are left, cannot take more, cancels an order and orders again', async ({ page, request }) => {
  const apple = await addCounted(request, 2);
  const email = uniqueEmail('stock');
  expect((await page.request.post('/api/user/register', { data: { name: 'Sita Gurung', email, password: 'namaste-123' } })).ok()).toBeTruthy();
  const address = { firstName: 'Sita', lastName: 'Gurung', email, street: 'Jhamsikhel 4', city: 'Lalitpur', state: 'Bagmati', zipcode: '44600', country: 'Nepal', phone: '9801234567' };
  expect((await page.request.post('/api/address/add', { data: { address } })).ok()).toBeTruthy();

  await page.goto('/products');
  await page.getByPlaceholder('Search products...').fill(apple.name);
  const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: apple.name }) });
  await expect(card.getByText('Only 2 left')).toBeVisible();
  await card.getByRole('button', { name: `Add ${apple.name}` }).click();
  await card.getByRole('button', { name: `Add one more ${apple.name}` }).click();
  const more = card.getByRole('button', { name: `Add one more ${apple.name}` });
  await expect(more).toBeDisabled();
  await expect(more).toHaveAccessibleDescription('Only 2 left');
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');
  await page.screenshot({ path: test.info().outputPath('only-2-left-360.png'), fullPage: true });

  await cartButton(page).click();
  await expect(page).toHaveURL(/\/cart$/);
  const line = page.getByRole('listitem').filter({ has: page.getByLabel(`Quantity of ${apple.name}`) });
  await expect(line.getByText('Only 2 left')).toBeVisible();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/my-orders$/);
  expect(await stockOf(page, apple.id)).toBe(0);

  // The order is cancelled, after asking once more, and its units are on sale again.
  const order = page.getByRole('listitem', { name: /^Order #/ }).first();
  await order.getByRole('button', { name: 'Cancel order' }).click();
  await expect(order.getByText(/^Cancel order #\d+\? This cannot be undone\.$/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('cancel-ask-360.png'), fullPage: true });
  await order.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByText('Order Cancelled')).toBeVisible();
  await expect(order).toContainText('Cancelled');
  await expect(order.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  expect(await stockOf(page, apple.id)).toBe(2);

  // Order again puts the items back into the cart.
  await order.getByRole('button', { name: 'Order again' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText('2 items from this order added to your cart')).toBeVisible();
  await expect(page.getByLabel(`Quantity of ${apple.name}`)).toHaveValue('2');
  await page.screenshot({ path: test.info().outputPath('order-again-360.png'), fullPage: true });
});

test('a shopper asks about a product out of stock; the seller sees it on the dashboard', async ({ browser, page, request }) => {
  const apple = await addCounted(request, 0);
  const email = uniqueEmail('alert');
  expect((await page.request.post('/api/user/register', { data: { name: 'Sita Gurung', email, password: 'namaste-123' } })).ok()).toBeTruthy();
  await page.goto(`/products/fruits/${apple.id}`);
  await expect(page.getByText('Out of stock')).toBeVisible();
  await page.getByRole('button', { name: 'Tell me when it is back' }).click();
  await expect(page.getByText('We will tell you when it is back.')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('notify-me-360.png'), fullPage: true });

  for (const width of [1280, 768]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const sellerPage = await context.newPage();
    expect((await sellerPage.request.post('/api/seller/login', { data: seller })).ok()).toBeTruthy();
    await sellerPage.goto('/seller/dashboard');
    await expect(sellerPage.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    const low = sellerPage.getByRole('region', { name: 'Low on stock' });
    await expect(low.getByRole('listitem').filter({ hasText: apple.name })).toContainText('1 shopper waits for it');
    await sellerPage.screenshot({ path: test.info().outputPath(`dashboard-${width}.png`), fullPage: true });
    await context.close();
  }
});
