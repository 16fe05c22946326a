import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The tests drive the real binary (bin/haat, built by `make build`) on a fresh data directory.
const port = process.env.HAAT_E2E_PORT ?? '18471';
export const baseURL = `http://127.0.0.1:${port}`;
export const seller = { email: 'seller@haat.example', password: 'seller-password-1' };

const dataDir = process.env.HAAT_E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'haat-e2e-'));
process.env.HAAT_E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: '../bin/haat serve',
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'ignore',
    stderr: 'ignore',
    env: {
      // Development: sign-in codes on screen, the test payment page, no per-address limits for
      // the tests' own machine.
      HAAT_ENV: 'development',
      HAAT_ADDR: `127.0.0.1:${port}`,
      HAAT_DATA_DIR: dataDir,
      HAAT_SELLER_EMAIL: seller.email,
      HAAT_SELLER_PASSWORD: seller.password,
    },
  },
});
