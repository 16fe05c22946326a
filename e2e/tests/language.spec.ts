import { expect, test, type Page } from '@playwright/test';
import { seller } from '../playwright.config';
import { uniqueEmail } from './helpers';

// The switch English / नेपाली on the shop and in the seller area: the texts and <html lang> follow,
// a reload keeps the browser's choice, and a signed-in account (a shopper's, a seller's, each its
// own) carries it to another browser.

/** lang is the page's language as <html lang> says it. */
const lang = (page: Page) => page.locator('html');

// The other tests read the seller area in English: the seller's account goes back to it.
test.afterAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  expect((await request.post('/api/seller/login', { data: seller })).ok()).toBeTruthy();
  expect((await request.post('/api/seller/language', { data: { language: 'en' } })).ok()).toBeTruthy();
  await request.dispose();
});

test('the shop: the switch changes the texts and <html lang>, a reload keeps it, and a shopper\'s account carries it to another browser', async ({ page, browser }) => {
  await page.goto('/home');
  await expect(lang(page)).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('link', { name: 'Products', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'नेपाली' }).click();
  await expect(lang(page)).toHaveAttribute('lang', 'ne');
  await expect(page.getByRole('link', { name: 'उत्पादनहरू', exact: true })).toBeVisible();
  await expect(page.getByPlaceholder('उत्पादन खोज्नुहोस्...').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'English' })).toBeVisible();

  // A reload keeps the browser's choice; another browser keeps its own.
  await page.reload();
  await expect(lang(page)).toHaveAttribute('lang', 'ne');
  await expect(page.getByRole('link', { name: 'उत्पादनहरू', exact: true })).toBeVisible();
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await other.goto('/home');
  await expect(lang(other)).toHaveAttribute('lang', 'en');
  await expect(other.getByRole('link', { name: 'Products', exact: true })).toBeVisible();

  // Signed in, the shopper's account takes the language this browser shows...
  const email = uniqueEmail('bhasa');
  expect((await page.request.post('/api/user/register', { data: { name: 'Maya Rai', email, password: 'namaste-123' } })).ok()).toBeTruthy();
  await page.reload();
  await expect(lang(page)).toHaveAttribute('lang', 'ne');
  await expect.poll(async () => (await (await page.request.get('/api/user/is-auth')).json()).user.language).toBe('ne');

  // ...which the other browser follows when the shopper signs in there.
  expect((await other.request.post('/api/user/login', { data: { email, password: 'namaste-123' } })).ok()).toBeTruthy();
  await other.reload();
  await expect(lang(other)).toHaveAttribute('lang', 'ne');
  await expect(other.getByRole('link', { name: 'उत्पादनहरू', exact: true })).toBeVisible();

  // English chosen there goes back with the account to the first browser.
  await other.getByRole('button', { name: 'English' }).click();
  await expect(lang(other)).toHaveAttribute('lang', 'en');
  await expect.poll(async () => (await (await other.request.get('/api/user/is-auth')).json()).user.language).toBe('en');
  await page.reload();
  await expect(lang(page)).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('link', { name: 'Products', exact: true })).toBeVisible();
  await elsewhere.close();
});

test('the seller area: the switch changes the texts and <html lang>, a reload keeps it, and the seller\'s account carries it to another browser', async ({ page, browser }) => {
  // The login screen has the switch too; before sign-in the choice stays in the browser.
  await page.goto('/seller');
  await expect(page.getByRole('heading', { name: 'Seller Login' })).toBeVisible();
  await page.getByLabel('Email').fill(seller.email);
  await page.getByLabel('Password').fill(seller.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Hi! Admin')).toBeVisible();
  await page.goto('/seller/orders');
  await expect(page.getByRole('heading', { name: 'Orders List' })).toBeVisible();
  await expect(lang(page)).toHaveAttribute('lang', 'en');

  await page.getByRole('button', { name: 'नेपाली' }).click();
  await expect(lang(page)).toHaveAttribute('lang', 'ne');
  await expect(page.getByText('नमस्ते! एडमिन')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'बिक्रेता मेनु' })).toBeVisible();
  await page.reload();
  await expect(lang(page)).toHaveAttribute('lang', 'ne');
  await expect(page.getByText('नमस्ते! एडमिन')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('seller-orders-ne-1280.png'), fullPage: true });

  // Another browser: the login screen in English (nobody chose there), and once signed in, the
  // seller's Nepali.
  const elsewhere = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const other = await elsewhere.newPage();
  await other.goto('/seller');
  await expect(lang(other)).toHaveAttribute('lang', 'en');
  await expect(other.getByRole('heading', { name: 'Seller Login' })).toBeVisible();
  await other.getByLabel('Email').fill(seller.email);
  await other.getByLabel('Password').fill(seller.password);
  await other.getByRole('button', { name: 'Login' }).click();
  await expect(other.getByText('नमस्ते! एडमिन')).toBeVisible();
  await expect(lang(other)).toHaveAttribute('lang', 'ne');
  await other.goto('/seller/orders');
  await expect(other.getByText('नमस्ते! एडमिन')).toBeVisible();
  expect(await other.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await other.screenshot({ path: test.info().outputPath('seller-orders-ne-360.png'), fullPage: true });

  // English chosen there is the account's again; the first browser follows on its next visit.
  await other.getByRole('button', { name: 'English' }).click();
  await expect(other.getByText('Hi! Admin')).toBeVisible();
  await expect.poll(async () => (await (await other.request.get('/api/seller/auth-seller')).json()).seller.language).toBe('en');
  await page.reload();
  await expect(page.getByText('Hi! Admin')).toBeVisible();
  await expect(lang(page)).toHaveAttribute('lang', 'en');

  // The shop beside keeps the shopper's own choice: a seller's English does not touch it.
  await elsewhere.close();
});
