import { defineConfig } from '@playwright/test';

/** Specs that change the server for everyone (releases.spec.ts, canary.spec.ts, promotion-editor.spec.ts) or load the machine (cluster.spec.ts: its own two instances). */
const GLOBAL_STATE = [/releases\.spec\.ts$/, /promotion-editor\.spec\.ts$/, /cluster\.spec\.ts$/, /canary\.spec\.ts$/];

// The product under test is the built product served by the API (global-setup.ts starts it on a free
// port with a throw-away data folder and passes its URL in E2E_BASE_URL).
export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two workers on one server (the machine and CI have 2 cores). Tests that change an order make their own
  // borrower and order (POST /dev/fixtures/order, tests/fixtures.ts newOrder); the shared demo orders are only
  // read, so any test may run beside any other, in any order.
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
    launchOptions: {
      executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'off',
  },
  projects: [
    { name: 'iphone-chromium', testIgnore: GLOBAL_STATE },
    // Tests that change what every visitor sees (a released remote version, a published landing template) run
    // after all the others, one at a time, so no other test sees their change. A failure in the first project
    // leaves these unrun (reported as "did not run"), as Playwright does for dependencies.
    {
      name: 'global-state',
      testMatch: GLOBAL_STATE,
      dependencies: ['iphone-chromium'],
      fullyParallel: false,
      workers: 1,
    },
  ],
});
