import { randomBytes } from 'node:crypto';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from './e2e/helpers/browser';

// Two console instances from one build on one PostgreSQL (`npm run test:scale`; scripts/with-pg.mjs gives
// DATABASE_URL a new empty database). They share what the README's scale-out section says must be shared:
// NEXTAUTH_SECRET, NEXT_SERVER_ACTIONS_ENCRYPTION_KEY and the build; each has its own port, PUBLIC_URL and DATA_DIR.

// Every port comes from the environment (defaults: 3101, 3102, C = B + 1, receiver 3190) and the database name
// from SCALE_DB (package.json's `test:scale`, default fx_scale), so two runs on one machine do not collide.
export const SCALE_RECEIVER_PORT = Number(process.env.SCALE_RECEIVER_PORT ?? 3190);
export const SCALE_PORTS = [Number(process.env.SCALE_PORT_A ?? 3101), Number(process.env.SCALE_PORT_B ?? 3102)] as const;
/** Every instance's stdout and stderr, one file per port (read by e2e-scale/global-teardown.ts's log scan). */
export const SCALE_LOG_DIR = 'test-results-scale-logs';
/** The third instance e2e-scale/shutdown.spec.ts starts and stops itself. */
export const SCALE_PORT_C = Number(process.env.SCALE_PORT_C ?? SCALE_PORTS[1] + 1);
/**
 * The local webhook targets every instance's sandbox may call: each console's receiver and the tests' own receiver
 * (e2e-scale/*.spec.ts). Any instance's delivery loop may make any delivery, so all of them get the same list.
 */
export const SCALE_WEBHOOK_ALLOW = [
  ...[...SCALE_PORTS, SCALE_PORT_C].map((p) => `http://localhost:${p}/api/webhooks`),
  `http://127.0.0.1:${SCALE_RECEIVER_PORT}/hook`,
].join(',');
const DATABASE_URL = process.env.DATABASE_URL;
if (!DATABASE_URL) throw new Error('playwright.scale.config.ts needs DATABASE_URL (run it through `npm run test:scale`)');

// Generated once per run and handed to both instances (the config is evaluated again in workers: keep it stable).
process.env.SCALE_NEXTAUTH_SECRET ??= randomBytes(32).toString('base64url');
process.env.SCALE_ACTIONS_KEY ??= randomBytes(32).toString('base64');

function instance(port: number) {
  const base = `http://localhost:${port}`;
  const dataDir = `.data-scale-${port}`;
  const log = `${SCALE_LOG_DIR}/server-${port}.log`;
  // A's command also empties C's file: e2e-scale/shutdown.spec.ts appends C's lines to it.
  const clear = port === SCALE_PORTS[0] ? ` && : > ${SCALE_LOG_DIR}/server-${SCALE_PORT_C}.log` : '';
  return {
    // Every line goes to a file for the log scan (e2e-scale/global-teardown.ts); stderr is also shown.
    command: `rm -rf ${dataDir} && mkdir -p ${SCALE_LOG_DIR} && : > ${log}${clear} && (npx next start -p ${port} 2>&1 >>${log} | tee -a ${log} >&2)`,
    url: `${base}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    env: {
      DATABASE_URL: DATABASE_URL!,
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: base,
      NEXTAUTH_URL: base,
      NEXTAUTH_SECRET: process.env.SCALE_NEXTAUTH_SECRET!,
      NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: process.env.SCALE_ACTIONS_KEY!,
      NEXT_TELEMETRY_DISABLED: '1',
      // Both sandbox loops deliver every subscription's events, so each may call the other instance's receiver;
      // the journey creates its customer through the console's sandbox mount.
      SANDBOX_WEBHOOK_ALLOW: SCALE_WEBHOOK_ALLOW,
      SANDBOX_ALLOW_CUSTOMER_CREATION: 'on',
    },
  };
}

export default defineConfig({
  testDir: './e2e-scale',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  globalTeardown: './e2e-scale/global-teardown.ts',
  use: { trace: 'retain-on-failure' },
  projects: [
    {
      name: 'debian-chromium',
      use: { ...devices['Desktop Chrome'], launchOptions: { executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS } },
    },
  ],
  webServer: SCALE_PORTS.map(instance),
});
