import { expect, test } from '@playwright/test';
import { money, ok, products, screenshot, sellerSignIn, uniqueEmail } from './helpers';

// Cash at the end of the day: a rider delivers two cash orders; the owner opens the day's cash
// sheet, sees the rider's cash and what is still to hand in, records a handover and sees the
// difference change. At 1280 px, then on a 360 px phone.
test.use({ viewport: { width: 1280, height: 900 } });

/** shown is an amount as the seller area shows it: whole dollars without cents. */
const shown = (minor: number) => (minor % 100 === 0 ? `$${minor / 100}` : money(minor));

test('the owner sees a rider’s cash by order, records a handover and the difference changes', async ({ page, browser }) => {
  await sellerSignIn(page);
  const owner = page.request;
  const name = `Bikash Rai ${Date.now().toString(36)}`;
  const email = uniqueEmail('rider');
  const password = 'rider-password-1';
  await ok(owner.post('/api/seller/staff', { data: { name, email, role: 'rider', password } }));
  const riderContext = await browser.newContext();
  const rider = riderContext.request;
  await ok(rider.post('/api/seller/login', { data: { email, password } }));
  const riderID = (await (await rider.get('/api/seller/session')).json()).seller._id as string;

  // A shopper places two cash orders; the rider delivers both with the codes the shopper was sent.
  const shopContext = await browser.newContext();
  const shop = shopContext.request;
  const rice = (await products(shop)).find((p) => p.name === 'Jumla Red Rice')!;
  await ok(shop.post('/api/user/register', { data: { name: 'Sita Gurung', email: uniqueEmail('cash'), password: 'namaste-123' } }));
  const address = { firstName: 'Sita', lastName: 'Gurung', email: 'sita@example.com', street: 'Thamel 12', city: 'Kathmandu', state: 'Bagmati', zipcode: '44600', country: 'Nepal', phone: '9801234567' };
  const addressID = (await ok(shop.post('/api/address/add', { data: { address } }))).address._id as string;
  const delivered: { number: number; amount: number }[] = [];
  for (const quantity of [1, 2]) {
    await ok(shop.post('/api/order/cod', { data: { items: [{ product: rice._id, quantity }], address: addressID } }));
    const placed = (await (await shop.get('/api/order/user')).json()).orders[0] as { _id: string; number: number; amount: number };
    await ok(owner.post('/api/order/status', { data: { id: placed._id, status: 'Packed' } }));
    await ok(owner.post('/api/order/assign', { data: { id: placed._id, rider: riderID } }));
    await ok(rider.post('/api/rider/start', { data: { id: placed._id } }));
    const out = ((await (await shop.get('/api/order/user')).json()).orders as { _id: string; handoverCode?: string }[]).find((o) => o._id === placed._id)!;
    await ok(rider.post('/api/rider/delivered', { data: { id: placed._id, code: out.handoverCode } }));
    delivered.push({ number: placed.number, amount: Math.round(placed.amount * 100) });
  }
  const total = delivered[0]!.amount + delivered[1]!.amount;

  // The owner opens Cash from the sidebar: the rider's two orders, their total, all still to hand in.
  await page.getByRole('navigation', { name: 'Seller menu' }).getByRole('link', { name: 'Cash' }).click();
  await expect(page).toHaveURL(/\/seller\/cash$/);
  const sheet = page.getByRole('region', { name });
  for (const d of delivered) {
    await expect(sheet.getByRole('row', { name: `#${d.number} ${shown(d.amount)}` })).toBeVisible();
  }
  await expect(sheet.getByTestId('collected-total')).toHaveText(shown(total));
  await expect(sheet.getByText('Difference: Still to hand in')).toBeVisible();
  await expect(sheet.getByTestId('difference')).toHaveText(shown(total));
  await expect(sheet.getByText(/None \(paid into the store/)).toBeVisible();
  await screenshot(page, 'cash-1280');

  // The rider hands in all but a dollar; the difference is that dollar.
  await sheet.getByLabel(`Amount ${name} hands in`).fill(((total - 100) / 100).toFixed(2));
  await sheet.getByRole('button', { name: 'Record' }).click();
  await expect(page.getByText('Handover recorded')).toBeVisible();
  await expect(sheet.getByTestId('difference')).toHaveText(shown(100));
  await expect(sheet.getByRole('row', { name: new RegExp(`${shown(total - 100).replace('$', '\\$')}$`) })).toBeVisible();
  // Then the dollar: settled.
  await sheet.getByLabel(`Amount ${name} hands in`).fill('1');
  await sheet.getByRole('button', { name: 'Record' }).click();
  await expect(sheet.getByText('Difference: Settled')).toBeVisible();
  await expect(sheet.getByTestId('difference')).toHaveText(shown(0));
  await screenshot(page, 'cash-settled-1280');
  // Printed: the store's name and the day on top, no form, lines to sign.
  await page.emulateMedia({ media: 'print' });
  await expect(sheet.getByRole('button', { name: 'Record' })).toBeHidden();
  await expect(sheet.getByText('Received by')).toBeVisible();
  await screenshot(page, 'cash-print');
  await page.emulateMedia({ media: 'screen' });

  // On a phone the sheet fits the screen.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(sheet.getByTestId('difference')).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `the cash page is ${width} px wide`).toBeLessThanOrEqual(360);
  const box = (await sheet.boundingBox())!;
  expect(box.x + box.width, 'the sheet ends within the screen').toBeLessThanOrEqual(360);
  await screenshot(page, 'cash-360');

  await riderContext.close();
  await shopContext.close();
});
