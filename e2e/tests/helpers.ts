import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seller } from '../playwright.config';

export interface Product {
  _id: string;
  name: string;
  category: string;
  price: number;
  offerPrice: number;
  inStock: boolean;
}

/** screenshot keeps a picture of the page in the test's output folder, to look at. */
export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** ok checks an API answer and returns its body. */
export async function ok(answer: ReturnType<APIRequestContext['post']>) {
  const r = await answer;
  expect(r.ok(), `${r.url()}: ${r.status()} ${await r.text()}`).toBeTruthy();
  return r.json();
}

/** products reads the catalogue from the API, as the storefront does. */
export async function products(request: APIRequestContext): Promise<Product[]> {
  const res = await request.get('/api/product/list');
  expect(res.ok()).toBeTruthy();
  return (await res.json()).products;
}

/** uniqueEmail gives every test run its own shopper. */
export const uniqueEmail = (who: string) => `${who}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

/** cartBadge is the count on the navigation bar's cart button. */
export const cartButton = (page: Page) => page.getByRole('button', { name: /^Cart, \d+ items?$/ });

/** signUp creates an account through the login modal. */
export async function signUp(page: Page, name: string, email: string, password: string) {
  await page.getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Create one here' }).click();
  await dialog.getByLabel('Full Name').fill(name);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog).toBeHidden();
}

/** sellerSignIn signs the seller in on the seller area's login page and waits for the seller area. */
export async function sellerSignIn(page: Page) {
  await page.goto('/seller');
  await page.getByLabel('Email').fill(seller.email);
  await page.getByLabel('Password').fill(seller.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Hi! Admin')).toBeVisible();
}

/** money formats an amount the way the storefront shows totals. */
export const money = (minor: number) => `$${(minor / 100).toFixed(2)}`;

/** addAddress saves a delivery address for firstName from the cart's Change menu and returns to the cart. */
export async function addAddress(page: Page, firstName: string, lastName: string, street: string, city: string) {
  await page.getByRole('button', { name: 'Change' }).click();
  await page.getByRole('button', { name: 'Add address' }).click();
  const fields: Record<string, string> = {
    'First Name': firstName, 'Last Name': lastName, 'Email address': `${firstName.toLowerCase()}@example.com`, Street: street,
    City: city, State: 'Bagmati', 'Zip code': '44700', Country: 'Nepal', Phone: '9801234567',
  };
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label).fill(value);
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  // The cart has taken the new address as the order's before anything is pressed there.
  await expect(page.getByText(`${street}, ${city}`).first()).toBeVisible();
}

/** freePort asks the system for a port nothing listens on, for a test's own store. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** OwnStore is a store of a test's own: a second bin/haat on a free port, on a fresh data folder. */
export interface OwnStore {
  base: string;
  stop: () => void;
}

/**
 * startOwnStore starts bin/haat serve with the shared seller and env added, on a fresh data folder
 * that prepare may fill first, and waits until it answers; stop ends it and removes the folder.
 */
export async function startOwnStore(name: string, env: Record<string, string>, prepare?: (dataDir: string) => void): Promise<OwnStore> {
  const dataDir = mkdtempSync(join(tmpdir(), `haat-${name}-`));
  prepare?.(dataDir);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn('../bin/haat', ['serve'], {
    stdio: 'ignore',
    env: { ...process.env, HAAT_ENV: 'development', HAAT_ADDR: `127.0.0.1:${port}`, HAAT_DATA_DIR: dataDir, HAAT_SELLER_EMAIL: seller.email, HAAT_SELLER_PASSWORD: seller.password, ...env },
  });
  const stop = () => {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return { base, stop };
    } catch {
      // not listening yet
    }
    if (i > 100) {
      stop();
      throw new Error(`the ${name} store did not start`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * settled waits until a page's first load is over: the network has been quiet for half a second,
 * every picture in view or not lazily loaded has arrived (pictures are asked for once the catalogue
 * has come), the network is quiet again after them, and the browser has drawn two frames since.
 */
export async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() =>
    Array.from(document.images).every((i) => i.complete || (i.loading === 'lazy' && i.getBoundingClientRect().top > innerHeight)),
  );
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** problems collects what the page logs as an error or a warning, and its uncaught errors. */
export function problems(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') seen.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => seen.push(`uncaught: ${e.message}`));
  return seen;
}
