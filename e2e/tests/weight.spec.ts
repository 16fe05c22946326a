import { expect, test } from '@playwright/test';
import { seller } from '../playwright.config';
import { addAddress, signUp, startOwnStore, uniqueEmail, type OwnStore } from './helpers';

// Goods sold by weight, from the shelf to the settled bill, in a store of the test's own (no other
// test's settings): a shopper on a phone buys 750 g of tomatoes and a bunch of coriander; the packer
// weighs 820 g and finds no coriander; the shopper sees what was packed and the settled amount.
const phone = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

let store: OwnStore | undefined;

test.beforeAll(async () => {
  store = await startOwnStore('weight', {});
});

test.afterAll(() => store?.stop());

test('a shopper buys 750 g of tomatoes; the packer weighs 820 g and finds no coriander; the shopper sees the settled bill', async ({ browser }) => {
  test.slow(); // a shopper and a packer in two browsers
  const base = store!.base;
  const sellerContext = await browser.newContext({ baseURL: base });
  const api = sellerContext.request;
  expect((await api.post('/api/seller/login', { data: seller })).ok()).toBeTruthy();
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  const add = async (fields: Record<string, string>) => {
    const r = await api.post('/api/product/add', {
      multipart: { description: 'Fresh from Kavre', category: 'Vegetables', ...fields, images: { name: 'p.png', mimeType: 'image/png', buffer: png } },
    });
    expect(r.ok(), await r.text()).toBeTruthy();
    return (await r.json()).product as { _id: string };
  };
  const tomatoes = await add({ name: 'Kavre Tomatoes', price: '200', offerPrice: '180', soldBy: 'weight', step: '250' });
  const coriander = await add({ name: 'Fresh Coriander', price: '20', offerPrice: '20', weight: '1 bunch' });

  const shopper = await browser.newContext({ ...phone, baseURL: base });
  const page = await shopper.newPage();
  await page.goto('/home');
  await page.getByRole('button', { name: 'Menu' }).click();
  await signUp(page, 'Sita Tamang', uniqueEmail('sita'), 'namaste-123');
  await page.goto(`/products/vegetables/${tomatoes._id}`);
  await expect(page.getByText('Price: $180/kg')).toBeVisible();
  await page.getByLabel('Weight', { exact: true }).selectOption({ label: '750 g' });
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.goto(`/products/vegetables/${coriander._id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.getByRole('button', { name: /^Cart, 2 items$/ }).click();
  await expect(page.getByText('about $135 for 750 g').first()).toBeVisible();
  await addAddress(page, 'Sita', 'Tamang', 'Jhamsikhel 3', 'Lalitpur');
  // 135 + 20 = 155, and 2% = 3.10.
  await expect(page.getByTestId('cart-total').first()).toHaveText('$158.10');
  await page.getByRole('button', { name: 'Place Order' }).first().click();
  await expect(page).toHaveURL(/\/my-orders$/);

  const packer = await sellerContext.newPage();
  await packer.setViewportSize({ width: 360, height: 740 });
  await packer.goto('/seller/orders');
  await packer.getByRole('button', { name: 'Pack and weigh' }).click();
  const form = packer.getByRole('form', { name: /^Packing of order #/ });
  await form.getByLabel(/Kavre Tomatoes/).fill('820');
  await form.getByLabel(/Fresh Coriander/).selectOption({ label: 'None there' });
  await packer.screenshot({ path: test.info().outputPath('packing-360.png'), fullPage: true });
  await form.getByRole('button', { name: 'Packed' }).click();
  await expect(packer.getByText('Order Packed').first()).toBeVisible();
  await expect(packer.getByText('packed 820 g')).toBeVisible();

  // 820 g at 180 is 147.60, no coriander: 147.60 and 2% = 2.95: 150.55.
  await page.reload();
  await expect(page.getByText('Packed: 820 g')).toBeVisible();
  await expect(page.getByText('Packed: 0')).toBeVisible();
  await expect(page.getByText('$150.55').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('settled-360.png'), fullPage: true });
  await shopper.close();
  await sellerContext.close();
});
