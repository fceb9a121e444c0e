import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lte, or, isNull, sql } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit/record-audit';
import { getDb, type ConsoleDb } from '@/lib/db/client';
import { leaseExpiry, processLeaseOwner } from '@/lib/db/lease';
import { webhookReplayItems, webhookReplayJobs, type WebhookReplayJobRow } from '@/lib/db/schema';
import { allSettled, isTransient, nextSendAt, retryDelayMs, settleItem, type ResendOutcome } from '@/lib/domain/webhooks/replay';
import { itemCounts } from './replay-store';
import { errorField, log } from '@/lib/observability/logger';
import { count, recordReplayJob } from '@/lib/observability/metrics';
import { runWithRequestContext } from '@/lib/observability/request-context';
import { isDraining, onDrain } from '@/lib/observability/shutdown';
import { withSpan } from '@/lib/observability/tracing';

/** Sends one resend; throws what lib/api throws (an ApiError carries `status` and `code`). */
export type ResendFn = (subscriptionId: string, logId: string, idempotencyKey: string) => Promise<void>;

export type RunnerDeps = {
  db: ConsoleDb;
  resend: ResendFn;
  owner: string;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  leaseMs: number;
  /** True once this process is shutting down: the job stops at its next checkpoint (between two items). */
  stopping?: () => boolean;
};

/** `paused`: this process is stopping; the job's lease was released at a checkpoint for another instance. */
export type WorkResult = 'completed' | 'cancelled' | 'lost' | 'paused';

function outcomeOf(error: unknown): ResendOutcome {
  const e = error as { status?: unknown; code?: unknown; message?: unknown };
  const status = typeof e?.status === 'number' ? e.status : undefined;
  const code = typeof e?.code === 'string' ? e.code : 'INTERNAL';
  const message = typeof e?.message === 'string' ? e.message : String(error);
  return { ok: false, transient: isTransient(status, code), code, message };
}

/** Takes the oldest RUNNING job nobody holds (or whose holder's lease ran out) for this process. */
export async function claimReplayJob(deps: Pick<RunnerDeps, 'db' | 'owner' | 'leaseMs'>): Promise<WebhookReplayJobRow | null> {
  const [job] = await deps.db
    .update(webhookReplayJobs)
    .set({ leaseOwner: deps.owner, leaseUntil: leaseExpiry(deps.leaseMs) })
    .where(
      sql`${webhookReplayJobs.id} = (
        SELECT id FROM console.webhook_replay_jobs
        WHERE status = 'RUNNING' AND (lease_until IS NULL OR lease_until < now() OR lease_owner = ${deps.owner})
        ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)`,
    )
    .returning();
  return job ?? null;
}

/** Extends the lease while the job is still RUNNING and ours; null when it was cancelled or taken over. */
async function renewLease(jobId: string, deps: RunnerDeps): Promise<WebhookReplayJobRow['status'] | null> {
  const [row] = await deps.db
    .update(webhookReplayJobs)
    .set({ leaseUntil: leaseExpiry(deps.leaseMs), updatedAt: sql`now()` })
    .where(and(eq(webhookReplayJobs.id, jobId), eq(webhookReplayJobs.leaseOwner, deps.owner), eq(webhookReplayJobs.status, 'RUNNING')))
    .returning({ status: webhookReplayJobs.status });
  return row?.status ?? null;
}

async function finish(job: WebhookReplayJobRow, deps: RunnerDeps): Promise<boolean> {
  const [done] = await deps.db
    .update(webhookReplayJobs)
    .set({ status: 'COMPLETED', finishedAt: sql`now()`, updatedAt: sql`now()`, leaseOwner: null, leaseUntil: null })
    .where(and(eq(webhookReplayJobs.id, job.id), eq(webhookReplayJobs.status, 'RUNNING')))
    .returning({ id: webhookReplayJobs.id });
  if (!done) return false;
  const counts = await itemCounts(job.id, deps.db);
  await recordAudit(
    {
      actor: job.createdById ? { id: job.createdById, email: job.createdByEmail ?? '' } : null,
      action: 'webhooks.replayCompleted',
      target: job.id,
      outcome: counts.REFUSED + counts.FAILED === 0 ? 'success' : 'error',
      details: { subscriptionId: job.subscriptionId, total: job.total, sent: counts.SENT, refused: counts.REFUSED, failed: counts.FAILED },
    },
    deps.db,
  ).catch((error: unknown) => log().error({ kind: 'audit', jobId: job.id, error: errorField(error) }, 'could not audit replay job'));
  return true;
}

/**
 * Works one leased job to its end: items in the order their attempts were made, an interrupted SENDING item first
 * (same key), one resend at a time at the job's rate, the job's status re-read before every item so a cancel stops
 * it between two resends.
 */
export async function workReplayJob(job: WebhookReplayJobRow, deps: RunnerDeps): Promise<WorkResult> {
  recordReplayJob('started');
  let result: WorkResult | undefined;
  try {
    result = await workItems(job, deps);
    return result;
  } finally {
    recordReplayJob(result ?? 'failed');
  }
}

async function workItems(job: WebhookReplayJobRow, deps: RunnerDeps): Promise<WorkResult> {
  let lastSentAt: number | null = null;
  for (;;) {
    if (deps.stopping?.()) {
      // Checkpoint: every item is settled or PENDING (a SENDING one resumes with its key), so another instance
      // may take the job over at once instead of waiting for the lease to lapse.
      await deps.db
        .update(webhookReplayJobs)
        .set({ leaseOwner: null, leaseUntil: null, updatedAt: sql`now()` })
        .where(and(eq(webhookReplayJobs.id, job.id), eq(webhookReplayJobs.leaseOwner, deps.owner)));
      log().info({ kind: 'job', job: 'webhooks.replay', jobId: job.id }, 'replay job paused for shutdown');
      return 'paused';
    }
    const status = await renewLease(job.id, deps);
    if (status === null) {
      const [current] = await deps.db.select({ status: webhookReplayJobs.status }).from(webhookReplayJobs).where(eq(webhookReplayJobs.id, job.id));
      return current?.status === 'CANCELLED' ? 'cancelled' : 'lost';
    }
    const nowDate = new Date(deps.now());
    const [item] = await deps.db
      .select()
      .from(webhookReplayItems)
      .where(
        and(
          eq(webhookReplayItems.jobId, job.id),
          or(
            eq(webhookReplayItems.status, 'SENDING'),
            and(eq(webhookReplayItems.status, 'PENDING'), or(isNull(webhookReplayItems.notBefore), lte(webhookReplayItems.notBefore, nowDate))),
          ),
        ),
      )
      .orderBy(sql`(${webhookReplayItems.status} = 'SENDING') DESC`, asc(webhookReplayItems.logCreatedAt))
      .limit(1);
    if (!item) {
      const counts = await itemCounts(job.id, deps.db);
      if (allSettled(counts)) return (await finish(job, deps)) ? 'completed' : 'cancelled';
      await deps.sleep(250); // only items waiting for a retry delay are left
      continue;
    }
    const wait = nextSendAt(lastSentAt, job.ratePerSecond) - deps.now();
    if (wait > 0) await deps.sleep(wait);
    // A stop that began during the wait: this instance's listener is closing, and the service is reached through it.
    if (deps.stopping?.()) continue;
    const [claimed] = await deps.db
      .update(webhookReplayItems)
      .set({ status: 'SENDING', updatedAt: sql`now()` })
      .where(and(eq(webhookReplayItems.jobId, job.id), eq(webhookReplayItems.logId, item.logId), inArray(webhookReplayItems.status, ['PENDING', 'SENDING'])))
      .returning({ logId: webhookReplayItems.logId });
    if (!claimed) continue;
    lastSentAt = deps.now();
    let outcome: ResendOutcome;
    try {
      await deps.resend(job.subscriptionId, item.logId, item.idempotencyKey);
      outcome = { ok: true };
    } catch (error) {
      outcome = outcomeOf(error);
    }
    if (!outcome.ok && outcome.transient && deps.stopping?.()) {
      // Most likely broken by this very stop: no attempt is counted; the item stays SENDING, so whoever takes the job
      // over sends it first with the same key (the service answers a call that did arrive from its idempotency store).
      log().info({ kind: 'job', job: 'webhooks.replay', jobId: job.id, logId: item.logId, code: outcome.code }, 'replay item interrupted by shutdown');
      continue;
    }
    const settled = settleItem(item.attempts, outcome);
    count((m) => m.jobSteps, { job: 'webhooks.replay', outcome: settled.status });
    log().info({ kind: 'job', job: 'webhooks.replay', jobId: job.id, logId: item.logId, outcome: settled.status, ...(outcome.ok ? {} : { code: outcome.code }) }, 'replay item');
    await deps.db
      .update(webhookReplayItems)
      .set({
        status: settled.status,
        attempts: settled.attempts,
        error: settled.error,
        notBefore: settled.status === 'PENDING' ? new Date(deps.now() + retryDelayMs(settled.attempts)) : null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(webhookReplayItems.jobId, job.id), eq(webhookReplayItems.logId, item.logId), eq(webhookReplayItems.status, 'SENDING')));
  }
}

/** Longest pause of an idle replay runner. */
export const REPLAY_RUNNER_MAX_IDLE_MS = 30_000;

/** How long a runner holds a job without renewing it; past that (its process died) another instance takes it over. */
export const REPLAY_LEASE_MS = 15_000;

type RunnerState = { started: boolean; wake?: () => void; stopped: boolean; loop?: Promise<void> };
const globalForRunner = globalThis as typeof globalThis & { __webhookReplayRunner?: RunnerState };

/**
 * The background loop of this console process: claims RUNNING jobs (those a previous process left included) and
 * works them. Started at server start-up (instrumentation) and whenever a job is created.
 */
export function startReplayRunner(overrides: Partial<RunnerDeps> = {}): void {
  const state = (globalForRunner.__webhookReplayRunner ??= { started: false, stopped: false });
  if (state.started) {
    state.wake?.();
    return;
  }
  state.started = true;
  const owner = overrides.owner ?? processLeaseOwner();
  // Nothing to claim: 1 s, doubling to 30 s (a job left RUNNING by a dead process is resumed within that);
  // creating a job wakes the loop at once (wakeReplayRunner), so an idle console does not poll every second.
  let idleMs = 1000;
  const idle = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, idleMs);
      idleMs = Math.min(REPLAY_RUNNER_MAX_IDLE_MS, idleMs * 2);
      state.wake = () => {
        clearTimeout(timer);
        idleMs = 1000;
        resolve();
      };
    });
  state.loop = (async () => {
    const db = overrides.db ?? (await getDb());
    const resend: ResendFn =
      overrides.resend ??
      (async (subscriptionId, logId, idempotencyKey) => {
        const { resendExecutionLog } = await import('@/lib/api/subscriptions');
        await resendExecutionLog(subscriptionId, logId, { idempotencyKey });
      });
    const deps: RunnerDeps = {
      db,
      resend,
      owner,
      now: overrides.now ?? (() => Date.now()),
      sleep: overrides.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms))),
      leaseMs: overrides.leaseMs ?? REPLAY_LEASE_MS,
      // From the signal on (isDraining), not only from the drain's job stage: the listener closes first.
      stopping: overrides.stopping ?? (() => state.stopped || isDraining()),
    };
    while (!deps.stopping!()) {
      try {
        const job = await claimReplayJob(deps);
        if (job) {
          idleMs = 1000;
          await runWithRequestContext({ requestId: `job-${randomUUID()}`, operation: 'webhooks.replay' }, () =>
            withSpan('job webhooks.replay', { 'console.job_id': job.id }, () => workReplayJob(job, deps)),
          );
        } else await idle();
      } catch (error) {
        log().error({ kind: 'job', job: 'webhooks.replay', error: errorField(error) }, 'replay runner error');
        await idle();
      }
    }
  })();
  // SIGTERM: the job in hand stops at its next checkpoint; the loop ends.
  onDrain('webhook replay runner', 1, async () => {
    state.stopped = true;
    state.wake?.();
    await state.loop;
  });
}

/** Wakes the loop at once (a job was just created). */
export function wakeReplayRunner(): void {
  startReplayRunner();
}
