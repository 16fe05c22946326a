import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

// A fresh Nepali mobile number for each run: the store keeps its data between the tests of a run.
const newNumber = () => `98${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** axe lists the WCAG A and AA problems of the sign-in dialog as it is now. */
async function axe(page: Page, step: string) {
  const results = await new AxeBuilder({ page }).include('[role=dialog]').withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations.map((v) => `${step}: ${v.id} (${v.nodes.length}) ${v.nodes[0]?.target}`);
}

test('a shopper signs in by phone with the code shown in development and reaches My Orders', async ({ page }) => {
  const phone = newNumber();
  await page.goto('/home');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Use phone number instead' }).click();

  // A number that is not a Nepali mobile is refused with the rule.
  const number = dialog.getByLabel('Mobile number');
  await expect(number).toBeFocused();
  await number.fill('12345');
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Enter a 10-digit mobile number starting with 97 or 98');
  const problems = await axe(page, 'number');

  await number.fill(`+977 ${phone.slice(0, 3)}-${phone.slice(3)}`);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByText(`We sent a 6-digit code to ${phone}.`)).toBeVisible();
  const shown = dialog.getByText(/^Development: your code is \d{6}$/);
  await expect(shown).toBeVisible();
  const code = (await shown.textContent())!.slice(-6);
  await expect(dialog.getByRole('button', { name: /^Send a new code in \d+ s$/ })).toBeDisabled();

  const field = dialog.getByLabel('6-digit code');
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  // A wrong code says how many tries are left.
  await field.fill(code === '000000' ? '111111' : '000000');
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Wrong code; 4 tries left');
  problems.push(...(await axe(page, 'code')));
  expect(problems).toEqual([]);
  await field.fill(code);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  // The number had no account: the name is asked once the code is verified, never before.
  const name = dialog.getByLabel('Your name (optional)');
  await expect(name).toBeFocused();
  await name.fill('Hari Thapa');
  await dialog.getByRole('button', { name: 'Save name' }).click();
  await expect(dialog).toBeHidden();

  const user = (await (await page.request.get('/api/user/is-auth')).json()) as { user: { name: string; phone: string; email: string } };
  expect(user.user).toMatchObject({ name: 'Hari Thapa', phone, email: '' });

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'My Orders' }).click();
  await expect(page).toHaveURL(/\/my-orders$/);
  await expect(page.getByRole('heading', { name: /My Orders/ })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
});
