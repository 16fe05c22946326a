import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { seller } from '../playwright.config';
import { addAddress, products, signUp, uniqueEmail } from './helpers';

/** photo draws a PNG of the given colour in the browser and returns its bytes. */
async function photo(page: Page, colour: string): Promise<Buffer> {
  const dataURL = await page.evaluate((fill) => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = fill;
    ctx.fillRect(0, 0, 320, 240);
    ctx.fillStyle = '#ffffff';
    ctx.beginPath();
    ctx.arc(160, 120, 70, 0, Math.PI * 2);
    ctx.fill();
    return canvas.toDataURL('image/png');
  }, colour);
  return Buffer.from(dataURL.split(',')[1], 'base64');
}

async function sellerLogin(page: Page) {
  await page.goto('/seller');
  await expect(page.getByRole('heading', { name: 'Seller Login' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await page.getByLabel('Email').fill(`  ${seller.email} `);
  await page.getByLabel('Password').fill(seller.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Hi! Admin')).toBeVisible();
}

/** shopperOrders opens a second browser, signs a shopper up and places a cash order for product. */
async function placeCashOrder(browser: Browser, product: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/home');
  await signUp(page, 'Maya Tamang', uniqueEmail('maya'), 'namaste-123');
  await page.getByPlaceholder('Search products...').fill(product);
  await page.getByRole('button', { name: `Add ${product}` }).click();
  await page.getByRole('button', { name: /^Cart, 1 item$/ }).click();
  await addAddress(page, 'Maya', 'Tamang', 'Jhamsikhel 12', 'Lalitpur');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/my-orders$/);
  return page;
}

test('a seller adds a product, takes it out of stock and delivers a cash order', async ({ page, browser }) => {
  test.slow(); // a product with a photo, a shopper's order, its four steps, and an axe scan of the seller's order
  const name = `Ilam Green Tea ${Date.now()}`;
  await sellerLogin(page);

  // Add Product, with two photos drawn by the test.
  await expect(page.getByRole('heading', { name: 'Add New Product' })).toBeVisible();
  const [green, amber] = [await photo(page, '#15803d'), await photo(page, '#f59e0b')];
  await page.getByLabel('Product image 1').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: green });
  await page.getByLabel('Product image 2').setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: amber });
  await expect(page.getByAltText('front.png')).toBeVisible();
  await page.getByLabel('Product Name').fill(name);
  await page.getByLabel('Product Description').fill('First flush from Ilam\nHand rolled');
  await page.getByLabel('Category').selectOption('Drinks');
  await page.getByLabel('Product Price').fill('450');
  await page.getByLabel('Offer Price').fill('399');
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('Product Added')).toBeVisible();
  await expect(page.getByLabel('Product Name')).toHaveValue('');

  // Product List: the new product is first, with its photo and offer price.
  await page.getByRole('link', { name: 'Product List' }).click();
  await expect(page).toHaveURL(/\/seller\/product-list$/);
  const row = page.getByRole('row', { name });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell', { name: '$399' })).toBeVisible();
  const src = await row.locator('img').getAttribute('src');
  // Stored re-encoded (an opaque photo as JPEG), with a 400 px variant for lists.
  expect(src).toMatch(/^\/media\/uploads\/.+-400\.(jpg|png)$/);
  expect((await page.request.get(src!)).headers()['content-type']).toMatch(/^image\/(jpeg|png)$/);
  // 20 products at a time (56 catalogue products + 1); the next 20 come below the first.
  await expect(page.getByText(/^20 of \d+ products$/)).toBeVisible();
  await page.getByRole('button', { name: 'Show more products' }).click();
  await expect(page.getByText(/^40 of \d+ products$/)).toBeVisible();
  await expect(row).toBeVisible();

  // On the storefront at once, with both photos.
  const shop = await page.context().newPage();
  await shop.goto('/products');
  await shop.getByRole('link', { name }).click();
  await expect(shop.getByRole('heading', { name })).toBeVisible();
  await expect(shop.getByText('Hand rolled')).toBeVisible();
  await expect(shop.getByRole('group', { name: 'Product images' }).getByRole('button')).toHaveCount(2);

  // Out of stock: it leaves /products.
  await row.getByRole('button', { name: 'Remove from Stock' }).click();
  await expect(page.getByText('Stock Updated')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Update Stock' })).toBeVisible();
  await shop.goto('/products');
  await expect(shop.getByRole('link', { name: 'Jumla Red Rice' })).toBeVisible();
  await expect(shop.getByRole('link', { name })).toHaveCount(0);
  await shop.close();

  // A shopper's cash order reaches Orders; the seller walks it to Delivered and marks it paid.
  const shopper = await placeCashOrder(browser, 'Jumla Red Rice');
  await page.getByRole('link', { name: 'Orders' }).click();
  const card = page.getByRole('listitem').filter({ hasText: 'Maya Tamang' }).first();
  await expect(card).toContainText('Jumla Red Rice x 1');
  await expect(card).toContainText('Jhamsikhel 12, Lalitpur');
  await expect(card).toContainText('Method: COD');
  await expect(card).toContainText('Pending');
  await expect(card.getByRole('button', { name: 'Mark Paid' })).toHaveCount(0);
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations.map((v) => `${v.id} ${v.nodes[0]?.target}`)).toEqual([]);
  for (const step of ['Packed', 'Out for Delivery', 'Delivered']) {
    await card.getByRole('button', { name: `Mark ${step}` }).click();
    await expect(card).toContainText(`Status: ${step}`);
  }
  await expect(card.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Mark Paid' }).click();
  await expect(card.getByText('Paid', { exact: true })).toBeVisible();

  await shopper.reload();
  const mine = shopper.getByRole('listitem', { name: /^Order / }).first();
  await expect(mine).toContainText('Status: Delivered');
  await expect(mine.getByText('Paid', { exact: true })).toBeVisible();
  await shopper.context().close();

  // Logout ends the seller session.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/seller/orders');
  await expect(page.getByRole('heading', { name: 'Seller Login' })).toBeVisible();
});

test('a seller corrects a price and a photo, then archives and restores the product; the order placed before keeps it as it was', async ({ page, browser }) => {
  // A shopper's order, a correction with a new photo, and an archive and restore: more than one page's share of the default limit.
  test.setTimeout(120_000);
  const name = 'Apple Juice';
  const before = (await products(page.request)).find((p) => p.name === name)!;
  const shopper = await placeCashOrder(browser, name);
  const ordered = shopper.getByRole('listitem', { name: /^Order / }).first();
  const orderedPicture = await ordered.getByAltText(name).getAttribute('src');
  const orderedText = await ordered.innerText();

  await sellerLogin(page);
  await page.getByRole('link', { name: 'Product List' }).click();
  const row = page.getByRole('row', { name });
  await row.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/seller/product-list/${before._id}/edit$`));
  await expect(page.getByRole('heading', { name: `Edit ${name}` })).toBeVisible();
  await expect(page.getByLabel('Product Name')).toHaveValue(name);
  await expect(page.getByLabel('Offer Price')).toHaveValue(String(before.offerPrice));
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations.map((v) => `${v.id} ${v.nodes[0]?.target}`)).toEqual([]);

  // A new photo in place of the first, and a lower offer price.
  await page.getByRole('button', { name: 'Remove product image 1' }).click();
  await page.getByLabel('Product image 1').setInputFiles({ name: 'carton.png', mimeType: 'image/png', buffer: await photo(page, '#dc2626') });
  await expect(page.getByAltText('carton.png')).toBeVisible();
  await page.getByLabel('Offer Price').fill('1.11');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Product Updated')).toBeVisible();
  await expect(page).toHaveURL(/\/seller\/product-list$/);
  await expect(row.getByRole('cell', { name: '$1.11' })).toBeVisible();
  await expect(row.locator('img')).toHaveAttribute('src', /^\/media\/uploads\/.+-400\.(jpg|png)$/);
  const after = (await products(page.request)).find((p) => p._id === before._id) as typeof before & { image: string[] };
  expect(after.offerPrice).toBe(1.11);
  expect(after.image[0]).toMatch(/^\/media\/uploads\//);

  // Archived: out of the shop and the list on sale, into Archived; then restored.
  await row.getByRole('button', { name: `Archive ${name}` }).click();
  await expect(page.getByText('Product Archived')).toBeVisible();
  await expect(row).toHaveCount(0);
  expect((await products(page.request)).some((p) => p._id === before._id)).toBe(false);
  await page.getByRole('link', { name: 'Archived (1)' }).click();
  await page.getByRole('button', { name: `Restore ${name}` }).click();
  await expect(page.getByText('Product Restored')).toBeVisible();
  await expect(page.getByText('No archived products.')).toBeVisible();
  await page.getByRole('link', { name: /^On sale/ }).click();
  await expect(row).toBeVisible();
  expect((await products(page.request)).some((p) => p._id === before._id)).toBe(true);

  // The order placed before still shows the price and picture it was placed with.
  await shopper.reload();
  await expect(ordered.getByAltText(name)).toHaveAttribute('src', orderedPicture!);
  expect(await ordered.innerText()).toBe(orderedText);
  await shopper.context().close();
});

test('a seller finds products by name, category and stock, and the dashboard links to those running low', async ({ page }) => {
  await sellerLogin(page);
  await page.getByRole('link', { name: 'Product List' }).click();
  const rows = page.getByRole('row').filter({ has: page.getByRole('cell') });
  const search = page.getByRole('searchbox', { name: 'Search by name or SKU' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByText(/^20 of \d+ products$/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('product-list-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.screenshot({ path: test.info().outputPath('product-list-768.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Search as the seller types, in any case, then narrow to a category; a reload keeps both.
  await search.fill('PEA');
  await expect(page).toHaveURL(/\/seller\/product-list\?q=PEA$/);
  await expect(rows).toHaveCount(3);
  await page.getByLabel('Category').selectOption('Fruits');
  await expect(rows).toHaveCount(1);
  await page.reload();
  await expect(search).toHaveValue('PEA');
  await expect(page.getByLabel('Category')).toHaveValue('Fruits');
  const pear = page.getByRole('row', { name: 'Pear (Naspati)' });
  await expect(pear).toContainText('Not counted');
  await expect(rows).toHaveCount(1);

  // Counting its units brings the seller back to the same list, with the count shown.
  await pear.getByRole('link', { name: 'Edit Pear (Naspati)' }).click();
  await page.getByLabel('Units in stock').fill('2');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Product Updated')).toBeVisible();
  await expect(page).toHaveURL(/\/seller\/product-list\?q=PEA&category=Fruits$/);
  await expect(pear).toContainText('2 left');

  // The dashboard's low-stock panel opens the list of products running low.
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('region', { name: 'Low on stock' }).getByRole('link', { name: 'See products' }).click();
  await expect(page).toHaveURL(/\/seller\/product-list\?stock=low$/);
  await expect(page.getByLabel('Stock', { exact: true })).toHaveValue('low');
  await expect(search).toHaveValue('');
  await expect(rows).toHaveCount(1);
  await expect(pear).toContainText('2 left');
  await page.screenshot({ path: test.info().outputPath('product-list-low-1280.png'), fullPage: true });

  // Out of stock: the products switched off in the catalogue.
  await page.goto('/seller/product-list?stock=out');
  await expect(page.getByRole('row', { name: 'Yak Cheese' })).toBeVisible();
  await expect(pear).toHaveCount(0);
});

test('a wrong seller password shows the server message and keeps the login screen', async ({ page }) => {
  await page.goto('/seller');
  await page.getByLabel('Email').fill(seller.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Seller Login' })).toBeVisible();
});
