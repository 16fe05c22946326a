import { defineConfig, devices } from '@playwright/test';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The tests drive the real binary (bin/haat, built by `make build`). Each worker has a store of its
// own: a server on port HAAT_E2E_PORT + the worker's index, on a fresh data directory of its own,
// so a spec sees only what it and the specs before it on that worker did. Playwright loads this
// file again in each worker with TEST_PARALLEL_INDEX set, which picks the worker's store.
// Two workers by default, one a core on the machines CI runs on: four took longer there (7.2 min
// against 5.6) and timed out. HAAT_E2E_WORKERS changes it.
const workers = Number(process.env.HAAT_E2E_WORKERS ?? '2');
const firstPort = Number(process.env.HAAT_E2E_PORT ?? '18471');
const storeURL = (worker: number) => `http://127.0.0.1:${firstPort + worker}`;
export const baseURL = storeURL(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
export const seller = { email: 'seller@haat.example', password: 'seller-password-1' };

const dataDir = process.env.HAAT_E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'haat-e2e-'));
process.env.HAAT_E2E_DATA_DIR = dataDir;

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const shell = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
const headlessShell = existsSync(shell) ? shell : chromium;
const launch = (executablePath: string) => ({
  executablePath,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers,
  // A failed test runs once more, recording its trace (the page's DOM at each step, no screencast)
  // for the report; a test that then passes fails the run all the same (failOnFlakyTests). Traces
  // of every test, kept only for the failed ones, took a tenth of the suite's time.
  retries: 1,
  failOnFlakyTests: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    baseURL,
    // The service worker is left out of the pages the tests open: each test's browser is new, so
    // each would install it again (a shopper's phone installs it once), and it took a sixth of the
    // browser's time. The shopper's journeys (shopper.spec.ts, journey-nepali.spec.ts) and the
    // offline tests (pwa.spec.ts) run with it.
    serviceWorkers: 'block',
    trace: { mode: 'on-first-retry', screenshots: false, snapshots: true, sources: false },
    screenshot: 'only-on-failure',
  },
  // The tests run in Chromium's headless shell, which draws the pages as Chromium does without the
  // browser's own windows and services: the suite takes a quarter less time than in the full
  // browser. Installing the store as an app is the full browser's, so the offline and install
  // test (pwa.spec.ts) runs there.
  projects: [
    {
      name: 'chromium',
      testIgnore: /pwa\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], launchOptions: launch(headlessShell) },
    },
    {
      name: 'chromium-full',
      testMatch: /pwa\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], launchOptions: launch(chromium) },
    },
  ],
  webServer: Array.from({ length: workers }, (_, worker) => ({
    command: '../bin/haat serve',
    url: `${storeURL(worker)}/readyz`,
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'ignore' as const,
    stderr: 'ignore' as const,
    env: {
      // Development: sign-in codes on screen, the test payment page, no per-address limits for
      // the tests' own machine.
      HAAT_ENV: 'development',
      HAAT_ADDR: storeURL(worker).replace('http://', ''),
      HAAT_DATA_DIR: join(dataDir, `store-${worker}`),
      HAAT_SELLER_EMAIL: seller.email,
      HAAT_SELLER_PASSWORD: seller.password,
    },
  })),
});
