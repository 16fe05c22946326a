import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { products } from './helpers';

// Every main page, checked by axe for WCAG A and AA problems at phone and desktop widths.
for (const width of [360, 1280]) {
  test(`pages have no accessibility violations at ${width} px`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 900 });
    const rice = (await products(request)).find((p) => p.name === 'Jumla Red Rice')!;
    const found: string[] = [];
    for (const path of ['/', '/home', '/products', '/products/grains', `/products/grains/${rice._id}`, '/cart', '/contact', '/my-orders']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
      found.push(...results.violations.map((v) => `${path}: ${v.id} (${v.nodes.length}) ${v.nodes[0]?.target}`));
    }
    expect(found).toEqual([]);
  });
}
