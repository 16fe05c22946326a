import { expect, test, type Page } from '@playwright/test';
import { seller } from '../playwright.config';
import { ok, startOwnStore, type OwnStore, uniqueEmail } from './helpers';

// After delivery: a shopper on a 360 px phone reports a damaged item with a photo from My Orders
// and is given a reference; the owner decides it at the claims desk with store credit, which
// issues a credit note against the order's tax invoice; the shopper sees the decision and the
// credit, and the cart offers it for the next order; the credit note prints. The store is one of
// the test's own (rupees, VAT, invoice details), so that no other spec sees its settings.

let store: OwnStore | undefined;
test.beforeAll(async () => {
  store = await startOwnStore('claims', { HAAT_CURRENCY: 'NPR' });
});
test.afterAll(() => store?.stop());

/** shot keeps a picture of the page in the test's output folder, to look at. */
const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

/** photo draws a picture of a torn bag in the page, as a PNG. */
async function photo(page: Page): Promise<Buffer> {
  const dataURL = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#b45309';
    ctx.fillRect(0, 0, 320, 240);
    ctx.strokeStyle = '#ffffff';
    ctx.lineWidth = 12;
    ctx.beginPath();
    ctx.moveTo(40, 40);
    ctx.lineTo(280, 200);
    ctx.stroke();
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataURL.split(',')[1]!, 'base64');
}

test('a shopper claims a damaged item with a photo; the owner gives store credit with a credit note; the shopper can spend it', async ({ page, browser }) => {
  test.slow(); // a store of its own, a shopper and the owner
  const base = store!.base;

  // The owner sets the store's invoice details and VAT.
  const owner = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await ok(owner.request.post(`${base}/api/seller/login`, { data: seller }));
  await ok(owner.request.post(`${base}/api/seller/settings`, { data: { taxRule: 'vat', invoice: { legalName: 'Haat Traders Pvt. Ltd.', address: 'Baneshwor-10, Kathmandu', pan: '601234567' } } }));

  // A shopper's cash order of two bags of rice, delivered and paid.
  await page.setViewportSize({ width: 360, height: 760 });
  const shop = page.request;
  await ok(shop.post(`${base}/api/user/register`, { data: { name: 'Sita Gurung', email: uniqueEmail('claim'), password: 'namaste-123' } }));
  const products = (await (await shop.get(`${base}/api/product/list`)).json()).products as { _id: string; name: string; category: string }[];
  const rice = products.find((p) => p.category === 'Grains')!;
  const address = {
    firstName: 'Sita', lastName: 'Gurung', email: '', street: 'Jhamsikhel tole', city: 'Lalitpur Metropolitan City', state: 'Bagmati',
    zipcode: '', country: 'Nepal', phone: '9841234567', district: 'Lalitpur', ward: 3, landmark: '',
  };
  const addressID = (await ok(shop.post(`${base}/api/address/add`, { data: { address } }))).address._id as string;
  await ok(shop.post(`${base}/api/order/cod`, { data: { items: [{ product: rice._id, quantity: 2 }], address: addressID } }));
  const order = (await (await shop.get(`${base}/api/order/user`)).json()).orders[0] as { _id: string; number: number };
  for (const status of ['Packed', 'Out for Delivery', 'Delivered']) {
    await ok(owner.request.post(`${base}/api/order/status`, { data: { id: order._id, status } }));
  }
  await ok(owner.request.post(`${base}/api/order/paid`, { data: { id: order._id } }));

  // My Orders on the phone: Report a problem, one bag damaged, a note and a photo.
  await page.goto(`${base}/my-orders`);
  const card = page.getByRole('listitem', { name: `Order #${order.number}` });
  await card.getByRole('button', { name: 'Report a problem' }).click();
  const form = card.getByRole('form', { name: `What was not right with order #${order.number}?` });
  await form.getByLabel(`${rice.name}: how many (up to 2)`).selectOption('1');
  await form.getByLabel(`What was wrong with ${rice.name}`).selectOption('damaged');
  await form.getByLabel('Anything to add (optional)').fill('The bag was split open and half the rice was on the floor of the van.');
  await form.getByLabel('Photos (up to 3)').setInputFiles({ name: 'torn.png', mimeType: 'image/png', buffer: await photo(page) });
  await shot(page, 'claim-form-360');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(/^Claim C-\d{4}\/\d{2}-1 recorded: we will decide it by /)).toBeVisible();
  const claims = card.getByRole('region', { name: 'Your claims' });
  await expect(claims).toContainText(`× 1 (Damaged)`);
  await expect(claims).toContainText('We will decide by');
  const reference = (await claims.textContent())!.match(/C-\d{4}\/\d{2}-1/)![0];
  await shot(page, 'claim-sent-360');

  // The owner's claims desk: the claim with its photo and 15 days to decide; store credit.
  await owner.goto(`${base}/seller`);
  await owner.getByRole('link', { name: 'Claims', exact: true }).click();
  const claim = owner.getByRole('listitem', { name: `Claim ${reference}` });
  await expect(claim).toContainText('15 days left');
  await expect(claim.getByRole('link', { name: 'Photo 1' })).toBeVisible();
  // The photo is served and drawn.
  await expect.poll(() => claim.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await shot(owner, 'claims-desk-1280');
  const decide = claim.getByRole('form', { name: `Decide claim ${reference}` });
  await decide.getByRole('radio', { name: 'Store credit' }).check();
  await decide.getByLabel('Note to the shopper (optional)').fill('Sorry about the bag');
  await decide.getByRole('button', { name: 'Decide' }).click();
  await expect(owner.getByText(`Claim ${reference} decided`)).toBeVisible();
  await expect(owner.getByRole('listitem', { name: `Claim ${reference}` })).toContainText('Store credit');

  // The order's refund, made as credit, with its credit note, which prints alone.
  await owner.goto(`${base}/seller/orders`);
  const sellerCard = owner.getByRole('listitem', { name: `Order #${order.number}` });
  const note = sellerCard.getByRole('link', { name: /^Credit note CN-/ });
  await expect(note).toBeVisible();
  await note.click();
  const doc = owner.getByTestId('credit-note');
  await expect(doc.getByRole('heading', { name: 'Credit Note' })).toBeVisible();
  await expect(doc).toContainText('Haat Traders Pvt. Ltd.');
  await expect(doc).toContainText(`${reference}: Sorry about the bag`);
  await expect(owner.getByTestId('tax-invoice')).toHaveCount(0);
  await shot(owner, 'credit-note-1280');

  // The shopper sees the decision, the credit on the account page, and the cart offers it.
  await page.reload();
  await expect(page.getByRole('listitem', { name: `Order #${order.number}` }).getByRole('region', { name: 'Your claims' })).toContainText('Given as store credit');
  await page.goto(`${base}/account`);
  const credit = page.getByRole('region', { name: 'Store credit' });
  const balance = (await credit.getByTestId('credit-balance').textContent())!;
  expect(balance).toMatch(/^Rs\. [1-9]/);
  await expect(credit.getByTestId('credit-entries').getByRole('listitem').first()).toContainText(`Order #${order.number}`);
  await shot(page, 'account-credit-360');

  // The next order spends it.
  await ok(shop.post(`${base}/api/cart/update`, { data: { cartItems: { [rice._id]: 1 } } }));
  await page.goto(`${base}/cart`);
  await page.getByRole('checkbox', { name: `Use store credit (${balance})` }).check();
  await expect(page.getByTestId('cart-credit')).toBeVisible();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/my-orders$/);
  const next = (await (await shop.get(`${base}/api/order/user`)).json()).orders[0] as { number: number; creditUsed: number };
  expect(next.number).not.toBe(order.number);
  expect(next.creditUsed).toBeGreaterThan(0);
  await page.goto(`${base}/account`);
  await expect(credit.getByTestId('credit-entries').getByRole('listitem').first()).toContainText('Used for an order');
});
