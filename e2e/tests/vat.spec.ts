import { seller } from '../playwright.config';
import { expect, test } from '@playwright/test';
import { money, products, uniqueEmail, sellerSignIn } from './helpers';

// Nepal VAT on a phone, 360 px wide: the seller chooses it under Settings; the shopper's cart adds
// no tax on top, names the VAT the prices hold (none on exempt staples), and the order is charged
// the cart's total.
test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

// The store's other tests expect the spec's 2% tax: the rule goes back afterwards.
test.afterAll(async ({ request }) => {
  expect((await request.post('/api/seller/login', { data: seller })).ok()).toBeTruthy();
  expect((await request.post('/api/seller/settings', { data: { taxRule: 'flat' } })).ok()).toBeTruthy();
});

test('the seller chooses Nepal VAT; the cart and the order include it in the prices', async ({ page, browser }) => {
  await sellerSignIn(page);
  await page.getByRole('navigation', { name: 'Seller menu' }).getByRole('link', { name: 'Settings' }).click();
  const tax = page.getByRole('region', { name: 'Tax', exact: true });
  await expect(tax.getByRole('radio', { name: /2% tax added to every order/ })).toBeChecked();
  await tax.getByRole('radio', { name: /Nepal VAT \(13%\), included in prices/ }).check();
  await expect(tax.getByText(/products? (is|are) marked VAT-exempt/)).toBeVisible();
  await tax.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `the settings page is ${width} px wide`).toBeLessThanOrEqual(360);
  await page.screenshot({ path: test.info().outputPath('vat-settings-360.png'), fullPage: true });

  // The shopper: rice (a staple, exempt) and butter (taxable), delivered to Kathmandu.
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const shop = await context.newPage();
  const list = await products(shop.request);
  const rice = list.find((p) => p.name === 'Jumla Red Rice')!;
  const butter = list.find((p) => p.name === 'DDC Table Butter')!;
  expect((await shop.request.post('/api/user/register', { data: { name: 'Sita Gurung', email: uniqueEmail('vat'), password: 'namaste-123' } })).ok()).toBeTruthy();
  const address = { firstName: 'Sita', lastName: 'Gurung', email: 'sita@example.com', street: 'Thamel 12', city: 'Kathmandu', state: 'Bagmati', zipcode: '44600', country: 'Nepal', phone: '9801234567' };
  expect((await shop.request.post('/api/address/add', { data: { address } })).ok()).toBeTruthy();
  expect((await shop.request.post('/api/cart/update', { data: { cartItems: { [rice._id]: 1, [butter._id]: 2 } } })).ok()).toBeTruthy();

  const riceMinor = Math.round(rice.offerPrice * 100);
  const butterMinor = 2 * Math.round(butter.offerPrice * 100);
  const vat = Math.floor((2 * butterMinor * 13 + 113) / 226); // 13/113 of the butter, rounded half up
  const total = riceMinor + butterMinor;

  await shop.goto('/cart');
  await expect(shop.getByText('VAT included (13%)')).toBeVisible();
  await expect(shop.getByText('Tax (2%)')).toHaveCount(0);
  await expect(shop.getByTestId('cart-tax')).toHaveText(money(vat));
  await expect(shop.getByTestId('cart-total')).toHaveText(money(total));
  await shop.screenshot({ path: test.info().outputPath('vat-cart-360.png'), fullPage: true });

  await shop.getByRole('button', { name: 'Place Order' }).last().click();
  await expect(shop).toHaveURL(/\/my-orders$/);
  const orders = (await (await shop.request.get('/api/order/user')).json()).orders as { amount: number; tax: number; taxRule: string }[];
  expect(orders[0]).toMatchObject({ amount: total / 100, tax: vat / 100, taxRule: 'vat' });
  await expect(shop.getByTestId('order-amount').first()).toHaveText(new RegExp(money(total).replace(/[$.]/g, '\\$&')));
  await context.close();
});
