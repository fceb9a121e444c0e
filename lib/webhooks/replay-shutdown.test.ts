import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetDatabaseForTests, useTestDatabase, type ConsoleDb } from '../db/client';
import { webhookReplayJobs } from '../db/schema';
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
});
