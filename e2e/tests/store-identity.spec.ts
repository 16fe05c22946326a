import { expect, test } from '@playwright/test';
import { sellerSignIn } from './helpers';

// The store is the seller's: renamed, a selling point removed and the legal details set in
// Settings, a shopper's fresh load of the pages rendered ahead shows it, with no rebuild and
// without scripts; the help centre names the grievance officer.

test('the seller makes the store theirs and a shopper sees it on the next load', async ({ page, browser }) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  await sellerSignIn(page);
  const before = await (await page.request.get('/api/settings')).json();
  try {
    await page.getByRole('link', { name: 'Settings' }).click();
    const store = page.getByRole('region', { name: 'Store', exact: true });
    await store.getByLabel('Store name', { exact: true }).fill('Lele Greens');
    await store.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('seller-settings-1280.png'), fullPage: true });

    const claims = page.getByRole('region', { name: 'Selling points' });
    await claims.getByRole('button', { name: 'Remove selling point 1' }).click();
    await claims.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Settings saved').first()).toBeVisible();

    const legal = page.getByRole('region', { name: 'Legal details' });
    await legal.getByLabel('Registration number').fill('123456/079/080');
    await legal.getByLabel('DoCSCP listing number').fill('ECOM-2081-0042');
    await legal.getByLabel("Officer's name").fill('Sita Maharjan');
    await legal.getByLabel("Officer's phone").fill('9841000000');
    await legal.getByLabel("Officer's e-mail").fill('grievance@lelegreens.com.np');
    await legal.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Settings saved').first()).toBeVisible();

    for (const width of [360, 1280]) {
      // Without scripts: the pages as the server filled them.
      const still = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 800 } });
      const shopper = await still.newPage();
      for (const path of ['/', '/home']) {
        await shopper.goto(path);
        await expect(shopper.getByRole('link', { name: 'Lele Greens home' }).first()).toBeVisible();
        await expect(shopper.getByText('Same-day delivery')).toHaveCount(0);
        await expect(shopper.getByText('Sita Maharjan', { exact: false }).first()).toBeAttached();
        await shopper.screenshot({ path: test.info().outputPath(`shopper-${path === '/' ? 'landing' : 'home'}-${width}.png`), fullPage: true });
      }
      await expect(shopper).toHaveTitle('Home · Lele Greens');
      await still.close();

      const live = await browser.newContext({ viewport: { width, height: 800 } });
      const help = await live.newPage();
      await help.goto('/contact');
      await expect(help.getByRole('heading', { name: 'Grievance officer' })).toBeVisible();
      await expect(help.getByText('grievance@lelegreens.com.np').first()).toBeVisible();
      await help.screenshot({ path: test.info().outputPath(`shopper-contact-${width}.png`), fullPage: true });
      await live.close();
    }
  } finally {
    // The other tests run against the demo store as it was.
    const s = before.settings;
    await page.request.post('/api/seller/settings', { data: { store: s.store, legal: s.legal } });
  }
});
