import { expect, test, type Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { settled, startOwnStore, type OwnStore } from './helpers';

// A shop of 10,000 products: a phone's first load of /home and /products downloads the pages of
// products it shows, not the catalogue. Its own store (a second bin/haat on a free port, on a data
// folder filled by e2e/seedcatalogue before it starts), so that the other tests keep the demo
// catalogue. Sizes are counted as budgets.spec.ts counts them: bodies and headers on the wire.
const size = 10_000;
const KB = 1000;
const budget = 300 * KB;

let store: OwnStore | undefined;
let base = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  store = await startOwnStore('big', {}, (dataDir) => {
    // -trimpath, as make build compiles: the seeder reuses what building bin/haat compiled.
    const seeded = spawnSync('go', ['run', '-trimpath', './e2e/seedcatalogue', '-dir', dataDir, '-n', String(size)], { cwd: '..', encoding: 'utf8' });
    if (seeded.status !== 0) throw new Error(`seeding ${size} products failed: ${seeded.stderr || seeded.error?.message}`);
  });
  base = store.base;
});

test.afterAll(() => store?.stop());

interface Loaded {
  url: string;
  wire: number;
}

/** firstLoad opens path with an empty cache in a 360 px window; it answers every response and every address asked for. */
async function firstLoad(page: Page, path: string): Promise<{ rows: Loaded[]; asked: string[] }> {
  const pending: Promise<Loaded>[] = [];
  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  page.on('requestfinished', (r) =>
    pending.push(r.sizes().then((s) => ({ url: r.url(), wire: s.responseBodySize + s.responseHeadersSize }))),
  );
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(base + path);
  await settled(page);
  return { rows: await Promise.all(pending), asked };
}

for (const path of ['/home', '/products']) {
  test(`${path} of a shop of ${size} products loads at most ${budget / KB} KB on a phone`, async ({ page }) => {
    const { rows, asked } = await firstLoad(page, path);
    const total = rows.reduce((n, l) => n + l.wire, 0);
    const biggest = [...rows]
      .sort((a, b) => b.wire - a.wire)
      .slice(0, 6)
      .map((l) => `${(l.wire / KB).toFixed(1)} KB ${new URL(l.url).pathname}${new URL(l.url).search}`);
    console.log(`${path} at ${size} products: ${(total / KB).toFixed(1)} KB in ${rows.length} responses; biggest: ${biggest.join(', ')}`);
    expect(asked, 'the whole catalogue is not asked for').not.toContain('/api/product/list');
    expect(total, `${path} transferred ${(total / KB).toFixed(1)} KB`).toBeLessThanOrEqual(budget);
    await expect(page.getByRole('article').first()).toBeVisible();
  });
}
