import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { problems, products } from './helpers';

// React takes over every page the build rendered ahead (hydrateRoot) and draws the others itself.
// Either way it must say nothing: a hydration mismatch, a "Minified React error", a warning or an
// uncaught error in the console of a page a shopper starts on fails the test, in both languages.
test.describe.configure({ mode: 'parallel' });
// With the service worker, as a shopper's phone runs the store (the other tests leave it out).
test.use({ serviceWorkers: 'allow' });

for (const lang of ['en', 'ne']) {
  test(`React takes the pages a visit starts on over without an error (${lang})`, async ({ context, request }) => {
    const rice = (await products(request)).find((p) => p.name === 'Basmati Rice' && p.inStock)!;
    const paths = ['/', '/home', '/products', '/products/dairy', `/products/${rice.category.toLowerCase()}/${rice._id}`, '/cart'];
    // The server sends the page in the language the cookie names; the page's code reads the choice from this browser.
    await context.addCookies([{ name: 'haat_lang', value: lang, url: baseURL }]);
    await context.addInitScript((l) => localStorage.setItem('haat.language', l), lang);
    for (const path of paths) {
      const page = await context.newPage();
      const seen = problems(page);
      const sent = await page.goto(path);
      const html = (await sent?.text()) ?? '';
      if (path !== '/cart') expect(html, `${path} comes rendered ahead in ${lang}`).toContain(`data-prerendered="${lang}"`);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      // The copyright line shows once React has taken the page over (it names this year, which the build cannot know).
      await expect(page.locator('footer').getByText('©')).toBeVisible();
      await page.waitForLoadState('networkidle');
      // The page works: its first product, where it has one, can be put in the cart.
      if (path.startsWith('/products')) await expect(page.locator('main').getByRole('button', { name: /^Add|थप्नुहोस्$/ }).first()).toBeEnabled();
      expect(seen, `${path} (${lang})`).toEqual([]);
      await page.close();
    }
  });
}
