import { expect, test } from '@playwright/test';
import { cartButton } from './helpers';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

test('on a phone the menu, the cart and checkout are in reach', async ({ page }) => {
  await page.goto('/home');
  await expect(page.getByRole('button', { name: 'Login' })).toBeHidden(); // in the menu on phones
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'All Products' }).click();
  await expect(page).toHaveURL(/\/products$/);

  await page.getByRole('button', { name: 'Add Jumla Red Rice' }).click();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
  await cartButton(page).click();

  // The total and the order button stay on screen, without scrolling.
  const button = page.getByRole('button', { name: 'Place Order' });
  await expect(button).toBeInViewport();
  await expect(page.getByText('$5.09').first()).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360); // nothing overflows sideways

  // A guest placing an order is asked to sign in.
  await button.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});
