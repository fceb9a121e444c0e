#!/usr/bin/env node
/**
 * Runs a command with the PostgreSQL test variables set when a PostgreSQL server answers, so `npm test` exercises
 * both engines wherever one is reachable (CI starts one with `npm run pg:start`; so can a developer).
 *
 *   node scripts/with-pg.mjs <command> [args…]           # TEST_DATABASE_URL, SANDBOX_TEST_PG_URL when reachable
 *   node scripts/with-pg.mjs --require <command> [args…] # fails when no server answers
 *   node scripts/with-pg.mjs --fresh-db NAME <command>   # also DATABASE_URL → a new empty database NAME
 *   node scripts/with-pg.mjs --if-reachable …           # runs nothing (exit 0) when no server answers
 *
 * Variables already set are kept. The server probed by default is the one `npm run pg:start` starts
 * (postgres://postgres@127.0.0.1:55432); PG_TEST_ADMIN_URL points elsewhere.
 */
import { spawn } from 'node:child_process';
import pg from 'pg';

const args = process.argv.slice(2);
let require = false;
let freshDb = null;
let ifReachable = false;
while (args[0]?.startsWith('--')) {
  const flag = args.shift();
  if (flag === '--require') require = true;
  else if (flag === '--fresh-db') freshDb = args.shift();
  else if (flag === '--if-reachable') ifReachable = true;
  else throw new Error(`unknown flag ${flag}`);
}
if (args.length === 0) {
  console.error('usage: node scripts/with-pg.mjs [--require] [--fresh-db NAME] <command> [args…]');
  process.exit(2);
}

const adminUrl = process.env.PG_TEST_ADMIN_URL ?? `postgres://postgres@127.0.0.1:${process.env.PG_TEST_PORT ?? 55432}/postgres`;

function withDatabase(url, name) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function reachable() {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    if (process.env.TEST_DATABASE_URL === undefined) {
      const { rowCount } = await client.query("select 1 from pg_database where datname = 'fx_test'");
      if (rowCount === 0) await client.query('create database fx_test');
    }
    if (freshDb) {
      if (!/^[a-z_][a-z0-9_]*$/.test(freshDb)) throw new Error(`bad database name ${freshDb}`);
      await client.query(`drop database if exists ${freshDb} with (force)`);
      await client.query(`create database ${freshDb}`);
    }
    return true;
  } catch (error) {
    if (require) console.error(`[with-pg] ${error.message}`);
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const env = { ...process.env };
const hidden = adminUrl.replace(/\/\/[^@]*@/, '//…@');
if (await reachable()) {
  env.TEST_DATABASE_URL ??= withDatabase(adminUrl, 'fx_test');
  env.SANDBOX_TEST_PG_URL ??= adminUrl;
  if (freshDb) env.DATABASE_URL = withDatabase(adminUrl, freshDb);
  console.log(`[with-pg] PostgreSQL tests on (${hidden})`);
} else if (require) {
  console.error(`[with-pg] no PostgreSQL server at ${hidden}: run \`npm run pg:start\``);
  process.exit(1);
} else if (ifReachable) {
  console.log(`[with-pg] no PostgreSQL server at ${hidden}: skipped \`${args.join(' ')}\` (\`npm run pg:start\` enables it)`);
  process.exit(0);
} else {
  console.log(`[with-pg] no PostgreSQL server at ${hidden}: PostgreSQL tests skipped (\`npm run pg:start\` enables them)`);
}

const child = spawn(args[0], args.slice(1), { stdio: 'inherit', env, shell: false });
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
