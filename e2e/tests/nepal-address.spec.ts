import { expect, test, type Page } from '@playwright/test';
import { signUp, uniqueEmail, sellerSignIn } from './helpers';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

/** overflow is how far the page is wider than the window (0 when nothing sticks out sideways). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('a shopper on a phone saves a Nepali address with a landmark; the seller sees it on the slip with a number to call', async ({ page, browser }) => {
  test.slow(); // a shopper and a seller in two browsers
  const lastName = `Shrestha${Date.now() % 100000}`;
  await page.goto('/home');
  await page.getByRole('button', { name: 'Menu' }).click();
  await signUp(page, `Sita ${lastName}`, uniqueEmail('sita'), 'namaste-123');
  await page.getByPlaceholder('Search products...').first().fill('Jumla Red Rice');
  await page.getByRole('button', { name: 'Add Jumla Red Rice' }).click();
  await page.getByRole('button', { name: /^Cart, 1 item$/ }).click();
  await page.getByRole('button', { name: 'Change' }).click();
  await page.getByRole('button', { name: 'Add address' }).click();
  await expect(page).toHaveURL(/\/add-address$/);

  await page.getByText('In Nepal', { exact: true }).click(); // the store sells in dollars: the spec's form comes first
  await expect(page.getByRole('radio', { name: 'In Nepal' })).toBeChecked();
  await page.getByLabel('First Name').fill('Sita');
  await page.getByLabel('Last Name').fill(lastName);
  await page.getByLabel('Mobile number').fill('+977 984-123-4567');
  await page.getByLabel('Province').selectOption('Bagmati');
  await page.getByLabel('District').selectOption('Lalitpur');
  await page.getByLabel('Municipality').fill('Lalitpur Metropolitan City');
  await page.getByLabel('Ward No.').fill('3');
  await page.getByLabel('Tole / Street').fill('Jhamsikhel');
  await page.getByLabel('Landmark (optional)').fill('opposite Bhatbhateni, blue gate');
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('nepal-address-360.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: test.info().outputPath('nepal-address-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });

  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId('selected-address')).toHaveText('Jhamsikhel, Ward 3, Lalitpur Metropolitan City, Lalitpur, Bagmati, Nepal');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/my-orders$/);
  await expect(page.getByText('Landmark: opposite Bhatbhateni, blue gate')).toBeVisible();

  // The seller, on a phone too, finds the order with its landmark and calls from the slip.
  const sellerPage = await browser.newPage({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  await sellerSignIn(sellerPage);
  await sellerPage.goto('/seller/orders');
  await sellerPage.getByRole('searchbox', { name: 'Search orders' }).fill(lastName);
  await sellerPage.getByRole('button', { name: 'Search', exact: true }).click();
  const card = sellerPage.getByRole('listitem', { name: /^Order #\d+$/ });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Jhamsikhel, Ward 3, Lalitpur Metropolitan City, Lalitpur, Bagmati, Nepal');
  await expect(card).toContainText('Landmark: opposite Bhatbhateni, blue gate');
  await expect(card.getByRole('link', { name: '9841234567' })).toHaveAttribute('href', 'tel:+9779841234567');
  expect(await overflow(sellerPage)).toBeLessThanOrEqual(0);
  await sellerPage.screenshot({ path: test.info().outputPath('seller-order-360.png'), fullPage: true });

  await card.getByRole('link', { name: /^Packing slip for order/ }).click();
  const slip = sellerPage.getByTestId('packing-slip');
  await expect(slip).toContainText('Landmark: opposite Bhatbhateni, blue gate');
  await expect(slip).toContainText('Lalitpur Metropolitan City, Lalitpur');
  await expect(slip.getByRole('link', { name: '9841234567' })).toHaveAttribute('href', 'tel:+9779841234567');
  expect(await overflow(sellerPage)).toBeLessThanOrEqual(0);
  await sellerPage.screenshot({ path: test.info().outputPath('slip-360.png'), fullPage: true });
  await sellerPage.close();
});
