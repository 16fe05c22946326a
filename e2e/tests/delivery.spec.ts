import { seller } from '../playwright.config';
import { expect, test, type Page } from '@playwright/test';
import { products, uniqueEmail, sellerSignIn } from './helpers';

// Delivery rules on a phone, 360 px wide: the seller sets them under Settings, and the shopper's
// cart and order follow them.
test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

/** screenshot keeps a picture of the page at 360 and 1280 px in the test's output folder, to look at. */
async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}-360.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: test.info().outputPath(`${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
}

// The store's other tests expect the spec's free delivery: the rules go again afterwards.
test.afterAll(async ({ request }) => {
  expect((await request.post('/api/seller/login', { data: seller })).ok()).toBeTruthy();
  expect((await request.post('/api/seller/settings', { data: { delivery: null } })).ok()).toBeTruthy();
});

test('the seller sets a delivery fee; the cart adds it, says what is missing for free delivery, and the order is charged it', async ({ page, browser }) => {
  // The seller: Settings in the sidebar, rules on, the Kathmandu Valley, $1.50 below $10, minimum $5.
  await sellerSignIn(page);
  await page.getByRole('navigation', { name: 'Seller menu' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/seller\/settings$/);
  await expect(page.getByRole('heading', { name: 'Store settings' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Set delivery rules' }).check();
  await expect(page.getByText('3 districts chosen')).toBeVisible();
  await page.getByLabel('Delivery fee ($)').fill('1.50');
  await page.getByLabel('Free delivery from ($)').fill('10');
  await page.getByLabel('Minimum order value ($)').fill('5');
  await page.getByRole('region', { name: 'Delivery', exact: true }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `the settings page is ${width} px wide`).toBeLessThanOrEqual(360);
  await screenshot(page, 'settings');

  // The shopper, in another browser, with one rice ($4.99) and an address in Kathmandu.
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const shop = await context.newPage();
  const rice = (await products(shop.request)).find((p) => p.name === 'Jumla Red Rice')!;
  expect((await shop.request.post('/api/user/register', { data: { name: 'Sita Gurung', email: uniqueEmail('delivery'), password: 'namaste-123' } })).ok()).toBeTruthy();
  const address = { firstName: 'Sita', lastName: 'Gurung', email: 'sita@example.com', street: 'Thamel 12', city: 'Kathmandu', state: 'Bagmati', zipcode: '44600', country: 'Nepal', phone: '9801234567' };
  expect((await shop.request.post('/api/address/add', { data: { address } })).ok()).toBeTruthy();
  expect((await shop.request.post('/api/cart/update', { data: { cartItems: { [rice._id]: 1 } } })).ok()).toBeTruthy();

  await shop.goto('/cart');
  // Said in the summary and in the bar beside the order button, which a phone shows.
  await expect(shop.getByText('Minimum order is $5').last()).toBeVisible();
  const place = shop.getByRole('button', { name: 'Place Order' }).last();
  await expect(place).toBeDisabled();

  // Two rice: $9.98, tax $0.20, delivery $1.50 = $11.68, and $0.02 short of free delivery.
  await shop.getByLabel('Quantity of Jumla Red Rice').selectOption('2');
  await expect(shop.getByText('Add $0.02 more for free delivery').last()).toBeVisible();
  await expect(shop.getByText('Add $0.02 more for free delivery')).toHaveCount(2);
  await expect(shop.getByTestId('delivery-fee')).toHaveText('$1.50');
  await expect(shop.getByTestId('cart-total')).toHaveText('$11.68');
  await expect(shop.getByText('Minimum order is $5')).toHaveCount(0);
  await screenshot(shop, 'cart');

  await expect(place).toBeEnabled();
  await place.click();
  await expect(shop).toHaveURL(/\/my-orders$/);
  const orders = (await (await shop.request.get('/api/order/user')).json()).orders as { amount: number; deliveryFee: number }[];
  expect(orders[0]).toMatchObject({ amount: 11.68, deliveryFee: 1.5 });
  await expect(shop.getByTestId('order-amount').first()).toHaveText(/\$11\.68/);
  await context.close();
});
