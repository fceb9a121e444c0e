import { defineConfig, devices } from '@playwright/test';

// Debian's Chromium: Playwright cannot download its own browser on these machines.
const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run',
];

const PORT = Number(process.env.E2E_PORT ?? 3100);
const BASE_URL = `http://localhost:${PORT}`;
// Each run starts from an empty embedded database, so demo data and users are seeded fresh.
const DATA_DIR = process.env.E2E_DATA_DIR ?? `.data-e2e-${PORT}`;
// `npm run test:e2e:pg` sets DATABASE_URL to a new empty PostgreSQL database: the same suite on the other engine.
const DATABASE_URL = process.env.DATABASE_URL;

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  globalSetup: './e2e/global-setup.ts',
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'debian-chromium',
      use: { ...devices['Desktop Chrome'], launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS } },
    },
  ],
  webServer: {
    command: `rm -rf ${DATA_DIR} && npx next start -p ${PORT}`,
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      DATA_DIR,
      PORT: String(PORT),
      PUBLIC_URL: BASE_URL,
      NEXTAUTH_URL: BASE_URL,
      NEXT_TELEMETRY_DISABLED: '1',
      ...(DATABASE_URL ? { DATABASE_URL } : {}),
      // The tenant-isolation journey (accounts.spec.ts) creates a second sandbox customer through the console's
      // mount, which is closed unless the operator allows it.
      SANDBOX_ALLOW_CUSTOMER_CREATION: 'on',
      // The sandbox's admin-key helpers (clock, a token for the demo customer: e2e/helpers/sandbox.ts).
      // The money journeys (money.spec.ts) advance the sandbox's clock to expire a quote; its helper needs this key.
      SANDBOX_ADMIN_KEY: process.env.E2E_SANDBOX_ADMIN_KEY ?? 'e2e-sandbox-admin-key-not-secret',
    },
  },
});
