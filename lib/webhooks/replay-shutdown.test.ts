import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetDatabaseForTests, useTestDatabase, type ConsoleDb } from '../db/client';
import { webhookReplayItems, webhookReplayJobs } from '../db/schema';
import { createMetrics, setMetrics, type ConsoleMetrics } from '../observability/metrics';
import { claimReplayJob, workReplayJob, type RunnerDeps } from './replay-runner';
import { insertReplayJob } from './replay-store';

// SIGTERM during a replay job: the stopping instance pauses at a checkpoint and releases the job; another instance
// claims it at once (no lease to wait out) and finishes it; each delivery is resent exactly once overall.

let client: PGlite;
let db: ConsoleDb;
let metrics: ConsoleMetrics;
let previousMetrics: ConsoleMetrics | null | undefined;
const actor = { id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', email: 'admin@acme.test' };
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

beforeAll(async () => {
  client = new PGlite();
  db = await useTestDatabase(client);
  metrics = createMetrics();
  previousMetrics = setMetrics(metrics);
});
afterAll(async () => {
  setMetrics(previousMetrics);
  resetDatabaseForTests();
  await client.close();
});

function deps(owner: string, sent: string[], stopping?: () => boolean): RunnerDeps {
  let t = 1_000_000;
  return {
    db,
    owner,
    leaseMs: 60_000,
    now: () => t,
    sleep: async (ms) => {
      t += ms;
    },
    resend: async (_sub, logId) => {
      sent.push(logId);
    },
    stopping,
  };
}

describe('replay job across a shutdown', () => {
  it('pauses at a checkpoint, is taken over at once, and sends nothing twice', async () => {
    const jobId = uuid(1);
    const items = Array.from({ length: 5 }, (_, i) => ({
      id: uuid(100 + i),
      messageId: uuid(200 + i),
      eventType: 'OPERATION_COMPLETED',
      status: 'FAILED',
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
    }));
    await insertReplayJob({ id: jobId, subscriptionId: uuid(9), windowFrom: null, windowTo: null, eventTypes: [], ratePerSecond: 50, actor, items }, db);

    const sent: string[] = [];
    const first = deps('instance-a', sent, () => sent.length >= 2);
    const job = await claimReplayJob(first);
    expect(await workReplayJob(job!, first)).toBe('paused');
    expect(sent).toHaveLength(2);
    const [row] = await db.select().from(webhookReplayJobs).where(eq(webhookReplayJobs.id, jobId));
    expect(row).toMatchObject({ status: 'RUNNING', leaseOwner: null, leaseUntil: null });

    const second = deps('instance-b', sent);
    const taken = await claimReplayJob(second);
    expect(taken?.id).toBe(jobId);
    expect(await workReplayJob(taken!, second)).toBe('completed');
    expect([...sent].sort()).toEqual(items.map((i) => i.id));

    // What /api/metrics shows of it (both runs were in this process here; in production, one each).
    const scraped = await metrics.registry.metrics();
    expect(scraped).toMatch(/^console_replay_jobs_total\{event="started"\} 2$/m);
    expect(scraped).toMatch(/^console_replay_jobs_total\{event="paused"\} 1$/m);
    expect(scraped).toMatch(/^console_replay_jobs_total\{event="completed"\} 1$/m);
    expect(scraped).toMatch(/^console_replay_jobs_running 0$/m);
    expect(scraped).toMatch(/^console_job_steps_total\{job="webhooks.replay",outcome="SENT"\} 5$/m);
  });

  // The stop closes this instance's listener first, and the embedded service is reached through it: a resend made
  // after that fails for the stop's sake, not the endpoint's. Such an item must cost no attempt and go out once.
  it('a stop that lands during the wait for the rate makes no call; one that breaks the call in flight leaves the item to resume with its key', async () => {
    const jobId = uuid(2);
    const items = Array.from({ length: 4 }, (_, i) => ({
      id: uuid(300 + i),
      messageId: uuid(400 + i),
      eventType: 'OPERATION_COMPLETED',
      status: 'FAILED',
      createdAt: new Date(Date.UTC(2026, 0, 2, 0, i)).toISOString(),
    }));
    await insertReplayJob({ id: jobId, subscriptionId: uuid(9), windowFrom: null, windowTo: null, eventTypes: [], ratePerSecond: 5, actor, items }, db);

    // Stopped while waiting for the next slot (after the first item): no second call is made.
    const calls: Array<{ logId: string; key: string }> = [];
    let stopped = false;
    const first: RunnerDeps = {
      ...deps('instance-a', []),
      sleep: async () => {
        if (calls.length > 0) stopped = true;
      },
      resend: async (_sub, logId, key) => void calls.push({ logId, key }),
      stopping: () => stopped,
    };
    expect(await workReplayJob((await claimReplayJob(first))!, first)).toBe('paused');
    expect(calls.map((c) => c.logId)).toEqual([items[0].id]);

    // Stopped while the second item's call is in flight: the call fails as the listener closes.
    stopped = false;
    const second: RunnerDeps = {
      ...deps('instance-b', []),
      resend: async (_sub, logId, key) => {
        calls.push({ logId, key });
        stopped = true;
        throw Object.assign(new Error('The service could not be reached'), { status: 503, code: 'SERVICE_UNREACHABLE' });
      },
      stopping: () => stopped,
    };
    expect(await workReplayJob((await claimReplayJob(second))!, second)).toBe('paused');
    const [interrupted] = await db.select().from(webhookReplayItems).where(eq(webhookReplayItems.logId, items[1].id));
    expect(interrupted).toMatchObject({ status: 'SENDING', attempts: 0, error: null });

    // Another instance resumes it first, with the same key, and finishes; every item went out once more at most.
    const sent: Array<{ logId: string; key: string }> = [];
    const third: RunnerDeps = { ...deps('instance-c', []), resend: async (_sub, logId, key) => void sent.push({ logId, key }) };
    expect(await workReplayJob((await claimReplayJob(third))!, third)).toBe('completed');
    expect(sent.map((c) => c.logId)).toEqual(items.slice(1).map((i) => i.id));
    expect(sent[0].key).toBe(calls[1].key);
    const rows = await db.select().from(webhookReplayItems).where(eq(webhookReplayItems.jobId, jobId));
    expect(rows.map((r) => [r.status, r.attempts, r.error])).toEqual(items.map(() => ['SENT', 1, null]));
  });
});
