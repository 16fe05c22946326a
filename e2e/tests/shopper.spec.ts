import { expect, test } from '@playwright/test';
import { cartButton, money, products, signUp, uniqueEmail } from './helpers';

// The shopper's journey runs with the service worker, as a shopper's phone does (the other tests
// leave it out: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

test('a guest shops, signs up, keeps the cart and places a cash order', async ({ page, request }) => {
  const catalogue = await products(request);
  const apple = catalogue.find((p) => p.name === 'Mustang Apple')!;
  const rice = catalogue.find((p) => p.name === 'Jumla Red Rice')!;

  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0); // no navigation bar on the landing page
  await page.getByRole('link', { name: 'Start Shopping' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Best Sellers' })).toBeVisible();

  await page.getByRole('button', { name: 'Fresh Fruits' }).click();
  await expect(page).toHaveURL(/\/products\/fruits$/);
  await expect(page.getByRole('heading', { name: 'Fresh Fruits' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dolakha Kiwi' })).toHaveCount(0); // out of stock

  await page.getByRole('link', { name: 'Mustang Apple' }).click();
  await expect(page).toHaveURL(new RegExp(`/products/fruits/${apple._id}$`));
  await expect(page.getByRole('heading', { name: 'Mustang Apple' })).toBeVisible();
  await expect(page.getByText('(inclusive of all taxes)')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Related Products' })).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added To Cart')).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');

  // A guest cart survives a reload.
  await page.reload();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');

  // Signing up merges the guest cart into the new account's server cart.
  const email = uniqueEmail('sita');
  await signUp(page, 'Sita Gurung', email, 'namaste-123');
  await expect(page).toHaveURL(/\/home$/);
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');
  await expect
    .poll(async () => (await (await page.request.get('/api/user/is-auth')).json()).user.cartItems)
    .toEqual({ [apple._id]: 2 });

  // One more product, from search.
  await page.getByPlaceholder('Search products...').fill('jumla');
  await expect(page).toHaveURL(/\/products$/);
  await page.getByRole('button', { name: 'Add Jumla Red Rice' }).click();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 3 items');

  await cartButton(page).click();
  await expect(page).toHaveURL(/\/cart$/);
  const subtotal = Math.round(apple.offerPrice * 100) * 2 + Math.round(rice.offerPrice * 100);
  const total = subtotal + Math.floor((subtotal * 2 + 50) / 100);
  await expect(page.getByTestId('cart-total')).toHaveText(money(total));

  // No address yet: the order is refused until one is chosen.
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText('Please Select An Address')).toBeVisible();

  await page.getByRole('button', { name: 'Change' }).click();
  await page.getByRole('button', { name: 'Add address' }).click();
  await expect(page).toHaveURL(/\/add-address$/);
  const fields: [string, string][] = [
    ['First Name', 'Sita'], ['Last Name', 'Gurung'], ['Email address', email], ['Street', 'Lakeside 4'],
    ['City', 'Pokhara'], ['State', 'Gandaki'], ['Zip code', '33700'], ['Country', 'Nepal'], ['Phone', '9811111111'],
  ];
  for (const [label, value] of fields) await page.getByLabel(label).fill(value);
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText('Lakeside 4, Pokhara, Gandaki, Nepal')).toBeVisible();

  await expect(page.getByRole('button', { name: 'Place Order' })).toBeEnabled();
  await page.getByLabel('Payment Method').selectOption('Online');
  await expect(page.getByRole('button', { name: 'Proceed To CheckOut' })).toBeVisible();
  await page.getByLabel('Payment Method').selectOption('COD');
  await page.getByRole('button', { name: 'Place Order' }).click();

  await expect(page).toHaveURL(/\/my-orders$/);
  await expect(page.getByText('Order Placed Successfully')).toBeVisible();
  await expect(page.getByTestId('order-amount')).toHaveText(money(total));
  const order = page.getByRole('listitem', { name: /^Order / });
  await expect(order.getByText('Mustang Apple')).toBeVisible();
  await expect(order.getByText('Jumla Red Rice')).toBeVisible();
  await expect(order.getByText('Status: Order Placed')).toBeVisible();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');

  // The server agrees on the amount.
  const orders = (await (await page.request.get('/api/order/user')).json()).orders;
  expect(Math.round(orders[0].amount * 100)).toBe(total);
});

test('search from the navigation bar filters products by name, ignoring case', async ({ page }) => {
  await page.goto('/contact');
  await page.getByPlaceholder('Search products...').fill('INSTANT');
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('link', { name: /Wai Wai Instant Noodles/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Instant Coffee' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Jumla Red Rice' })).toHaveCount(0);
  await page.getByPlaceholder('Search products...').fill('no such thing');
  await expect(page.getByText('No products match your search.')).toBeVisible();
});

test('a category with nothing in stock shows the empty state', async ({ page, request }) => {
  const login = await request.post('/api/seller/login', { data: { email: 'seller@haat.example', password: 'seller-password-1' } });
  expect(login.ok()).toBeTruthy();
  const bakery = (await products(request)).filter((p) => p.category === 'Bakery' && p.inStock);
  const setStock = (inStock: boolean) =>
    Promise.all(bakery.map((p) => request.post('/api/product/stock', { data: { id: p._id, inStock } })));
  await setStock(false);
  try {
    await page.goto('/products/BAKERY');
    await expect(page.getByRole('heading', { name: 'Bakery & Breads' })).toBeVisible();
    await expect(page.getByText('No Product Found - Please try another category or check back later.')).toBeVisible();
  } finally {
    await setStock(true);
  }
  await page.reload();
  await expect(page.getByRole('link', { name: 'Sandwich Bread' })).toBeVisible();
});

test('the loader moves on after five seconds', async ({ page }) => {
  // The page's clock runs as the test says: three seconds, still loading; two more, moved on.
  await page.clock.install();
  await page.goto('/loader?next=cart');
  await expect(page.getByText('Loading...')).toBeVisible();
  await page.clock.runFor(3_000);
  await expect(page).toHaveURL(/\/loader/);
  await page.clock.runFor(2_100);
  await expect(page).toHaveURL(/\/cart$/);

  await page.goto('/loader');
  await expect(page.getByText('Loading...')).toBeVisible();
  await page.clock.runFor(5_100);
  await expect(page).toHaveURL(/\/my-orders$/);
});

test('the login modal shows the server errors and closes on a click outside', async ({ page }) => {
  await page.goto('/home');
  await page.getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill('nobody@example.com');
  await dialog.getByLabel('Password').fill('wrong-password');
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(dialog).toBeVisible();

  await dialog.getByRole('button', { name: 'Create one here' }).click();
  await dialog.getByLabel('Full Name').fill('Ram');
  await dialog.getByLabel('Email').fill(uniqueEmail('ram'));
  await dialog.getByLabel('Password').fill('short');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();

  await dialog.getByRole('button', { name: 'Sign in here' }).click();
  await expect(dialog.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await page.mouse.click(5, 400);
  await expect(dialog).toBeHidden();
});

test('a page route survives a reload and add-address sends a guest back to the cart', async ({ page, request }) => {
  const rice = (await products(request)).find((p) => p.name === 'Jumla Red Rice')!;
  await page.goto(`/products/grains/${rice._id}`);
  await expect(page.getByRole('heading', { name: 'Jumla Red Rice' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Jumla Red Rice' })).toBeVisible();

  await page.goto('/add-address');
  await expect(page.getByText('You Need To Sign In To Change The Address')).toBeVisible();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText('No Items Found')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeDisabled();
});
