// Lighthouse on the storefront as a phone sees it: starts bin/haat on a temporary store with the
// demo catalogue, audits the landing page, /home, /products, a product page and /cart with
// Lighthouse's mobile defaults (a mid-range phone on a slow 4G connection, simulated) in Debian's
// Chromium, and prints a Markdown table of the scores and the metrics behind them.
//
//   node lighthouse.mjs [--bin ../../bin/haat] [--runs 3] [--check] [--pages /products,/cart] [--save dir]
//
// --pages audits only the pages whose path starts with one of these (the product page is
// /products/<category>/<id>); --save writes each median report as JSON into dir, for its
// diagnostics (long tasks, script evaluation, main-thread work).
// --runs audits each page that many times and reports the run with the median performance score;
// --check exits 1 when a page scores below 0.95 performance, 1.0 accessibility or 1.0 best practices.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const bin = resolve(option('--bin', join(here, '../../bin/haat')));
const runs = Number(option('--runs', '1'));
const check = args.includes('--check');
const only = option('--pages', '').split(',').filter(Boolean);
const save = option('--save', '');
const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const freePort = () =>
  new Promise((ok, fail) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
    srv.on('error', fail);
  });

async function startStore() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'haat-lighthouse-'));
  const proc = spawn(bin, ['serve'], {
    env: { ...process.env, HAAT_ENV: 'development', HAAT_ADDR: `127.0.0.1:${port}`, HAAT_DATA_DIR: dataDir, HAAT_DATABASE_URL: '', HAAT_SELLER_EMAIL: '', HAAT_SELLER_PASSWORD: '' },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base, stop: () => (proc.kill('SIGTERM'), rmSync(dataDir, { recursive: true, force: true })) };
}

const ms = (v) => (v === undefined ? '' : `${(v / 1000).toFixed(2)} s`);

async function main() {
  const store = await startStore();
  const chrome = await chromeLauncher.launch({
    chromePath: chromium,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  let failed = false;
  try {
    const { products } = await (await fetch(`${store.base}/api/product/list`)).json();
    const product = products.find((p) => p.inStock);
    const pages = ['/', '/home', '/products', `/products/${product.category.toLowerCase()}/${product._id}`, '/cart'].filter(
      (page) => only.length === 0 || only.some((p) => page === p || (p !== '/' && page.startsWith(p))),
    );
    if (save) mkdirSync(save, { recursive: true });
    console.log(`Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile defaults, ${chromium}, ${runs} run(s) a page, median performance shown.\n`);
    console.log('| page | performance | accessibility | best practices | FCP | LCP | TBT | CLS | speed index | bytes |');
    console.log('|---|---|---|---|---|---|---|---|---|---|');
    for (const page of pages) {
      const results = [];
      for (let i = 0; i < runs; i++) {
        const { lhr } = await lighthouse(`${store.base}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
        });
        results.push(lhr);
      }
      results.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
      const lhr = results[Math.floor(results.length / 2)];
      if (save) writeFileSync(join(save, `${page.replaceAll('/', '_') || '_'}.json`), JSON.stringify(lhr));
      const score = (c) => lhr.categories[c].score;
      const metric = (id) => lhr.audits[id]?.numericValue;
      const failedAudits = ['accessibility', 'best-practices'].flatMap((c) =>
        lhr.categories[c].auditRefs.filter((r) => r.weight > 0 && lhr.audits[r.id].score !== null && lhr.audits[r.id].score < 1).map((r) => r.id),
      );
      const cls = metric('cumulative-layout-shift');
      console.log(
        `| \`${page}\` | ${score('performance').toFixed(2)} | ${score('accessibility').toFixed(2)} | ${score('best-practices').toFixed(2)} | ` +
          `${ms(metric('first-contentful-paint'))} | ${ms(metric('largest-contentful-paint'))} | ${Math.round(metric('total-blocking-time'))} ms | ` +
          `${cls === undefined ? '' : cls.toFixed(3)} | ${ms(metric('speed-index'))} | ${Math.round(metric('total-byte-weight') / 1024)} KB |` +
          (failedAudits.length ? ` failing: ${failedAudits.join(', ')}` : ''),
      );
      if (score('performance') < 0.95 || score('accessibility') < 1 || score('best-practices') < 1) failed = true;
    }
  } finally {
    await chrome.kill();
    store.stop();
  }
  if (check && failed) {
    console.error('\nA page is below 0.95 performance, 1.0 accessibility or 1.0 best practices.');
    process.exit(1);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
