import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetDatabaseForTests, useTestDatabase, type ConsoleDb } from '../db/client';
import { auditEvents, webhookReplayItems, webhookReplayJobs } from '../db/schema';
import { claimReplayJob, workReplayJob, type RunnerDeps } from './replay-runner';
import { replayIdempotencyKey } from '@/lib/domain/webhooks/replay-key';
import { cancelReplayJob, getReplayJob, insertReplayJob, latestReplayJob } from './replay-store';

let client: PGlite;
let db: ConsoleDb;
const actor = { id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', email: 'admin@acme.test' };
const SUB = '5b0c7c3a-8e7d-4e39-9a0b-1f2e3d4c5b6a';

beforeAll(async () => {
  client = new PGlite();
  db = await useTestDatabase(client);
});
afterAll(async () => {
  resetDatabaseForTests();
  await client.close();
});

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const items = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    id: uuid(100 + i),
    messageId: uuid(200 + i),
    eventType: 'OPERATION_COMPLETED',
    status: 'FAILED',
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
  }));

function fakeDeps(owner: string, resend: RunnerDeps['resend']): RunnerDeps & { sleeps: number[]; calls: string[] } {
  let t = 1_000_000;
  const sleeps: number[] = [];
  const calls: string[] = [];
  return {
    db,
    owner,
    leaseMs: 5_000,
    now: () => t,
    sleep: async (ms) => {
      sleeps.push(ms);
      t += ms;
    },
    resend: async (sub, logId, key) => {
      calls.push(`${logId}|${key}`);
      await resend(sub, logId, key);
    },
    sleeps,
    calls,
  };
}

describe('replay jobs', () => {
  it('creates one job per intent id, derives each key from job + log, and runs to a summary at 5/s', async () => {
    const jobId = uuid(1);
    const input = { id: jobId, subscriptionId: SUB, windowFrom: null, windowTo: null, eventTypes: [], ratePerSecond: 5, actor, items: items(4) };
    expect(await insertReplayJob(input, db)).toEqual({ created: true });
    expect(await insertReplayJob(input, db)).toEqual({ created: false });

    let first = true;
    const deps = fakeDeps('p1', async (_sub, logId) => {
      if (logId === uuid(101) && first) {
        first = false;
        throw Object.assign(new Error('The service did not answer'), { status: 503, code: 'SERVICE_UNREACHABLE' });
      }
      if (logId === uuid(102)) throw Object.assign(new Error('Only a failed delivery attempt can be resent'), { status: 422, code: 'DELIVERY_ALREADY_SUCCEEDED' });
    });
    const job = await claimReplayJob(deps);
    expect(job?.id).toBe(jobId);
    expect(await workReplayJob(job!, deps)).toBe('completed');

    // Oldest first; the transient failure is retried later with the same key; the refusal is kept as a sentence.
    expect(deps.calls).toEqual([
      `${uuid(100)}|${replayIdempotencyKey(jobId, uuid(100))}`,
      `${uuid(101)}|${replayIdempotencyKey(jobId, uuid(101))}`,
      `${uuid(102)}|${replayIdempotencyKey(jobId, uuid(102))}`,
      `${uuid(103)}|${replayIdempotencyKey(jobId, uuid(103))}`,
      `${uuid(101)}|${replayIdempotencyKey(jobId, uuid(101))}`,
    ]);
    // Throttled: consecutive resends at least 200 ms apart.
    expect(deps.sleeps.filter((ms) => ms === 200).length).toBeGreaterThanOrEqual(3);
    const view = await getReplayJob(jobId, db);
    expect(view).toMatchObject({ status: 'COMPLETED', progress: { total: 4, done: 4, percent: 100, counts: { SENT: 3, REFUSED: 1 } } });
    expect(view?.problems).toEqual([{ logId: uuid(102), status: 'REFUSED', error: 'DELIVERY_ALREADY_SUCCEEDED: Only a failed delivery attempt can be resent' }]);
    expect((await latestReplayJob(SUB, db))?.id).toBe(jobId);
    const audit = await db.select().from(auditEvents).where(eq(auditEvents.target, jobId));
    expect(audit).toMatchObject([{ action: 'webhooks.replayCompleted', outcome: 'error', actorEmail: actor.email, details: { total: 4, sent: 3, refused: 1, failed: 0 } }]);
  });

  it('resumes after a crash: another process takes over once the lease ran out and resends the interrupted item with the SAME key, never a sent one', async () => {
    const jobId = uuid(2);
    await insertReplayJob({ id: jobId, subscriptionId: SUB, windowFrom: null, windowTo: null, eventTypes: [], ratePerSecond: 5, actor, items: items(3) }, db);
    // Process A claimed it, sent the first item, and died while the second was in flight.
    const a = fakeDeps('process-a', async () => {});
    expect((await claimReplayJob(a))?.id).toBe(jobId);
    await db.update(webhookReplayItems).set({ status: 'SENT', attempts: 1 }).where(eq(webhookReplayItems.logId, uuid(100)));
    await db.update(webhookReplayItems).set({ status: 'SENDING' }).where(eq(webhookReplayItems.logId, uuid(101)));

    const b = fakeDeps('process-b', async () => {});
    expect(await claimReplayJob(b)).toBeNull(); // A's lease still runs
    await db.update(webhookReplayJobs).set({ leaseUntil: new Date(Date.now() - 1000) }).where(eq(webhookReplayJobs.id, jobId));
    const job = await claimReplayJob(b);
    expect(job?.leaseOwner).toBe('process-b');
    expect(await workReplayJob(job!, b)).toBe('completed');
    expect(b.calls).toEqual([
      `${uuid(101)}|${replayIdempotencyKey(jobId, uuid(101))}`,
      `${uuid(102)}|${replayIdempotencyKey(jobId, uuid(102))}`,
    ]);
    expect((await getReplayJob(jobId, db))?.progress.counts.SENT).toBe(3);
  });

  it('a job created leased to the runner of its process is claimed by that runner, not by another instance polling meanwhile', async () => {
    const jobId = uuid(5);
    const lease = { owner: 'process-c', ms: 5_000 };
    await insertReplayJob({ id: jobId, subscriptionId: SUB, windowFrom: null, windowTo: null, eventTypes: [], ratePerSecond: 5, actor, items: items(2), lease }, db);
    const [row] = await db.select().from(webhookReplayJobs).where(eq(webhookReplayJobs.id, jobId));
    expect(row.leaseOwner).toBe('process-c');
    expect(row.leaseUntil!.getTime()).toBeGreaterThan(Date.now());
    // Another instance's idle poll lands between the insert and the creator's wake-up: it leaves the job alone.
    const other = fakeDeps('process-d', async () => {});
    expect((await claimReplayJob(other))?.id).not.toBe(jobId);
    const creator = fakeDeps('process-c', async () => {});
    const job = await claimReplayJob(creator);
    expect(job?.id).toBe(jobId);
    expect(await workReplayJob(job!, creator)).toBe('completed');
    expect(creator.calls).toHaveLength(2);
  });

  it('cancel stops the job between two resends and keeps the rest unsent', async () => {
    const jobId = uuid(3);
    await insertReplayJob({ id: jobId, subscriptionId: SUB, windowFrom: null, windowTo: null, eventTypes: [], ratePerSecond: 5, actor, items: items(5) }, db);
    const deps = fakeDeps('p3', async (_sub, logId) => {
      if (logId === uuid(101)) await cancelReplayJob(jobId, db);
    });
    const job = await claimReplayJob(deps);
    expect(await workReplayJob(job!, deps)).toBe('cancelled');
    expect(deps.calls).toHaveLength(2);
    const view = await getReplayJob(jobId, db);
    expect(view).toMatchObject({ status: 'CANCELLED', progress: { counts: { SENT: 2, PENDING: 3 } } });
    expect(await cancelReplayJob(jobId, db)).toBeNull();
  });

  it('a job with nothing to resend is complete at once', async () => {
    const jobId = uuid(4);
    await insertReplayJob({ id: jobId, subscriptionId: SUB, windowFrom: null, windowTo: null, eventTypes: [], ratePerSecond: 5, actor, items: [] }, db);
    expect((await getReplayJob(jobId, db))?.status).toBe('COMPLETED');
  });

  it('keys are stable UUIDs per (job, log) and differ between jobs', () => {
    const k = replayIdempotencyKey(uuid(1), uuid(100));
    expect(k).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(replayIdempotencyKey(uuid(1), uuid(100))).toBe(k);
    expect(replayIdempotencyKey(uuid(2), uuid(100))).not.toBe(k);
  });
});
