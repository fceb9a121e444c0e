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
import { createSandbox } from '../lib/sandbox';
import { prepareDataDir } from '../lib/db/data-dir';
import { parseAllowList } from '../lib/sandbox/webhooks/url-policy';
import type { PlainRequest } from '../lib/sandbox/core/handler';
import { fromPglite, fromPgPool } from '../lib/sandbox/core/sql';
import type { Sql } from '../lib/sandbox/core/types';
import { readDemoCredentials, seedDemo } from '../lib/sandbox/seed/seed';

const MAX_BODY = 11_000_000;

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
  return { sql: fromPglite(pg), close: () => pg.close(), where: dir, singleWriter: true };
}

/**
 * node:http → the handler's plain request. A Web Request (and its body stream) is built only if a multipart body
 * is read; JSON bodies are decoded straight from the buffer.
 */
function toPlainRequest(req: http.IncomingMessage, body: Buffer, origin: string, tooLargeSize: number | null): PlainRequest {
  const clientAddress = req.socket.remoteAddress ?? null;
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (Array.isArray(v)) v.forEach((x) => headers.append(k, x));
    else if (v !== undefined) headers.set(k, v);
  }
  if (tooLargeSize !== null) headers.set('content-length', String(tooLargeSize));
  const method = req.method ?? 'GET';
  const url = `${origin}${req.url ?? '/'}`;
  return {
    method,
    url,
    headers,
    clientAddress,
    // Like Request.text(): UTF-8, a leading byte-order mark dropped.
    text: async () => body.toString('utf8').replace(/^\uFEFF/, ''),
    formData: () =>
      new Request(url, {
        method,
        headers,
        body: method === 'GET' || method === 'HEAD' || body.length === 0 ? undefined : new Uint8Array(body),
      }).formData(),
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

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) tooLarge = true;
      else chunks.push(c);
    });
    req.on('end', async () => {
      try {
        const response = await sandbox.handlePlain(toPlainRequest(req, tooLarge ? Buffer.alloc(0) : Buffer.concat(chunks), origin, tooLarge ? size : null));
        res.writeHead(response.status, response.headers);
        res.end(response.body);
      } catch (err) {
        console.error(`[sandbox] adapter error: ${err instanceof Error ? err.message : String(err)}`);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 'INTERNAL_ERROR', message: 'Internal error', details: {} }));
      }
    });
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
