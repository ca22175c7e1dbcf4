import { defineConfig } from '@playwright/test';

/**
 * Browser flows in Debian's Chromium (npx playwright install cannot work here) against
 * the built hub on a fresh embedded database.
 */
/** E2E_PORT: another port, so that two checkouts can run their flows at once. */
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = `test-results/e2e-data-${Date.now()}`;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  timeout: 30_000,
  fullyParallel: false,
  workers: 1,
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // The production build registers a service worker (docs/offline.md): flows run without it
    // (no precaching on every page of every test) except those about it (e2e/offline.spec.ts).
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'node server/dist/main.js',
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: '1', LOG_LEVEL: 'warn' },
  },
});
