import { expect, test, type Page } from '@playwright/test';
import { join } from 'node:path';
import { startOwnStore, uniqueEmail, type OwnStore } from './helpers';
import { startFonepay, type FonepayStandIn } from './fonepay-standin';

// A shopper pays an order by Fonepay Dynamic QR on a phone. The store is one of the test's own
// (HAAT_CURRENCY=NPR, Fonepay configured), talking to a stand-in of Fonepay's merchant API
// (fonepay-standin.ts).

let fonepay: FonepayStandIn;
let store: OwnStore | undefined;

test.beforeAll(async () => {
  const standIn = await startFonepay();
  fonepay = standIn.fonepay;
  store = await startOwnStore('fonepay', standIn.env);
});

test.afterAll(() => {
  store?.stop();
  fonepay.server.close();
});

/** shots, when HAAT_FONEPAY_SHOTS names a folder, is where the QR page's screenshots go. */
const shots = process.env.HAAT_FONEPAY_SHOTS;
async function shot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

test('a shopper on a phone pays an order by Fonepay QR and lands on My Orders with it paid', async ({ page }) => {
  test.slow(); // a store of its own, and a payment page that asks every few seconds
  const base = store!.base;

  // A shopper with potatoes in the cart and an address in the valley.
  expect((await page.request.post(`${base}/api/user/register`, { data: { name: 'Asha Rai', email: uniqueEmail('asha'), password: 'namaste-123' } })).ok()).toBeTruthy();
  const products = (await (await page.request.get(`${base}/api/product/list`)).json()).products as { _id: string; name: string }[];
  const potato = products.find((p) => p.name === 'Potato (Aalu)')!;
  expect((await page.request.post(`${base}/api/cart/update`, { data: { cartItems: { [potato._id]: 3 } } })).ok()).toBeTruthy();
  const address = {
    firstName: 'Asha', lastName: 'Rai', email: '', street: 'Jhamsikhel tole', city: 'Lalitpur Metropolitan City', state: 'Bagmati',
    zipcode: '', country: 'Nepal', phone: '9841234567', district: 'Lalitpur', ward: 3, landmark: '',
  };
  expect((await page.request.post(`${base}/api/address/add`, { data: { address } })).ok()).toBeTruthy();

  // Online payment, Fonepay, the only way offered.
  await page.goto(`${base}/cart`);
  await page.getByLabel('Payment Method').selectOption('Online');
  await expect(page.getByRole('radio', { name: 'Fonepay' })).toBeChecked();
  // The total once the server has quoted the cart ("…" until then).
  await expect(page.getByTestId('cart-total')).toHaveText(/^Rs\. [1-9]/);
  const total = await page.getByTestId('cart-total').textContent();
  await page.getByRole('button', { name: 'Proceed To CheckOut' }).last().click();

  // The store's QR page: the order's total and a code for it, until Fonepay says it was paid.
  await expect(page).toHaveURL(/\/pay\/fonepay\/[0-9A-Z]{20}$/);
  await expect(page.getByRole('heading', { name: 'Pay with Fonepay' })).toBeVisible();
  await expect(page.getByTestId('qr-amount')).toHaveText(total!);
  await expect(page.getByRole('img', { name: `QR code to pay ${total}` })).toBeVisible();
  await expect(page.getByText("Scan this QR code with your bank's app or any Fonepay wallet, and pay.")).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Waiting for your payment.' })).toBeVisible();
  const prn = page.url().split('/').pop()!;
  // Fonepay was asked for a QR of exactly that amount.
  expect(Number(fonepay.qrs.get(prn))).toBe(Number(total!.replace(/^\D+/, '').replace(/,/g, '')));
  await shot(page, 'fonepay-qr-360');
  if (shots) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, 'fonepay-qr-1280');
    await page.setViewportSize({ width: 360, height: 740 });
  }
  // Not paid yet: the order awaits payment.
  let orders = (await (await page.request.get(`${base}/api/order/user`)).json()).orders as { status: string; isPaid: boolean }[];
  expect(orders[0]).toMatchObject({ status: 'Awaiting Payment', isPaid: false });

  // The payer's app pays the QR; the page finds out, and the shopper lands on My Orders.
  fonepay.paid.add(prn);
  // The toast says so; the QR page, which says so too, may still show while My Orders loads (a
  // navigation keeps the page shown until the next one's code is there).
  await expect(page.getByText('Payment received').first()).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/my-orders$/);
  await expect(page.getByRole('heading', { name: /My Orders/ })).toBeVisible();
  const order = page.getByRole('listitem', { name: /^Order / }).first();
  await expect(order).toContainText('Status: Order Placed');
  await expect(order).toContainText('Payment: Online');
  await expect(order.getByText('Paid', { exact: true })).toBeVisible();
  await expect(order.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
  orders = (await (await page.request.get(`${base}/api/order/user`)).json()).orders;
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({ status: 'Order Placed', isPaid: true });
});
