import { expect, test, type Page } from '@playwright/test';
import { cartButton, products, uniqueEmail } from './helpers';

// With the service worker, as a shopper's phone runs the store (the other tests leave it out:
// playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

// The store installs on a phone as an app of its own: a manifest with the store's name and icons,
// and a service worker that lets the pages last seen open without a connection, says when the
// phone is offline, keeps no write, and shows a new release at the next load.

const phone = { width: 360, height: 780 };
const notice = 'You are offline. You can browse the products you have seen; ordering needs a connection.';
const offlineWrite = 'You are offline, and this needs a connection. Nothing is lost: try again once you are back online.';

/** controlled waits until the service worker has taken the page over, and answers its script's address. */
async function controlled(page: Page): Promise<string> {
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ''), { timeout: 20_000 }).toMatch(/\/sw\.js$/);
  return page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
}

/** kept says whether the service worker's caches hold an answer for path. */
const kept = (page: Page, path: string) => page.evaluate(async (p) => !!(await caches.match(p)), path);

test('installable at 360 px, and the pages last seen browse offline', async ({ browser }) => {
  test.slow();
  const context = await browser.newContext({ viewport: phone });
  const page = await context.newPage();
  const catalogue = await products(page.request);
  const apple = catalogue.find((p) => p.name === 'Mustang Apple')!;
  const storeName = (await (await page.request.get('/api/settings')).json()).settings.store.name as string;
  expect(storeName).not.toBe('');

  // A shopper with an address, so that an order could be placed.
  const email = uniqueEmail('pwa');
  expect((await page.request.post('/api/user/register', { data: { name: 'Maya Tamang', email, password: 'namaste-123' } })).ok()).toBeTruthy();
  const address = { firstName: 'Maya', lastName: 'Tamang', email, street: 'Jhamsikhel 3', city: 'Lalitpur', state: 'Bagmati', zipcode: '44700', country: 'Nepal', phone: '9801234567' };
  expect((await page.request.post('/api/address/add', { data: { address } })).ok()).toBeTruthy();

  await page.goto('/home');
  await expect(page.getByRole('heading', { name: 'Best Sellers' })).toBeVisible();

  // The manifest: the store's name, standalone from /, with icons that load as PNGs.
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const res = await page.request.get(href!);
  expect(res.headers()['content-type']).toBe('application/manifest+json');
  const manifest = await res.json();
  expect(manifest).toMatchObject({ name: storeName, start_url: '/', scope: '/', display: 'standalone' });
  for (const icon of manifest.icons as { src: string; sizes: string }[]) {
    const png = await page.request.get(icon.src);
    expect(png.headers()['content-type'], icon.src).toBe('image/png');
  }
  expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));

  // The service worker takes the page over, and the browser finds nothing missing to offer the install.
  expect(await controlled(page)).toMatch(/\/sw\.js$/);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // A test's browser context is a private window, where nothing installs; that is the only objection.
  expect(installabilityErrors.map((e) => e.errorId)).toEqual(['in-incognito']);
  const { errors } = await cdp.send('Page.getAppManifest');
  expect(errors).toEqual([]);
  // What the first load fetched before the worker took over is kept too.
  await expect.poll(() => kept(page, '/home')).toBe(true);

  // Browse: a category, a product, the cart, and back to the product.
  await page.getByRole('button', { name: 'Fresh Fruits' }).click();
  await expect(page).toHaveURL(/\/products\/fruits$/);
  await expect(page.getByRole('link', { name: 'Mustang Apple', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Mustang Apple', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Mustang Apple', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
  await cartButton(page).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText('Jhamsikhel 3, Lalitpur')).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Mustang Apple', exact: true })).toBeVisible();
  // Nothing of the shopper's is kept: not the session, the cart, the addresses.
  for (const path of ['/api/user/session', '/api/user/is-auth', '/api/address/get', '/api/cart/quote']) expect(await kept(page, path), path).toBe(false);

  // The line drops: the store says so at once.
  await context.setOffline(true);
  const status = page.getByRole('status').filter({ hasText: notice });
  await expect(status).toBeVisible();
  // A change to the cart stays on the phone, and is said to need a connection.
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText(offlineWrite)).toBeVisible();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');
  // Ordering says plainly that it needs a connection, and leaves the cart as it was.
  await cartButton(page).click();
  await expect(page).toHaveURL(/\/cart$/);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText(offlineWrite)).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/cart$/);
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');
  await page.screenshot({ path: '/tmp/pwa-cart-offline-360.png' });

  // Back online: the notice goes, and the change made offline reaches the store.
  await context.setOffline(false);
  await expect(status).toBeHidden();
  await expect.poll(async () => (await (await page.request.get('/api/user/is-auth')).json()).user.cartItems, { timeout: 15_000 }).toEqual({ [apple._id]: 2 });

  // Offline again, every page seen opens anew from what was kept, and says it is offline.
  await context.setOffline(true);
  for (const [path, shows] of [
    ['/home', page.getByRole('heading', { name: 'Best Sellers' })],
    ['/products/fruits', page.getByRole('link', { name: 'Mustang Apple', exact: true })],
    [`/products/fruits/${apple._id}`, page.getByRole('heading', { name: 'Mustang Apple', exact: true })],
  ] as const) {
    await page.goto(path);
    await expect(shows, path).toBeVisible();
    await expect(status, path).toBeVisible();
  }
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Mustang Apple', exact: true })).toBeVisible();
  await page.screenshot({ path: '/tmp/pwa-offline-en-360.png' });

  // Back online, the notice goes at the next answer.
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Mustang Apple', exact: true })).toBeVisible();
  await expect(status).toBeHidden();

  // A shopper who reads Nepali is told in Nepali.
  await page.evaluate(() => localStorage.setItem('haat.language', 'ne'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ne');
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'तपाईं अफलाइन हुनुहुन्छ। पहिले हेरेका सामानहरू हेर्न सक्नुहुन्छ; अर्डर गर्न इन्टरनेट चाहिन्छ।' })).toBeVisible();
  await page.screenshot({ path: '/tmp/pwa-offline-ne-360.png' });
  await context.setOffline(false);
  await context.close();
});

test('a new release is shown at the next load, and a new worker takes over at once', async ({ browser }) => {
  const context = await browser.newContext({ viewport: phone });
  const page = await context.newPage();
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: 'Best Sellers' })).toBeVisible();
  await controlled(page);
  const shells = () => page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('haat-shell-')).sort());
  await expect.poll(shells).toHaveLength(1);
  const [current] = await shells();
  await expect.poll(() => kept(page, '/home')).toBe(true);

  // The next release: its pages differ from those the worker kept. What the server sends is changed
  // on the way, as a new build would change it.
  const release = 'release-2';
  await context.route(
    (url) => url.pathname === '/home',
    async (route) => {
      const res = await route.fetch();
      await route.fulfill({ response: res, body: (await res.text()).replace('<head>', `<head><meta name="haat-release" content="${release}">`) });
    },
  );
  // Online, the very next load, answered through the worker, is the new release's page, not the one kept.
  const answer = await page.reload();
  expect(answer!.fromServiceWorker()).toBe(true);
  await expect(page.locator('meta[name="haat-release"]')).toHaveAttribute('content', release);
  await expect(page.getByRole('heading', { name: 'Best Sellers' })).toBeVisible();
  await context.unroute((url) => url.pathname === '/home');

  // A new release's worker (another script, as a new build's sw.js is) takes the open page over at
  // once, without a second load, and drops the caches of every other release.
  await page.evaluate(async () => (await caches.open('haat-shell-0ldrelease')).put('/index.html', new Response('the old release')));
  await expect.poll(shells).toEqual([current, 'haat-shell-0ldrelease'].sort());
  await page.evaluate(() => navigator.serviceWorker.register('/sw.js?release=2'));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ''), { timeout: 20_000 }).toMatch(/\/sw\.js\?release=2$/);
  await expect.poll(shells).toEqual([current]);
  // The catalogue seen is kept across releases.
  expect(await kept(page, '/api/config')).toBe(true);
  await context.close();
});
