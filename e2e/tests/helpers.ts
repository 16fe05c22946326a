import { expect, type APIRequestContext, type Page } from '@playwright/test';

export interface Product {
  _id: string;
  name: string;
  category: string;
  price: number;
  offerPrice: number;
  inStock: boolean;
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

/** money formats an amount the way the storefront shows totals. */
export const money = (minor: number) => `$${(minor / 100).toFixed(2)}`;
