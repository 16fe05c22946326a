import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from './helpers';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

/** openMenu opens the phone's menu. */
const openMenu = (page: Page) => page.getByRole('button', { name: 'Menu' }).click();

/** signIn signs in (or, with a name, signs up) through the login dialog, from the phone's menu. */
async function signIn(page: Page, email: string, password: string, name?: string) {
  await openMenu(page);
  await page.getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog');
  if (name) {
    await dialog.getByRole('button', { name: 'Create one here' }).click();
    await dialog.getByLabel('Full Name').fill(name);
  }
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: name ? 'Create Account' : 'Sign In' }).click();
}

/** screenshot keeps a picture of the page at 360 and 1280 px in the test's output folder, to look at. */
async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}-360.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: test.info().outputPath(`${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
}

test('on a phone a shopper changes the password and signs in with it, takes their data and closes the account', async ({ page }) => {
  const email = uniqueEmail('account');
  await page.goto('/home');
  await signIn(page, email, 'first-passw0rd', 'Maya Rai');
  await expect(page.getByRole('dialog')).toBeHidden();

  await openMenu(page);
  await page.getByRole('link', { name: 'My Account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByLabel('Full name')).toHaveValue('Maya Rai');
  await expect(page.getByTestId('account-email')).toHaveText(email);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360); // nothing overflows sideways
  await screenshot(page, 'account');

  // The password changes with the current one; the old one no longer signs in, the new one does.
  const password = page.getByRole('region', { name: 'Password' });
  await password.getByLabel('Current password').fill('first-passw0rd');
  await password.getByLabel('New password').fill('password');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByRole('alert')).toHaveText('This password is too common; choose another');
  await password.getByLabel('New password').fill('second-passw0rd');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed; you are signed out everywhere else')).toBeVisible();
  await expect(password.getByLabel('New password')).toHaveValue('');

  await openMenu(page);
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await signIn(page, email, 'first-passw0rd');
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await page.getByRole('dialog').getByLabel('Password').fill('second-passw0rd');
  await page.getByRole('dialog').getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();

  // The data downloads as a JSON file with the profile in it.
  await page.goto('/account');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download my data' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^my-account-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync(await download.path(), 'utf8'));
  expect(data.profile).toMatchObject({ name: 'Maya Rai', email, hasPassword: true });
  expect(data.addresses).toEqual([]);
  expect(data.orders).toEqual([]);

  // Closing asks once more; then the shopper is signed out and the account signs in no more.
  const close = page.getByRole('region', { name: 'Close account' });
  await close.getByLabel('Your password').fill('second-passw0rd');
  await close.getByRole('button', { name: 'Close my account' }).click();
  await screenshot(page, 'account-close-confirm');
  await close.getByRole('button', { name: 'Yes, close it' }).click();
  await expect(page.getByText('Your account is closed')).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
  await signIn(page, email, 'second-passw0rd');
  await expect(page.getByText('Invalid email or password')).toBeVisible();
});

test('the account page reads in Nepali on a phone, the choice kept with the account', async ({ page }) => {
  await page.goto('/home');
  await signIn(page, uniqueEmail('khata'), 'first-passw0rd', 'Sita Gurung');
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.goto('/account');
  await page.getByRole('region', { name: 'Profile' }).getByRole('button', { name: 'नेपाली' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'मेरो खाता' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'खाता बन्द' })).toContainText('५ वर्ष');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await screenshot(page, 'account-ne');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'मेरो खाता' })).toBeVisible();
});
