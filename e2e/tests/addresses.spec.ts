import { expect, test, type Page } from '@playwright/test';
import { addAddress, cartButton, uniqueEmail } from './helpers';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

/** overflow is how far the page is wider than the window (0 when nothing sticks out sideways). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** row is the cart's picker entry of the saved address on street, the picker opened if it is not. */
async function row(page: Page, street: string) {
  const list = page.getByTestId('address-list');
  if (!(await list.isVisible())) await page.getByRole('button', { name: 'Change' }).click();
  return list.getByRole('listitem').filter({ hasText: street });
}

/** shots saves the page at 360 px and at 1280 px wide, and goes back to 360 px. */
async function shots(page: Page, name: string) {
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath(`${name}-360.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: test.info().outputPath(`${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
}

test('a guest signs up from Place Order and is back on the cart; edits, deletes and makes default an address; past orders keep theirs', async ({ page, browser }) => {
  test.slow(); // two browsers, several pages
  const email = uniqueEmail('sita');
  const password = 'namaste-123';
  const tag = `${Date.now() % 100000}`;
  const [home, office] = [`Lakeside ${tag}`, `Thamel ${tag}`];

  // A guest's Place Order asks to sign in (not for an address), and comes back to the cart, kept.
  await page.goto('/products');
  await page.getByRole('button', { name: 'Add Jumla Red Rice' }).click();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
  await cartButton(page).click();
  await expect(page).toHaveURL(/\/cart$/);
  await page.getByRole('button', { name: 'Place Order' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(page.getByText('Please Select An Address')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Create one here' }).click();
  await dialog.getByLabel('Full Name').fill('Sita Gurung');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText('Jumla Red Rice').first()).toBeVisible();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
  await expect(page.getByTestId('selected-address')).toHaveText('No address found');

  // Two addresses; the first is the default until another is made one.
  await addAddress(page, 'Sita', 'Gurung', home, 'Pokhara');
  await addAddress(page, 'Sita', 'Gurung', office, 'Kathmandu');
  await expect(page.getByTestId('selected-address')).toContainText(office); // the address just added is chosen
  await expect((await row(page, home)).getByText('Default', { exact: true })).toBeVisible();
  await expect((await row(page, office)).getByText('Default', { exact: true })).toHaveCount(0);
  await shots(page, 'address-picker');

  // Edit: the form comes filled in, and the change is saved in place.
  await (await row(page, office)).getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/add-address\?edit=/);
  await expect(page.getByRole('heading', { name: 'Edit Shipping Address' })).toBeVisible();
  await expect(page.getByLabel('Street')).toHaveValue(office);
  await expect(page.getByLabel('City')).toHaveValue('Kathmandu');
  await page.getByLabel('Street').fill(`${office} Marg`);
  await shots(page, 'address-edit');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId('selected-address')).toContainText(`${office} Marg, Kathmandu`);

  // Make the office the default: it is chosen here, and preselected in another browser too.
  await (await row(page, home)).getByRole('button', { name: new RegExp(`^${home}`) }).click(); // home chosen in this cart first
  await expect(page.getByTestId('selected-address')).toContainText(home);
  await (await row(page, office)).getByRole('button', { name: 'Make default' }).click();
  await expect(page.getByText('Default Address Saved')).toBeVisible();
  await expect(page.getByTestId('selected-address')).toContainText(`${office} Marg`);
  const other = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, baseURL: test.info().project.use.baseURL });
  try {
    const second = await other.newPage();
    expect((await second.request.post('/api/user/login', { data: { email, password } })).ok()).toBe(true);
    await second.goto('/cart');
    await expect(second.getByTestId('selected-address')).toContainText(`${office} Marg, Kathmandu`);
    await expect((await row(second, office)).getByText('Default', { exact: true })).toBeVisible();
  } finally {
    await other.close();
  }

  // An order to home; then home is deleted (after asking) and the order still shows it.
  await (await row(page, home)).getByRole('button', { name: new RegExp(`^${home}`) }).click();
  await expect(page.getByTestId('selected-address')).toContainText(home);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/my-orders$/);
  await expect(page.getByText(home).first()).toBeVisible();
  await page.goto('/cart');
  await (await row(page, home)).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Delete this address?')).toBeVisible();
  await shots(page, 'address-delete');
  await page.getByRole('button', { name: 'No, keep' }).click();
  await expect(await row(page, home)).toHaveCount(1);
  await (await row(page, home)).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(page.getByText('Address Deleted')).toBeVisible();
  await expect(await row(page, home)).toHaveCount(0);
  await expect(page.getByTestId('selected-address')).toContainText(`${office} Marg`);
  await page.goto('/my-orders');
  await expect(page.getByText(home).first()).toBeVisible();
});
