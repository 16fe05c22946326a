import { expect, test } from '@playwright/test';
import { addAddress, sellerSignIn, signUp, uniqueEmail } from './helpers';

// Every page loads by its address as well as by a link: the server answers the storefront's pages
// with 200 (the seller's dashboard, settings and slots, and a shopper's invoice, were 404 on a
// reload before), and a category there is none of with 404 and the spec's empty state.

test('the seller area’s pages load directly, with status 200', async ({ page }) => {
  await sellerSignIn(page);
  for (const [path, title] of [
    ['/seller/dashboard', 'Dashboard · Haat'],
    ['/seller/settings', 'Settings · Haat'],
    ['/seller/slots', 'Delivery slots · Haat'],
  ]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    await expect(page.getByText('Hi! Admin')).toBeVisible();
    await expect(page).toHaveTitle(title);
  }
});

test('a shopper’s invoice page loads directly, with status 200', async ({ page }) => {
  await page.goto('/home');
  await signUp(page, 'Sita Rai', uniqueEmail('sita'), 'namaste-123');
  await page.getByPlaceholder('Search products...').fill('Jumla Red Rice');
  await page.getByRole('button', { name: 'Add Jumla Red Rice' }).click();
  await page.getByRole('button', { name: /^Cart, 1 item$/ }).click();
  await addAddress(page, 'Sita', 'Rai', 'Lazimpat 12', 'Kathmandu');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/my-orders$/);
  const orders = (await (await page.request.get('/api/order/user')).json()) as { orders: { _id: string }[] };
  const id = orders.orders[0]._id;

  const res = await page.goto(`/my-orders/${id}/invoice`);
  expect(res?.status()).toBe(200);
  // The order is not delivered yet: the invoice page says so.
  await expect(page.getByText('A tax invoice is issued when the order is delivered')).toBeVisible();
  await expect(page.getByRole('link', { name: /My Orders/ }).first()).toBeVisible();
});

test('an unknown category answers 404 and shows the spec’s empty state', async ({ page }) => {
  const res = await page.goto('/products/nosuch');
  expect(res?.status()).toBe(404);
  await expect(page.getByText('No Product Found - Please try another category or check back later.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
});
