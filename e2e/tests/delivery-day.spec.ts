import { expect, test } from '@playwright/test';
import { seller } from '../playwright.config';
import { startOwnStore, uniqueEmail, type OwnStore } from './helpers';
import { startFonepay, type FonepayStandIn } from './fonepay-standin';

// A delivery day in a store of the test's own (in rupees, taking Fonepay through a stand-in): the
// owner adds a rider on the Staff page and gives them three cash orders; the rider, on a 360 px
// phone, sets out with the first (the shopper sees who brings it and the handover code) and
// delivers it with the code, takes the second's money by a Fonepay QR at the door, and brings the
// third back unanswered; the owner reads who did what in each order's history, and the rider's cash
// sheet shows the cash, the QR payment and the difference after a handover.
const phone = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
const shots = process.env.HAAT_E2E_SHOTS;

let store: OwnStore | undefined;
let fonepay: FonepayStandIn;

test.beforeAll(async () => {
  const standIn = await startFonepay();
  fonepay = standIn.fonepay;
  store = await startOwnStore('delivery-day', standIn.env);
});

test.afterAll(() => {
  store?.stop();
  fonepay.server.close();
});

test('the owner adds a rider and gives them three orders; the rider delivers one with the code, takes a QR payment for one and brings one back', async ({ browser }) => {
  test.slow(); // an owner, a shopper and a rider in three browsers
  const base = store!.base;

  // The owner adds the rider on the Staff page.
  const owner = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } });
  const ownerPage = await owner.newPage();
  await ownerPage.goto('/seller');
  await ownerPage.getByLabel('Email').fill(seller.email);
  await ownerPage.getByLabel('Password').fill(seller.password);
  await ownerPage.getByRole('button', { name: 'Login' }).click();
  await ownerPage.getByRole('navigation', { name: 'Seller menu' }).getByRole('link', { name: 'Staff' }).click();
  const form = ownerPage.getByRole('form', { name: 'Add a member of staff' });
  await form.getByLabel('Name').fill('Bikash Rai');
  await form.getByLabel('Email or mobile number').fill('९८०१२३४५६७');
  await form.getByLabel('Role').selectOption('rider');
  await form.getByLabel('Password').fill('rider-password-1');
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(ownerPage.getByText('Staff added')).toBeVisible();
  await expect(ownerPage.getByRole('listitem').filter({ hasText: 'Bikash Rai' })).toContainText('9801234567');
  if (shots) await ownerPage.screenshot({ path: `${shots}/staff-1280.png`, fullPage: true });

  // A shopper places two cash orders.
  const shopper = await browser.newContext({ ...phone, baseURL: base });
  const api = shopper.request;
  expect((await api.post('/api/user/register', { data: { name: 'Sita Gurung', email: uniqueEmail('sita'), password: 'namaste-123' } })).ok()).toBeTruthy();
  const address = (await (await api.post('/api/address/add', {
    data: { address: { firstName: 'Sita', lastName: 'Gurung', email: 'sita@example.com', street: 'Jhamsikhel 3', city: 'Lalitpur', state: 'Bagmati', zipcode: '44600', country: 'Nepal', phone: '9811111111', landmark: 'Blue gate opposite the school' } },
  })).json()).address._id as string;
  const product = ((await (await api.get('/api/product/list')).json()).products as { _id: string; inStock: boolean }[]).find((p) => p.inStock)!;
  for (let i = 0; i < 3; i++) {
    expect((await api.post('/api/order/cod', { data: { address, items: [{ product: product._id, quantity: 1 }] } })).ok()).toBeTruthy();
  }
  const myOrders = async () => (await (await api.get('/api/order/user')).json()).orders as { _id: string; number: number; handoverCode?: string }[];
  const [third, second, first] = await myOrders();

  // The owner packs both and gives them to the rider on the Orders page.
  await ownerPage.getByRole('navigation', { name: 'Seller menu' }).getByRole('link', { name: 'Orders' }).click();
  for (const o of [first, second, third]) {
    expect((await owner.request.post('/api/order/status', { data: { id: o._id, status: 'Packed' } })).ok()).toBeTruthy();
  }
  await ownerPage.reload();
  for (const o of [first, second, third]) {
    const card = ownerPage.getByRole('listitem').filter({ hasText: `#${o.number}` }).first();
    await card.getByLabel('Give to rider').selectOption({ label: 'Bikash Rai' });
    await expect(card.getByLabel('Give to rider')).toHaveValue(/.+/);
  }

  // The rider signs in at /seller on their phone, with the number, and lands on their deliveries.
  const rider = await browser.newContext({ ...phone, baseURL: base });
  const riderPage = await rider.newPage();
  await riderPage.goto('/seller');
  await riderPage.getByLabel('Email').fill('9801234567');
  await riderPage.getByLabel('Password').fill('rider-password-1');
  await riderPage.getByRole('button', { name: 'Login' }).click();
  await expect(riderPage).toHaveURL(/\/rider$/);
  await expect(riderPage.getByRole('heading', { name: 'My deliveries' })).toBeVisible();
  const firstCard = riderPage.getByRole('listitem').filter({ hasText: `#${first.number}` });
  const secondCard = riderPage.getByRole('listitem').filter({ hasText: `#${second.number}` });
  const thirdCard = riderPage.getByRole('listitem').filter({ hasText: `#${third.number}` });
  await expect(firstCard).toContainText('Blue gate opposite the school');
  await expect(firstCard).toContainText(/Collect Rs\. [\d,.]+ in cash/);
  await expect(firstCard.getByRole('link', { name: /Call/ })).toHaveAttribute('href', 'tel:+9779811111111');

  // On the way with the first: the shopper sees who brings it, and the code.
  await firstCard.getByRole('button', { name: 'On my way' }).click();
  await expect(firstCard.getByLabel('Code from the shopper')).toBeVisible();
  const shopperPage = await shopper.newPage();
  await shopperPage.goto('/my-orders');
  const code = (await myOrders()).find((o) => o._id === first._id)!.handoverCode!;
  expect(code).toMatch(/^\d{4}$/);
  await expect(shopperPage.getByText('Bikash is bringing your order.')).toBeVisible();
  await expect(shopperPage.getByLabel('Handover code')).toHaveText(code);
  await expect(shopperPage.getByRole('link', { name: 'Call Bikash' })).toBeVisible();
  if (shots) await shopperPage.screenshot({ path: `${shots}/my-orders-rider-360.png`, fullPage: true });
  if (shots) await riderPage.screenshot({ path: `${shots}/rider-360.png`, fullPage: true });

  // A wrong code is refused; the right one delivers.
  const wrong = String((Number(code) + 1) % 10000).padStart(4, '0');
  await firstCard.getByLabel('Code from the shopper').fill(wrong);
  await firstCard.getByRole('button', { name: 'Delivered', exact: true }).click();
  await expect(riderPage.getByText('Wrong code. Tries left: 4')).toBeVisible();
  await firstCard.getByLabel('Code from the shopper').fill(code);
  await firstCard.getByRole('button', { name: 'Delivered', exact: true }).click();
  await expect(riderPage.getByRole('heading', { name: 'Delivered today' })).toBeVisible();

  // The second: paid by a Fonepay QR at the door, then handed over with the code.
  await secondCard.getByRole('button', { name: 'On my way' }).click();
  await secondCard.getByRole('button', { name: 'Take payment by QR' }).click();
  await expect(secondCard.getByRole('img', { name: /QR code to pay Rs\./ })).toBeVisible();
  if (shots) await riderPage.screenshot({ path: `${shots}/rider-qr-360.png`, fullPage: true });
  const [prn] = [...fonepay.qrs.keys()];
  fonepay.paid.add(prn!);
  await expect(secondCard.getByText(/Paid Rs\. [\d,.]+ by QR: collect nothing\./)).toBeVisible();
  const secondCode = (await myOrders()).find((o) => o._id === second._id)!.handoverCode!;
  await secondCard.getByLabel('Code from the shopper').fill(secondCode);
  await secondCard.getByRole('button', { name: 'Delivered', exact: true }).click();

  // The third: no one answers, back to the store.
  await thirdCard.getByRole('button', { name: 'On my way' }).click();
  await thirdCard.getByRole('button', { name: 'Could not deliver' }).click();
  await thirdCard.getByRole('button', { name: 'No answer' }).click();
  await expect(riderPage.getByText('Nothing to deliver right now.', { exact: false })).toBeVisible();
  if (shots) await riderPage.screenshot({ path: `${shots}/rider-done-360.png`, fullPage: true });

  // The owner reads each order's history, with who took each step.
  await ownerPage.reload();
  const delivered = ownerPage.getByRole('listitem').filter({ hasText: `#${first.number}` }).first();
  await delivered.getByText('History').click();
  await expect(delivered.getByRole('listitem').filter({ hasText: 'Delivered' }).last()).toContainText('by Bikash Rai (rider)');
  await expect(delivered).toContainText('Proved by the shopper’s code');
  const back = ownerPage.getByRole('listitem').filter({ hasText: `#${third.number}` }).first();
  await back.getByText('History').click();
  await expect(back.getByRole('listitem').filter({ hasText: 'Could not be delivered' })).toContainText('No answer');
  await expect(back.getByLabel('Give to rider')).toHaveValue('');
  if (shots) await ownerPage.screenshot({ path: `${shots}/orders-history-1280.png`, fullPage: true });

  // The cash sheet: the first order's cash to hand in, the second paid by QR; a handover of part of it leaves a difference.
  await ownerPage.getByRole('navigation', { name: 'Seller menu' }).getByRole('link', { name: 'Cash' }).click();
  const sheet = ownerPage.getByRole('region', { name: 'Bikash Rai' });
  await expect(sheet.getByRole('link', { name: `#${first.number}` })).toBeVisible();
  await expect(sheet.getByRole('listitem').filter({ hasText: `#${second.number}` })).toBeVisible();
  const owed = (await sheet.getByTestId('difference').textContent())!;
  await sheet.getByLabel('Amount Bikash Rai hands in').fill('1');
  await sheet.getByRole('button', { name: 'Record' }).click();
  await expect(sheet.getByTestId('difference')).not.toHaveText(owed);
  await expect(sheet.getByText(/Still to hand in/)).toBeVisible();
  if (shots) await ownerPage.screenshot({ path: `${shots}/cash-1280.png`, fullPage: true });
});
