import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { cartButton, products, uniqueEmail } from './helpers';

// Checkout without surprises, as a shopper on a phone meets it: 360 px wide.
test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

const seller = { email: 'seller@haat.example', password: 'seller-password-1' };
const longWord = 'Supercalifragilisticexpialidociousmomochutney'; // 45 characters, no break

/** register signs a new shopper up through the API; the page's browser shares the session. */
async function register(page: Page, name = 'Sita Gurung') {
  const email = uniqueEmail('checkout');
  const res = await page.request.post('/api/user/register', { data: { name, email, password: 'namaste-123' } });
  expect(res.ok()).toBeTruthy();
  return email;
}

/** saveAddress stores an address for the page's shopper and returns its id. */
async function saveAddress(page: Page, street: string, city = 'Kathmandu') {
  const address = { firstName: 'Sita', lastName: 'Gurung', email: 'sita@example.com', street, city, state: 'Bagmati', zipcode: '44600', country: 'Nepal', phone: '9801234567' };
  const res = await page.request.post('/api/address/add', { data: { address } });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).address._id as string;
}

async function savedCart(page: Page) {
  const res = await page.request.get('/api/user/is-auth');
  return (await res.json()).user as { cartItems: Record<string, number>; cartVersion: number };
}

async function sellerRequest(request: APIRequestContext) {
  expect((await request.post('/api/seller/login', { data: seller })).ok()).toBeTruthy();
  return request;
}

/** noSidewaysScroll: the page is no wider than the phone. */
async function expectNoSidewaysScroll(page: Page, where: string) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${where} is ${width} px wide`).toBeLessThanOrEqual(360);
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('13: the chosen address and payment survive a reload and a trip to add an address', async ({ page, request }) => {
  const rice = (await products(request)).find((p) => p.name === 'Jumla Red Rice')!;
  await register(page);
  await saveAddress(page, 'Lakeside 4', 'Pokhara');
  await saveAddress(page, 'Thamel 12');
  expect((await page.request.post('/api/cart/update', { data: { cartItems: { [rice._id]: 1 } } })).ok()).toBeTruthy();

  await page.goto('/cart');
  await expect(page.getByTestId('selected-address')).toHaveText('Lakeside 4, Pokhara, Bagmati, Nepal'); // the first is preselected
  await page.getByRole('button', { name: 'Change' }).click();
  await page.getByRole('button', { name: 'Thamel 12, Kathmandu, Bagmati, Nepal' }).click();
  await page.getByLabel('Payment Method').selectOption('Online');
  await expect(page.getByRole('radio', { name: 'Test payment' })).toBeChecked();

  await page.reload();
  await expect(page.getByTestId('selected-address')).toHaveText('Thamel 12, Kathmandu, Bagmati, Nepal');
  await expect(page.getByLabel('Payment Method')).toHaveValue('Online');
  await expect(page.getByRole('button', { name: 'Proceed To CheckOut' })).toBeInViewport();

  // Adding an address comes back with that address chosen, and the payment as it was.
  await page.getByRole('button', { name: 'Change' }).click();
  await page.getByRole('button', { name: 'Add address' }).click();
  await expect(page).toHaveURL(/\/add-address$/);
  const fields: Record<string, string> = {
    'First Name': 'Sita', 'Last Name': 'Gurung', 'Email address': 'sita@example.com', Street: `Baneshwor ${longWord}`,
    City: 'Kathmandu', State: 'Bagmati', 'Zip code': '44600', Country: 'Nepal', Phone: '9801234567',
  };
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label).fill(value);
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId('selected-address')).toHaveText(`Baneshwor ${longWord}, Kathmandu, Bagmati, Nepal`);
  await expect(page.getByLabel('Payment Method')).toHaveValue('Online');
  await expectNoSidewaysScroll(page, 'the cart with a long address');
  await page.getByRole('button', { name: 'Change' }).click();
  await expectNoSidewaysScroll(page, 'the address menu');
});

test('14: two tabs and two devices of one account never lose cart items', async ({ browser, page, request }) => {
  const catalogue = await products(request);
  const rice = catalogue.find((p) => p.name === 'Jumla Red Rice')!;
  const noodles = catalogue.find((p) => p.name.startsWith('Wai Wai'))!;
  const email = await register(page);

  // Two tabs of one browser: a change in one shows in the other at once, without a reload.
  const tab2 = await page.context().newPage();
  await page.goto('/products');
  await tab2.goto('/products');
  await expect(cartButton(tab2)).toHaveAccessibleName('Cart, 0 items');
  await page.getByRole('button', { name: 'Add Jumla Red Rice' }).click();
  await expect(cartButton(tab2)).toHaveAccessibleName('Cart, 1 item');
  await expect(tab2.getByRole('button', { name: 'Add one more Jumla Red Rice' })).toBeVisible();
  await expect.poll(async () => (await savedCart(page)).cartItems).toEqual({ [rice._id]: 1 });

  // A second device loads the cart, then the first device adds more: the second is now behind.
  const phone2 = await (browser as Browser).newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const device2 = await phone2.newPage();
  expect((await device2.request.post('/api/user/login', { data: { email, password: 'namaste-123' } })).ok()).toBeTruthy();
  await device2.goto('/products');
  await expect(cartButton(device2)).toHaveAccessibleName('Cart, 1 item');
  await page.getByRole('button', { name: 'Add one more Jumla Red Rice' }).click();
  await expect.poll(async () => (await savedCart(page)).cartItems).toEqual({ [rice._id]: 2 });

  // Its update names the old version: refused with 409, merged and sent again. Nothing is lost.
  const statuses: number[] = [];
  device2.on('response', (r) => {
    if (r.url().endsWith('/api/cart/update')) statuses.push(r.status());
  });
  await device2.getByRole('button', { name: `Add ${noodles.name}` }).click();
  await expect.poll(async () => (await savedCart(page)).cartItems).toEqual({ [rice._id]: 2, [noodles._id]: 1 });
  // The saved cart can be read before the browser has seen the answer to the retry.
  await expect.poll(() => statuses).toEqual([409, 200]);
  await expect(cartButton(device2)).toHaveAccessibleName('Cart, 3 items');

  // A client that sends no version (older clients do not) still replaces the saved cart.
  const plain = await page.request.post('/api/cart/update', { data: { cartItems: { [noodles._id]: 4 } } });
  expect(plain.status()).toBe(200);
  expect((await savedCart(page)).cartItems).toEqual({ [noodles._id]: 4 });
  await phone2.close();
  await tab2.close();
});

test('15: an item that went out of stock stays in the cart, apart, until removed', async ({ page, request }) => {
  const catalogue = await products(request);
  const rice = catalogue.find((p) => p.name === 'Jumla Red Rice')!;
  const dal = catalogue.find((p) => p.name === 'Masoor Dal' && p.inStock) ?? catalogue.find((p) => p.inStock && p.category === 'Grains' && p._id !== rice._id)!;
  await register(page);
  await saveAddress(page, 'Lakeside 4', 'Pokhara');
  expect((await page.request.post('/api/cart/update', { data: { cartItems: { [rice._id]: 1, [dal._id]: 2 } } })).ok()).toBeTruthy();
  const sellerApi = await sellerRequest(request);
  expect((await sellerApi.post('/api/product/stock', { data: { id: dal._id, inStock: false } })).ok()).toBeTruthy();
  try {
    await page.goto('/cart');
    const line = page.getByTestId('unavailable-line');
    await expect(line).toContainText(dal.name);
    await expect(line.getByText('Out of stock')).toBeVisible();
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 3 items'); // the badge counts what the cart holds
    await expect(page.getByRole('heading', { name: /Shopping Cart/ })).toContainText('3 Items');
    const riceOnly = Math.round(rice.offerPrice * 100);
    const total = riceOnly + Math.floor((riceOnly * 2 + 50) / 100);
    await expect(page.getByTestId('cart-total')).toHaveText(`$${(total / 100).toFixed(2)}`);

    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Remove the items that are out of stock to place your order' }).first()).toBeVisible();
    await expect(page).toHaveURL(/\/cart$/);

    await line.getByRole('button', { name: `Remove ${dal.name} from cart` }).click();
    await expect(line).toHaveCount(0);
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/my-orders$/);
  } finally {
    await sellerApi.post('/api/product/stock', { data: { id: dal._id, inStock: true } });
  }
});

test('an order whose answer was lost on the way is sent again and placed once', async ({ page, request }) => {
  const rice = (await products(request)).find((p) => p.name === 'Jumla Red Rice')!;
  await register(page);
  await saveAddress(page, 'Thamel 12');
  expect((await page.request.post('/api/cart/update', { data: { cartItems: { [rice._id]: 2 } } })).ok()).toBeTruthy();

  // The first call reaches the server, which places the order; its answer never reaches the phone.
  const keys: string[] = [];
  await page.route('**/api/order/cod', async (route) => {
    keys.push(route.request().headers()['idempotency-key']);
    if (keys.length === 1) {
      await route.fetch();
      await route.abort('connectionreset');
    } else await route.continue();
  });
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/my-orders$/);
  await expect(page.getByRole('status').filter({ hasText: 'Order Placed Successfully' }).first()).toBeVisible();
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  expect(keys[1]).toBe(keys[0]);
  const orders = (await (await page.request.get('/api/order/user')).json()).orders as unknown[];
  expect(orders).toHaveLength(1);
  await expect(page.getByTestId('order-amount')).toHaveCount(1);
});

test('16: long unbroken words never widen a page, and the checkout bar stays in reach', async ({ browser, page, request }) => {
  // A product whose name is one long word, added by the seller.
  const sellerApi = await sellerRequest(request);
  const photo = await (await request.get('/media/catalogue/jumla-rice.webp')).body();
  const name = `${longWord} rice`;
  const added = await sellerApi.post('/api/product/add', {
    multipart: {
      name, description: JSON.stringify(['A test of long names']), category: 'Grains', price: '10', offerPrice: '9',
      images: { name: 'rice.webp', mimeType: 'image/webp', buffer: photo },
    },
  });
  expect(added.ok(), await added.text()).toBeTruthy();
  const product = (await added.json()).product as { _id: string };
  try {
    await register(page);
    await saveAddress(page, `${longWord} 4`, longWord);
    await page.goto('/products');
    await page.getByPlaceholder('Search products...').fill('supercali');
    await expect(page.getByRole('link', { name })).toBeVisible();
    await expectNoSidewaysScroll(page, 'the product list');
    await page.getByRole('button', { name: `Add ${name}` }).click();
    await page.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expectNoSidewaysScroll(page, 'the product page');

    await cartButton(page).click();
    await expect(page.getByTestId('selected-address')).toContainText(longWord);
    await expectNoSidewaysScroll(page, 'the cart');
    await page.getByRole('button', { name: 'Change' }).click();
    await expectNoSidewaysScroll(page, 'the address menu');
    await page.getByRole('button', { name: 'Change' }).click();

    // The fixed checkout bar: on screen, on top, and it works.
    const order = page.getByRole('button', { name: 'Place Order' });
    await expect(order).toBeInViewport();
    const box = (await order.boundingBox())!;
    const onTop = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.textContent, [box.x + box.width / 2, box.y + box.height / 2]);
    expect(onTop).toBe('Place Order');
    await order.click();
    await expect(page).toHaveURL(/\/my-orders$/);
    await expect(page.getByRole('listitem', { name: /^Order / }).first()).toContainText(longWord);
    await expectNoSidewaysScroll(page, 'My Orders');

    // The seller's order list on a phone.
    const sellerContext = await (browser as Browser).newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const sellerPage = await sellerContext.newPage();
    expect((await sellerPage.request.post('/api/seller/login', { data: seller })).ok()).toBeTruthy();
    await sellerPage.goto('/seller/orders');
    await expect(sellerPage.getByRole('listitem').filter({ hasText: longWord }).first()).toBeVisible();
    await expectNoSidewaysScroll(sellerPage, 'the seller orders');
    await sellerContext.close();
  } finally {
    await sellerApi.post('/api/product/stock', { data: { id: product._id, inStock: false } });
  }
});

test('17: one toast at a time, clear of the cart badge and the quantity buttons; + stops at 100', async ({ page, request }) => {
  const rice = (await products(request)).find((p) => p.name === 'Jumla Red Rice')!;
  await page.goto('/products');
  const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: 'Jumla Red Rice' }) });
  await card.getByRole('button', { name: 'Add Jumla Red Rice' }).click();
  for (let i = 0; i < 3; i++) await card.getByRole('button', { name: 'Add one more Jumla Red Rice' }).click();
  await card.getByRole('button', { name: 'Remove one Jumla Red Rice' }).click();
  // Everything measured the moment the last toast shows (a toast lasts three seconds).
  const seen = await page.waitForFunction(() => {
    const toasts = [...document.querySelectorAll('[data-rht-toaster] [role="status"]')];
    if (!toasts.some((t) => t.textContent === 'Removed From Cart')) return null;
    const rect = (el: Element | null) => {
      const r = el!.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    };
    return {
      texts: toasts.map((t) => t.textContent),
      toast: rect(toasts[0].parentElement),
      header: rect(document.querySelector('header')),
      targets: ['[aria-label^="Cart,"]', '[aria-label="Add one more Jumla Red Rice"]', '[aria-label="Remove one Jumla Red Rice"]'].map((q) => rect(document.querySelector(q))),
    };
  });
  const { texts, toast, header, targets } = (await seen.jsonValue())!;
  // Five cart changes, one toast: the newest.
  expect(texts).toEqual(['Removed From Cart']);
  for (const box of targets) expect(overlaps(toast, box), `toast ${JSON.stringify(toast)} covers ${JSON.stringify(box)}`).toBe(false);
  // Toasts stay within the navigation bar, so no button of the page below is ever under one.
  expect(toast.y + toast.height).toBeLessThanOrEqual(header.y + header.height);

  // At the limit + is off and the card says why.
  await page.evaluate((id) => localStorage.setItem('haat.guestCart', JSON.stringify({ [id]: 100 })), rice._id);
  await page.reload();
  const plus = card.getByRole('button', { name: 'Add one more Jumla Red Rice' });
  await expect(plus).toBeDisabled();
  await expect(card.getByText('At most 100 of one item')).toBeVisible();
  await expect(plus).toHaveAccessibleDescription('At most 100 of one item');
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 100 items');
});

test('19: signed-out My Orders asks to log in; search clears; titles; unknown pages are 404', async ({ page, request }) => {
  const rice = (await products(request)).find((p) => p.name === 'Jumla Red Rice')!;
  await page.goto('/my-orders');
  await expect(page.getByText('Please log in to see your orders.')).toBeVisible();
  await expect(page.getByText(/No orders yet/)).toHaveCount(0);
  await expect(page).toHaveTitle('My Orders · Haat');
  await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 700);

  // A search is forgotten once the shopper leaves the results.
  await page.goto('/home');
  await expect(page).toHaveTitle('Home · Haat');
  await page.getByPlaceholder('Search products...').fill('jumla');
  await expect(page).toHaveURL(/\/products$/);
  await expect(page).toHaveTitle('Search: jumla · Haat');
  await cartButton(page).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByPlaceholder('Search products...')).toHaveValue('');
  await expect(page).toHaveTitle('Shopping Cart · Haat');
  await page.goBack();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page).toHaveTitle('All Products · Haat');
  await expect(page.getByRole('link', { name: /Wai Wai/ }).first()).toBeVisible();

  for (const [path, title] of [['/contact', 'Contact Us · Haat'], ['/products/fruits', 'Fresh Fruits · Haat'], [`/products/grains/${rice._id}`, 'Jumla Red Rice · Haat'], ['/seller', 'Seller Login · Haat']]) {
    const res = await page.goto(path);
    expect(res!.status(), path).toBe(200);
    await expect(page).toHaveTitle(title);
  }

  // A category there is none of keeps its 404 but shows the spec's empty state (reload.spec.ts).
  const spices = await page.goto('/products/spices');
  expect(spices!.status()).toBe(404);
  await expect(page.getByText('No Product Found - Please try another category or check back later.')).toBeVisible();
  await expect(page).toHaveTitle('Page not found · Haat');

  for (const path of ['/no-such-page', '/products/grains/01NOSUCHPRODUCT', '/cart/extra']) {
    const res = await page.goto(path);
    expect(res!.status(), path).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('Page not found · Haat');
  }
});
