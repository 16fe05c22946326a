import { expect, test, type Page } from '@playwright/test';
import { seller } from '../playwright.config';
import { addAddress, cartButton, signUp, uniqueEmail } from './helpers';

/** checkoutOnline adds a product and goes to the test payment page. */
async function checkoutOnline(page: Page, product: string) {
  await page.goto('/products');
  await page.getByPlaceholder('Search products...').fill(product);
  await page.getByRole('button', { name: `Add ${product}` }).click();
  await cartButton(page).click();
  await page.getByLabel('Payment Method').selectOption('Online');
  await expect(page.getByRole('radio', { name: 'Test payment' })).toBeChecked();
  await page.getByRole('button', { name: 'Proceed To CheckOut' }).click();
  await expect(page.getByRole('heading', { name: 'Test payment' })).toBeVisible();
  await expect(page.getByText('Test mode: no money moves')).toBeVisible();
}

test('an online order paid through the sandbox is paid for the shopper and the seller', async ({ page, browser }) => {
  test.slow(); // two checkouts, two payments, and the seller's cancellation and refund
  await page.goto('/home');
  await signUp(page, 'Asha Rai', uniqueEmail('asha'), 'namaste-123');
  await page.goto('/cart');
  await addAddress(page, 'Asha', 'Rai', 'Lakeside 6', 'Pokhara');

  // A cancelled payment: back to the cart with the cart kept; the order is shown as failed.
  await checkoutOnline(page, 'Garlic (Lasun)');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
  await page.goto('/my-orders');
  const failed = page.getByRole('listitem', { name: /^Order / }).first();
  await expect(failed).toContainText('Status: Payment Failed');
  await expect(failed.getByText('Pending', { exact: true })).toBeVisible();

  // Paid from My Orders: the loader, then the same order shows paid and placed; the cart is empty.
  const failedId = (await failed.getAttribute('aria-label'))!.replace('Order ', '');
  await failed.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page.getByRole('heading', { name: 'Test payment' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/loader\?next=my-orders$/);
  await expect(page).toHaveURL(/\/my-orders$/, { timeout: 15_000 });
  const paid = page.getByRole('listitem', { name: `Order ${failedId}` });
  await expect(paid).toContainText('Status: Order Placed');
  await expect(paid).toContainText('Payment: Online');
  // No money moves on the test page: the order says so.
  await expect(paid.getByText('Paid (test)', { exact: true })).toBeVisible();
  await expect(paid.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
  await expect(page.getByRole('listitem', { name: /^Order / })).toHaveCount(1);
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');

  // A second payment, cancelled: unpaid, failed, and never shown to the seller.
  await checkoutOnline(page, 'Garlic (Lasun)');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await page.goto('/my-orders');
  const second = page.getByRole('listitem', { name: /^Order / }).first();
  await expect(second).toContainText('Status: Payment Failed');
  const unpaidId = (await second.getAttribute('aria-label'))!.replace('Order ', '');
  const paidId = failedId;

  // The seller sees the paid order as Paid (test), and never the failed one.
  const sellerPage = await (await browser.newContext()).newPage();
  await sellerPage.goto('/seller');
  await sellerPage.getByLabel('Email').fill(seller.email);
  await sellerPage.getByLabel('Password').fill(seller.password);
  await sellerPage.getByRole('button', { name: 'Login' }).click();
  await sellerPage.getByRole('link', { name: 'Orders' }).click();
  const card = sellerPage.getByRole('listitem', { name: `Order ${paidId}` });
  await expect(card).toContainText('Method: Online');
  await expect(card.getByText('Paid (test)', { exact: true })).toBeVisible();
  await expect(card.getByText('Paid on the test payment page: no money arrived. Do not ship it.')).toBeVisible();
  await expect(sellerPage.getByRole('listitem', { name: `Order ${unpaidId}` })).toHaveCount(0);

  // The seller cancels the paid order: its payment is owed back until the seller marks it refunded.
  await card.getByRole('button', { name: 'Cancel Order' }).click();
  await card.getByRole('button', { name: 'Yes, cancel' }).click();
  const refund = card.getByRole('region', { name: 'Refund due' });
  await expect(refund).toContainText(/\$\d+\.\d\d · Test payment · \w+/);
  await page.goto('/my-orders');
  await expect(page.getByRole('listitem', { name: `Order ${paidId}` }).getByText('Cancelled · refund pending')).toBeVisible();
  await refund.getByRole('button', { name: 'Mark Refunded' }).click();
  await expect(card.getByRole('region', { name: 'Refunded' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('listitem', { name: `Order ${paidId}` }).getByText('Refunded', { exact: true })).toBeVisible();
  await sellerPage.context().close();
});
