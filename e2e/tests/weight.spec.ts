import { expect, test, type Browser, type Page } from '@playwright/test';
import { seller } from '../playwright.config';
import { addAddress, signUp, startOwnStore, uniqueEmail, type OwnStore } from './helpers';

// Goods sold by weight, from the shelf to the settled bill, in a store of the test's own (no other
// test's settings): a shopper on a phone buys 750 g of tomatoes, a bunch of coriander ("leave it out"
// if it is not there) and the 5 kg bag of a rice sold in two sizes; the packer weighs 820 g and finds
// no coriander; the shopper sees what was packed and the settled amount.
const phone = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

let store: OwnStore | undefined;

test.beforeAll(async () => {
  store = await startOwnStore('weight', {});
});

test.afterAll(() => store?.stop());

/** addToCart adds the page's product and waits until the store has kept it: a page left at once cancels the save. */
async function addToCart(page: Page) {
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/cart/update') && r.status() === 200);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await saved;
}

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** sellerArea signs the seller in, in a browser context of its own, and adds products there (vegetables unless the fields say otherwise). */
async function sellerArea(browser: Browser) {
  const sellerContext = await browser.newContext({ baseURL: store!.base });
  const api = sellerContext.request;
  expect((await api.post('/api/seller/login', { data: seller })).ok()).toBeTruthy();
  const add = async (fields: Record<string, string>) => {
    const r = await api.post('/api/product/add', {
      multipart: { description: 'Fresh from Kavre', category: 'Vegetables', ...fields, images: { name: 'p.png', mimeType: 'image/png', buffer: png } },
    });
    expect(r.ok(), await r.text()).toBeTruthy();
    return (await r.json()).product as { _id: string };
  };
  return { sellerContext, add };
}

test('a shopper buys 750 g of tomatoes and a 5 kg bag of rice; the packer weighs 820 g and finds no coriander; the shopper sees the settled bill', async ({ browser }) => {
  test.slow(); // a shopper and a packer in two browsers
  const base = store!.base;
  const { sellerContext, add } = await sellerArea(browser);
  const tomatoes = await add({ name: 'Kavre Tomatoes', price: '200', offerPrice: '180', soldBy: 'weight', step: '250' });
  const coriander = await add({ name: 'Fresh Coriander', price: '20', offerPrice: '20', weight: '1 bunch' });
  const rice1 = await add({ name: 'Pokhreli Rice', category: 'Grains', price: '150', offerPrice: '150', family: 'pokhreli-rice', size: '1 kg' });
  await add({ name: 'Pokhreli Rice', category: 'Grains', price: '700', offerPrice: '700', family: 'pokhreli-rice', size: '5 kg' });

  const shopper = await browser.newContext({ ...phone, baseURL: base });
  const page = await shopper.newPage();
  await page.goto('/home');
  await page.getByRole('button', { name: 'Menu' }).click();
  await signUp(page, 'Sita Tamang', uniqueEmail('sita'), 'namaste-123');
  await page.goto(`/products/vegetables/${tomatoes._id}`);
  await expect(page.getByText('Price: $180/kg')).toBeVisible();
  await page.getByLabel('Weight', { exact: true }).selectOption({ label: '750 g' });
  await addToCart(page);
  await page.goto(`/products/vegetables/${coriander._id}`);
  await addToCart(page);
  // The rice comes in two sizes: its page switches to the 5 kg bag.
  await page.goto(`/products/grains/${rice1._id}`);
  await page.getByRole('link', { name: /^5 kg/ }).click();
  await expect(page.getByText('Price: $700')).toBeVisible();
  await addToCart(page);
  await page.getByRole('button', { name: /^Cart, 3 items$/ }).click();
  await expect(page.getByText('about $135 for 750 g').first()).toBeVisible();
  // No coriander, no substitute: leave it out.
  await page.getByLabel('If Fresh Coriander is not there').selectOption({ label: 'Leave it out' });
  await addAddress(page, 'Sita', 'Tamang', 'Jhamsikhel 3', 'Lalitpur');
  // 135 + 20 + 700 = 855, and 2% = 17.10.
  await expect(page.getByTestId('cart-total').first()).toHaveText('$872.10');
  await page.getByRole('button', { name: 'Place Order' }).first().click();
  await expect(page).toHaveURL(/\/my-orders$/);

  const packer = await sellerContext.newPage();
  await packer.setViewportSize({ width: 360, height: 740 });
  await packer.goto('/seller/orders');
  await packer.getByRole('button', { name: 'Pack and weigh' }).click();
  const form = packer.getByRole('form', { name: /^Packing of order #/ });
  await form.getByLabel(/Kavre Tomatoes/).fill('820');
  await form.getByLabel(/Fresh Coriander/).selectOption({ label: 'None there' });
  await expect(form.getByText('Pokhreli Rice, 5 kg')).toBeVisible();
  await packer.screenshot({ path: test.info().outputPath('packing-360.png'), fullPage: true });
  await form.getByRole('button', { name: 'Packed' }).click();
  await expect(packer.getByText('Order Packed').first()).toBeVisible();
  await expect(packer.getByText('packed 820 g')).toBeVisible();

  // 820 g at 180 is 147.60, no coriander, the 5 kg rice: 847.60 and 2% = 16.95: 864.55.
  await page.reload();
  await expect(page.getByText('Packed: 820 g')).toBeVisible();
  await expect(page.getByText('Pokhreli Rice, 5 kg', { exact: true })).toBeVisible();
  await expect(page.getByText('Packed: 0')).toBeVisible();
  await expect(page.getByText('$864.55').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('settled-360.png'), fullPage: true });
  await shopper.close();
  await sellerContext.close();
});

test('the packer sends parsley for the coriander that ran out; the shopper on a phone refuses it and the bill drops', async ({ browser }) => {
  test.slow(); // a shopper and a packer in two browsers
  const base = store!.base;
  const { sellerContext, add } = await sellerArea(browser);
  const coriander = await add({ name: 'Hill Coriander', price: '20', offerPrice: '20', weight: '1 bunch' });
  await add({ name: 'Curly Parsley', price: '15', offerPrice: '15', weight: '1 bunch' });
  const beans = await add({ name: 'Green Beans', price: '100', offerPrice: '100', weight: '500 g' });

  // The shopper orders 2 bunches of coriander ("a similar item" if it is not there) and the beans:
  // 40 + 100 = 140, and 2% = 2.80.
  const shopper = await browser.newContext({ ...phone, baseURL: base });
  const page = await shopper.newPage();
  const email = uniqueEmail('gita');
  expect((await page.request.post('/api/user/register', { data: { name: 'Gita Rai', email, password: 'namaste-123' } })).ok()).toBeTruthy();
  const address = { firstName: 'Gita', lastName: 'Rai', email, street: 'Baneshwor 10', city: 'Kathmandu', state: 'Bagmati', zipcode: '44600', country: 'Nepal', phone: '9801234567' };
  const added = await page.request.post('/api/address/add', { data: { address } });
  expect(added.ok()).toBeTruthy();
  const addressId = ((await added.json()).address as { _id: string })._id;
  const placed = await page.request.post('/api/order/cod', {
    data: { address: addressId, items: [{ product: coriander._id, quantity: 2, substitute: 'best' }, { product: beans._id, quantity: 1 }] },
  });
  expect(placed.ok(), await placed.text()).toBeTruthy();

  // At the shelf: no coriander; the packer sends 2 bunches of parsley instead.
  const packer = await sellerContext.newPage();
  await packer.setViewportSize({ width: 360, height: 740 });
  await packer.goto('/seller/orders');
  const card = packer.getByRole('listitem', { name: /^Order #/ }).filter({ hasText: 'Hill Coriander' }).first();
  await card.getByRole('button', { name: 'Pack with items short' }).click();
  const form = packer.getByRole('form', { name: /^Packing of order #/ });
  await form.getByLabel(/^Hill Coriander/).selectOption({ label: 'None there' });
  await form.getByLabel('Send instead of Hill Coriander').selectOption({ label: 'Curly Parsley' });
  await expect(form.getByLabel('How many')).toHaveValue('2');
  await expect(form.getByText(/asked to keep or refuse it within 10 minutes/)).toBeVisible();
  await packer.screenshot({ path: test.info().outputPath('substitute-packing-360.png'), fullPage: true });
  await form.getByRole('button', { name: 'Packed' }).click();
  await expect(packer.getByText('Order Packed').first()).toBeVisible();
  await expect(card.getByText(/Sent instead: Curly Parsley × 2 · waiting for the shopper's answer until/)).toBeVisible();

  // The shopper is asked: 30 + 100 = 130 and 2.60 until they answer. They refuse it.
  await page.goto('/my-orders');
  const offer = page.getByRole('group', { name: /Hill Coriander/ });
  await expect(offer.getByText('Hill Coriander was not there. We packed Curly Parsley × 2 ($30) instead.')).toBeVisible();
  await expect(page.getByText('$132.60').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('substitute-offer-360.png'), fullPage: true });
  await offer.getByRole('button', { name: 'Refuse it' }).click();
  await expect(page.getByText('Substitute refused').first()).toBeVisible();
  await expect(offer).toHaveCount(0);
  // Only the beans are charged now: 100 and 2% = 2.
  await expect(page.getByText('$102', { exact: true }).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('substitute-refused-360.png'), fullPage: true });

  // The packer takes the parsley out, and the order can go.
  await packer.reload();
  await expect(card.getByText(/Sent instead: Curly Parsley × 2 · refused: take it out/)).toBeVisible();
  await card.getByRole('button', { name: /Out for Delivery/ }).click();
  await expect(packer.getByText('Order Out for Delivery').first()).toBeVisible();
  await shopper.close();
  await sellerContext.close();
});
