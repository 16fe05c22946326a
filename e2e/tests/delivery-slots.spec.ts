import { expect, test, type APIRequestContext } from '@playwright/test';
import { seller } from '../playwright.config';
import { signUp, uniqueEmail, sellerSignIn } from './helpers';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

/** setWindows replaces the seller's delivery windows through the API. */
async function setWindows(request: APIRequestContext, windows: object[]) {
  expect((await request.post('/api/seller/login', { data: seller })).ok()).toBeTruthy();
  expect((await request.post('/api/seller/slots', { data: { windows } })).ok()).toBeTruthy();
}

/**
 * startedWindow is a two-hour window that began this hour (at 21:00 at the latest) in the store's
 * time zone: today's is past its cut-off whatever the time, tomorrow's is open.
 */
function startedWindow() {
  const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kathmandu', hour: '2-digit', hourCycle: 'h23' }).format(new Date()));
  const clock = (h: number) => `${String(h).padStart(2, '0')}:00`;
  const start = Math.min(hour, 21);
  return { from: clock(start), to: clock(start + 2), text: `${clock(start)}–${clock(start + 2)}` };
}

// The other tests place orders without slots: the store offers none again afterwards.
test.afterAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  await setWindows(request, []);
  await request.dispose();
});

test('the seller sets delivery windows; a shopper on a phone picks a slot; the seller sees it, filters by it and prints it', async ({ page, browser }) => {
  test.slow(); // a seller and a shopper in two browsers
  // The seller adds a window that began this hour: today's is past its cut-off, tomorrow's open.
  const hours = startedWindow();
  const sellerPage = await browser.newPage({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  await sellerSignIn(sellerPage);
  await sellerPage.getByRole('link', { name: 'Delivery slots' }).click();
  await expect(sellerPage).toHaveURL(/\/seller\/slots$/);
  await expect(sellerPage.getByRole('heading', { name: 'Delivery slots' })).toBeVisible();
  await sellerPage.getByRole('button', { name: 'Add window' }).click();
  await sellerPage.getByLabel('From').fill(hours.from);
  await sellerPage.getByLabel('To').fill(hours.to);
  await sellerPage.getByLabel('Orders per window').fill('3');
  await sellerPage.getByRole('button', { name: 'Save slots' }).click();
  await expect(sellerPage.getByText('Delivery slots saved')).toBeVisible();
  await sellerPage.screenshot({ path: test.info().outputPath('slots-editor-360.png'), fullPage: true });

  const lastName = `Tamang${Date.now() % 100000}`;
  await page.goto('/home');
  await page.getByRole('button', { name: 'Menu' }).click();
  await signUp(page, `Pasang ${lastName}`, uniqueEmail('pasang'), 'namaste-123');
  const address = { firstName: 'Pasang', lastName, email: 'pasang@example.com', street: 'Boudha 6', city: 'Kathmandu', state: 'Bagmati', zipcode: '44600', country: 'Nepal', phone: '9801234567' };
  expect((await page.request.post('/api/address/add', { data: { address } })).ok()).toBeTruthy();
  await page.getByPlaceholder('Search products...').first().fill('Jumla Red Rice');
  await page.getByRole('button', { name: 'Add Jumla Red Rice' }).click();
  await page.getByRole('button', { name: /^Cart, 1 item$/ }).click();

  const picker = page.getByRole('group', { name: 'Delivery slot' });
  const slots = picker.getByRole('radio');
  await expect(slots).toHaveCount(2);
  await expect(slots.first()).toBeDisabled(); // today's, past its cut-off
  await expect(picker).toContainText('Past cut-off');
  await expect(picker).toContainText('3 left');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText('Please choose a delivery slot').first()).toBeVisible();
  await picker.getByText(hours.text).last().click();
  await expect(slots.last()).toBeChecked();
  await page.screenshot({ path: test.info().outputPath('cart-slots-360.png'), fullPage: true });
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/my-orders$/);
  await expect(page.getByText(new RegExp(`Delivery: \\w{3} \\d{1,2} \\w{3}, ${hours.text}`))).toBeVisible();

  // The seller narrows the orders to tomorrow's deliveries and prints the slip.
  await sellerPage.goto('/seller/orders');
  await sellerPage.getByLabel('Delivery day').selectOption({ label: 'Tomorrow' });
  await expect(sellerPage).toHaveURL(/slot=tomorrow/);
  const card = sellerPage.getByRole('listitem', { name: /^Order #\d+$/ }).filter({ hasText: lastName });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(hours.text);
  await sellerPage.getByLabel('Delivery day').selectOption({ label: 'Today' });
  await expect(sellerPage.getByRole('listitem', { name: /^Order #\d+$/ }).filter({ hasText: lastName })).toHaveCount(0);
  await sellerPage.getByLabel('Delivery day').selectOption({ label: 'Tomorrow' });
  await card.getByRole('link', { name: /^Packing slip for order/ }).click();
  const slip = sellerPage.getByTestId('packing-slip');
  await expect(slip).toContainText(new RegExp(`Delivery: \\w{3} \\d{1,2} \\w{3}, ${hours.text}`));
  await sellerPage.screenshot({ path: test.info().outputPath('slip-slot-360.png'), fullPage: true });
  await sellerPage.close();
});
