import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { encode } from 'next-auth/jwt';
import { getAccessFallbackHTTPStatus, isHTTPAccessFallbackError } from 'next/dist/client/components/http-access-fallback/http-access-fallback';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { auditEvents } from '../db/schema';
import { resetDatabaseForTests, useTestDatabase, type ConsoleDb } from '../db/client';
import { resetEnvForTests } from '../env';
import { authenticate } from '../auth/authenticate';
import { now } from '../clock';
import { changeRole, createUser, setDisabled } from '../team/users';
import { DomainError, SERVICE_ERROR_BRAND } from '@/lib/errors';
import { readActionResult } from './result';
import { Writable } from 'node:stream';
import { createLogger, setLogger } from '../observability/logger';

// Request-scoped Next APIs, driven by the test.
const request = vi.hoisted(() => ({ cookies: new Map<string, string>(), headers: new Headers() }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (request.cookies.has(name) ? { name, value: request.cookies.get(name) } : undefined) }),
  headers: async () => request.headers,
}));

const SECRET = 'test-secret-'.padEnd(48, 'x');
let client: PGlite;
let db: ConsoleDb;
let actionClient: typeof import('./safe-action').actionClient;

beforeAll(async () => {
  process.env.NEXTAUTH_SECRET = SECRET;
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'action-test-'));
  process.env.PUBLIC_URL = 'http://localhost:3999';
  // What `experimental.authInterrupts: true` sets at build time (next.config.mjs).
  process.env.__NEXT_EXPERIMENTAL_AUTH_INTERRUPTS = 'true';
  resetEnvForTests();
  client = new PGlite();
  db = await useTestDatabase(client);
  ({ actionClient } = await import('./safe-action'));
});
afterAll(async () => {
  resetDatabaseForTests();
  resetEnvForTests();
  await client.close();
});

let correlation = 0;
beforeEach(() => {
  request.cookies.clear();
  request.headers = new Headers({ 'x-request-id': `req-${++correlation}`, 'x-console-path': '/team?tab=users' });
});

async function signInAs(role: 'admin' | 'viewer' | 'finance', mustChangePassword = false) {
  const password = 'a-long-password-1';
  const email = `${role}-${Math.random().toString(36).slice(2, 8)}@t.test`;
  const user = await createUser({ name: role, email, role, password, mustChangePassword }, db);
  // With the sandbox on the team does not require a second factor by default, so the password alone completes the sign-in.
  const { sid } = await authenticate(db, { email, password, sandbox: 'on' }, now());
  request.cookies.set('next-auth.session-token', await encode({ token: { sub: user.id, sid }, secret: SECRET }));
  return user;
}

async function auditFor(correlationId: string) {
  const rows = await db.select().from(auditEvents);
  return rows.filter((r) => r.correlationId === correlationId);
}

const renameSchema = z.object({ userId: z.string().uuid(), name: z.string().min(2, 'tooLong|{"max":2}') });
const handler = vi.fn(async ({ parsedInput }: { parsedInput: z.infer<typeof renameSchema> }) => ({ renamed: parsedInput.name }));
const renameAction = () =>
  actionClient
    .metadata({ name: 'team.rename', permission: 'team:manage' })
    .inputSchema(renameSchema)
    .action(async (args) => handler(args));

const TARGET = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

describe('actionClient: session → permission → schema → handler → audit', () => {
  it('runs the handler and audits success with actor, target and correlation id', async () => {
    const admin = await signInAs('admin');
    handler.mockClear();
    const result = await renameAction()({ userId: TARGET, name: 'Ana' });
    expect(readActionResult(result)).toEqual({ ok: true, data: { renamed: 'Ana' } });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler.mock.calls[0][0]).toMatchObject({ ctx: { user: { id: admin.id, role: 'admin' }, correlationId: `req-${correlation}` } });
    const [event] = await auditFor(`req-${correlation}`);
    expect(event).toMatchObject({ actorId: admin.id, actorEmail: admin.email, action: 'team.rename', target: TARGET, outcome: 'success' });
  });

  it('refuses a role without the permission: audit `denied`, then forbidden() → HTTP 403, handler never runs', async () => {
    const viewer = await signInAs('viewer');
    handler.mockClear();
    const error = await renameAction()({ userId: TARGET, name: 'Ana' }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isHTTPAccessFallbackError(error)).toBe(true);
    expect(getAccessFallbackHTTPStatus(error as never)).toBe(403);
    expect(handler).not.toHaveBeenCalled();
    const [event] = await auditFor(`req-${correlation}`);
    expect(event).toMatchObject({ actorId: viewer.id, action: 'team.rename', outcome: 'denied', target: TARGET });
    expect(event.details).toMatchObject({ permission: 'team:manage', role: 'viewer' });
  });

  it('returns field errors for bad input without running the handler or writing an audit event', async () => {
    await signInAs('admin');
    handler.mockClear();
    const result = await renameAction()({ userId: 'nope', name: 'A' });
    const outcome = readActionResult(result);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.failure.code).toBe('INVALID_INPUT');
    // Schema messages are catalogue keys (with values): worded by the server, kept as code + values for the form.
    expect(outcome.failure.fields?.name).toEqual({ code: 'tooLong', values: { max: 2 } });
    expect(outcome.failure.fieldErrors.name).toBe('Use at most 2 characters.');
    expect(outcome.failure.fieldErrors.userId).toBe('Check this field.');
    expect(handler).not.toHaveBeenCalled();
    expect(await auditFor(`req-${correlation}`)).toHaveLength(0);
  });

  it('passes a DomainError through as a Failure worded from the catalogue (code + fields) and audits `error`', async () => {
    await signInAs('admin');
    const action = actionClient
      .metadata({ name: 'team.create', permission: 'team:manage' })
      .inputSchema(z.object({ email: z.string() }))
      .action(async ({ ctx }) => {
        ctx.audit.target = 'someone@x.test';
        throw new DomainError('EMAIL_TAKEN', { fields: { email: 'EMAIL_TAKEN' }, httpStatus: 409 });
      });
    const outcome = readActionResult(await action({ email: 'someone@x.test' }));
    expect(outcome).toEqual({
      ok: false,
      failure: {
        brand: 'fx.failure',
        code: 'EMAIL_TAKEN',
        sentence: 'A user with this e-mail already exists.',
        fieldErrors: { email: 'A user with this e-mail already exists.' },
        fields: { email: { code: 'EMAIL_TAKEN' } },
        httpStatus: 409,
      },
    });
    const [event] = await auditFor(`req-${correlation}`);
    expect(event).toMatchObject({ outcome: 'error', target: 'someone@x.test', details: { code: 'EMAIL_TAKEN' } });
  });

  it('audits a 403 refusal by the handler (a requester approving their own payout) as `denied`', async () => {
    await signInAs('admin');
    const action = actionClient
      .metadata({ name: 'payouts.approve', permission: 'payouts:approve' })
      .inputSchema(z.object({ payoutId: z.string() }))
      .action(async () => {
        throw new DomainError('SELF_APPROVAL', { httpStatus: 403 });
      });
    const outcome = readActionResult(await action({ payoutId: TARGET }));
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.failure).toMatchObject({ code: 'SELF_APPROVAL', httpStatus: 403 });
    const [event] = await auditFor(`req-${correlation}`);
    expect(event).toMatchObject({ action: 'payouts.approve', outcome: 'denied', target: TARGET, details: { code: 'SELF_APPROVAL' } });
  });

  it('keeps an ApiError’s code, status, request id and field errors (recognised by brand)', async () => {
    await signInAs('finance');
    const apiError = Object.assign(new Error('Quote expired at 12:00.'), {
      brand: SERVICE_ERROR_BRAND, name: 'ApiError', code: 'QUOTE_EXPIRED', status: 422, requestId: 'svc-123', fieldErrors: { quoteId: 'Expired.' },
    });
    const action = actionClient.metadata({ name: 'convert.swap', permission: 'operations:create' })
      .inputSchema(z.object({})).action(async () => { throw apiError; });
    const outcome = readActionResult(await action({}));
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.failure).toMatchObject({ code: 'QUOTE_EXPIRED', httpStatus: 422, requestId: 'svc-123', fieldErrors: { quoteId: 'Expired.' } });
    expect(outcome.failure.sentence).toBe('The quote has expired. Get a new quote.');
  });

  it('turns an unexpected error into a generic sentence with the correlation id — no stack, no secret', async () => {
    await signInAs('admin');
    const lines: string[] = [];
    const previous = setLogger(createLogger({ level: 'info', destination: new Writable({ write: (c, _e, done) => (lines.push(String(c)), done()) }) }));
    const action = actionClient.metadata({ name: 'team.boom', permission: 'team:manage' })
      .inputSchema(z.object({})).action(async () => { throw new TypeError('db exploded at /srv/app/lib/x.ts:12'); });
    const outcome = readActionResult(await action({}));
    setLogger(previous);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    const id = `req-${correlation}`;
    expect(outcome.failure.code).toBe('INTERNAL');
    expect(outcome.failure.requestId).toBe(id);
    expect(outcome.failure.sentence).toBe('Something went wrong on our side. Please try again.');
    expect(JSON.stringify(outcome.failure)).not.toMatch(/exploded|\/srv|TypeError/);
    // One JSON line naming the action and the request id; the error by name and message only, never a stack.
    const line = JSON.parse(lines.find((l) => l.includes('action failed'))!);
    expect(line).toMatchObject({ level: 'error', kind: 'action', action: 'team.boom', requestId: id, error: { name: 'TypeError' } });
    expect(line).not.toHaveProperty('stack');
    const [event] = await auditFor(id);
    expect(event.outcome).toBe('error');
  });

  it('sends a signed-out caller to /login with the page as callbackUrl (nothing runs)', async () => {
    handler.mockClear();
    const error = await renameAction()({ userId: TARGET, name: 'Ana' }).then(() => null, (e: unknown) => e);
    expect((error as { digest?: string }).digest).toContain('/login?callbackUrl=%2Fteam%3Ftab%3Dusers');
    expect(handler).not.toHaveBeenCalled();
  });

  it('applies a role change and a disable on the very next action', async () => {
    const admin = await signInAs('admin');
    const other = await createUser({ name: 'Other', email: `o-${correlation}@t.test`, role: 'admin', password: 'a-long-password-1' }, db);
    // The signed-in admin is demoted by someone else: the next call is refused.
    await changeRole(other, admin.id, 'viewer', db);
    const denied = await renameAction()({ userId: TARGET, name: 'Ana' }).then(() => null, (e: unknown) => e);
    expect(getAccessFallbackHTTPStatus(denied as never)).toBe(403);
    // ...and once disabled, the session is gone: back to sign-in.
    await setDisabled(other, admin.id, true, db);
    const ended = await renameAction()({ userId: TARGET, name: 'Ana' }).then(() => null, (e: unknown) => e);
    expect((ended as { digest?: string }).digest).toContain('/login');
  });

  it('rejects a forged or foreign-secret session cookie', async () => {
    const admin = await signInAs('admin');
    request.cookies.set('next-auth.session-token', await encode({ token: { sub: admin.id, sid: 'x' }, secret: 'another-secret-'.padEnd(40, 'y') }));
    const error = await renameAction()({ userId: TARGET, name: 'Ana' }).then(() => null, (e: unknown) => e);
    expect((error as { digest?: string }).digest).toContain('/login');
  });

  it('sends a user with a one-time password to /change-password for permissioned actions only', async () => {
    await signInAs('admin', true);
    handler.mockClear();
    const error = await renameAction()({ userId: TARGET, name: 'Ana' }).then(() => null, (e: unknown) => e);
    expect((error as { digest?: string }).digest).toContain('/change-password');
    expect(handler).not.toHaveBeenCalled();
    const own = actionClient.metadata({ name: 'auth.changePassword' }).inputSchema(z.object({})).action(async () => 'changed');
    expect(readActionResult(await own({}))).toEqual({ ok: true, data: 'changed' });
  });
});
