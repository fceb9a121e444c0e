import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GET as health } from '@/app/api/health/route';
import { resetDatabaseForTests, useTestDatabase, type ConsoleDb } from './db/client';
import { users } from './db/schema';
import { resetEnvForTests } from './env';
import { DEMO_USERS } from './team/demo-users';
import { resetStartupForTests, startConsole, startupFailureLine, StartupError } from './startup';
import { changePassword, listUsers, setDisabled } from './team/users';

let client: PGlite;
let db: ConsoleDb;
const saved = { ...process.env };

function setEnv(vars: Record<string, string | undefined>) {
  process.env = { ...saved, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'startup-test-')) };
  for (const k of ['SANDBOX', 'FX_API_BASE_URL', 'FX_CLIENT_ID', 'FX_CLIENT_SECRET', 'NEXTAUTH_SECRET', 'PUBLIC_URL', 'NEXTAUTH_URL']) {
    delete process.env[k];
  }
  Object.assign(process.env, vars);
  resetEnvForTests();
  resetStartupForTests();
}

const REAL_SERVICE = {
  SANDBOX: 'off',
  FX_API_BASE_URL: 'https://fx.example.com',
  FX_CLIENT_ID: 'client',
  FX_CLIENT_SECRET: 'secret',
  NEXTAUTH_SECRET: 's'.repeat(40),
};

beforeAll(async () => {
  client = new PGlite();
  db = await useTestDatabase(client);
});
afterEach(() => {
  process.env = { ...saved };
  resetEnvForTests();
  resetStartupForTests();
});
afterAll(async () => {
  resetDatabaseForTests();
  await client.close();
});

describe('start-up', () => {
  it('with the sandbox on: seeds the demo users, runs the sandbox hook, and /api/health turns 200', async () => {
    setEnv({});
    const hook = vi.fn(async () => {});
    vi.spyOn(console, 'info').mockImplementation(() => {});
    await startConsole(hook);
    expect(hook).toHaveBeenCalledWith(expect.objectContaining({ SANDBOX: 'on' }));
    expect((await listUsers(db)).map((u) => u.email).sort()).toEqual(DEMO_USERS.map((u) => u.email).sort());
    const res = await health();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  it('runs once per process: a second call returns the same promise', () => {
    setEnv({});
    expect(startConsole()).toBe(startConsole());
  });

  it('with SANDBOX=off refuses to start while a demo password still works (one line), and health says 503', async () => {
    setEnv(REAL_SERVICE);
    const error = await startConsole().then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(StartupError);
    const line = startupFailureLine(error);
    expect(line).toMatch(/^Refusing to start with SANDBOX=off: .*admin@acme\.test/);
    expect(line).not.toContain('\n');
    expect((await health()).status).toBe(503);
  });

  it('with SANDBOX=off starts once every demo user is changed or disabled, and seeds nothing', async () => {
    const rows = await listUsers(db);
    const admin = rows.find((u) => u.email === 'admin@acme.test')!;
    await changePassword(admin.id, 'demo-admin-2026', 'quiet-lantern-2026', {}, db);
    for (const u of rows.filter((r) => r.id !== admin.id)) await setDisabled(admin, u.id, true, db);
    setEnv(REAL_SERVICE);
    const hook = vi.fn(async () => {});
    await startConsole(hook);
    expect(hook).toHaveBeenCalledWith(expect.objectContaining({ SANDBOX: 'off' }));
    expect((await db.select().from(users)).length).toBe(DEMO_USERS.length);
  });

  it('an invalid environment fails start-up with the one-line env message', async () => {
    setEnv({ PORT: 'abc' });
    const error = await startConsole().then(() => null, (e: unknown) => e);
    expect(startupFailureLine(error)).toBe('Invalid environment: PORT — expected an integer port between 1 and 65535');
    expect(startupFailureLine(new Error('boom\n  at x'))).toBe('Console start-up failed: Error: boom');
  });
});
