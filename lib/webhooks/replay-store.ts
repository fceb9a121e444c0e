import 'server-only';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { getDb, type ConsoleDb } from '@/lib/db/client';
import { leaseExpiry, type Lease } from '@/lib/db/lease';
import { webhookReplayItems, webhookReplayJobs, type WebhookReplayJobRow } from '@/lib/db/schema';
import { emptyCounts, progressOf, type ItemCounts, type ItemStatus, type JobProgress, type ReplayCandidate } from '@/lib/domain/webhooks/replay';
import { replayIdempotencyKey } from '@/lib/domain/webhooks/replay-key';

export type ReplayJobView = {
  id: string;
  subscriptionId: string;
  status: WebhookReplayJobRow['status'];
  ratePerSecond: number;
  windowFrom: string | null;
  windowTo: string | null;
  eventTypes: string[];
  createdByEmail: string | null;
  createdAt: string;
  finishedAt: string | null;
  progress: JobProgress;
  /** Up to five refused or failed items with the service's sentence. */
  problems: Array<{ logId: string; status: ItemStatus; error: string | null }>;
};

export type NewReplayJob = {
  id: string;
  subscriptionId: string;
  windowFrom: Date | null;
  windowTo: Date | null;
  eventTypes: string[];
  ratePerSecond: number;
  actor: { id: string; email: string };
  items: ReplayCandidate[];
  /** Leased from the start (to processLeaseOwner()): it is worked where it was created. */
  lease?: Lease;
};

/** Creates the job and its items in one transaction; the same job id again (a double click) returns the first. */
export async function insertReplayJob(job: NewReplayJob, db?: ConsoleDb): Promise<{ created: boolean }> {
  const database = db ?? (await getDb());
  return database.transaction(async (tx) => {
    const inserted = await tx
      .insert(webhookReplayJobs)
      .values({
        id: job.id,
        subscriptionId: job.subscriptionId,
        status: 'RUNNING',
        ratePerSecond: job.ratePerSecond,
        windowFrom: job.windowFrom,
        windowTo: job.windowTo,
        eventTypes: job.eventTypes,
        total: job.items.length,
        createdById: job.actor.id,
        createdByEmail: job.actor.email,
        leaseOwner: job.lease?.owner ?? null,
        leaseUntil: job.lease ? leaseExpiry(job.lease.ms) : null,
      })
      .onConflictDoNothing()
      .returning({ id: webhookReplayJobs.id });
    if (inserted.length === 0) return { created: false };
    for (let i = 0; i < job.items.length; i += 500) {
      await tx.insert(webhookReplayItems).values(
        job.items.slice(i, i + 500).map((item) => ({
          jobId: job.id,
          logId: item.id,
          messageId: item.messageId,
          eventType: item.eventType,
          logCreatedAt: new Date(item.createdAt),
          idempotencyKey: replayIdempotencyKey(job.id, item.id),
        })),
      );
    }
    if (job.items.length === 0) {
      await tx.update(webhookReplayJobs).set({ status: 'COMPLETED', finishedAt: sql`now()` }).where(eq(webhookReplayJobs.id, job.id));
    }
    return { created: true };
  });
}

export async function itemCounts(jobId: string, db?: ConsoleDb): Promise<ItemCounts> {
  const database = db ?? (await getDb());
  const rows = await database
    .select({ status: webhookReplayItems.status, n: sql<number>`count(*)::int` })
    .from(webhookReplayItems)
    .where(eq(webhookReplayItems.jobId, jobId))
    .groupBy(webhookReplayItems.status);
  const counts = emptyCounts();
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
}

async function toView(job: WebhookReplayJobRow, db: ConsoleDb): Promise<ReplayJobView> {
  const problems = await db
    .select({ logId: webhookReplayItems.logId, status: webhookReplayItems.status, error: webhookReplayItems.error })
    .from(webhookReplayItems)
    .where(and(eq(webhookReplayItems.jobId, job.id), inArray(webhookReplayItems.status, ['REFUSED', 'FAILED'])))
    .orderBy(asc(webhookReplayItems.logCreatedAt))
    .limit(5);
  return {
    id: job.id,
    subscriptionId: job.subscriptionId,
    status: job.status,
    ratePerSecond: job.ratePerSecond,
    windowFrom: job.windowFrom?.toISOString() ?? null,
    windowTo: job.windowTo?.toISOString() ?? null,
    eventTypes: job.eventTypes,
    createdByEmail: job.createdByEmail,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
    progress: progressOf(await itemCounts(job.id, db)),
    problems,
  };
}

export async function getReplayJob(jobId: string, db?: ConsoleDb): Promise<ReplayJobView | null> {
  const database = db ?? (await getDb());
  const [job] = await database.select().from(webhookReplayJobs).where(eq(webhookReplayJobs.id, jobId));
  return job ? toView(job, database) : null;
}

/** The subscription's newest job (running or finished), for the page to show on load. */
export async function latestReplayJob(subscriptionId: string, db?: ConsoleDb): Promise<ReplayJobView | null> {
  const database = db ?? (await getDb());
  const [job] = await database
    .select()
    .from(webhookReplayJobs)
    .where(eq(webhookReplayJobs.subscriptionId, subscriptionId))
    .orderBy(desc(webhookReplayJobs.createdAt))
    .limit(1);
  return job ? toView(job, database) : null;
}

/** RUNNING → CANCELLED (guarded: a finished job stays as it is). Items not sent yet stay PENDING. */
export async function cancelReplayJob(jobId: string, db?: ConsoleDb): Promise<WebhookReplayJobRow | null> {
  const database = db ?? (await getDb());
  const [row] = await database
    .update(webhookReplayJobs)
    .set({ status: 'CANCELLED', finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(webhookReplayJobs.id, jobId), eq(webhookReplayJobs.status, 'RUNNING')))
    .returning();
  return row ?? null;
}
