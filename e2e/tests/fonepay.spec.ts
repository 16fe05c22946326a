import { expect, test, type Page } from '@playwright/test';
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { freePort, startOwnStore, uniqueEmail, type OwnStore } from './helpers';

// A shopper pays an order by Fonepay Dynamic QR on a phone. The store is one of the test's own
// (HAAT_CURRENCY=NPR, Fonepay configured), talking to a stand-in of Fonepay's merchant API served
// here: it answers the QR request and the status check with the bodies Fonepay documents, refuses a
// request whose dataValidation is wrong, and says "success" for a PRN once the test has paid it.

const merchant = { code: 'fonepay123', secret: 'fonepay', username: 'bijayk', password: 'password' };
const qrPath = '/api/merchant/merchantDetailsForThirdParty/thirdPartyDynamicQrDownload';
const statusPath = '/api/merchant/merchantDetailsForThirdParty/thirdPartyDynamicQrGetStatus';

/** sign is Fonepay's dataValidation: HMAC-SHA512 of the comma-joined fields, in hex. */
const sign = (...fields: string[]) => createHmac('sha512', merchant.secret).update(fields.join(',')).digest('hex');

/** emv writes one field of an EMV QR's text: its id, its length in two digits, its value. */
const emv = (id: string, v: string) => `${id}${String(v.length).padStart(2, '0')}${v}`;

/** FonepayStandIn is the stand-in: the QRs made (PRN → amount) and the PRNs paid. */
class FonepayStandIn {
  qrs = new Map<string, string>();
  paid = new Set<string>();
  server: Server;
  constructor() {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const b = JSON.parse(body || '{}') as Record<string, string>;
        const answer = (status: number, v: unknown) => {
          res.writeHead(status, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify(v));
        };
        const refuse = (message: string) => answer(406, { documentation: 'Merchant request Exception', errorCode: 406, message });
        if (b.merchantCode !== merchant.code) return refuse('Invalid Merchant Code');
        if (b.username !== merchant.username || b.password !== merchant.password) return refuse('Invalid username');
        if (req.url === qrPath) {
          if (b.dataValidation !== sign(b.amount, b.prn, b.merchantCode, b.remarks1, b.remarks2)) return refuse('Data Validation Failed');
          if (this.qrs.has(b.prn)) return refuse('Duplicate PRN');
          this.qrs.set(b.prn, b.amount);
          const qrMessage =
            emv('00', '01') + emv('01', '12') + emv('26', emv('00', 'fonepay.com') + emv('01', b.merchantCode) + emv('02', b.prn)) +
            emv('52', '5411') + emv('53', '524') + emv('54', b.amount) + emv('58', 'NP') + emv('59', 'Fonepaytest') + emv('60', 'Kathmandu') + '6304d3f7';
          return answer(201, { message: 'successfull', qrMessage, status: 'CREATED', statusCode: 201, success: true, thirdpartyQrWebSocketUrl: '' });
        }
        if (req.url === statusPath) {
          if (b.dataValidation !== sign(b.prn, b.merchantCode)) return refuse('Data Validation Failed');
          if (!this.qrs.has(b.prn)) return refuse('Invalid PRN');
          return answer(200, { fonepayTraceId: 17404, merchantCode: b.merchantCode, paymentStatus: this.paid.has(b.prn) ? 'success' : 'pending', prn: b.prn });
        }
        answer(404, { message: 'Not found' });
      });
    });
  }
}

const fonepay = new FonepayStandIn();
let store: OwnStore | undefined;

test.beforeAll(async () => {
  const port = await freePort();
  await new Promise<void>((done) => fonepay.server.listen(port, '127.0.0.1', done));
  store = await startOwnStore('fonepay', {
    HAAT_CURRENCY: 'NPR',
    HAAT_FONEPAY_MERCHANT_CODE: merchant.code,
    HAAT_FONEPAY_SECRET: merchant.secret,
    HAAT_FONEPAY_USERNAME: merchant.username,
    HAAT_FONEPAY_PASSWORD: merchant.password,
    HAAT_FONEPAY_URL: `http://127.0.0.1:${port}/api`,
  });
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
  await expect(page).toHaveURL(/\/my-orders$/, { timeout: 15_000 });
  await expect(page.getByText('Payment received')).toBeVisible();
  const order = page.getByRole('listitem', { name: /^Order / }).first();
  await expect(order).toContainText('Status: Order Placed');
  await expect(order).toContainText('Payment: Online');
  await expect(order.getByText('Paid', { exact: true })).toBeVisible();
  await expect(order.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
  orders = (await (await page.request.get(`${base}/api/order/user`)).json()).orders;
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({ status: 'Order Placed', isPaid: true });
});
