import { expect, test, type Page } from '@playwright/test';
import { addAddress, money, products, signUp, uniqueEmail, sellerSignIn } from './helpers';

/** sellerLogin signs the page in as the seller and opens Orders. */
async function sellerOrders(page: Page) {
  await sellerSignIn(page);
  await page.getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/seller\/orders$/);
}

/** overflow is how far the page is wider than the window (0 when nothing sticks out sideways). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

for (const width of [360, 1280]) {
  test(`at ${width} px My Orders shows the order number and each line's total, and the seller finds the order by its number`, async ({
    page,
    browser,
    request,
  }) => {
    test.slow(); // a shopper and a seller in two browsers: more than the default minute on a loaded machine
    const catalogue = await products(request);
    const rice = catalogue.find((p) => p.name === 'Jumla Red Rice')!;
    const apple = catalogue.find((p) => p.name === 'Mustang Apple')!;

    // A new shopper orders two bags of rice and an apple, cash on delivery.
    await page.goto('/home');
    await signUp(page, 'Sita Gurung', uniqueEmail('sita'), 'namaste-123');
    const cart = await page.request.post('/api/cart/update', { data: { cartItems: { [rice._id]: 2, [apple._id]: 1 } } });
    expect(cart.ok()).toBeTruthy();
    await page.goto('/cart');
    await addAddress(page, 'Sita', 'Gurung', 'Lakeside 4', 'Pokhara');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/my-orders$/);

    await page.setViewportSize({ width, height: 800 });
    await page.reload();
    const order = page.getByRole('listitem', { name: /^Order #\d+$/ });
    await expect(order).toHaveCount(1);
    const number = (await order.getByTestId('order-number').textContent())!;
    expect(number).toMatch(/^#1\d{4}$/);
    await expect(order.getByRole('heading', { name: `Order ${number}` })).toBeVisible();

    // Each line: quantity × unit price = line total, and the unit price as it was paid.
    const unit = (p: { offerPrice: number }) => `$${p.offerPrice % 1 === 0 ? p.offerPrice : p.offerPrice.toFixed(2)}`;
    const lineTotal = (minor: number) => (minor % 100 === 0 ? `$${minor / 100}` : money(minor));
    const lines = order.getByTestId('line-total');
    await expect(lines).toHaveCount(2);
    expect((await lines.allTextContents()).sort()).toEqual(
      [`2 × ${unit(rice)} = ${lineTotal(Math.round(rice.offerPrice * 100) * 2)}`, `1 × ${unit(apple)} = ${lineTotal(Math.round(apple.offerPrice * 100))}`].sort(),
    );
    for (const line of await lines.all()) await expect(line).toBeInViewport();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath(`my-orders-${width}.png`), fullPage: true });

    // The shopper quotes the number; the seller finds the order by it, with or without '#'.
    const sellerPage = await browser.newPage({ viewport: { width, height: 800 } });
    await sellerOrders(sellerPage);
    const find = sellerPage.getByRole('searchbox', { name: 'Search orders' });
    await find.fill(number);
    await sellerPage.getByRole('button', { name: 'Search', exact: true }).click();
    const found = sellerPage.getByRole('listitem', { name: /^Order #/ });
    await expect(found).toHaveCount(1);
    await expect(found).toHaveAccessibleName(`Order ${number}`);
    await expect(found.getByTestId('order-number')).toHaveText(number);
    await expect(found).toContainText('Jumla Red Rice x 2');
    await expect(found).toContainText('Lakeside 4, Pokhara');
    expect(await overflow(sellerPage)).toBeLessThanOrEqual(0);
    await sellerPage.screenshot({ path: test.info().outputPath(`seller-found-${width}.png`), fullPage: true });

    await find.fill(number.slice(1));
    await find.press('Enter');
    await expect(found).toHaveAccessibleName(`Order ${number}`);

    await find.fill('99999');
    await find.press('Enter');
    await expect(sellerPage.getByText('No orders match these filters.')).toBeVisible();
    await expect(found).toHaveCount(0);

    await sellerPage.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(sellerPage.getByRole('listitem', { name: `Order ${number}` })).toBeVisible();
    await sellerPage.close();
  });
}
