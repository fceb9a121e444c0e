import 'server-only';
import { createSandbox, type Sandbox } from './index';
import { fromPglite, fromPgPool } from './core/sql';
import { jsonAccessLog } from './core/access-log';
import { DEMO_CLIENT_ID, readDemoCredentials, readDemoKeys, seedDemo } from './seed/seed';

/** NOTIFY channel of sandbox work (an emitted event) between console instances on one PostgreSQL. */
const SANDBOX_WORK_CHANNEL = 'fx_sandbox_work';

type Holder = { sandbox?: Promise<Sandbox> };
const globalForSandbox = globalThis as unknown as { __sandboxHost?: Holder };
const holder = (): Holder => (globalForSandbox.__sandboxHost ??= {});

async function boot(): Promise<Sandbox> {
  const { getEnv } = await import('@/lib/env');
  const env = getEnv();
  if (env.SANDBOX !== 'on') throw new Error('The embedded sandbox is off (SANDBOX=off)');
  const { getRawClient, listenOnDatabase } = await import('@/lib/db/client');
  const raw = await getRawClient();
  const sql = raw.kind === 'pglite' ? fromPglite(raw.client) : fromPgPool(raw.pool);
  // Embedded PGlite: this process is the only writer of the sandbox schema, so GETs may be served from memory.
  const ownReceiver = `${env.PUBLIC_URL.replace(/\/+$/, '')}/api/webhooks`;
  const sandbox = createSandbox({
    sql,
    basePath: '/sandbox',
    publicUrl: env.PUBLIC_URL,
    readCache: raw.kind === 'pglite',
    rates: env.SANDBOX_RATES,
    // Anyone who reaches the console reaches /sandbox: local webhook targets are the console's own receiver and
    // what the operator lists; credentials are handed out only when enabled; the clock needs the admin key.
    policy: {
      webhookAllow: [ownReceiver, ...env.SANDBOX_WEBHOOK_ALLOW],
      customerCreation: env.SANDBOX_ALLOW_CUSTOMER_CREATION,
      customerCreationPerHour: 0,
    },
    adminKey: env.SANDBOX_ADMIN_KEY,
    // PGlite has no autovacuum: the sandbox analyzes and vacuums its schema itself. PostgreSQL does it on its own,
    // and wakes the loops of the other console instances on the same database with NOTIFY.
    maintenance: raw.kind === 'pglite',
    notifyChannel: raw.kind === 'pg' ? SANDBOX_WORK_CHANNEL : undefined,
    executionLogRetentionDays: env.RETENTION_EXECUTION_LOGS_DAYS,
    // A body that sends nothing for this long is answered 408 (10 s unless the operator says otherwise).
    bodyLimits: { idleMs: env.SANDBOX_BODY_IDLE_SECONDS * 1000 },
    // One JSON line per request with the console's X-Request-Id, next to the console's own lines.
    accessLog: jsonAccessLog,
  });
  await sandbox.ready;
  if (raw.kind === 'pg') await listenOnDatabase(SANDBOX_WORK_CHANNEL, () => sandbox.worker.wake());
  await seedDemo(sandbox, { webhookUrl: ownReceiver });
  sandbox.start();
  return sandbox;
}

/** The process-wide embedded sandbox: migrated, demo data seeded once, background loop running. */
export function ensureSandbox(): Promise<Sandbox> {
  const h = holder();
  if (!h.sandbox) {
    h.sandbox = boot();
    // A failed start must not poison the process: the next caller retries.
    h.sandbox.catch(() => {
      if (holder().sandbox) holder().sandbox = undefined;
    });
  }
  return h.sandbox;
}

/** The demo customer's client credentials (server-side only; never send them to the browser). */
export async function getDemoCredentials(): Promise<{ clientId: string; clientSecret: string }> {
  const sandbox = await ensureSandbox();
  const creds = await readDemoCredentials(sandbox.services.sql);
  if (!creds) throw new Error(`Sandbox demo customer ${DEMO_CLIENT_ID} is missing`);
  return creds;
}

/** The demo's own beneficiary keys (made by the seed), which the console approves as the system. */
export async function getDemoKeys(): Promise<Array<{ instructionId: string; beneficiaryId: string }>> {
  return readDemoKeys((await ensureSandbox()).services.sql);
}
