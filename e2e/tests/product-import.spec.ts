import { expect, test } from '@playwright/test';
import { sellerSignIn } from './helpers';

// A seller imports a small spreadsheet of products at 360 px: the dry run lists a bad row with its
// line and reason and offers no import; the corrected file imports, and a shopper finds the
// products in the shop, their Nepali text too.
test.use({ viewport: { width: 360, height: 780 } });

const header = 'sku,name,nameNe,category,price,offerPrice,weight,stock,description,descriptionNe,vatExempt,image\n';
const bad =
  '\uFEFF' +
  header +
  'E2E-HONEY,Chitwan Wild Honey,चितवनको जङ्गली मह,Grains,900,850,500 g,8,Raw forest honey|From Chitwan,काँचो मह,false,\n' +
  'E2E-GHEE,Pure Cow Ghee,,Dairy,1200,1300,1 l,,Made in Kavre,,,\n';
const good = bad.replace('1200,1300', '1200,1150');

test('a seller imports a CSV and a shopper sees the products', async ({ page }) => {
  await sellerSignIn(page);
  await page.goto('/seller/product-list');
  await page.getByRole('link', { name: 'Import or export products' }).click();
  await expect(page.getByRole('heading', { name: 'Import products' })).toBeVisible();

  await page.getByLabel('CSV file').setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByText('1 to add, 0 to update, 1 with errors')).toBeVisible();
  const rows = page.getByRole('region', { name: 'Rows of the file' });
  await expect(rows.getByRole('row').nth(1)).toContainText('3E2E-GHEEAddOffer price cannot be more than the price');
  await expect(page.getByRole('button', { name: /^Import \d/ })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('import-dry-run-360.png'), fullPage: true });

  await page.getByLabel('CSV file').setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByText('2 to add, 0 to update, 0 with errors')).toBeVisible();
  await page.getByRole('button', { name: 'Import 2 products' }).click();
  await expect(page.getByText('Imported: 2 added, 0 updated.')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('import-done-360.png'), fullPage: true });

  // The seller's list finds them by SKU.
  await page.goto('/seller/product-list');
  await page.getByRole('searchbox', { name: 'Search by name or SKU' }).fill('e2e-honey');
  await expect(page.getByRole('row', { name: 'Chitwan Wild Honey' })).toContainText('SKU E2E-HONEY');

  // A shopper's fresh load of the shop has them.
  const shopper = await page.context().browser()!.newContext({ viewport: { width: 360, height: 780 } });
  const shop = await shopper.newPage();
  await shop.goto('/products/grains');
  await expect(shop.getByText('Chitwan Wild Honey')).toBeVisible();
  await shop.getByText('Chitwan Wild Honey').click();
  await expect(shop.getByText('Raw forest honey')).toBeVisible();
  await shop.screenshot({ path: test.info().outputPath('imported-product-360.png'), fullPage: true });
  await shopper.close();
});
