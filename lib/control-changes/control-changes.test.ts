import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSessionInvalidator } from '../auth/session-invalidation';
import { fakeClock, setClockForTests } from '../clock';
import { getDb, getRawClient, resetDatabaseForTests, useTestDatabase, type ConsoleDb } from '../db/client';
import { auditEvents, controlChanges, notifications, payoutApprovalPolicy, teamSettings, users } from '../db/schema';
import { defaultPolicy, type TieredPolicy } from '../domain/payouts/approval-policy';
import { generate } from 'otplib';
import { demoTotpSecret } from '../auth/factors/secret-box';
import { seedTotp } from '../auth/factors/totp';
import type { SessionUser } from '../auth/sessions';
import { getEnv, resetEnvForTests } from '../env';
import { createUser } from '../team/users';
import {
  applyDueControlChanges,
  approveControlChange,
  cancelControlChange,
  listPendingControlChanges,
  proposeControlChange,
  rejectControlChange,
} from './service';
import { approveControlChangeWithStepUp, beginControlChangeStepUp } from './step-up';
import { dropTestDatabase, freshTestDatabase } from '@/lib/db/test-databases';

const clock = fakeClock(new Date('2026-11-25T12:00:00.000Z'));

async function refusalOf(promise: Promise<unknown>): Promise<{ code: string; httpStatus: number }> {
  try {
    await promise;
  } catch (error) {
    return error as { code: string; httpStatus: number };
  }
  throw new Error('expected a refusal');
}

let n = 0;
async function user(db: ConsoleDb, role: 'admin' | 'finance' | 'viewer' | 'compliance') {
  n += 1;
  const u = await createUser({ name: `User ${n}`, email: `u${n}-${Math.random().toString(36).slice(2, 7)}@t.test`, role, password: 'a-long-password-1' }, db);
  return { id: u.id, email: u.email, name: u.name, role: u.role };
}

async function roleOf(db: ConsoleDb, id: string) {
  const [row] = await db.select({ role: users.role, roleVersion: users.roleVersion, approverSince: users.approverSince }).from(users).where(eq(users.id, id));
  return row;
}

async function auditCount(db: ConsoleDb, action: string, target: string) {
  return (await db.select().from(auditEvents).where(and(eq(auditEvents.action, action), eq(auditEvents.target, target)))).length;
}

/** The same behaviour on both engines: the embedded one always, PostgreSQL when TEST_DATABASE_URL is set. */
function suite(engine: string, open: () => Promise<ConsoleDb>, close: () => Promise<void>) {
  describe(`control changes (${engine})`, () => {
    let db: ConsoleDb;
    beforeAll(async () => {
      db = await open();
      clock.install();
    });
    afterAll(async () => {
      setClockForTests(undefined);
      await close();
    });

    it('a promotion waits for another admin; its requester cannot approve it; the other admin applies it once', async () => {
      const a1 = await user(db, 'admin');
      const a2 = await user(db, 'admin');
      const target = await user(db, 'viewer');
      const proposal = await proposeControlChange(a1, 'team.change-role', { ...target, userId: target.id, role: 'finance' });
      expect(proposal.pending).not.toBeNull();
      const change = proposal.pending!;
      expect(change.status).toBe('PENDING');
      expect(change.effectiveAt).toBeNull();
      expect(change.rows).toContainEqual({ key: 'role', before: 'viewer', after: 'finance' });
      expect((await roleOf(db, target.id)).role).toBe('viewer');
      // The other admin is told in the inbox; the proposer is not.
      const told = await db.select().from(notifications).where(and(eq(notifications.kind, 'control-change.pending'), eq(notifications.dedupeKey, `control-change.pending:${change.id}`)));
      expect(told.map((n) => n.userId)).toContain(a2.id);
      expect(told.map((n) => n.userId)).not.toContain(a1.id);
      expect(told[0]).toMatchObject({ link: '/team/changes', params: { what: 'team.change-role', by: a1.email } });

      const own = await refusalOf(approveControlChange(a1, change.id));
      expect(own).toMatchObject({ code: 'CONTROL_CHANGE_OWN', httpStatus: 403 });
      // A second proposal for the same user waits for the first to be decided.
      expect((await refusalOf(proposeControlChange(a1, 'team.change-role', { ...target, userId: target.id, role: 'admin' }))).code).toBe(
        'CONTROL_CHANGE_ALREADY_PENDING',
      );

      const { outcome, change: done } = await approveControlChange(a2, change.id);
      expect(outcome).toBe('APPLIED');
      expect(done).toMatchObject({ status: 'APPLIED', decidedById: a2.id, requestedById: a1.id });
      const after = await roleOf(db, target.id);
      expect(after.role).toBe('finance');
      // The approver right starts now: the cool-off counts from the application, not the proposal.
      expect(after.approverSince?.toISOString()).toBe(clock.now().toISOString());
      expect(await auditCount(db, 'controlChanges.propose', change.id)).toBe(1);
      expect(await auditCount(db, 'controlChanges.apply', change.id)).toBe(1);
      expect((await refusalOf(approveControlChange(a2, change.id))).code).toBe('CONTROL_CHANGE_NOT_PENDING');
    });

    it('a change that weakens nothing is not proposed: the caller applies it as before', async () => {
      const a1 = await user(db, 'admin');
      const target = await user(db, 'finance');
      expect(await proposeControlChange(a1, 'team.change-role', { ...target, userId: target.id, role: 'viewer' })).toEqual({ pending: null });
      expect(await proposeControlChange(a1, 'team.second-factor', { required: true })).toEqual({ pending: null });
    });

    it('reject leaves everything as it was; only the requester cancels', async () => {
      const a1 = await user(db, 'admin');
      const a2 = await user(db, 'admin');
      const t1 = await user(db, 'compliance');
      const rejected = (await proposeControlChange(a1, 'team.change-role', { ...t1, userId: t1.id, role: 'admin' })).pending!;
      expect((await refusalOf(rejectControlChange(a1, rejected.id, 'mine'))).code).toBe('CONTROL_CHANGE_OWN');
      expect(await rejectControlChange(a2, rejected.id, 'Not agreed')).toMatchObject({ status: 'REJECTED', note: 'Not agreed', decidedById: a2.id });
      expect((await roleOf(db, t1.id)).role).toBe('compliance');

      const again = (await proposeControlChange(a1, 'team.change-role', { ...t1, userId: t1.id, role: 'admin' })).pending!;
      expect((await refusalOf(cancelControlChange(a2, again.id))).code).toBe('CONTROL_CHANGE_NOT_YOURS');
      expect(await cancelControlChange(a1, again.id)).toMatchObject({ status: 'CANCELLED' });
      expect((await refusalOf(approveControlChange(a2, again.id))).code).toBe('CONTROL_CHANGE_NOT_PENDING');
      expect((await roleOf(db, t1.id)).role).toBe('compliance');
    });

    it('a change whose subject moved on meanwhile is cancelled as stale, not applied', async () => {
      const a1 = await user(db, 'admin');
      const a2 = await user(db, 'admin');
      const t1 = await user(db, 'viewer');
      const change = (await proposeControlChange(a1, 'team.change-role', { ...t1, userId: t1.id, role: 'finance' })).pending!;
      await db.update(users).set({ role: 'compliance' }).where(eq(users.id, t1.id));
      const { outcome, change: done } = await approveControlChange(a2, change.id);
      expect(outcome).toBe('CANCELLED');
      expect(done).toMatchObject({ status: 'CANCELLED', note: 'STALE' });
      expect((await roleOf(db, t1.id)).role).toBe('compliance');
    });

    it('the second factor off and a weaker payout policy wait too, then apply as asked', async () => {
      const a1 = await user(db, 'admin');
      const a2 = await user(db, 'admin');
      await db.insert(teamSettings).values({ id: 1, secondFactorRequired: true }).onConflictDoUpdate({ target: teamSettings.id, set: { secondFactorRequired: true } });
      const off = (await proposeControlChange(a1, 'team.second-factor', { required: false })).pending!;
      expect(off.rows).toEqual([{ key: 'secondFactor', before: true, after: false }]);
      await approveControlChange(a2, off.id);
      expect((await db.select().from(teamSettings))[0]).toMatchObject({ secondFactorRequired: false, updatedById: a1.id });

      // The team runs on the default tiered policy (none saved): a lower daily cap is stricter and applies at once.
      const saved = async () => (await db.select().from(payoutApprovalPolicy))[0];
      const base: TieredPolicy = { ...defaultPolicy('BRL'), dailyCap: '50000.00' };
      await db.delete(payoutApprovalPolicy);
      await db.insert(payoutApprovalPolicy).values({ id: 'team', policy: base, updatedById: a1.id, updatedByEmail: a1.email });
      expect((await proposeControlChange(a1, 'payouts.policy', { ...base, dailyCap: '10000.00' })).pending).toBeNull();
      // A raised daily cap waits, like a removed tier; the subject is the team's one policy.
      const raisedCap = (await proposeControlChange(a1, 'payouts.policy', { ...base, dailyCap: '90000.00' })).pending!;
      expect(raisedCap).toMatchObject({ subject: 'policy:payout-approvals' });
      expect(raisedCap.rows.at(-1)).toEqual({ key: 'policyDailyCap', before: { amount: '50000.00', currency: 'BRL' }, after: { amount: '90000.00', currency: 'BRL' } });
      expect(await refusalOf(proposeControlChange(a1, 'payouts.policy', { ...base, tiers: base.tiers.slice(1) }))).toMatchObject({ code: 'CONTROL_CHANGE_ALREADY_PENDING' });
      expect((await saved()).policy.dailyCap).toBe('50000.00');
      await approveControlChange(a2, raisedCap.id);
      expect(await saved()).toMatchObject({ policy: { dailyCap: '90000.00' }, updatedById: a1.id });

      const oneTier: TieredPolicy = { ...base, dailyCap: '90000.00', tiers: [{ upTo: null, steps: [{ approvals: 1, roles: ['finance', 'admin'] }] }] };
      const weaker = (await proposeControlChange(a1, 'payouts.policy', oneTier)).pending!;
      expect(weaker.rows.filter((r) => r.key === 'policyTier')).toHaveLength(3);
      expect((await saved()).policy.tiers).toHaveLength(3);
      // Read back from jsonb (keys in another order), the policy in force still equals the change's "before".
      const { outcome } = await approveControlChange(a2, weaker.id);
      expect(outcome).toBe('APPLIED');
      expect((await saved()).policy).toMatchObject({ tiers: [{ upTo: null, steps: [{ approvals: 1 }] }] });

      // A weaker change whose policy moved on meanwhile is cancelled, not applied over the newer policy.
      await db.update(payoutApprovalPolicy).set({ policy: base });
      const stale = (await proposeControlChange(a1, 'payouts.policy', { ...base, dailyCap: null })).pending!;
      await db.update(payoutApprovalPolicy).set({ policy: { ...base, dailyCap: '40000.00' } });
      expect((await approveControlChange(a2, stale.id)).outcome).toBe('CANCELLED');
      expect((await saved()).policy.dailyCap).toBe('40000.00');
    });

    it('approving needs a step-up over exactly this change: none, another change’s or a replayed one is refused; the proof names what was signed', async () => {
      const a1 = await user(db, 'admin');
      const a2 = await user(db, 'admin');
      const session = (u: typeof a2): SessionUser => ({
        ...u,
        sessionId: 's',
        mustChangePassword: false,
        locale: null,
        timeZone: null,
        stage: 'complete',
        amr: 'pwd+totp',
        factorVerifiedAt: null,
      });
      const secretKey = getEnv().NEXTAUTH_SECRET;
      const totpSecret = demoTotpSecret(secretKey, a2.email);
      await seedTotp(db, a2.id, totpSecret, secretKey, clock.now());
      const code = () => generate({ secret: totpSecret, epoch: Math.floor(clock.now().getTime() / 1000) });
      const base: TieredPolicy = { ...defaultPolicy('BRL'), dailyCap: '50000.00' };
      await db.delete(payoutApprovalPolicy);
      await db.insert(payoutApprovalPolicy).values({ id: 'team', policy: base, updatedById: a1.id, updatedByEmail: a1.email });
      const capUp = (await proposeControlChange(a1, 'payouts.policy', { ...base, dailyCap: '90000.00' })).pending!;
      const target = await user(db, 'viewer');
      const promote = (await proposeControlChange(a1, 'team.change-role', { ...target, userId: target.id, role: 'finance' })).pending!;

      // No step-up: refused, nothing changes.
      expect(await refusalOf(approveControlChangeWithStepUp(session(a2), capUp.id, undefined))).toMatchObject({ code: 'STEP_UP_REQUIRED' });
      // The requester cannot even begin one.
      expect(await refusalOf(beginControlChangeStepUp(session(a1), capUp.id))).toMatchObject({ code: 'CONTROL_CHANGE_OWN' });
      // A step-up signed for the promotion does not approve the policy change.
      const forPromotion = await beginControlChangeStepUp(session(a2), promote.id);
      expect(forPromotion.method).toBe('totp');
      expect(await refusalOf(approveControlChangeWithStepUp(session(a2), capUp.id, { challengeId: forPromotion.challengeId, totp: await code() }))).toMatchObject({
        code: 'STEP_UP_MISMATCH',
      });
      expect((await db.select().from(payoutApprovalPolicy))[0].policy.dailyCap).toBe('50000.00');
      expect((await db.select().from(controlChanges).where(eq(controlChanges.id, capUp.id)))[0].status).toBe('PENDING');

      // Signed for this change: applied once, and the proof holds the before and after that were signed.
      clock.advance(31_000);
      const challenge = await beginControlChangeStepUp(session(a2), capUp.id);
      expect(challenge.statement).toMatchObject({ purpose: 'control-change.approve', subject: capUp.id });
      expect(challenge.statement.facts).toContainEqual(['after.dailyCap', '90000.00']);
      const answer = { challengeId: challenge.challengeId, totp: await code() };
      const { outcome, proof } = await approveControlChangeWithStepUp(session(a2), capUp.id, answer);
      expect(outcome).toBe('APPLIED');
      expect(proof).toMatchObject({ method: 'totp', digest: challenge.digest });
      expect(proof.canonical).toContain('before.dailyCap=50000.00');
      expect(proof.canonical).toContain('after.dailyCap=90000.00');
      expect((await db.select().from(payoutApprovalPolicy))[0].policy.dailyCap).toBe('90000.00');
      // The same answer again: the change is decided already; nothing applies twice.
      expect(await refusalOf(approveControlChangeWithStepUp(session(a2), capUp.id, answer))).toMatchObject({ code: 'CONTROL_CHANGE_NOT_PENDING' });
    });

    it('twenty approvals and the sweep racing apply a change exactly once', async () => {
      const a1 = await user(db, 'admin');
      const a2 = await user(db, 'admin');
      const t1 = await user(db, 'viewer');
      const before = await roleOf(db, t1.id);
      const change = (await proposeControlChange(a1, 'team.change-role', { ...t1, userId: t1.id, role: 'finance' })).pending!;
      const results = await Promise.allSettled([
        ...Array.from({ length: 20 }, () => approveControlChange(a2, change.id)),
        applyDueControlChanges(clock.now()),
      ]);
      const applied = results.filter((r) => r.status === 'fulfilled' && 'outcome' in r.value && r.value.outcome === 'APPLIED');
      expect(applied).toHaveLength(1);
      for (const r of results.slice(0, 20)) {
        if (r.status === 'rejected') expect((r.reason as { code: string }).code).toBe('CONTROL_CHANGE_NOT_PENDING');
      }
      const after = await roleOf(db, t1.id);
      expect(after.role).toBe('finance');
      expect(after.roleVersion).toBe(before.roleVersion + 1);
      expect(await auditCount(db, 'controlChanges.apply', change.id)).toBe(1);
    });

    it('with a single admin the change takes effect by itself after the delay, once, and survives a restart', async () => {
      // Every other admin disabled: nobody else could approve.
      await db.update(users).set({ disabledAt: clock.now() }).where(eq(users.role, 'admin'));
      const solo = await user(db, 'admin');
      const t1 = await user(db, 'viewer');
      const change = (await proposeControlChange(solo, 'team.add-user', { ...t1, userId: t1.id, role: 'finance' })).pending!;
      expect(change.effectiveAt?.toISOString()).toBe(new Date(clock.now().getTime() + 24 * 3_600_000).toISOString());
      expect((await listPendingControlChanges()).map((c) => c.id)).toContain(change.id);

      clock.advance(23 * 3_600_000);
      expect((await applyDueControlChanges(clock.now())).applied).toBe(0);
      expect((await roleOf(db, t1.id)).role).toBe('viewer');
      clock.advance(3_600_000);
      // Two sweeps (two instances, or a pass after a restart) at once: one application.
      const [x, y] = await Promise.all([applyDueControlChanges(clock.now()), applyDueControlChanges(clock.now())]);
      expect(x.applied + y.applied).toBe(1);
      expect((await roleOf(db, t1.id)).role).toBe('finance');
      const [row] = await db.select().from(controlChanges).where(eq(controlChanges.id, change.id));
      expect(row).toMatchObject({ status: 'APPLIED', decidedById: null });
      const [event] = await db.select().from(auditEvents).where(and(eq(auditEvents.action, 'controlChanges.apply'), eq(auditEvents.target, change.id)));
      expect(event.actorEmail).toBe('system');
    });

    it('an unanswered change expires after seven days', async () => {
      const a1 = await user(db, 'admin');
      await user(db, 'admin');
      const t1 = await user(db, 'viewer');
      const change = (await proposeControlChange(a1, 'team.change-role', { ...t1, userId: t1.id, role: 'admin' })).pending!;
      clock.advance(7 * 86_400_000);
      expect((await applyDueControlChanges(clock.now())).expired).toBeGreaterThanOrEqual(1);
      const [row] = await db.select().from(controlChanges).where(eq(controlChanges.id, change.id));
      expect(row.status).toBe('EXPIRED');
      expect((await roleOf(db, t1.id)).role).toBe('viewer');
    });
  });
}

let pglite: PGlite;
suite(
  'embedded',
  async () => {
    pglite = new PGlite();
    return useTestDatabase(pglite);
  },
  async () => {
    resetDatabaseForTests();
    await pglite.close();
  },
);

const url = process.env.TEST_DATABASE_URL;
const PG_DATABASE = `fx_control_changes_${process.pid}`;
if (url) {
  suite(
    'PostgreSQL',
    async () => {
      process.env.DATABASE_URL = await freshTestDatabase(url, PG_DATABASE);
      process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'pg-test-'));
      resetEnvForTests();
      resetDatabaseForTests();
      const raw = await getRawClient();
      if (raw.kind !== 'pg') throw new Error('expected the pg client');
      return getDb();
    },
    async () => {
      await closeSessionInvalidator();
      const raw = await getRawClient();
      if (raw.kind === 'pg') await raw.pool.end();
      resetDatabaseForTests();
      delete process.env.DATABASE_URL;
      resetEnvForTests();
      await dropTestDatabase(url, PG_DATABASE);
    },
  );
}
