import { expect, test } from '@playwright/test';
import { sellerSignIn } from './helpers';

// The launch checklist on a phone: the seller opens it from the seller menu and sees what the
// development store still lacks before real shoppers come, each item with where it is fixed. The
// demo products stay (the other tests shop them): the page only reads.
test('the launch checklist shows at 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await sellerSignIn(page);
  await page.getByRole('navigation', { name: 'Seller menu' }).getByRole('link', { name: 'Ready to open?' }).click();
  await expect(page).toHaveURL(/\/seller\/launch$/);
  await expect(page.getByRole('heading', { name: 'Ready to open?' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Ready to open?' });
  await expect(list.getByRole('listitem')).toHaveCount(8);
  // The demo store's name and contact are nobody's shop: the seller sets their own in Settings.
  const store = list.getByRole('listitem').filter({ hasText: "demo store's name and contact" });
  await expect(store.getByRole('link', { name: 'Fix it' })).toHaveAttribute('href', '/seller/settings');
  await expect(list.getByRole('listitem').filter({ hasText: 'HAAT_ENV is not development' })).toContainText('To do');
  const demo = list.getByRole('listitem').filter({ hasText: 'demo products are still on sale' });
  await expect(demo.getByRole('link', { name: 'Fix it' })).toHaveAttribute('href', '/seller/product-list');
  await expect(page.getByText(/things left to do/)).toBeVisible();
  // Nothing is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: test.info().outputPath('launch-360.png'), fullPage: true });

  // The item's link leads to the product list, which offers to remove the demo products; the
  // seller who does not confirm keeps them.
  await demo.getByRole('link', { name: 'Fix it' }).click();
  const remove = page.getByRole('button', { name: 'Remove demo products' });
  await expect(remove).toBeVisible();
  page.once('dialog', (d) => void d.dismiss());
  await remove.click();
  await expect(remove).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('demo-notice-360.png') });
});
