import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from './e2e/helpers/browser';
import { E2E_METRICS_TOKEN } from './e2e/helpers/server-log';

const PORT = Number(process.env.E2E_PORT ?? 3100);
// `npm run test:e2e:pg` sets DATABASE_URL to a new empty PostgreSQL database: the same suite on the other engine.
const DATABASE_URL = process.env.DATABASE_URL;

/**
 * Lanes (E2E_LANES=2, as `npm test` runs it): the suite on two console servers at once, each with its own port,
 * embedded database and sandbox (its own clock, customers and payout policy), one worker each. A spec file runs
 * whole on one lane and still serially, so no two specs ever share a server: what one sets up (an advanced sandbox
 * clock, a BRL approval threshold, 32 failing deliveries) cannot reach the other lane's specs. Two lanes pay only when
 * they are balanced: the cores are shared, so the slower lane is the run (README, "Run all tests", has the figures).
 * A PostgreSQL run (DATABASE_URL) is always one lane: two servers would seed the same database.
 */
const LANES = DATABASE_URL ? 1 : Math.max(1, Math.min(2, Number(process.env.E2E_LANES ?? 1) || 1));
/** The second lane's port (its data dir and saved sign-ins are named after it). */
const PORT_B = Number(process.env.E2E_PORT_B ?? PORT + 5);
/**
 * The specs of the second lane: about half of the suite's test time, by each spec's duration in a one-lane run
 * (the first lane runs every other spec, new ones included — move one here when the first lane grows).
 */
export const LANE_B_SPECS = [
  'accounts.spec.ts', 'auth.spec.ts', 'beneficiary-company.spec.ts', 'control-changes.spec.ts', 'money.spec.ts',
  'onboarding.spec.ts', 'operations.spec.ts', 'payouts.spec.ts', 'saved-views.spec.ts', 'security.spec.ts', 'team.spec.ts',
  'webhook-tools.spec.ts', 'webhooks.spec.ts',
];

const chromium = { ...devices['Desktop Chrome'], launchOptions: { executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS } };

function server(port: number) {
  const baseURL = `http://localhost:${port}`;
  // Each run starts from an empty embedded database, so demo data and users are seeded fresh.
  const dataDir = (port === PORT ? process.env.E2E_DATA_DIR : undefined) ?? `.data-e2e-${port}`;
  const log = `test-results-logs/server-${port}.log`;
  return {
    // Every line the server writes goes to a file, read by the log scan (e2e/global-teardown.ts) and
    // e2e/observability.spec.ts; stderr (start-up failures, warnings) is also shown as before.
    command: `rm -rf ${dataDir} && mkdir -p test-results-logs && : > ${log} && (node scripts/start.mjs 2>&1 >>${log} | tee -a ${log} >&2)`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    env: {
      DATA_DIR: dataDir,
      PORT: String(port),
      // `npm start`'s script, on loopback (set here: a container exports HOSTNAME as its own name).
      HOSTNAME: '127.0.0.1',
      PUBLIC_URL: baseURL,
      NEXTAUTH_URL: baseURL,
      NEXT_TELEMETRY_DISABLED: '1',
      ...(DATABASE_URL ? { DATABASE_URL } : {}),
      // The tenant-isolation journey (accounts.spec.ts) creates a second sandbox customer through the console's
      // mount, which is closed unless the operator allows it.
      SANDBOX_ALLOW_CUSTOMER_CREATION: 'on',
      // The sandbox's admin-key helpers (clock, a token for the demo customer: e2e/helpers/sandbox.ts).
      // The money journeys (money.spec.ts) advance the sandbox's clock to expire a quote; its helper needs this key.
      SANDBOX_ADMIN_KEY: process.env.E2E_SANDBOX_ADMIN_KEY ?? 'e2e-sandbox-admin-key-not-secret',
      // /api/metrics is scraped by e2e/observability.spec.ts (with metrics on, every request is counted).
      METRICS_TOKEN: E2E_METRICS_TOKEN,
      // Shorter waits than production's, so tests do not sit through them (each is documented in the README):
      // a mid rate is asked again after 1 s, not 10 (balances-glance.spec.ts looks twice for two samples);
      MID_RATE_REFRESH_SECONDS: '1',
      // a request body that sends nothing is given up after 3 s, not 10 (http-hardening.spec.ts);
      SANDBOX_BODY_IDLE_SECONDS: '3',
      // a payout batch sends its rows at up to 50 a second, not 10 (payout-batches.spec.ts: 47 rows, twice).
      PAYOUT_BATCH_ROWS_PER_SECOND: '50',
    },
  };
}

/** The suite on `lanes` servers (1 or 2). playwright.screens.config.ts uses one. */
export function e2eConfig(lanes: number): PlaywrightTestConfig {
  const projects =
    lanes === 1
      ? [{ name: 'debian-chromium', use: { ...chromium, baseURL: `http://localhost:${PORT}` } }]
      : [
          { name: 'lane-a', testIgnore: LANE_B_SPECS, workers: 1, use: { ...chromium, baseURL: `http://localhost:${PORT}` } },
          { name: 'lane-b', testMatch: LANE_B_SPECS, workers: 1, use: { ...chromium, baseURL: `http://localhost:${PORT_B}` } },
        ];
  return defineConfig({
    testDir: './e2e',
    fullyParallel: false,
    workers: lanes,
    retries: process.env.CI ? 1 : 0,
    timeout: 60_000,
    expect: { timeout: 10_000 },
    reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
    globalSetup: './e2e/global-setup.ts',
    globalTeardown: './e2e/global-teardown.ts',
    use: {
      // A trace only of a retried test (CI retries once): recording one for every test, to keep it on failure, cost
      // about half again the suite's CPU (palette + money specs, one lane: 90 → 135 CPU-s, README "Run all tests").
      trace: 'on-first-retry',
      screenshot: 'only-on-failure',
    },
    projects,
    webServer: (lanes === 1 ? [PORT] : [PORT, PORT_B]).map(server),
  });
}

export default e2eConfig(LANES);
