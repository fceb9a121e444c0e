import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock, setClockForTests } from '../clock';
import { resetDatabaseForTests, useTestDatabase, type ConsoleDb } from '../db/client';
import { auditEvents } from '../db/schema';
import { listAuditEvents } from './list-audit';
import { recordAudit, redactDetails } from './record-audit';

let client: PGlite;
let db: ConsoleDb;
const clock = fakeClock();
const actor = { id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', email: 'ana@t.test' };

beforeAll(async () => {
  client = new PGlite();
  db = await useTestDatabase(client);
  clock.install();
});
afterAll(async () => {
  setClockForTests(undefined);
  resetDatabaseForTests();
  await client.close();
});

describe('audit log', () => {
  it('records who, what, target, outcome, time and correlation id — with secrets redacted', async () => {
    await recordAudit({
      actor,
      action: 'team.create',
      target: 'new@t.test',
      outcome: 'success',
      correlationId: 'req-1',
      details: { role: 'viewer', password: 'hunter2hunter2', nested: { clientSecret: 'x', ok: 1 }, note: 'y'.repeat(600) },
    });
    const [row] = await db.select().from(auditEvents);
    expect(row).toMatchObject({
      actorId: actor.id,
      actorEmail: actor.email,
      action: 'team.create',
      target: 'new@t.test',
      outcome: 'success',
      correlationId: 'req-1',
    });
    expect(row.at.getTime()).toBe(clock.now().getTime());
    expect(row.details).toMatchObject({ role: 'viewer', password: '[redacted]', nested: { clientSecret: '[redacted]', ok: 1 } });
    expect(String((row.details as { note: string }).note).length).toBeLessThanOrEqual(501);
    expect(JSON.stringify(row.details)).not.toContain('hunter2');
  });

  it('redacts common secret names at any depth', () => {
    expect(redactDetails({ Authorization: 'Bearer x', accessToken: 't', apiKey: 'k', list: [{ cookie: 'c' }] })).toEqual({
      Authorization: '[redacted]',
      accessToken: '[redacted]',
      apiKey: '[redacted]',
      list: [{ cookie: '[redacted]' }],
    });
  });

  it('pages newest first with a stable cursor and filters by outcome', async () => {
    for (let i = 0; i < 5; i++) {
      clock.advance(1000);
      await recordAudit({ actor, action: `a.${i}`, outcome: i % 2 ? 'denied' : 'success', correlationId: `c${i}` });
    }
    const first = await listAuditEvents({ limit: 2 });
    expect(first.data.map((e) => e.action)).toEqual(['a.4', 'a.3']);
    const second = await listAuditEvents({ limit: 2, cursor: first.nextCursor });
    expect(second.data.map((e) => e.action)).toEqual(['a.2', 'a.1']);
    const third = await listAuditEvents({ limit: 2, cursor: second.nextCursor });
    expect(third.data.map((e) => e.action)).toEqual(['a.0', 'team.create']);
    expect(third.nextCursor).toBeNull();
    const denied = await listAuditEvents({ outcome: 'denied' });
    expect(denied.data.map((e) => e.action)).toEqual(['a.3', 'a.1']);
    expect((await listAuditEvents({ cursor: 'garbage' })).data.length).toBe(6); // a bad cursor means the first page
  });

  it('filters by actor e-mail, action (exact or prefix), target and date range, wildcards literal', async () => {
    clock.advance(1000);
    const t0 = clock.now();
    await recordAudit({ actor: { id: actor.id, email: 'fin_2@t.test' }, action: 'payouts.approve', target: 'p-1', outcome: 'denied' });
    clock.advance(1000);
    await recordAudit({ actor, action: 'payouts.request', target: 'p-1', outcome: 'success', details: { idempotencyKey: 'k' } });
    clock.advance(1000);
    const t1 = clock.now();
    await recordAudit({ actor, action: 'payouts.request', target: 'p-2', outcome: 'success' });
    expect((await listAuditEvents({ target: 'p-1' })).data.map((e) => e.action)).toEqual(['payouts.request', 'payouts.approve']);
    expect((await listAuditEvents({ action: 'payouts.' })).data).toHaveLength(3);
    expect((await listAuditEvents({ action: 'payouts.request' })).data).toHaveLength(2);
    expect((await listAuditEvents({ actor: 'FIN_2' })).data.map((e) => e.actorEmail)).toEqual(['fin_2@t.test']);
    expect((await listAuditEvents({ actor: '_' })).data.map((e) => e.actorEmail)).toEqual(['fin_2@t.test']);
    expect((await listAuditEvents({ from: t0, to: t1 })).data.map((e) => e.target)).toEqual(['p-1', 'p-1']);
  });
});

describe('step-up proof in the audit details', () => {
  it('keeps the proof whole (long statement, credential name) but only its known fields; elsewhere credentials stay redacted', () => {
    const canonical = `fx-console step-up v1\n${'x'.repeat(900)}`;
    const kept = redactDetails({
      stepUp: { method: 'webauthn', digest: 'd', canonical, credentialId: 'cid', credentialName: 'Laptop', signature: 's', extra: 'dropped', totp: '123456' },
      nested: { stepUp: { credentialId: 'cid' } },
      credentialId: 'x',
    }) as Record<string, Record<string, unknown>>;
    expect(kept.stepUp).toEqual({ method: 'webauthn', digest: 'd', canonical, credentialId: 'cid', credentialName: 'Laptop', signature: 's' });
    expect(kept.nested).toEqual({ stepUp: { credentialId: '[redacted]' } });
    expect(kept.credentialId).toBe('[redacted]');
  });
});
