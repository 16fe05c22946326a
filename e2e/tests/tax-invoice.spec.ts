import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { addAddress, sellerSignIn, signUp, uniqueEmail } from './helpers';

/** overflow is how far the page is wider than the window (0 when nothing sticks out sideways). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('the seller sets the tax invoice details, delivers an order and prints its tax invoice; the shopper sees it too', async ({ page, browser }) => {
  test.slow(); // a shopper and a seller in two browsers
  const lastName = `Gurung${Date.now() % 100000}`;
  const shopperContext = await browser.newContext(); // axe runs in a context of its own
  const shopper = await shopperContext.newPage();
  await shopper.goto('/home');
  await signUp(shopper, `Maya ${lastName}`, uniqueEmail('maya'), 'namaste-123');
  await shopper.getByPlaceholder('Search products...').fill('Jumla Red Rice');
  await shopper.getByRole('button', { name: 'Add Jumla Red Rice' }).click();
  await shopper.getByRole('button', { name: /^Cart, 1 item$/ }).click();
  await addAddress(shopper, 'Maya', lastName, 'Lazimpat 12', 'Kathmandu');
  await shopper.getByRole('button', { name: 'Place Order' }).click();
  await expect(shopper).toHaveURL(/\/my-orders$/);

  // The seller sets the store's invoice details under Settings.
  await page.setViewportSize({ width: 1280, height: 900 });
  await sellerSignIn(page);
  await page.getByRole('link', { name: 'Settings' }).click();
  const section = page.getByRole('region', { name: 'Tax invoice' });
  await section.getByRole('checkbox', { name: 'Issue tax invoices' }).check();
  await section.getByLabel('Registered business name').fill('Haat Traders Pvt. Ltd.');
  await section.getByLabel('Business address').fill('Baneshwor-10, Kathmandu');
  await section.getByLabel('PAN/VAT number').fill('60123');
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The PAN/VAT number is 9 digits, like 123456789')).toBeVisible();
  await section.getByLabel('PAN/VAT number').fill('601234567');
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();

  // The seller delivers the order: it gets its invoice.
  await page.getByRole('link', { name: 'Orders' }).click();
  await page.getByRole('search', { name: 'Filter orders' }).getByRole('searchbox', { name: 'Search orders' }).fill(lastName);
  await page.getByRole('search', { name: 'Filter orders' }).getByRole('button', { name: 'Search', exact: true }).click();
  const card = page.getByRole('listitem', { name: /^Order #\d+$/ }).first();
  await expect(card).toContainText(`Maya ${lastName}`);
  const number = (await card.getByTestId('order-number').textContent())!;
  for (const status of ['Packed', 'Out for Delivery', 'Delivered']) {
    await card.getByRole('button', { name: `Mark ${status}` }).click();
    await expect(card).toContainText(status);
  }
  await card.getByRole('link', { name: `Tax invoice for order ${number}` }).click();
  await expect(page).toHaveURL(new RegExp(`/seller/orders/${number.slice(1)}/invoice$`));
  const invoice = page.getByTestId('tax-invoice');
  await expect(invoice.getByRole('heading', { name: 'Tax Invoice' })).toBeVisible();
  await expect(invoice).toContainText('Haat Traders Pvt. Ltd.');
  await expect(invoice).toContainText('Baneshwor-10, Kathmandu');
  await expect(invoice).toContainText('PAN/VAT No. 601234567');
  await expect(invoice).toContainText(/Invoice No\.\d{4}\/\d{2}-\d+/);
  await expect(invoice).toContainText(/Date \(BS\)\d{4} (Baisakh|Jestha|Asar|Shrawan|Bhadra|Asoj|Kartik|Mangsir|Poush|Magh|Falgun|Chaitra) \d{1,2}/);
  await expect(invoice).toContainText(/Date \(AD\)\d{1,2} [A-Z][a-z]{2} \d{4}/);
  await expect(invoice).toContainText(`Maya ${lastName}`);
  await expect(invoice).toContainText('Phone: 9801234567');
  await expect(invoice.getByRole('row', { name: /Jumla Red Rice/ })).toBeVisible();
  await expect(invoice.getByRole('row', { name: /Tax \(2%\)/ })).toBeVisible();
  await expect(invoice.getByTestId('invoice-total')).toHaveText(/^\$\d+\.\d\d$/);
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: '/tmp/invoice-seller-1280.png', fullPage: true });
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: '/tmp/invoice-seller-360.png', fullPage: true });

  // On paper: the invoice alone.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Seller menu' })).toBeHidden();
  await expect(invoice).toBeVisible();
  await page.screenshot({ path: '/tmp/invoice-print.png', fullPage: true });

  // The shopper opens the same invoice from My Orders.
  await shopper.setViewportSize({ width: 360, height: 800 });
  await shopper.reload();
  await shopper.getByRole('link', { name: `Tax invoice for order ${number}` }).click();
  await expect(shopper).toHaveURL(/\/my-orders\/[^/]+\/invoice$/);
  const mine = shopper.getByTestId('tax-invoice');
  await expect(mine.getByRole('heading', { name: 'Tax Invoice' })).toBeVisible();
  await expect(mine).toContainText('PAN/VAT No. 601234567');
  await expect(mine).toContainText(`Maya ${lastName}`);
  expect(await overflow(shopper)).toBeLessThanOrEqual(0);
  const axe = async () => (await new AxeBuilder({ page: shopper }).withTags(['wcag2a', 'wcag2aa']).analyze()).violations.map((v) => v.id);
  expect(await axe()).toEqual([]);
  await shopper.screenshot({ path: '/tmp/invoice-shopper-360.png', fullPage: true });
  await shopper.setViewportSize({ width: 1280, height: 900 });
  expect(await axe()).toEqual([]);
  await shopper.screenshot({ path: '/tmp/invoice-shopper-1280.png', fullPage: true });
  await shopperContext.close();
});
