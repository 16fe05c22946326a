import { expect, test } from '@playwright/test';
import { money, ok, products, screenshot, sellerSignIn, uniqueEmail } from './helpers';

// Store credit: the owner gives goodwill credit on a delivered order from the seller's order list;
// the shopper sees it on their account page and spends it on their next order from a 360 px phone:
// the cart offers it, shows what it pays and what is left, and My Orders shows the credit used.

/** minor is an amount of a JSON answer in minor units. */
const minor = (major: number) => Math.round(major * 100);

test('the owner gives goodwill credit and the shopper spends it on the next order', async ({ page, browser }) => {
  test.slow(); // a shopper and the owner in two browsers

  // A shopper, signed in on a phone, whose cash order of rice the owner delivers.
  await page.setViewportSize({ width: 360, height: 760 });
  const shop = page.request;
  await ok(shop.post('/api/user/register', { data: { name: 'Sita Gurung', email: uniqueEmail('credit'), password: 'namaste-123' } }));
  const rice = (await products(shop)).find((p) => p.name === 'Jumla Red Rice')!;
  const address = { firstName: 'Sita', lastName: 'Gurung', email: 'sita@example.com', street: 'Thamel 12', city: 'Kathmandu', state: 'Bagmati', zipcode: '44600', country: 'Nepal', phone: '9801234567' };
  const addressID = (await ok(shop.post('/api/address/add', { data: { address } }))).address._id as string;
  await ok(shop.post('/api/order/cod', { data: { items: [{ product: rice._id, quantity: 1 }], address: addressID } }));
  const first = (await (await shop.get('/api/order/user')).json()).orders[0] as { _id: string; number: number };

  const ownerPage = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await sellerSignIn(ownerPage);
  for (const status of ['Packed', 'Out for Delivery', 'Delivered']) {
    await ok(ownerPage.request.post('/api/order/status', { data: { id: first._id, status } }));
  }

  // The owner finds the order and gives its shopper $3 of goodwill credit, with a reason.
  await ownerPage.getByRole('link', { name: 'Orders' }).click();
  await expect(ownerPage).toHaveURL(/\/seller\/orders$/);
  const filters = ownerPage.getByRole('search', { name: 'Filter orders' });
  await filters.getByRole('searchbox', { name: 'Search orders' }).fill(`#${first.number}`);
  await filters.getByRole('button', { name: 'Search' }).click();
  const card = ownerPage.getByRole('listitem', { name: `Order #${first.number}` });
  await card.getByRole('button', { name: 'Give store credit' }).click();
  const form = card.getByRole('form', { name: 'Give store credit' });
  await form.getByLabel('Amount').fill('3');
  await form.getByLabel('Reason (the shopper sees it)').fill('Sorry for the late delivery');
  await screenshot(ownerPage, 'goodwill-form-1280');
  await form.getByRole('button', { name: 'Give credit' }).click();
  await expect(ownerPage.getByText('Store credit given')).toBeVisible();
  await expect(form).toBeHidden();
  // Past the order's total, the owner is told, and nothing is given.
  await card.getByRole('button', { name: 'Give store credit' }).click();
  await form.getByLabel('Amount').fill('10000');
  await form.getByLabel('Reason (the shopper sees it)').fill('Too much');
  await form.getByRole('button', { name: 'Give credit' }).click();
  await expect(form.getByRole('alert')).toContainText('The goodwill credit of an order adds up to at most its total');
  await ownerPage.close();

  // The shopper sees the balance and the entry on their account page.
  await page.goto('/account');
  const credit = page.getByRole('region', { name: 'Store credit' });
  await expect(credit.getByTestId('credit-balance')).toHaveText('$3');
  const entry = credit.getByTestId('credit-entries').getByRole('listitem').first();
  await expect(entry).toContainText('From the store');
  await expect(entry).toContainText(`Order #${first.number}`);
  await expect(entry).toContainText('Sorry for the late delivery');
  await expect(entry).toContainText('+$3');
  await screenshot(page, 'account-credit-360');
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, 'account-credit-1280');
  await page.setViewportSize({ width: 360, height: 760 });

  // Two bags of rice in the cart; what the store's quote says the credit pays and leaves.
  await ok(shop.post('/api/cart/update', { data: { cartItems: { [rice._id]: 2 } } }));
  const quote = (await ok(shop.post('/api/cart/quote', { data: { items: [{ product: rice._id, quantity: 2 }], address: addressID, useCredit: true } }))).quote as {
    total: number;
    creditUsed: number;
    toPay: number;
  };
  expect(minor(quote.creditUsed)).toBe(300);
  expect(minor(quote.toPay)).toBe(minor(quote.total) - 300);

  await page.goto('/cart');
  await expect(page.getByText('Jumla Red Rice').first()).toBeVisible();
  const use = page.getByRole('checkbox', { name: 'Use store credit ($3)' });
  await expect(use).not.toBeChecked();
  await expect(page.getByTestId('cart-total')).toHaveText(money(minor(quote.total)));
  await use.check();
  await expect(page.getByTestId('cart-credit')).toHaveText(/^−\$3(\.00)?$/);
  await expect(page.getByTestId('cart-to-pay')).toHaveText(money(minor(quote.toPay)));
  // The bar in reach of the thumb says what is left to pay.
  await expect(page.getByRole('paragraph').filter({ hasText: `To pay:${money(minor(quote.toPay))}` })).toBeVisible();
  await screenshot(page, 'cart-credit-360');
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, 'cart-credit-1280');
  await page.setViewportSize({ width: 360, height: 760 });

  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/my-orders$/);
  const placed = (await (await shop.get('/api/order/user')).json()).orders[0] as { _id: string; number: number; creditUsed: number; toPay: number; amount: number };
  expect(minor(placed.amount)).toBe(minor(quote.total));
  expect(minor(placed.creditUsed)).toBe(300);
  expect(minor(placed.toPay)).toBe(minor(quote.toPay));
  const order = page.getByRole('listitem', { name: `Order #${placed.number}` });
  await expect(order.getByTestId('order-credit')).toHaveText(/^−\$3(\.00)?$/);
  await expect(order.getByTestId('order-to-pay')).toHaveText(money(minor(quote.toPay)));
  await screenshot(page, 'my-orders-credit-360');

  // Spent: the account says so, and the cart offers no more credit.
  await page.goto('/account');
  await expect(credit.getByTestId('credit-balance')).toHaveText('$0');
  await expect(credit.getByTestId('credit-entries').getByRole('listitem').first()).toContainText('Used for an order');
  await expect(credit.getByTestId('credit-entries').getByRole('listitem').first()).toContainText(/−\$3(\.00)?$/);
});
