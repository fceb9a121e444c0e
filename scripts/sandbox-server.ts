/**
 * Standalone sandbox: `npm run sandbox`. A node:http server over the framework-free handler, with its own PGlite
 * data directory (one process per directory) or PostgreSQL when DATABASE_URL is set.
 *
 * Env: SANDBOX_PORT (4010), SANDBOX_DATA_DIR (.data-sandbox), DATABASE_URL, SANDBOX_SEED (on|off, default on),
 * SANDBOX_WEBHOOK_URL (the demo subscription, default http://localhost:3000/api/webhooks), SANDBOX_HOST (127.0.0.1),
 * SANDBOX_PRINT_SECRET=1 (print the demo secret and the admin key even when stdout is not a terminal),
 * SANDBOX_WEBHOOK_ALLOW (only these loopback webhook targets; default any loopback URL),
 * SANDBOX_ALLOW_CUSTOMER_CREATION (on|off, default on), SANDBOX_CUSTOMER_RATE_LIMIT (customers per address per hour,
 * default unlimited), SANDBOX_ADMIN_KEY (the clock helper's key; default generated once and stored).
 */
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createSandbox } from '../lib/sandbox';
import { openedDataDir, prepareDataDir } from '../lib/db/data-dir';
import { parseAllowList } from '../lib/sandbox/webhooks/url-policy';
import type { PlainRequest } from '../lib/sandbox/core/handler';
import { fromPglite, fromPgPool } from '../lib/sandbox/core/sql';
import type { Sql } from '../lib/sandbox/core/types';
import { readDemoCredentials, seedDemo } from '../lib/sandbox/seed/seed';

async function openSql(): Promise<{ sql: Sql; close: () => Promise<void>; where: string; singleWriter: boolean }> {
  if (process.env.DATABASE_URL) {
    const { Pool } = await import('pg');
    const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    pool.on('error', (e) => console.error(`[sandbox] idle PostgreSQL client error: ${e.message}`));
    return { sql: fromPgPool(pool), close: () => pool.end(), where: 'PostgreSQL (DATABASE_URL)', singleWriter: false };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const dir = path.resolve(process.env.SANDBOX_DATA_DIR ?? '.data-sandbox');
  // Client secrets, the token-signing key and the admin key live here: owner-only before PGlite writes a file.
  prepareDataDir(dir, (m) => console.warn(`[sandbox] ${m}`));
  const pg = await PGlite.create(dir);
  openedDataDir(dir, (m) => console.warn(`[sandbox] ${m}`));
  return { sql: fromPglite(pg), close: () => pg.close(), where: dir, singleWriter: true };
}

/**
 * node:http → the handler's plain request. The body is handed over as a stream: the handler reads it chunk by chunk
 * up to its cap (lib/sandbox/core/body.ts), whatever the framing, and this server closes the connection after a
 * refusal instead of draining the rest.
 */
function toPlainRequest(req: http.IncomingMessage, origin: string): PlainRequest {
  const clientAddress = req.socket.remoteAddress ?? null;
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (Array.isArray(v)) v.forEach((x) => headers.append(k, x));
    else if (v !== undefined) headers.set(k, v);
  }
  const method = req.method ?? 'GET';
  const url = `${origin}${req.url ?? '/'}`;
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return {
    method,
    url,
    headers,
    clientAddress,
    body: hasBody ? (Readable.toWeb(req) as unknown as ReadableStream<Uint8Array>) : null,
  };
}

async function main() {
  const port = Number(process.env.SANDBOX_PORT ?? 4010);
  const host = process.env.SANDBOX_HOST ?? '127.0.0.1';
  const origin = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  const db = await openSql();
  // PGlite allows one process per directory, so this process is the only writer: the read cache is safe.
  const rates = process.env.SANDBOX_RATES === 'pinned' ? 'pinned' : 'moving';
  const allow = parseAllowList(process.env.SANDBOX_WEBHOOK_ALLOW);
  const rate = Number(process.env.SANDBOX_CUSTOMER_RATE_LIMIT ?? 0);
  const retentionRaw = process.env.RETENTION_EXECUTION_LOGS_DAYS?.trim();
  const retentionDays = retentionRaw ? Number(retentionRaw) : undefined;
  if (retentionDays !== undefined && !(Number.isInteger(retentionDays) && retentionDays >= 0)) {
    throw new Error('RETENTION_EXECUTION_LOGS_DAYS: a whole number of days (0 keeps them forever)');
  }
  const sandbox = createSandbox({
    sql: db.sql,
    basePath: '',
    publicUrl: origin,
    readCache: db.singleWriter,
    rates,
    // The integrator's own machine: loopback targets and customer creation open unless narrowed.
    policy: {
      webhookAllow: allow.length ? allow : null,
      customerCreation: (process.env.SANDBOX_ALLOW_CUSTOMER_CREATION ?? 'on').toLowerCase() !== 'off',
      customerCreationPerHour: Number.isInteger(rate) && rate > 0 ? rate : 0,
    },
    adminKey: process.env.SANDBOX_ADMIN_KEY || undefined,
    // PGlite has no autovacuum: statistics and VACUUM from the sandbox's own loop (PostgreSQL: autovacuum).
    maintenance: db.singleWriter,
    executionLogRetentionDays: retentionDays,
  });
  await sandbox.ready;
  if ((process.env.SANDBOX_SEED ?? 'on') !== 'off') {
    await seedDemo(sandbox, { webhookUrl: process.env.SANDBOX_WEBHOOK_URL ?? 'http://localhost:3000/api/webhooks' });
  }
  sandbox.start();

  const server = http.createServer(async (req, res) => {
    try {
      const response = await sandbox.handlePlain(toPlainRequest(req, origin));
      res.writeHead(response.status, response.headers);
      // A refused or unread body: answer, then drop the connection rather than read the rest of it.
      if (response.headers.connection === 'close') res.on('finish', () => req.destroy());
      res.end(response.body);
    } catch (err) {
      console.error(`[sandbox] adapter error: ${err instanceof Error ? err.message : String(err)}`);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json', connection: 'close' });
      res.end(JSON.stringify({ code: 'INTERNAL_ERROR', message: 'Internal error', details: {} }));
    }
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(port, host, resolve));

  const demo = await readDemoCredentials(db.sql);
  console.log(`Sandbox listening on ${origin}  (data: ${db.where})`);
  console.log(`  token:   POST ${origin}/api/oauth/client/token`);
  console.log(`  openapi: ${origin}/openapi.json`);
  // Secrets stay out of logs: the demo secret is printed only to an interactive terminal (or when asked).
  const show = process.stdout.isTTY || process.env.SANDBOX_PRINT_SECRET === '1';
  console.log(
    `  admin key (X-Sandbox-Admin-Key, for POST /_sandbox/clock/advance): ${show ? await sandbox.services.adminKey() : '(hidden: not a terminal; SANDBOX_PRINT_SECRET=1 shows it)'}`,
  );
  if (demo) {
    console.log(
      `  demo customer: clientId=${demo.clientId} clientSecret=${show ? demo.clientSecret : '(hidden: not a terminal; SANDBOX_PRINT_SECRET=1 shows it)'}`,
    );
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`Sandbox stopping (${signal})…`);
    server.close();
    server.closeAllConnections();
    await sandbox.stop();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  console.error(`Sandbox failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
