import { expect, test, type Page } from '@playwright/test';
import { seller } from '../playwright.config';
import { addAddress, signUp, uniqueEmail } from './helpers';

/** sellerOrders signs the page in as the seller and opens Orders. */
async function sellerOrders(page: Page) {
  await page.goto('/seller');
  await page.getByLabel('Email').fill(seller.email);
  await page.getByLabel('Password').fill(seller.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Hi! Admin')).toBeVisible();
  await page.getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/seller\/orders$/);
}

/** overflow is how far the page is wider than the window (0 when nothing sticks out sideways). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('the seller filters the day’s orders, exports them and prints a packing slip', async ({ page, browser }) => {
  test.slow(); // a shopper and a seller in two browsers
  // A shopper with a name of their own orders rice, cash on delivery, today.
  const lastName = `Lama${Date.now() % 100000}`;
  const shopper = await browser.newPage();
  await shopper.goto('/home');
  await signUp(shopper, `Pema ${lastName}`, uniqueEmail('pema'), 'namaste-123');
  await shopper.getByPlaceholder('Search products...').fill('Jumla Red Rice');
  await shopper.getByRole('button', { name: 'Add Jumla Red Rice' }).click();
  await shopper.getByRole('button', { name: /^Cart, 1 item$/ }).click();
  await addAddress(shopper, 'Pema', lastName, 'Thamel Marg 7', 'Kathmandu');
  await shopper.getByRole('button', { name: 'Place Order' }).click();
  await expect(shopper).toHaveURL(/\/my-orders$/);
  await shopper.close();

  await page.setViewportSize({ width: 1280, height: 900 });
  await sellerOrders(page);
  const filters = page.getByRole('search', { name: 'Filter orders' });
  await filters.getByLabel('Date').selectOption({ label: 'Today' });
  await filters.getByLabel('Status').selectOption({ label: 'Order Placed' });
  await filters.getByLabel('Payment').selectOption({ label: 'Pending' });
  await filters.getByRole('searchbox', { name: 'Search orders' }).fill(lastName.toUpperCase());
  await filters.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/status=Order\+Placed/);
  await expect(page).toHaveURL(/day=today/);
  const orders = page.getByRole('listitem', { name: /^Order #\d+$/ });
  await expect(orders).toHaveCount(1);
  const card = orders.first();
  await expect(card).toContainText(`Pema ${lastName}`);
  const number = (await card.getByTestId('order-number').textContent())!;

  // A reload keeps the filters.
  await page.reload();
  await expect(filters.getByLabel('Status')).toHaveValue('Order Placed');
  await expect(filters.getByRole('searchbox', { name: 'Search orders' })).toHaveValue(lastName.toUpperCase());
  await expect(orders).toHaveCount(1);
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('seller-orders-1280.png'), fullPage: true });

  // The export holds the same orders.
  const csv = await page.request.get((await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href'))!);
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  const rows = (await csv.text()).trim().split('\n');
  expect(rows).toHaveLength(2);
  expect(rows[1]).toContain(`${number.slice(1)},`);
  expect(rows[1]).toContain(`Pema ${lastName}`);

  await page.setViewportSize({ width: 768, height: 900 });
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('seller-orders-768.png'), fullPage: true });

  // Nothing matches: the list says so.
  await filters.getByLabel('Status').selectOption({ label: 'Delivered' });
  await expect(page.getByText('No orders match these filters.')).toBeVisible();
  await filters.getByLabel('Status').selectOption({ label: 'Order Placed' });
  await expect(orders).toHaveCount(1);

  // The packing slip, on screen and printed.
  await card.getByRole('link', { name: `Packing slip for order ${number}` }).click();
  await expect(page).toHaveURL(new RegExp(`/seller/orders/${number.slice(1)}/slip$`));
  const slip = page.getByTestId('packing-slip');
  await expect(slip.getByRole('heading', { name: 'Packing slip' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('slip-768.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: test.info().outputPath('slip-1280.png'), fullPage: true });

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Seller menu' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('link', { name: 'Back to orders' })).toBeHidden();
  await expect(slip).toBeVisible();
  await expect(slip).toContainText('Haat');
  await expect(slip).toContainText(`Order ${number}`);
  await expect(slip.getByRole('row', { name: 'Jumla Red Rice If not there: a similar item, no dearer 1' })).toBeVisible();
  await expect(slip).toContainText(`Pema ${lastName}`);
  await expect(slip).toContainText('Thamel Marg 7');
  await expect(slip).toContainText('Phone: 9801234567');
  await expect(slip).toContainText('COD');
  await expect(slip).toContainText(/To collect: \$\d+(\.\d\d)?/);
  await expect(slip).toContainText("Customer's signature");
  await page.screenshot({ path: test.info().outputPath('slip-print.png'), fullPage: true });
});
